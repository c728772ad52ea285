"""Issue 38, item 2: a full store no longer loses moves in silence. On the fake page, with a
localStorage stand-in that has a quota: the notice by the board says which moves are not
kept and what makes room, body[data-storage] says "full", closing the page asks first, and
once there is room again the notice says saving works and goes."""

from __future__ import annotations

from typing import Any

import pytest

from fake_dom import Document, Event, Window, stub_browser_modules
from pygame_core.record import Record
from pygame_core.registry import find_game
from ui.play.saved_game import SavedGame, Seat
from ui.saves.room import Space, advice, not_kept
from ui.saves.savefile import decode, encode
from ui.saves.store import AUTOSAVE_KEY

QUOTA = 40_000   # characters, keys and texts together


class QuotaError(Exception):
    name = "QuotaExceededError"   # what the browser's DOMException carries


class SmallStorage:
    """window.localStorage with a quota, shared by this site's saves and other pages' keys."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> Any:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        others = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if others + len(key) + len(value) > QUOTA:
            raise QuotaError("The quota has been exceeded.")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    def key(self, index: int) -> Any:
        return list(self.items)[index]

    @property
    def length(self) -> int:
        return len(self.items)

    def fill(self, prefix: str = "other-page:") -> None:
        """Fill what is left with keys of another page of the same origin, to the last byte."""
        size, number = QUOTA, 0
        while size:
            try:
                self.setItem(f"{prefix}{number}", "x" * size)
                number += 1
            except QuotaError:
                size //= 2

    def free(self, prefix: str = "other-page:") -> None:
        for key in [k for k in self.items if k.startswith(prefix)]:
            del self.items[key]


def mount(backend: SmallStorage) -> Any:
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.page.saves_panel import mount as mount_saves
    from ui.play.session import Session
    from ui.saves.storage import BrowserStorage

    page = PlayPage(Document(), Window(), Session(find_game("susan")))
    mount_saves(page, BrowserStorage(backend))
    page.dom.window.run_frames()
    return page


def play(page: Any, *turns: str) -> None:
    for turn in turns:
        page.dom.by_id("move-input").value = turn
        page.dom.by_id("move-form").fire("submit")
        page.dom.window.run_frames()


def notice(page: Any) -> str:
    """The notice's words as shown ("" while it is hidden)."""
    box = page.dom.by_id("save-notice")
    return "" if box.hidden else "".join(child.textContent for child in box.children if not child.hidden)


def leaving_is_held(page: Any) -> bool:
    event = Event()
    for listener in page.dom.window.listeners.get("beforeunload", []):
        listener(event)
    return event.defaultPrevented


def stored_turns(backend: SmallStorage) -> tuple[str, ...]:
    return decode(backend.items[AUTOSAVE_KEY]).record.turns


def test_moves_that_do_not_fit_are_named_by_the_board_until_there_is_room() -> None:
    backend = SmallStorage()
    page = mount(backend)
    play(page, "d6")
    assert notice(page) == "" and page.dom.document.body.dataset.storage == "available"
    backend.fill()                                  # another page of this origin takes the rest
    play(page, "b5", "c4", "e3")
    words = notice(page)
    assert "not being saved" in words and "Moves 2 to 4 are not saved" in words
    assert "other pages of this website" in words   # deleting saves here would not help
    assert page.dom.document.body.dataset.storage == "full"
    assert leaving_is_held(page)
    assert not page.dom.by_id("save-notice-download").hidden
    assert stored_turns(backend) == ("d6",)
    backend.free()
    play(page, "f5")
    assert notice(page).startswith("Saving works again")
    assert page.dom.document.body.dataset.storage == "available" and not leaving_is_held(page)
    assert stored_turns(backend) == ("d6", "b5", "c4", "e3", "f5")
    play(page, "d2")
    assert notice(page) == ""


def test_a_store_full_at_boot_is_said_at_once() -> None:
    backend = SmallStorage()
    record = Record("susan", find_game("susan").resolve_options(), ("d6", "b5"))
    backend.setItem(AUTOSAVE_KEY, encode(SavedGame(record, (Seat(), Seat()), 2, game_id="abc")))
    backend.fill()
    page = mount(backend)
    assert page.session.turns == ("d6", "b5")
    assert notice(page).startswith("The browser's storage for this site is full.")
    assert page.dom.document.body.dataset.storage == "full"
    assert not leaving_is_held(page)                # nothing unsaved yet
    play(page, "c4")
    assert "Move 3 is not saved" in notice(page) and leaving_is_held(page)


def test_a_store_full_of_this_sites_saves_advises_deleting_some() -> None:
    backend = SmallStorage()
    backend.fill(prefix="abstract-games:save:")
    page = mount(backend)
    play(page, "d6")
    assert "Delete saved games you no longer need" in notice(page)
    assert "Move 1 is not saved" in notice(page)


@pytest.mark.parametrize("kept, turns, words", [
    ((), (), "This game is not saved."),
    (("a",), ("a",), "Your latest change is not saved."),
    (("a",), ("a", "b"), "Move 2 is not saved."),
    (("a", "x"), ("a", "b", "c"), "Moves 2 to 3 are not saved."),
])
def test_which_moves_are_not_kept(kept: tuple[str, ...], turns: tuple[str, ...], words: str) -> None:
    assert not_kept(kept, turns) == words


def test_the_advice_follows_who_holds_the_space() -> None:
    assert "other pages" in advice(Space(ours=10, others=900))
    assert advice(Space(ours=900, others=10)).startswith("Delete saved games")
