"""The "Playing by link" box of the page: the link to send, its message, and links that arrive.

Made by the saves panel the first time a game by link is on the board or a game link is
opened (so the boot imports none of it). It keeps each game by link as a named save, updated
after every move, and after a move of yours offers the next link: a copy button, the browser's
share sheet where it has one, the email or chat message, and an embed snippet. What a link
does is decided in ui.saves.correspondence; texts reach the page only as textContent or values.
"""

from __future__ import annotations

from dataclasses import replace

import asyncio
from typing import Any, Callable

from ui.i18n import N_, _, current, ngettext, say
from ui.page.page_api import FollowingHost
from ui.play.error_words import error_words
from ui.play.saved_game import FRIEND, SavedGame, by_link
from ui.play.session import Session
from ui.saves.correspondence import (
    NEW, NEWER, LinkError, arrival_message, arrive, decode_link, embed_snippet, link_url,
    message_text, my_seat, turn_note)
from ui.saves.savefile import MAX_NAME_CHARS
from ui.saves.store import SavesStore, StoreError, clean_name

# what the Copy buttons say: (copied, could not be copied), whole sentences for the translators
COPIED = {"link": (N_("Link copied."), N_("Link could not be copied here: select it and copy it by hand.")),
          "message": (N_("Message copied."),
                      N_("Message could not be copied here: select it and copy it by hand."))}


