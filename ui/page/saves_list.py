"""The saves panel's "Saved games" section: the Save form and the list of named saves, each
with Load, Rename and Delete, and the notices for storage that is off or full. Part of
ui.page.saves_panel, which keeps the autosave and opens links; the list is rebuilt from
ui.saves.store after every change, but only while the panel is open (and when it opens): a
restored backup may hold 1,000 saves, and the boot or a move must not pay for listing them.
Opening the panel pays for one page of PAGE_SIZE saves, not for all of them (listing 1,000 froze
the page for 16 s: issue 54, item 16); Newer and Older step through the pages.
"""

from __future__ import annotations

from typing import Any, Callable

from ui.i18n import _, ngettext, number, say
from ui.page.page_api import AskingHost
from ui.play.error_words import error_words
from ui.saves.storage import BrowserStorage
from ui.saves.store import SaveEntry, SavesStore, StoreError

PAGE_SIZE = 50


class SavesList:
    """The named saves of this browser, listed with what each holds; the list is the store's."""

    def __init__(self, host: AskingHost, panel: Any, store: SavesStore, storage: BrowserStorage, say: Callable[[str], None],
                 saved: Callable[[], None], room_made: Callable[[], None]) -> None:
        self.host = host
        self.dom = host.dom
        self.store = store
        self.storage = storage
        self.say = say
        self.saved = saved            # after a named save (the backup section's moment to ask)
        self.room_made = room_made    # after a delete (autosave may work again)
        self._entries: dict[str, SaveEntry] = {}
        self._panel = panel           # the <details> the list is in: listed while it is open
        self._stale = True            # the list shown is not the store's
        self._first = 0               # the place in the saves list of the page's first save
        self.dom.on(panel, "toggle", self._toggled)
        make = self.dom.make
        saves = make("section", panel, aria_label=_("Saved games"))
        make("h3", saves, _("Saved games"))
        if not storage.available:
            make("p", saves, _("Saves are off: this browser denies the page storage here. "
                               "Play goes on; use export or a share link to keep a game."),
                 class_="notice", id="saves-off")
        self.full_notice = make("p", saves, _("The browser's storage for this site is full: saves can still "
                                              "be loaded, exported and deleted, but new saves and autosave need "
                                              "room. Delete a save to make room."), class_="notice", id="saves-full")
        self.full_notice.hidden = True
        form = make("form", saves, id="save-form")
        self.name_input = make("input", form, type="text", id="save-name", maxlength="80",
                               placeholder=_("Name (optional)"), aria_label=_("Name of the save"))
        save_button = make("button", form, _("Save"), type="submit", id="save-button")
        self.dom.on(form, "submit", self._save_clicked)
        self.save_list = make("ul", saves, id="saves-list")
        self.dom.on(self.save_list, "click", self._list_clicked)
        self.pages = make("nav", saves, id="saves-pages", aria_label=_("Pages of saved games"))
        self.pages.hidden = True
        self.newer = make("button", self.pages, _("Newer"), type="button", id="saves-newer")
        self.range_line = make("span", self.pages, id="saves-range", aria_live="polite")
        self.older = make("button", self.pages, _("Older"), type="button", id="saves-older")
        self.dom.on_click(self.newer, lambda: self._turn(-PAGE_SIZE))
        self.dom.on_click(self.older, lambda: self._turn(PAGE_SIZE))
        if not storage.available:
            self.name_input.disabled = save_button.disabled = True

    def show_room(self) -> None:
        """Say plainly when the store is full: saves still list, load, export and delete."""
        self.full_notice.hidden = self.storage.writable or not self.storage.available

    def _save_clicked(self, event: Any) -> None:
        event.preventDefault()
        try:
            self.store.save(self.host.session.to_saved(), str(self.name_input.value))
        except StoreError as exc:
            self.say(sentence(error_words(exc)))
            return
        self.name_input.value = ""
        self.say(_("Saved."))
        self._first = 0   # the new save is the newest: on the first page
        self.refresh()
        self.saved()

    def _toggled(self, event: Any) -> None:
        if self._stale:
            self.refresh()

    def refresh(self) -> None:
        """Rebuild the list from storage (after any change, here or in another tab); while
        the panel is closed, only note that it must be rebuilt when it opens."""
        self._stale = not self._panel.open
        if self._stale:
            return
        self.save_list.replaceChildren()
        self.pages.hidden = True
        if not self.storage.available:
            return
        try:
            entries, total = self.store.page(self._first, PAGE_SIZE)
            if not entries and self._first:   # the page's saves were deleted: show the last page
                self._first = last_page(total)
                entries, total = self.store.page(self._first, PAGE_SIZE)
        except StoreError as exc:
            self.say(sentence(error_words(exc)))
            return
        self._entries = {entry.key: entry for entry in entries}
        if not entries:
            self.dom.make("li", self.save_list, _("No saved games yet."), class_="empty")
        for entry in entries:
            self._entry_item(entry)
        self.pages.hidden = total <= PAGE_SIZE
        self.newer.disabled = self._first == 0
        self.older.disabled = self._first + PAGE_SIZE >= total
        self.range_line.textContent = range_words(self._first, len(entries), total)

    def _turn(self, step: int) -> None:
        """Show the next page of older (or newer) saves; at the end the focus moves to the
        other button (a disabled one drops it, and a keyboard user would lose their place)."""
        self._first = max(0, self._first + step)
        self.refresh()
        self.save_list.scrollTop = 0   # the page from its top
        clicked, other = (self.older, self.newer) if step > 0 else (self.newer, self.older)
        if clicked.disabled:
            other.focus()

    def _entry_item(self, entry: SaveEntry) -> None:
        make = self.dom.make
        item = make("li", self.save_list, class_="save-entry", data_key=entry.key)
        if entry.problem:
            item.classList.add("damaged")
            make("span", item, _("Damaged save"), class_="save-name")
            make("span", item, say(entry.problem), class_="save-problem")
        else:
            make("span", item, entry.name, class_="save-name")
            when = entry.saved_at.replace("T", " ").rstrip("Z")[:16]
            details = ngettext("{game} · {when} · {n} move · {result}", "{game} · {when} · {n} moves · {result}",
                               entry.moves, game=entry.game, when=when, result=say(entry.result))
            if entry.by_link:
                details = (_("By link with {name} · {details}", name=entry.opponent, details=details) if entry.opponent
                           else _("By link · {details}", details=details))
                item.classList.add("by-link")
            make("span", item, details, class_="save-details")
            make("button", item, _("Load"), type="button", class_="save-load", data_action="load")
            make("button", item, _("Rename"), type="button", class_="save-rename", data_action="rename")
        make("button", item, _("Delete"), type="button", class_="save-delete", data_action="delete")

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
            self.say(sentence(error_words(exc)))
            return

        def load() -> None:
            try:
                self.host.load_saved(saved)
            except ValueError as exc:
                self.say(sentence(error_words(exc)))
                return
            self.say(_("Loaded “{name}”.", name=saved.name))
        self.host.confirm_first("load", load)

    def _rename(self, entry: SaveEntry) -> None:
        name = self.dom.window.prompt(_("New name for this save:"), entry.name)
        if name is None or not str(name).strip():
            return
        try:
            self.store.rename(entry.key, str(name))
        except StoreError as exc:
            self.say(sentence(error_words(exc)))
            return
        self.refresh()

    def _delete(self, entry: SaveEntry) -> None:
        label = entry.name or _("this damaged save")
        if not self.dom.window.confirm(_("Delete “{name}”? This cannot be undone.", name=label)):
            return
        try:
            self.store.delete(entry.key)
        except StoreError as exc:
            self.say(sentence(error_words(exc)))
            return
        self.say(_("Deleted."))
        self.refresh()
        self.room_made()


def last_page(total: int) -> int:
    """The place of the last page's first save in a list of `total` saves."""
    return max(0, (total - 1) // PAGE_SIZE * PAGE_SIZE)


def range_words(first: int, shown: int, total: int) -> str:
    """Which saves a page shows, e.g. 'Saves 51–100 of 1,000'."""
    return _("Saves {first}–{last} of {total}", first=number(first + 1), last=number(first + shown), total=number(total))


def sentence(text: str) -> str:
    """`text` (an error's message) as a sentence for the status line."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
