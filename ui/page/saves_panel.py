"""The saves panel in the page: autosave, restore-on-load, and the list of named saves.

ui/main.py calls `mount(page)` once the Page exists. The decisions live in the pure modules of
ui.saves (savefile, store, share, embed, exporting); this module only wires them to the DOM,
with the share/export/import sections in ui.page.transfer_panel and the embed mode in
ui.page.embed_bar. Every text that came from outside (save names, imported files, messages
naming bad input) reaches the page through `textContent` or an input's value, never as HTML.
"""

from __future__ import annotations

from typing import Any

from pygame_core.ai.levels import LEVELS
from ui.page.backup_panel import BackupPanel
from ui.page.embed_bar import EmbedBar
from ui.page.page_api import Page
from ui.page.transfer_panel import TransferPanel
from ui.play.front_door import opens_at_start
from ui.play.saved_game import SavedGame, by_link
from ui.play.session import Session
from ui.saves.embed import is_embed
from ui.saves.share import is_link_code, is_share_code, shared_game
from ui.saves.storage import BrowserStorage
from ui.saves.store import PREFIX, SaveEntry, SavesStore, StoreError

STYLESHEET = "./assets/saves.css"


def mount(page: Page) -> SavesPanel | EmbedBar:
    """Add the panel to the page and open the right game: the embed's, a share link's, or the
    autosaved one. Returns the panel (kept alive by the page's hooks)."""
    page.dom.make("link", page.dom.document.head, rel="stylesheet", href=STYLESHEET)
    search = str(page.dom.window.location.search)
    if is_embed(search):
        return EmbedBar(page, search, str(page.dom.window.location.hash))
    return SavesPanel(page)


