"""The saves panel in the page: autosave, restore-on-load, and the list of named saves.

ui/main.py calls `mount(page)` once the Page exists. The decisions live in the pure modules of
ui.saves (savefile, store, share, embed, exporting); this module only wires them to the DOM,
with the list of named saves in ui.page.saves_list, the share/export/import sections in
ui.page.transfer_panel and the embed mode in ui.page.embed_bar. Every text that came from
outside (save names, imported files, messages naming bad input) reaches the page through
`textContent` or an input's value, never as HTML.
"""

from __future__ import annotations

from typing import Any

from pygame_core.ai.levels import LEVELS
from ui.i18n import N_, _
from ui.page.backup_panel import BackupPanel
from ui.page.embed_bar import EmbedBar
from ui.page.page_api import SavesHost
from ui.page.save_notice import SaveNotice
from ui.page.saves_list import SavesList, sentence
from ui.page.transfer_panel import TransferPanel
from ui.play.error_words import error_words
from ui.play.front_door import opens_at_start
from ui.play.saved_game import SavedGame, by_link
from ui.play.session import Session
from ui.saves.embed import is_embed
from ui.saves.share import is_link_code, is_share_code, shared_game
from ui.saves.storage import BrowserStorage
from ui.saves.store import AUTOSAVE_KEY, PREFIX, SavesStore, StoreError

STYLESHEET = "./assets/saves.css"
KEPT_NAME = N_("Game in progress before a shared link was opened")   # the save a link's arrival makes


def mount(page: SavesHost, storage: BrowserStorage | None = None) -> SavesPanel | EmbedBar:
    """Add the panel to the page and open the right game: the embed's, a share link's, or the
    autosaved one. `storage` is the page's (ui/main.py probed it), the page's own by default.
    Returns the panel (kept alive by the page's hooks)."""
    page.dom.make("link", page.dom.document.head, rel="stylesheet", href=STYLESHEET)
    search = str(page.dom.window.location.search)
    if is_embed(search):
        return EmbedBar(page, search, str(page.dom.window.location.hash))
    return SavesPanel(page, storage or BrowserStorage.for_page())


