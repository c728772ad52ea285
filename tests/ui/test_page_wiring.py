"""The play page's parts wired together on a fake document: each control reaches the session
and the panel shows the result. Why: the DOM modules run only in the browser otherwise, where
a renamed method shows up minutes later in e2e; here it fails at once."""

from __future__ import annotations

from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.record import SideLine
from pygame_core.registry import find_game


@pytest.fixture
def page() -> Any:
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.play.session import Session
    from ui.page.saves_panel import mount

    document, window = Document(), Window()
    play_page = PlayPage(document, window, Session(find_game("susan")))
    mount(play_page)
    window.run_frames()
    return play_page


def click(page: Any, element_id: str) -> None:
    page.dom.by_id(element_id).fire("click")
    page.dom.window.run_frames()


def test_keys_on_the_board_play_and_the_panel_follows(page: Any) -> None:
    board = page.dom.by_id("board")
    page.dom.document.activeElement = board
    board.fire("keydown", key="ArrowUp")
    board.fire("keydown", key="Enter")
    page.dom.window.run_frames()
    assert page.session.turns == ("e5",)
    assert page.dom.by_id("status").textContent == "White to move."
    assert len(page.dom.by_id("moves").children) == 2   # Start, 1. B e5
    assert page.dom.by_id("board-cursor").textContent.startswith("e")


def test_buttons_undo_redo_and_the_typed_move(page: Any) -> None:
    page.dom.by_id("move-input").value = "e5"
    page.dom.by_id("move-form").fire("submit")
    click(page, "undo")
    assert page.session.cursor == 0 and page.dom.by_id("redo").disabled is False
    click(page, "redo")
    assert page.session.cursor == 1 and page.dom.by_id("move-input").value == ""


def test_the_new_game_dialog_starts_the_game_picked(page: Any) -> None:
    click(page, "new-game")
    assert page.dom.by_id("new-game-dialog").open
    page.dom.by_id("setup-game").value = "stymie"
    page.dom.by_id("setup-game").fire("change")
    page.dom.by_id("new-game-form").fire("submit")
    page.dom.window.run_frames()
    assert page.session.spec.name == "stymie" and not page.dom.by_id("new-game-dialog").open
    assert page.dom.document.body.dataset.game == "stymie"


def test_the_help_dialog_shows_the_rules_and_draws_its_diagram(page: Any) -> None:
    click(page, "help-button")
    assert page.dom.by_id("help-title").textContent == "How to play SUSAN"
    shown = page.dom.by_id("help-body").innerHTML
    assert shown.startswith('<p class="summary">') and "<figure><canvas" in shown
    click(page, "help-close")
    assert not page.dom.by_id("help-dialog").open


def test_the_saves_panel_says_saves_are_off_without_storage(page: Any) -> None:
    texts = [e.textContent for e in page.dom.by_id("side-panel").walk()]
    assert "Saved games" in texts and any(t.startswith("Saves are off") for t in texts)


def test_resign_asks_first_and_cancel_leaves_the_game(page: Any) -> None:
    assert page.dom.by_id("resign").disabled   # before any move there is nothing to resign from
    page.dom.by_id("move-input").value = "e5"
    page.dom.by_id("move-form").fire("submit")
    click(page, "resign")
    assert page.dom.by_id("confirm-dialog").open and page.session.outcome is None
    assert page.dom.by_id("confirm-text").textContent == "White gives up and the game ends: Black wins."
    click(page, "confirm-cancel")
    assert not page.dom.by_id("confirm-dialog").open and page.session.outcome is None
    click(page, "resign")
    click(page, "confirm-go")
    assert page.dom.by_id("status").textContent == "Black wins: White resigned."


def test_a_new_game_over_a_game_in_progress_asks_at_start(page: Any) -> None:
    page.dom.by_id("move-input").value = "e5"
    page.dom.by_id("move-form").fire("submit")
    click(page, "new-game")
    page.dom.by_id("new-game-form").fire("submit")
    assert page.dom.by_id("confirm-dialog").open and page.session.turns == ("e5",)
    click(page, "confirm-go")
    assert page.session.turns == () and not page.dom.by_id("confirm-dialog").open


def test_the_end_of_game_panel_offers_rematch_review_and_share(page: Any, monkeypatch: Any) -> None:
    import asyncio
    monkeypatch.setattr(asyncio, "ensure_future", lambda coroutine: coroutine.close())   # no clipboard here
    assert page.dom.by_id("game-over").hidden
    for move in ("a2", "a1", "b1", "i5", "b2"):
        page.dom.by_id("move-input").value = move
        page.dom.by_id("move-form").fire("submit")
    page.dom.window.run_frames()
    assert not page.dom.by_id("game-over").hidden
    assert page.dom.by_id("game-over-result").textContent == "Black wins"
    assert page.dom.by_id("game-over-reason").textContent == "Black surrounded a1."
    assert not page.dom.by_id("share-game").hidden
    click(page, "share-game")
    link = next(e for e in page.dom.by_id("side-panel").walk() if e.attributes.get("id") == "share-link")
    assert link.value.startswith("http://site.test/#r1")
    from test_coach import fake_client
    from ui.page.coach_panel import CoachPanel
    coach = page._dialogs["coach"] = CoachPanel(page, fake_client())
    click(page, "review-start")             # the coach's review of the game, from its start
    assert coach.review is not None and coach.review.session is page.session
    assert not page.dom.by_id("review").hidden
    assert page.session.cursor == 0 and not page.dom.by_id("game-over").hidden
    click(page, "rematch")                  # a finished game: no question
    assert page.session.turns == () and page.dom.by_id("game-over").hidden


