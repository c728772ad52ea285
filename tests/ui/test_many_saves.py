"""Issue 38, item 6: with 1,000 saves (a restored backup), a move and a boot cost about what
they cost with one; and opening the saves panel costs one page of saves (issue 54, item 16).
Counted, not timed: how many save records a move's autosave, the boot, opening the saves panel
and another tab's change read and decode (each decode replays the game move by move)."""

from __future__ import annotations

from typing import Any

import pytest

import ui.saves.shelf as shelf_module
import ui.saves.store as store_module
from fake_dom import Document, Event, Window, stub_browser_modules
from pygame_core.record import Record
from pygame_core.registry import find_game
from ui.play.saved_game import SavedGame, Seat
from ui.saves.savefile import decode, encode
from ui.saves.store import AUTOSAVE_KEY, SAVE_PREFIX, SavesStore

SAVES = 1000
OPTIONS = find_game("susan").resolve_options()


def game(game_id: str, *turns: str) -> SavedGame:
    return SavedGame(Record("susan", OPTIONS, turns), (Seat(), Seat()), len(turns), "a game", "2026-01-01T00:00:00Z",
                     game_id)


class Counted:
    """The site's storage (the store's Storage methods and the browser's Web Storage ones), with
    a count of reads of named saves."""

    def __init__(self) -> None:
        self.items = {f"{SAVE_PREFIX}{n}": encode(game(f"old{n}", "d6", "b5")) for n in range(1, SAVES + 1)}
        self.save_reads = 0

    def get(self, key: str) -> str | None:
        self.save_reads += key.startswith(SAVE_PREFIX)
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)

    getItem, setItem, removeItem = get, set, remove

    def key(self, index: int) -> str:
        return list(self.items)[index]

    @property
    def length(self) -> int:
        return len(self.items)


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the store decodes a save (in a list, so the test reads it as it grows)."""
    count = [0]

    def counted(text: str, levels: Any = None) -> SavedGame:
        count[0] += 1
        return decode(text, levels)
    monkeypatch.setattr(store_module, "decode", counted)   # the autosave slot's text
    monkeypatch.setattr(shelf_module, "decode", counted)   # a named save's
    return count


def test_tabs_taking_turns_at_the_autosave_read_no_other_save(decodes: list[int]) -> None:
    storage = Counted()
    tab_a, tab_b = SavesStore(storage), SavesStore(storage)
    tab_a.autosave(game("a", "d6"))
    tab_b.autosave(game("b", "c4"))            # keeps tab A's game as a named save
    tab_a.autosave(game("a", "d6", "b5"))      # keeps tab B's game
    assert decodes[0] <= 6                     # the slot's game and its own saves, never all
    storage.save_reads = decodes[0] = 0
    tab_b.autosave(game("b", "c4", "e3"))      # one move, as the tabs go on taking turns
    assert storage.save_reads <= 2 and decodes[0] <= 2
    kept = [decode(text) for key, text in storage.items.items() if key.startswith(SAVE_PREFIX)]
    assert sorted(s.record.turns for s in kept if s.kept) == [("c4",), ("d6", "b5")]   # nothing lost


def page_with(storage: Counted) -> Any:
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.page.saves_panel import mount
    from ui.play.session import Session
    from ui.saves.storage import BrowserStorage

    page = PlayPage(Document(), Window(), Session(find_game("susan")))
    mount(page, BrowserStorage(storage))
    page.dom.window.run_frames()
    return page


def heard(page: Any, key: str, text: str | None) -> None:
    """The storage event another tab's change fires in this one."""
    for listener in page.dom.window.listeners["storage"]:
        listener(Event(key=key, newValue=text))


def made(panel: Any, element_id: str) -> Any:
    """The element the panel made with `element_id` (the fake DOM's by_id only finds the page's own)."""
    return next(element for element in panel.walk() if element.getAttribute("id") == element_id)


def test_the_boot_and_another_tabs_moves_decode_no_save(decodes: list[int]) -> None:
    storage = Counted()
    storage.items[AUTOSAVE_KEY] = encode(game("here", "d6"))
    page = page_with(storage)
    assert page.session.turns == ("d6",) and decodes[0] <= 2   # the autosave, not the 1,000 saves
    for key, text in ((AUTOSAVE_KEY, encode(game("there", "c4"))), (f"{SAVE_PREFIX}7", None)):
        storage.items.pop(key) if text is None else storage.items.__setitem__(key, text)
        heard(page, key, text)                                   # another tab's change
    assert decodes[0] <= 2
    from ui.page.saves_list import PAGE_SIZE   # (after page_with: the page's modules need the stubs)
    decodes[0] = 0
    panel = page.dom.by_id("side-panel").querySelector("details")
    panel.open = True
    panel.fire("toggle")                                        # the player opens the saves panel
    assert len(panel.querySelector("ul").children) == PAGE_SIZE and decodes[0] <= PAGE_SIZE   # one page
    assert made(panel, "saves-range").textContent == "Saves 1–50 of 999" and made(panel, "saves-newer").disabled
    for _ in range(SAVES // PAGE_SIZE - 1):                     # Older, page after page, to the oldest save
        decodes[0] = 0
        made(panel, "saves-older").fire("click")
        assert decodes[0] <= PAGE_SIZE
    keys = [item.dataset.key for item in panel.querySelector("ul").children]
    assert keys[-1] == f"{SAVE_PREFIX}1" and len(keys) == 49 and made(panel, "saves-older").disabled
    assert made(panel, "saves-range").textContent == "Saves 951–999 of 999"
    decodes[0] = 0
    storage.items[f"{SAVE_PREFIX}9"] = encode(game("old9", "d6", "b5", "c4"))
    heard(page, f"{SAVE_PREFIX}9", storage.items[f"{SAVE_PREFIX}9"])
    assert decodes[0] == 1                                      # only the save that changed



def test_a_page_of_the_saves_list_in_words_and_the_last_pages_start() -> None:
    stub_browser_modules()
    from ui.page.saves_list import last_page, range_words

    assert [last_page(total) for total in (0, 1, 50, 51, 999, 1000)] == [0, 0, 0, 50, 950, 950]
    assert range_words(950, 50, 1000) == "Saves 951–1,000 of 1,000" and range_words(0, 3, 3) == "Saves 1–3 of 3"