class SavesPanel:
    """The full page's panel: the first game, autosave and games by link here; named saves in
    its SavesList, backups in its BackupPanel, share/export/import in its TransferPanel."""

    def __init__(self, host: SavesHost, storage: BrowserStorage) -> None:
        self.host = host
        self.dom = host.dom
        self.storage = storage
        self.levels = tuple(LEVELS)
        self.store = SavesStore(self.storage, self.levels)
        self._autosave_problem = ""
        self._links: Any = None   # the "Playing by link" box, made when first needed
        self._build()
        self.notice = SaveNotice(self.dom, storage, lambda: self.host.session.to_saved())
        host.on_new_session.append(self._by_link)
        self.front_door = self._open_first_game(str(self.dom.window.location.hash))
        host.after_move.append(self._autosave)
        host.on_new_session.append(self._autosave)
        self._autosave(host.session)
        self._by_link(host.session)
        self.saves.refresh()
        self.dom.on(self.dom.window, "storage", self._storage_changed)
        self.dom.on(self.dom.window, "hashchange", self._hash_changed)

    # --- the first game -------------------------------------------------------------------
    def _open_first_game(self, fragment: str) -> bool:
        """A game link or share link wins; otherwise the autosaved game resumes. A game in
        progress is never lost to a link: it is kept as a named save first. A link that does
        not open says why by the board, over the resumed game or an empty board (never under
        the front door). Returns whether the page opens on the front door (a first visit:
        neither a link nor an autosave)."""
        linked = is_link_code(fragment) or is_share_code(fragment)
        problem = self._open_link(fragment) if linked else ""
        if linked and not problem:
            return False
        autosaved = self._resume()
        if problem:
            self._tell(problem)
        return opens_at_start(shared=linked, autosaved=autosaved)

    def _open_link(self, fragment: str) -> str:
        """Open a game link or a share link; "" when it opened, else what is wrong. The
        address loses the fragment: a reload resumes the autosave instead of reopening it."""
        window = self.dom.window
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        if is_link_code(fragment):
            return self._link_box().open_link(fragment)
        try:
            game = shared_game(fragment)
        except ValueError as exc:
            return _("The share link could not be opened: {problem}", problem=error_words(exc))
        self._keep_game_in_progress(game)
        self.host.load_saved(game)
        self.say(_("Opened the shared game at its last move."))
        return ""

    def _resume(self) -> bool:
        """Open the autosaved game; returns whether there was one (damaged counts: said)."""
        try:
            saved = self.store.resume()
        except StoreError as exc:
            self.say(sentence(error_words(exc)))
            return True
        if saved is None:
            return False
        try:
            self.host.load_saved(saved)
        except ValueError as exc:
            self.say(_("The game saved from last time could not be restored: {problem}", problem=error_words(exc)))
        else:
            self.notice.holds(saved)
        return True

    def _tell(self, problem: str) -> None:
        """Say a bad link's problem where the player looks: by the board (the session's
        message line, until the next move) and in the saves panel's status."""
        self.say(sentence(problem))
        self.host.session.message = sentence(problem)
        self.host.refresh()

    # --- games by link (ui.page.link_panel) -----------------------------------------------
    def _link_box(self) -> Any:
        if self._links is None:
            from ui.page.link_panel import LinkPanel
            self._links = LinkPanel(self.host, self.store, self.storage.available, self._keep_game_in_progress,
                                    self.saves.refresh)
        return self._links

    def _by_link(self, session: Session) -> None:
        """A game by link on the board gets the link box (its own hooks keep it current)."""
        if self._links is None and by_link(session.to_saved()):
            self._link_box()._shown(session)

    def _hash_changed(self, event: Any) -> None:
        """A game link or share link opened in this tab (pasted in the address bar): open it
        as at start, or say by the board why it does not open."""
        fragment = str(self.dom.window.location.hash)
        if is_link_code(fragment) or is_share_code(fragment):
            problem = self._open_link(fragment)
            if problem:
                self._tell(problem)

    def _keep_game_in_progress(self, shared: SavedGame) -> None:
        try:
            previous = self.store.resume()
            if (previous is not None and previous.record.turns and previous.record != shared.record
                    and not by_link(previous)):   # a game by link is kept in its own save
                self.store.save(previous, _(KEPT_NAME))
        except StoreError:
            return  # a damaged autosave is already kept by resume(); no storage: nothing to keep
        self.saves.refresh()

    # --- autosave -------------------------------------------------------------------------
    def _autosave(self, session: Session) -> None:
        """Keep the game on the board; while that fails, the notice by the board says so."""
        if not self.storage.available:
            return
        saved = session.to_saved()
        try:
            kept = self.store.autosave(saved)
        except StoreError as exc:
            problem = error_words(exc)
            if problem != self._autosave_problem:  # said once here; the notice keeps saying it
                self._autosave_problem = problem
                self.say(_("Autosave failed, the game goes on: {problem}", problem=problem))
            self.notice.failed(saved, sentence(problem))
        else:
            self._autosave_problem = ""
            self.notice.saved(saved)
            if kept is not None:
                self.say(_("A game from another tab was kept in the saves list."))
                self.saves.refresh()
        self.saves.show_room()

    def _storage_changed(self, event: Any) -> None:
        """Another tab changed the site's storage (or cleared it): keep the list current. Only
        the save it names is decoded again (the event carries its new text); the autosave
        slot, written on every move there, changes nothing in the list."""
        key, text = event.key, event.newValue
        if isinstance(key, str) and (not key.startswith(PREFIX) or key == AUTOSAVE_KEY):
            return
        self.store.heard(key if isinstance(key, str) else None, text if isinstance(text, str) else None)
        self.saves.refresh()

    def _room_made(self) -> None:
        """A save was deleted: the room made may let autosave work again."""
        if self.storage.writable:
            self._autosave(self.host.session)
        self.saves.show_room()

    # --- building the panel ---------------------------------------------------------------
    def _build(self) -> None:
        make = self.dom.make
        side = self.dom.by_id("side-panel") or self.dom.document.body
        panel = make("details", side, id="saves-panel")
        make("summary", panel, _("Saves, sharing and export"))
        self.say = self.dom.status_line(panel, "saves-status")
        self.saves = SavesList(self.host, panel, self.store, self.storage, self.say,
                               lambda: self.backup.keep_once(), self._room_made)
        self.dom.button(make("p", panel), _("Your openings"), self.host.open_openings, id="saves-openings")
        self.backup = BackupPanel(self.host, panel, self.store, self.storage, self.levels, self.say,
                                  self.saves.refresh)
        self.transfer = TransferPanel(self.host, panel, self.levels, self.say)

