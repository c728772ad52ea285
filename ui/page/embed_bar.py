"""Embed mode (?embed=1, a board in someone's blog post): a compact page with the game the
query names, and an "Open full page" link that carries the game as it goes on."""

from __future__ import annotations


from pygame_core.ai.levels import DEFAULT_LEVEL, LEVELS
from ui.i18n import _, say
from ui.page.page_api import EmbedHost
from ui.play.error_words import error_words
from ui.play.session import Session
from ui.saves.embed import full_page_url, parse_embed


class EmbedBar:
    front_door = False   # an embed opens on the game its query names, never on the front door

    def __init__(self, host: EmbedHost, query: str, fragment: str) -> None:
        """Compact board with the essentials; an 'open full page' link that carries the game."""
        self.host = host
        dom = host.dom
        body = dom.document.body
        body.classList.add("embed")
        body.dataset.embed = "1"
        config = parse_embed(query, fragment, tuple(LEVELS), DEFAULT_LEVEL)
        self.language = config.language   # the full page opens in the embed's language, if it named one
        side = dom.by_id("side-panel") or body
        box = dom.make("div", side, id="embed-bar")
        self.full_link = dom.make("a", box, _("Open full page ↗"), id="embed-full-page", target="_blank",
                                  rel="noopener")
        tell = dom.status_line(box, "saves-status")
        try:
            host.load_saved(config.saved)
        except ValueError as exc:
            tell(_("The embedded game could not be opened: {reason}", reason=error_words(exc)))
        host.set_theme(config.theme)
        if config.messages:
            tell(_("Some embed settings were not used: {reasons}", reasons="; ".join(say(m) for m in config.messages)))
        host.after_move.append(self._update_full_link)
        host.on_new_session.append(self._update_full_link)
        self._update_full_link(host.session)

    def _update_full_link(self, session: Session) -> None:
        self.full_link.href = full_page_url(str(self.host.dom.window.location.href), session.to_saved(),
                                            self.language)
