"""The saves, sharing and export panel, autosave, restore-on-load and embed mode, in the page.

ui/main.py calls `mount(page)` once the PlayPage exists. The decisions live in the pure modules
(savefile, store, share, embed, exporting); this module only wires them to the DOM. Every
text that came from outside (save names, imported files, messages naming bad input) reaches
the page through `textContent` or an input's value, never as HTML.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from pyodide.ffi import create_proxy, to_js

from pygame_core.ai.levels import DEFAULT_LEVEL, LEVELS
from pygame_core.record import replay

from ui.play.session import Session
from ui.saves.embed import full_page_url, is_embed, parse_embed
from ui.saves.exporting import diagram_text, import_game, record_json, record_text
from ui.saves.savefile import MAX_CHARS, SaveError
from ui.saves.share import is_share_code, link, shared_game
from ui.saves.storage import BrowserStorage
from ui.saves.store import SaveEntry, SavesStore, StoreError

STYLESHEET = "./assets/saves.css"


def mount(page: Any) -> "SavesPanel":
    """Add the panel to the page and open the right game: the embed's, a share link's, or the
    autosaved one. Returns the panel (kept alive by the page's hooks)."""
    return SavesPanel(page)


class SavesPanel:
    def __init__(self, page: Any) -> None:
        self.page = page
        self.doc = page.document
        self.window = page.window
        self.storage = BrowserStorage.for_page()
        self.levels = tuple(LEVELS)
        self.store = SavesStore(self.storage, self.levels)
        self._proxies: list[Any] = []
        self._autosave_problem = ""
        self._add_stylesheet()
        location = self.window.location
        self.embedded = is_embed(str(location.search))
        if self.embedded:
            self._mount_embed(str(location.search), str(location.hash))
        else:
            self._build_panel()
            self._open_first_game(str(location.hash))
            page.after_move.append(self._autosave)
            page.on_new_session.append(self._autosave)
            self._autosave(page.session)
            self._refresh_list()

    # --- the first game -------------------------------------------------------------------
    def _open_first_game(self, fragment: str) -> None:
        """A share link wins; otherwise the autosaved game resumes. A game in progress is
        never lost to a share link: it is kept as a named save first."""
        if is_share_code(fragment):
            # The game becomes the autosave; a reload should resume it, not reopen the link.
            self.window.history.replaceState(None, "", str(self.window.location.href).split("#")[0])
            try:
                shared = shared_game(fragment)
            except ValueError as exc:
                self._say(f"The share link could not be opened: {exc}")
            else:
                self._keep_game_in_progress(shared)
                self._load(shared)
                self._say("Opened the shared game at its last move.")
                return
        try:
            saved = self.store.resume()
        except StoreError as exc:
            self._say(_sentence(str(exc)))
            return
        if saved is not None:
            try:
                self._load(saved)
            except ValueError as exc:
                self._say(f"The game saved from last time could not be restored: {exc}")

    def _keep_game_in_progress(self, shared: Any) -> None:
        try:
            previous = self.store.resume()
            if previous is not None and previous.record.turns and previous.record != shared.record:
                self.store.save(previous, "Game in progress before a shared link was opened")
        except StoreError:
            pass  # a damaged autosave is already kept by resume(); no storage: nothing to keep

    def _load(self, saved: Any) -> None:
        self.page.load_saved(saved)

    # --- autosave -------------------------------------------------------------------------
    def _autosave(self, session: Session) -> None:
        if not self.storage.available:
            return
        try:
            self.store.autosave(session.to_saved())
        except StoreError as exc:
            if str(exc) != self._autosave_problem:  # say it once, not after every move
                self._autosave_problem = str(exc)
                self._say(f"Autosave failed, the game goes on: {exc}")
        else:
            self._autosave_problem = ""

    # --- building the panel ---------------------------------------------------------------
    def _add_stylesheet(self) -> None:
        link_el = self.doc.createElement("link")
        link_el.rel = "stylesheet"
        link_el.href = STYLESHEET
        self.doc.head.appendChild(link_el)

    def _el(self, tag: str, parent: Any = None, text: str = "", **attrs: str) -> Any:
        element = self.doc.createElement(tag)
        if text:
            element.textContent = text
        for name, value in attrs.items():
            element.setAttribute(name.rstrip("_").replace("_", "-"), value)
        if parent is not None:
            parent.appendChild(element)
        return element

    def _on(self, element: Any, event: str, handler: Callable[[Any], Any]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    def _button(self, parent: Any, text: str, handler: Callable[[], Any], **attrs: str) -> Any:
        button = self._el("button", parent, text, type="button", **attrs)

        def clicked(event: Any) -> None:
            event.preventDefault()
            handler()
        self._on(button, "click", clicked)
        return button

    def _build_panel(self) -> None:
        host = self.doc.getElementById("side-panel") or self.doc.body
        panel = self._el("details", host, id="saves-panel")
        self._el("summary", panel, "Saves, sharing and export")
        self.status = self._el("p", panel, id="saves-status", role="status", aria_live="polite")

        saves = self._el("section", panel, aria_label="Saved games")
        self._el("h3", saves, "Saved games")
        if not self.storage.available:
            self._el("p", saves, "Saves are off: this browser denies the page storage here. "
                     "Play goes on; use export or a share link to keep a game.", class_="notice",
                     id="saves-off")
        form = self._el("form", saves, id="save-form")
        self.name_input = self._el("input", form, type="text", id="save-name", maxlength="80",
                                   placeholder="Name (optional)", aria_label="Name of the save")
        save_button = self._el("button", form, "Save", type="submit", id="save-button")
        self._on(form, "submit", self._save_clicked)
        self.save_list = self._el("ul", saves, id="saves-list")
        self._entries: dict[str, SaveEntry] = {}
        self._on(self.save_list, "click", self._list_clicked)
        if not self.storage.available:
            self.name_input.disabled = save_button.disabled = True

        share = self._el("section", panel, aria_label="Share")
        self._el("h3", share, "Share")
        self._button(share, "Make share link", self._share, id="share-button")
        self.share_output = self._el("input", share, type="text", id="share-link", readonly="",
                                     aria_label="Share link", hidden="")

        export = self._el("section", panel, aria_label="Export")
        self._el("h3", export, "Export")
        row = self._el("div", export, class_="saves-buttons")
        self._button(row, "Record (text)", lambda: self._export("txt"), id="export-text")
        self._button(row, "Record (JSON)", lambda: self._export("json"), id="export-json")
        self._button(row, "Diagram (text)", lambda: self._export("diagram"), id="export-diagram")
        self._button(row, "Diagram (PNG)", self._export_png, id="export-png")

        imports = self._el("section", panel, aria_label="Import")
        self._el("h3", imports, "Import")
        self.import_text = self._el("textarea", imports, id="import-text", rows="4",
                                    aria_label="Record, JSON or share link to import",
                                    placeholder="Paste a record (manual-style listing or JSON) or a share link")
        row = self._el("div", imports, class_="saves-buttons")
        self._button(row, "Load pasted", self._import_pasted, id="import-button")
        self.import_file = self._el("input", row, type="file", id="import-file", accept=".txt,.json,text/plain,application/json",
                                    aria_label="Load a record file")
        self._on(self.import_file, "change", self._file_chosen)

    def _say(self, text: str) -> None:
        target = getattr(self, "status", None) or self.doc.getElementById("message")
        if target is not None:
            target.textContent = text

    # --- named saves ----------------------------------------------------------------------
    def _save_clicked(self, event: Any) -> None:
        event.preventDefault()
        try:
            self.store.save(self.page.session.to_saved(), str(self.name_input.value))
        except StoreError as exc:
            self._say(_sentence(str(exc)))
            return
        self.name_input.value = ""
        self._say("Saved.")
        self._refresh_list()

    def _refresh_list(self) -> None:
        self.save_list.replaceChildren()
        if not self.storage.available:
            return
        try:
            entries = self.store.entries()
        except StoreError as exc:
            self._say(_sentence(str(exc)))
            return
        self._entries = {entry.key: entry for entry in entries}
        if not entries:
            self._el("li", self.save_list, "No saved games yet.", class_="empty")
        for entry in entries:
            self._entry_item(entry)

    def _entry_item(self, entry: SaveEntry) -> None:
        item = self._el("li", self.save_list, class_="save-entry")
        item.dataset.key = entry.key
        if entry.problem:
            item.classList.add("damaged")
            self._el("span", item, "Damaged save", class_="save-name")
            self._el("span", item, entry.problem, class_="save-problem")
        else:
            self._el("span", item, entry.name, class_="save-name")
            when = entry.saved_at.replace("T", " ").rstrip("Z")[:16]
            self._el("span", item, f"{entry.game} · {when} · {entry.moves} moves · {entry.result}",
                     class_="save-details")
            self._el("button", item, "Load", type="button", class_="save-load", data_action="load")
            self._el("button", item, "Rename", type="button", class_="save-rename", data_action="rename")
        self._el("button", item, "Delete", type="button", class_="save-delete", data_action="delete")

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
        try:
            saved = self.store.load(key)
            self._load(saved)
        except (StoreError, ValueError) as exc:
            self._say(_sentence(str(exc)))
            return
        self._say(f"Loaded “{saved.name}”.")

    def _rename(self, entry: SaveEntry) -> None:
        name = self.window.prompt("New name for this save:", entry.name)
        if name is None or not str(name).strip():
            return
        try:
            self.store.rename(entry.key, str(name))
        except StoreError as exc:
            self._say(_sentence(str(exc)))
            return
        self._refresh_list()

    def _delete(self, entry: SaveEntry) -> None:
        label = entry.name or "this damaged save"
        if not self.window.confirm(f"Delete “{label}”? This cannot be undone."):
            return
        try:
            self.store.delete(entry.key)
        except StoreError as exc:
            self._say(_sentence(str(exc)))
            return
        self._say("Deleted.")
        self._refresh_list()

    # --- share, export, import ------------------------------------------------------------
    def _page_url(self) -> str:
        return str(self.window.location.href)

    def _share(self) -> None:
        url = link(self._page_url(), self.page.session.to_saved().record)
        self.share_output.hidden = False
        self.share_output.value = url
        self.share_output.select()
        self._say(f"Share link ready to copy ({len(url)} characters).")
        asyncio.ensure_future(self._copy(url))

    async def _copy(self, url: str) -> None:
        try:
            await self.window.navigator.clipboard.writeText(url)
        except Exception:  # no clipboard permission (e.g. in a frame): the selected link stays
            return
        self._say(f"Share link copied ({len(url)} characters).")

    def _export(self, kind: str) -> None:
        session = self.page.session
        record = session.to_saved().record
        stem = f"{record.game}-{len(record.turns)}-moves"
        if kind == "txt":
            self._download(f"{stem}.txt", record_text(record), "text/plain")
        elif kind == "json":
            self._download(f"{stem}.json", record_json(record), "application/json")
        else:
            shown = replay(record)[session.cursor]
            self._download(f"{record.game}-move-{session.cursor}-diagram.txt", diagram_text(shown), "text/plain")

    def _export_png(self) -> None:
        """The board as drawn on the page's canvas, as a PNG file."""
        canvas = self.doc.getElementById("board")
        record = self.page.session.to_saved().record
        self._click_link(canvas.toDataURL("image/png"), f"{record.game}-move-{self.page.session.cursor}.png")

    def _download(self, filename: str, text: str, mime: str) -> None:
        from js import Blob, Object, URL
        blob = Blob.new(to_js([text]), to_js({"type": mime + ";charset=utf-8"}, dict_converter=Object.fromEntries))
        url = URL.createObjectURL(blob)
        self._click_link(url, filename)
        self.window.setTimeout(create_proxy(lambda: URL.revokeObjectURL(url)), 10_000)

    def _click_link(self, href: str, filename: str) -> None:
        anchor = self._el("a", self.doc.body, href=href, download=filename, hidden="")
        anchor.click()
        anchor.remove()
        self._say(f"Exported {filename}.")

    def _import_pasted(self) -> None:
        self._import(str(self.import_text.value))

    def _file_chosen(self, event: Any) -> None:
        files = self.import_file.files
        if not files or files.length == 0:
            return
        chosen = files.item(0)
        if chosen.size > MAX_CHARS * 4:
            self._say(f"That file is too large to be a game record ({chosen.size} bytes).")
            return
        asyncio.ensure_future(self._read_file(chosen))

    async def _read_file(self, chosen: Any) -> None:
        try:
            text = str(await chosen.text())
        except Exception as exc:
            self._say(f"The file could not be read ({exc}).")
            return
        finally:
            self.import_file.value = ""
        self._import(text)

    def _import(self, text: str) -> None:
        try:
            saved = import_game(text, self.page.session.spec.name, self.levels)
            self._load(saved)
        except (SaveError, ValueError) as exc:
            self._say(f"Not imported: {exc}")
            return
        self._say(f"Imported a game of {self.page.session.spec.title} with {len(saved.record.turns)} moves.")

    # --- embed mode -----------------------------------------------------------------------
    def _mount_embed(self, query: str, fragment: str) -> None:
        """Compact board with the essentials; an 'open full page' link that carries the game."""
        body = self.doc.body
        body.classList.add("embed")
        body.dataset.embed = "1"
        config = parse_embed(query, fragment, self.levels, DEFAULT_LEVEL)
        host = self.doc.getElementById("side-panel") or body
        box = self._el("div", host, id="embed-bar")
        self.full_link = self._el("a", box, "Open full page ↗", id="embed-full-page", target="_blank",
                                  rel="noopener")
        self.status = self._el("p", box, id="saves-status", role="status", aria_live="polite")
        try:
            self._load(config.saved)
        except ValueError as exc:
            self._say(f"The embedded game could not be opened: {exc}")
        self.page.set_theme(config.theme)
        if config.messages:
            self._say("Some embed settings were not used: " + "; ".join(config.messages))
        self.page.after_move.append(self._update_full_link)
        self.page.on_new_session.append(self._update_full_link)
        self._update_full_link(self.page.session)

    def _update_full_link(self, session: Session) -> None:
        self.full_link.href = full_page_url(self._page_url(), session.to_saved())


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
