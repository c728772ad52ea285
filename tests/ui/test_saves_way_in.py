"""Issue 55 item 2: a saved or linked game is played by the rules once on its way in.

Opening a game read it, checked it (ui.saves.savefile), matched it against a kept game
(ui.saves.correspondence), put it on the board (ui.play.session) and wrote its link and message,
and each of them replayed the record from its first move: 3 replays for the autosave, 10 for a
game link. Here the fake page counts the replays the rules run (pygame_core.record's line replay)
from the saves panel's mount, and from a Load in the saves list."""

from __future__ import annotations

import types
from typing import Any, Callable

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core import record as record_module
from pygame_core.record import Record
from pygame_core.registry import find_game
from test_save_notice import SmallStorage
from ui.play.saved_game import FRIEND, HUMAN, SavedGame, Seat
from ui.saves.correspondence import encode_link
from ui.saves.savefile import encode
from ui.saves.storage import BrowserStorage
from ui.saves.store import AUTOSAVE_KEY, SavesStore

TURNS = ("e5", "d4", "f6", "c3", "g6")


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many lines the rules have replayed (a record without side lines: one per replay),
    counted from a fresh start (no replay remembered from another test)."""
    monkeypatch.setattr(record_module, "_REPLAYED", {})
    played: list[int] = []
    replay_line = record_module._replay_line

    def counted(*args: Any) -> Any:
        played.append(len(args[1]))
        return replay_line(*args)
    monkeypatch.setattr(record_module, "_replay_line", counted)
    return played


def start_counting(replays: list[int]) -> None:
    """From here on, as on a device that has replayed nothing yet (the link or the save was
    written elsewhere, or long ago)."""
    replays.clear()
    record_module._REPLAYED.clear()


def game(seats: tuple[Seat, ...] = (Seat(HUMAN), Seat(HUMAN)), name: str = "") -> SavedGame:
    spec = find_game("susan")
    return SavedGame(Record(spec.name, spec.resolve_options({}), TURNS), seats, len(TURNS), name=name)


def mounted(backend: SmallStorage, fragment: str = "", before: Callable[[], None] = lambda: None) -> Any:
    """The play page with its saves panel, opened at `fragment`; `before` runs just before the
    mount (to start counting)."""
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.page.saves_panel import mount
    from ui.play.session import Session

    window = Window()
    window.location.hash = fragment
    window.navigator = types.SimpleNamespace()   # no share sheet, no clipboard
    page = PlayPage(Document(), window, Session(find_game("susan")))
    before()
    mount(page, BrowserStorage(backend))
    return page


def made(parent: Any, element_id: str) -> Any:
    return next(element for element in parent.walk() if element.getAttribute("id") == element_id)


def test_the_autosaved_game_is_replayed_once_on_its_way_to_the_board(replays: list[int]) -> None:
    backend = SmallStorage()
    backend.setItem(AUTOSAVE_KEY, encode(game()))
    page = mounted(backend, before=lambda: start_counting(replays))
    assert page.session.turns == TURNS
    assert replays == [len(TURNS)]


def test_a_game_link_is_replayed_once_on_its_way_to_the_board(replays: list[int]) -> None:
    sent = game((Seat(FRIEND), Seat(HUMAN)))
    page = mounted(SmallStorage(), "#" + encode_link("g4me", sent.record), before=lambda: start_counting(replays))
    assert page.session.turns == TURNS and page.session.game_id == "g4me"
    link_box = page.dom.by_id("seats-line").following[0]   # (the fake keeps what goes after an element)
    assert made(link_box, "link-status").textContent.startswith("Opened a game by link (5 moves")
    assert replays == [len(TURNS)]


def test_a_save_loaded_from_the_list_is_replayed_once(replays: list[int]) -> None:
    backend = SmallStorage()
    SavesStore(BrowserStorage(backend)).save(game(), "Mine")
    page = mounted(backend)
    panel = page.dom.by_id("side-panel").querySelector("details")
    panel.open = True
    panel.fire("toggle")                                 # the player opens the saves panel
    item = panel.querySelector("ul").children[0]
    load = next(button for button in item.children if button.getAttribute("data-action") == "load")
    load.closest = lambda selector: item if selector.startswith("li") else load   # (the fake has no parents)
    start_counting(replays)
    panel.querySelector("ul").fire("click", target=load)
    assert page.session.turns == TURNS
    assert replays == [len(TURNS)]


def test_a_record_remembered_is_still_a_copy_of_its_own() -> None:
    """Each caller gets lists of its own: a caller that changes its replay changes no other's."""
    record = game().record
    first = record_module.replay_tree(record)
    first.states.clear()
    again = record_module.replay_tree(record)
    assert len(again.states) == len(TURNS) + 1 and again.states is not first.states


def test_a_listing_s_labels_are_checked_even_when_the_same_turns_were_replayed() -> None:
    """A remembered replay never skips a check: a listing whose move number is wrong is refused
    though the same turns were just replayed without numbers."""
    record = game().record
    record_module.replay_tree(record)
    numbered = Record(record.game, record.options, record.turns, labels=((1, None), (3, None)))
    with pytest.raises(ValueError, match="numbered 3, expected 2"):
        record_module.replay_tree(numbered)