class LinkPanel:
    def __init__(self, host: FollowingHost, store: SavesStore, available: bool,
                 keep_in_progress: Callable[[SavedGame], None],
                 list_changed: Callable[[], None]) -> None:
        self.host = host
        self.dom = host.dom
        self.store = store
        self.available = available              # False where the browser denies storage
        self.keep_in_progress = keep_in_progress  # the saves panel's: a game on the board is never lost
        self.list_changed = list_changed
        self._separate: SavedGame | None = None  # the game a rewritten link offers as a game of its own
        self._build()
        host.on_new_session.append(self._shown)
        host.after_move.append(self._played)

    # --- the box ----------------------------------------------------------------------------
    def _build(self) -> None:
        dom, make = self.dom, self.dom.make
        box = self.box = make("section", None, id="link-panel", class_="link-panel", aria_labelledby="link-title")
        anchor = dom.by_id("seats-line")
        if anchor is not None:
            anchor.after(box)
        else:
            (dom.by_id("side-panel") or dom.document.body).appendChild(box)
        make("h2", box, _("Playing by link"), id="link-title")
        self.say = dom.status_line(box, "link-status")
        self.conflict = make("p", box, id="link-conflict", class_="notice", hidden="")
        dom.button(self.conflict, _("Open the link as a separate game"), self._open_separate, id="link-separate")
        self.turn = make("p", box, id="link-turn")
        label = make("label", box, _("Your friend's name") + " ", for_="link-opponent")
        self.opponent = make("input", label, type="text", id="link-opponent", maxlength=str(MAX_NAME_CHARS),
                             placeholder=_("optional"), autocomplete="off")
        dom.on(self.opponent, "change", self._renamed)
        self.send = make("div", box, id="link-send", hidden="")
        make("label", self.send, _("Link for your friend"), for_="link-url")
        self.url = make("input", self.send, type="text", id="link-url", readonly="")
        row = make("div", self.send, class_="saves-buttons")
        dom.button(row, _("Copy link"), lambda: self._copy(str(self.url.value), "link"), id="link-copy")
        self.share_button = dom.button(row, _("Share…"), self._share_sheet, id="link-share")
        self.share_button.hidden = not hasattr(dom.window.navigator, "share")
        make("label", self.send, _("Message for an email or chat"), for_="link-message")
        self.message = make("textarea", self.send, id="link-message", rows="8", readonly="", spellcheck="false")
        dom.button(self.send, _("Copy message"), lambda: self._copy(str(self.message.value), "message"),
                   id="link-copy-message")
        embed = make("details", box, id="link-embed-box")
        make("summary", embed, _("Embed this game in a web page"))
        self.embed = make("input", embed, type="text", id="link-embed", readonly="",
                          aria_label=_("Embed code (read-only board with the record)"))
        make("p", embed, _("The embedded board speaks the language of this page; made on a page in English, "
                           "it speaks each reader's own."), id="link-embed-language", class_="hint")

    def _shown(self, session: Session) -> None:
        """A new game on the board: show the box for a game by link, hide it otherwise."""
        self.conflict.hidden = True
        self._moved(session)

    def _moved(self, session: Session) -> None:
        # the game goes on along its main line; side lines tried on this device stay here
        saved = session.to_saved()
        saved = saved._replace(record=replace(saved.record, side_lines=()), line=(),
                               cursor=min(saved.cursor, len(saved.record.turns)))
        self.box.hidden = not by_link(saved)
        if self.box.hidden:
            return
        self._keep(saved)
        state = session.state_at(len(session.turns))
        mine = my_seat(saved)
        note = turn_note(saved)
        self.turn.textContent = (_("You watch. {note}.", note=note) if mine is None else
                                 _("You play {side}. {note}.", side=say(state.player_name(mine)), note=note))
        if str(self.opponent.value) != saved.opponent:
            self.opponent.value = saved.opponent
        theirs = state.is_over or saved.seats[state.to_move].kind == FRIEND
        self.send.hidden = not theirs
        language = current().code   # a link or embed made here opens in this page's language
        url = link_url(str(self.dom.window.location.href), saved.game_id, saved.record, language)
        self.url.value = url if theirs else ""
        self.message.value = message_text(saved, url) if theirs else ""
        self.embed.value = embed_snippet(str(self.dom.window.location.href), saved.game_id, saved.record,
                                         session.spec.title, language)

    def _played(self, session: Session) -> None:
        self._moved(session)
        if not self.send.hidden:
            length = len(str(self.url.value))
            self.say(ngettext("Send the link to {name} ({n} character).", "Send the link to {name} ({n} characters).",
                              length, name=session.opponent) if session.opponent else
                     ngettext("Send the link to your friend ({n} character).",
                              "Send the link to your friend ({n} characters).", length))

    def _keep(self, saved: Any) -> None:
        """Bring the game's save up to date (the saves list shows whose turn it is)."""
        if not self.available:
            return
        try:
            self.store.keep_by_link(saved)
        except StoreError as exc:
            self.say(_("The game could not be kept: {problem}", problem=error_words(exc)))
            return
        self.list_changed()

    def _renamed(self, event: Any) -> None:
        self.host.session.opponent = clean_name(" ".join(str(self.opponent.value).split()))
        self._moved(self.host.session)
        self.host.refresh()

    # --- links that arrive ------------------------------------------------------------------
    def open_link(self, fragment: str) -> str:
        """Open a game link (the page's address fragment); says what it did. Returns "" when a
        game was opened, else what is wrong (the page shows it by the board too)."""
        try:
            link = decode_link(fragment)
        except LinkError as exc:
            return self._failed(_("The game link could not be opened: {problem}", problem=error_words(exc)))
        kept = None
        if self.available:
            try:
                found = self.store.find_by_link(link.game_id)
            except StoreError as exc:
                return self._failed(_("The games kept here could not be read: {problem}", problem=error_words(exc)))
            kept = found[1] if found else None
        arrival = arrive(link, kept)
        if arrival.kind in (NEW, NEWER) and not by_link(self.host.session.to_saved()):
            self.keep_in_progress(arrival.opened)
        self._separate = arrival.separate   # a rewritten link, or one that moved for you
        self.host.load_saved(arrival.opened)
        self.conflict.hidden = self._separate is None
        self.say(arrival_message(arrival))
        return ""

    def _failed(self, problem: str) -> str:
        self.say(problem)
        return problem

    def _open_separate(self) -> None:
        separate, self._separate = self._separate, None
        if separate is not None:
            self.host.load_saved(separate)
            self.say(_("The link's game is open as a separate game (it is in the saves list)."))

    # --- sending ----------------------------------------------------------------------------
    def _copy(self, text: str, what: str) -> None:
        """Copy `text` to the clipboard; `what` ("link", "message") picks the words said (COPIED)."""
        asyncio.ensure_future(self._write_clipboard(text, what))

    async def _write_clipboard(self, text: str, what: str) -> None:
        copied, refused = COPIED[what]
        try:
            await self.dom.window.navigator.clipboard.writeText(text)
        except Exception:  # no permission (e.g. in a frame): the text stays there to select
            self.say(_(refused))
            return
        self.say(_(copied))

    def _share_sheet(self) -> None:
        asyncio.ensure_future(self._share())

    async def _share(self) -> None:
        from pyodide.ffi import to_js
        from js import Object
        data = {"title": _("{game}, played by link", game=self.host.session.spec.title), "text": str(self.message.value),
                "url": str(self.url.value)}
        try:
            await self.dom.window.navigator.share(to_js(data, dict_converter=Object.fromEntries))
        except Exception:  # cancelled by the player, or refused: the link is still there to copy
            return