class SavesPanel:
    """The full page's panel: named saves here, share/export/import in its TransferPanel."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = page.dom
        self.storage = BrowserStorage.for_page()
        self.levels = tuple(LEVELS)
        self.store = SavesStore(self.storage, self.levels)
        self._autosave_problem = ""
        self._entries: dict[str, SaveEntry] = {}
        self._links: Any = None   # the "Playing by link" box, made when first needed
        self._build()
        page.on_new_session.append(self._by_link)
        self.front_door = self._open_first_game(str(self.dom.window.location.hash))
        page.after_move.append(self._autosave)
        page.on_new_session.append(self._autosave)
        self._autosave(page.session)
        self._by_link(page.session)
        self._refresh_list()
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
            return f"The share link could not be opened: {exc}"
        self._keep_game_in_progress(game)
        self.page.load_saved(game)
        self.say("Opened the shared game at its last move.")
        return ""

    def _resume(self) -> bool:
        """Open the autosaved game; returns whether there was one (damaged counts: said)."""
        try:
            saved = self.store.resume()
        except StoreError as exc:
            self.say(_sentence(str(exc)))
            return True
        if saved is None:
            return False
        try:
            self.page.load_saved(saved)
        except ValueError as exc:
            self.say(f"The game saved from last time could not be restored: {exc}")
        return True

    def _tell(self, problem: str) -> None:
        """Say a bad link's problem where the player looks: by the board (the session's
        message line, until the next move) and in the saves panel's status."""
        self.say(_sentence(problem))
        self.page.session.message = _sentence(problem)
        self.page.refresh()

    # --- games by link (ui.page.link_panel) -----------------------------------------------
    def _link_box(self) -> Any:
        if self._links is None:
            from ui.page.link_panel import LinkPanel
            self._links = LinkPanel(self.page, self.store, self.storage.available, self._keep_game_in_progress,
                                    self._refresh_list)
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
                self.store.save(previous, "Game in progress before a shared link was opened")
        except StoreError:
            return  # a damaged autosave is already kept by resume(); no storage: nothing to keep
        self._refresh_list()

    # --- autosave -------------------------------------------------------------------------
    def _autosave(self, session: Session) -> None:
        if not self.storage.available:
            return
        try:
            kept = self.store.autosave(session.to_saved())
        except StoreError as exc:
            if str(exc) != self._autosave_problem:  # say it once, not after every move
                self._autosave_problem = str(exc)
                self.say(f"Autosave failed, the game goes on: {exc}")
        else:
            self._autosave_problem = ""
            if kept is not None:
                self.say("A game from another tab was kept in the saves list.")
                self._refresh_list()
        self._show_room()

    def _storage_changed(self, event: Any) -> None:
        """Another tab changed the site's storage (or cleared it): keep the list current."""
        key = event.key
        if not isinstance(key, str) or key.startswith(PREFIX):
            self._refresh_list()

    def _show_room(self) -> None:
        """Say plainly when the store is full: saves still list, load, export and delete."""
        self.full_notice.hidden = self.storage.writable or not self.storage.available

    # --- building the panel ---------------------------------------------------------------
    def _build(self) -> None:
        make = self.dom.make
        host = self.dom.by_id("side-panel") or self.dom.document.body
        panel = make("details", host, id="saves-panel")
        make("summary", panel, "Saves, sharing and export")
        self.say = self.dom.status_line(panel, "saves-status")

        saves = make("section", panel, aria_label="Saved games")
        make("h3", saves, "Saved games")
        if not self.storage.available:
            make("p", saves, "Saves are off: this browser denies the page storage here. "
                 "Play goes on; use export or a share link to keep a game.", class_="notice", id="saves-off")
        self.full_notice = make("p", saves, "The browser's storage for this site is full: saves can still "
                                "be loaded, exported and deleted, but new saves and autosave need room. "
                                "Delete a save to make room.", class_="notice", id="saves-full")
        self.full_notice.hidden = True
        form = make("form", saves, id="save-form")
        self.name_input = make("input", form, type="text", id="save-name", maxlength="80",
                               placeholder="Name (optional)", aria_label="Name of the save")
        save_button = make("button", form, "Save", type="submit", id="save-button")
        self.dom.on(form, "submit", self._save_clicked)
        self.save_list = make("ul", saves, id="saves-list")
        self.dom.on(self.save_list, "click", self._list_clicked)
        if not self.storage.available:
            self.name_input.disabled = save_button.disabled = True
        self.backup = BackupPanel(self.page, panel, self.store, self.storage, self.levels, self.say,
                                  self._refresh_list)
        self.transfer = TransferPanel(self.page, panel, self.levels, self.say)

    # --- named saves ----------------------------------------------------------------------
    def _save_clicked(self, event: Any) -> None:
        event.preventDefault()
        try:
            self.store.save(self.page.session.to_saved(), str(self.name_input.value))
        except StoreError as exc:
            self.say(_sentence(str(exc)))
            return
        self.name_input.value = ""
        self.say("Saved.")
        self._refresh_list()
        self.backup.keep_once()   # the first save: a moment the player shows they care

    def _refresh_list(self) -> None:
        self.save_list.replaceChildren()
        if not self.storage.available:
            return
        try:
            entries = self.store.entries()
        except StoreError as exc:
            self.say(_sentence(str(exc)))
            return
        self._entries = {entry.key: entry for entry in entries}
        if not entries:
            self.dom.make("li", self.save_list, "No saved games yet.", class_="empty")
        for entry in entries:
            self._entry_item(entry)

    def _entry_item(self, entry: SaveEntry) -> None:
        make = self.dom.make
        item = make("li", self.save_list, class_="save-entry", data_key=entry.key)
        if entry.problem:
            item.classList.add("damaged")
            make("span", item, "Damaged save", class_="save-name")
            make("span", item, entry.problem, class_="save-problem")
        else:
            make("span", item, entry.name, class_="save-name")
            when = entry.saved_at.replace("T", " ").rstrip("Z")[:16]
            details = f"{entry.game} · {when} · {entry.moves} moves · {entry.result}"
            if entry.by_link:
                details = f"By link{' with ' + entry.opponent if entry.opponent else ''} · {details}"
                item.classList.add("by-link")
            make("span", item, details, class_="save-details")
            make("button", item, "Load", type="button", class_="save-load", data_action="load")
            make("button", item, "Rename", type="button", class_="save-rename", data_action="rename")
        make("button", item, "Delete", type="button", class_="save-delete", data_action="delete")

    def _list_clicked(self, event: Any) -> None:
        """One listener for every entry's buttons (the list is rebuilt after each change)."""
        button = event.target.closest("button[data-action]")
        item = button.closest("li[data-key]") if button else None
        entry = self._entries.get(str(item.dataset.key)) if item else None
        if entry is None:
            return
        action = str(button.dataset.action)
        if action == "load":
            self._load_entry(entry.key)
        elif action == "rename":
            self._rename(entry)
        elif action == "delete":
            self._delete(entry)

    def _load_entry(self, key: str) -> None:
        """Open a save, first asking when it would replace a game in progress."""
        try:
            saved = self.store.load(key)
        except (StoreError, ValueError) as exc:
            self.say(_sentence(str(exc)))
            return

        def load() -> None:
            try:
                self.page.load_saved(saved)
            except ValueError as exc:
                self.say(_sentence(str(exc)))
                return
            self.say(f"Loaded “{saved.name}”.")
        self.page.confirm_first("load", load)

    def _rename(self, entry: SaveEntry) -> None:
        name = self.dom.window.prompt("New name for this save:", entry.name)
        if name is None or not str(name).strip():
            return
        try:
            self.store.rename(entry.key, str(name))
        except StoreError as exc:
            self.say(_sentence(str(exc)))
            return
        self._refresh_list()

    def _delete(self, entry: SaveEntry) -> None:
        label = entry.name or "this damaged save"
        if not self.dom.window.confirm(f"Delete “{label}”? This cannot be undone."):
            return
        try:
            self.store.delete(entry.key)
        except StoreError as exc:
            self.say(_sentence(str(exc)))
            return
        self.say("Deleted.")
        self._refresh_list()
        if self.storage.writable:
            self._autosave(self.page.session)  # the room made may let autosave work again
        self._show_room()


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
