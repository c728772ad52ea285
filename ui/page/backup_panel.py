"""The saves panel's Backup section: whether the browser keeps the site's storage, "Back up all
games" to one file, and "Restore" from such a file (ui.saves.backup reads and merges it). The
file carries the record against the computer too (ui.play.results): a restore adds the games it
counts that this browser has not counted, so no game counts twice.

When to ask the browser to keep the storage (`navigator.storage.persist()`): Chromium decides
silently, Firefox asks the player in a prompt. So the page asks once, at a moment the player
shows they care about their games (the first named save, a backup, a restore, installing the
site), never in the middle of a first game; the answer is written down under PERSIST_ASKED so
it is not asked again, and the section offers a button to ask again on purpose.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable

from ui.i18n import _, ngettext
from ui.page.page_api import AskingHost
from ui.page.transfer_panel import download_text, read_chosen_file
from ui.play.error_words import error_words
from ui.play.results import ResultsRecord
from ui.play.streak import BestStreaks, restored_streaks_words
from ui.saves.backup import Backup, BackupError, RestorePlan, backup_text, plan_restore, read_backup_file, restore_words
from ui.saves.backup import MAX_CHARS as MAX_BACKUP_CHARS
from ui.saves.storage import BrowserStorage
from ui.saves.store import PREFIX, SavesStore, StoreError, utc_now

if TYPE_CHECKING:
    from ui.play.confirm import Question

PERSIST_ASKED = PREFIX + "persist-asked"   # when the page asked, and the browser's answer


def kept_words(persisted: bool | None) -> str:
    """The panel's line on whether the browser keeps the saves (None: it does not say)."""
    if persisted:
        return _("Storage: kept. The browser will not clear these saves on its own.")
    if persisted is None:
        return _("This browser does not say whether it keeps these saves: back up to keep a copy.")
    return _("Storage: not kept for sure. The browser may clear these saves (Safari after seven days "
             "without a visit, any browser when space runs low): back up to keep a copy.")


def backed_up_words(saved: int, damaged: int, filename: str) -> str:
    """What a backup holds: `saved` named saves and the game on the board, `damaged` left out."""
    words = ngettext("Backed up {n} saved game and the game on the board to {filename}.",
                     "Backed up {n} saved games and the game on the board to {filename}.", saved, filename=filename)
    if damaged:
        words += " " + ngettext("{n} damaged save was left out.", "{n} damaged saves were left out.", damaged)
    return words


def replace_question(names: list[str]) -> Question:
    """Before a restore replaces the saves `names` with the backup's versions (five named, then a count)."""
    from ui.play.confirm import Question   # loaded when first needed, as the dialog is
    listed = ", ".join(_("“{name}”", name=name) for name in names[:5])
    if len(names) > 5:
        listed = _("{names} and {count} more", names=listed, count=len(names) - 5)
    return Question(
        _("Replace saves with the backup's versions?"),
        ngettext("The backup holds another version of {n} save here ({names}): restoring replaces it with the "
                 "backup's. To keep it, cancel: nothing is restored.",
                 "The backup holds another version of {n} saves here ({names}): restoring replaces them with the "
                 "backup's. To keep them, cancel: nothing is restored.", len(names), names=listed),
        _("Restore and replace"))