def test_the_new_game_dialog_remembers_each_games_choices(page: Any) -> None:
    """Options chosen for one game do not carry to another; each comes back in its own game."""
    from test_choice_memory import Backend
    from ui.saves.storage import BrowserStorage

    by_id = page.dom.by_id

    def name(control: Any) -> str:
        return getattr(control, "name", None) or control.attributes.get("name", "")

    def controls(box: str) -> dict[str, str]:
        return {name(c): c.value for c in by_id(box).querySelectorAll("select, input")}

    def pick(game: str) -> None:
        by_id("setup-game").value = game
        by_id("setup-game").fire("change")

    click(page, "new-game")
    dialog = page._dialog("new-game")
    dialog.storage = BrowserStorage(Backend())
    pick("susan")
    for control in by_id("setup-options").querySelectorAll("select"):
        control.value = {"size": "6", "players": "4"}.get(name(control), control.value)
    by_id("setup-options").fire("change")
    assert list(controls("setup-seats")) == ["seat0", "seat1", "seat2", "seat3"]
    by_id("setup-seats").querySelectorAll("select")[1].value = "easy"
    by_id("new-game-form").fire("submit")
    page.dom.window.run_frames()
    assert page.session.options["players"] == 4

    click(page, "new-game")
    pick("stymie")                                  # never chosen: its default options, and the
    assert controls("setup-options") == {"size": "8"}   # players as on the board: you and the computer
    assert list(controls("setup-seats").values()) == ["human", "easy"]
    by_id("setup-seats").querySelectorAll("select")[1].value = "human"
    by_id("setup-options").querySelectorAll("select")[0].value = "12"
    by_id("new-game-form").fire("submit")
    page.dom.window.run_frames()
    assert page.session.spec.name == "stymie" and page.session.options["size"] == 12

    click(page, "new-game")
    pick("susan")                                   # SUSAN's last choices come back
    assert controls("setup-options")["size"] == "6" and controls("setup-options")["players"] == "4"
    assert list(controls("setup-seats").values()) == ["human", "easy", "human", "human"]
    pick("stymie")                                  # the game on the board: as it is played
    assert controls("setup-options") == {"size": "12"}
    assert not by_id("setup-options-group").hidden
    pick("lisbon")                                  # a game without options: no empty Options box
    assert controls("setup-options") == {} and by_id("setup-options-group").hidden
    pick("superstar")
    assert not by_id("setup-options-group").hidden


def test_a_new_game_starts_with_an_empty_move_box(page: Any) -> None:
    box = page.dom.by_id("move-input")
    box.value = "zz99"
    page.dom.by_id("move-form").fire("submit")
    page.dom.window.run_frames()
    assert box.value == "zz99" and page.session.message        # refused, kept to be corrected
    from ui.play.session import rematch
    page.start(rematch(page.session))
    assert box.value == ""


def test_without_storage_a_move_at_an_earlier_position_of_a_finished_game_goes_on_from_there(page: Any) -> None:
    for turn in ("a2", "a1", "b1", "i5", "b2"):
        page.dom.by_id("move-input").value = turn
        page.dom.by_id("move-form").fire("submit")
    page.dom.window.run_frames()
    assert page.session.is_over
    for _ in range(3):
        click(page, "nav-prev")   # back to move 2, looking
    page.dom.by_id("move-input").value = "c3"
    page.dom.by_id("move-form").fire("submit")
    page.dom.window.run_frames()
    assert page.session.turns == ("a2", "a1", "c3") and page.session.cursor == 3
    record = page.session.to_saved().record
    assert record.turns == ("a2", "a1", "c3") and record.side_lines == (SideLine(3, ("b1", "i5", "b2")),)
    assert page.dom.by_id("message").textContent == (
        "The game goes on from move 3: the moves it replaces stay in the move list as a side line.")

def test_the_new_game_dialog_starts_a_clock_that_ticks_to_a_loss_on_time(page: Any) -> None:
    click(page, "new-game")
    page.dom.by_id("setup-clock").value = "1+0"
    page.dom.by_id("new-game-form").fire("submit")
    page.dom.window.run_frames()
    assert page.session.clock is not None and page.dom.by_id("clock").hidden is False
    rows = page.dom.by_id("clock-seats").children
    assert [row.attributes["class"] for row in rows] == ["clock-seat clock-running", "clock-seat"]
    page.dom.window.clock += 61_000   # Black thinks past the minute
    for tick in page.dom.window.intervals:
        tick()
    page.dom.window.run_frames()
    assert page.session.is_over and page.dom.by_id("game-over-reason").textContent == "Black loses on time."
    click(page, "new-game")
    page.dom.by_id("setup-clock").value = "5+3"
    click(page, "setup-cancel")
    click(page, "new-game")
    assert page.dom.by_id("setup-clock").value == "1+0"   # preset to the game on the board's clock


def test_a_custom_clock_from_the_new_game_dialog(page: Any) -> None:
    from ui.play.clock import TimeControl

    click(page, "new-game")
    clock = page.dom.by_id("setup-clock")
    clock.value = "custom"
    clock.fire("change")
    assert page.dom.by_id("setup-clock-custom").hidden is False
    page.dom.by_id("setup-clock-minutes").value = "0"
    page.dom.by_id("new-game-form").fire("submit")
    assert page.dom.by_id("setup-error").textContent.startswith("A custom clock takes whole minutes")
    page.dom.by_id("setup-clock-minutes").value = "7"
    page.dom.by_id("setup-clock-increment").value = "4"
    page.dom.by_id("new-game-form").fire("submit")
    page.dom.window.run_frames()
    assert page.session.clock is not None and page.session.clock.control == TimeControl(420, 4)
    click(page, "new-game")
    assert clock.value == "custom" and page.dom.by_id("setup-clock-minutes").value == "7"