class BackupPanel:
    def __init__(self, host: AskingHost, parent: Any, store: SavesStore, storage: BrowserStorage,
                 levels: tuple[str, ...], say: Callable[[str], None], refresh_list: Callable[[], None]) -> None:
        self.host, self.dom, self.store, self.storage = host, host.dom, store, storage
        self.levels, self.say, self.refresh_list = levels, say, refresh_list
        self._build(parent)
        self.dom.on(self.dom.window, "appinstalled", lambda event: self.keep_once())
        self._check_kept(ask=False)

    def _build(self, parent: Any) -> None:
        make, button = self.dom.make, self.dom.button
        section = make("section", parent, aria_label=_("Backup"))
        make("h3", section, _("Backup"))
        self.kept_line = make("p", section, kept_words(None), id="storage-kept")
        self.keep_button = button(section, _("Ask the browser to keep them"), lambda: self._check_kept(ask=True),
                                  id="keep-storage", hidden="")
        row = make("div", section, class_="saves-buttons")
        self.backup_button = button(row, _("Back up all games"), self.back_up, id="backup-button")
        label = make("label", row, _("Restore from a backup:") + " ")
        self.restore_file = make("input", label, type="file", id="restore-file",
                                 accept=".json,application/json")
        self.dom.on(self.restore_file, "change", self._file_chosen)
        if not self.storage.available:
            self.backup_button.disabled = self.restore_file.disabled = True

    # --- keeping the storage -----------------------------------------------------------------
    def keep_once(self) -> None:
        """Ask the browser to keep the storage unless the page asked before on this device."""
        self._check_kept(ask=self.storage.get(PERSIST_ASKED) is None)

    def _check_kept(self, ask: bool) -> None:
        """Show whether the storage is kept, first asking the browser to keep it when `ask`."""
        manager = _storage_manager(self.dom.window)
        if manager is None:
            self._show_kept(None)
        else:
            asyncio.ensure_future(self._query(manager, ask))

    async def _query(self, manager: Any, ask: bool) -> None:
        try:
            persisted = bool(await manager.persisted())
            if ask and not persisted:
                persisted = bool(await manager.persist())
                self._write_down(persisted)
        except Exception:   # a frame that may not ask, a browser that fails: it does not say
            self._show_kept(None)
            return
        self._show_kept(persisted)

    def _show_kept(self, persisted: bool | None) -> None:
        self.kept_line.textContent = kept_words(persisted)
        self.keep_button.hidden = persisted is not False

    def _write_down(self, granted: bool) -> None:
        try:
            self.storage.set(PERSIST_ASKED, f"{utc_now()} {'granted' if granted else 'refused'}")
        except ValueError:
            pass   # storage full or denied: the page may ask again next time, nothing else

    # --- back up -----------------------------------------------------------------------------
    def back_up(self) -> None:
        """Every named save that loads and the game on the board, as one JSON file."""
        try:
            found, damaged = self.store.scan()
        except StoreError as exc:
            self.say(_("No backup made: {reason}", reason=error_words(exc)))
            return
        made_at = utc_now()
        text = backup_text((saved for unused, saved in found), self.host.session.to_saved(), made_at,
                           ResultsRecord(self.storage).entries(), BestStreaks(self.storage).best)
        filename = f"abstract-games-backup-{made_at[:10]}.json"
        download_text(self.dom, filename, text, "application/json")
        self.say(backed_up_words(len(found), damaged, filename))
        self.keep_once()

    # --- restore -----------------------------------------------------------------------------
    def _file_chosen(self, event: Any) -> None:
        read_chosen_file(self.restore_file, MAX_BACKUP_CHARS, _("a backup"), self.say, self.restore)

    def restore(self, text: str) -> None:
        """Merge a backup file into the saves: asked first when it would replace a save here."""
        try:
            backup = read_backup_file(text, self.levels)
            plan = plan_restore(backup.games, self.store.saved_games(), self.host.session.to_saved())
        except (BackupError, StoreError) as exc:
            self.say(_("Nothing restored: {reason}", reason=error_words(exc)))
            return
        if not plan.replaced:
            self._apply(plan, backup)
            return
        self.host.ask(replace_question([saved.name for unused, saved in plan.replaced]),
                      lambda: self._apply(plan, backup))

    def _apply(self, plan: RestorePlan, backup: Backup) -> None:
        if plan.added or plan.replaced:
            try:
                self.store.restore(plan.added, plan.replaced)
            except StoreError as exc:
                self.say(_("Nothing restored: {reason}", reason=error_words(exc)))
                return
            self.refresh_list()
        streaks = restored_streaks_words(BestStreaks(self.storage).merge(backup.streaks))
        self.say(f"{restore_words(plan, ResultsRecord(self.storage).merge(backup.results))} {streaks}".strip())
        self.keep_once()


def _storage_manager(window: Any) -> Any:
    """navigator.storage where the browser has persist() (not in old browsers), else None."""
    try:
        manager = window.navigator.storage
        return manager if manager is not None and manager.persist is not None else None
    except Exception:
        return None
