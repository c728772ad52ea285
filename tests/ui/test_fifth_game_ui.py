"""The page's controller logic plays the tests' fifth game (tests/core/tinyhex) like any other:
clicks, multi-stone turns, the status line, the board view with the goal bars it declares, and a
save that round-trips, with nothing in ui/ knowing its name."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))  # where the fifth game lives

import pytest  # noqa: E402
import tinyhex  # noqa: E402

from pygame_core.registry import find_game  # noqa: E402
from ui.board.boards import art_for  # noqa: E402
from ui.board.theme import LIGHT  # noqa: E402
from ui.play.player_input import click, play_text, press  # noqa: E402
from ui.play.session import Session  # noqa: E402
from ui.play.move_list import move_tree  # noqa: E402
from ui.play.view import board_view, status  # noqa: E402
from pygame_core.game import END_TURN  # noqa: E402

pytestmark = pytest.mark.usefixtures("fifth_game")   # tests/conftest.py


def cell(session: Session, name: str) -> int:
    return session.live.board.cell(name)  # type: ignore[return-value]


def test_a_whole_game_by_clicks_and_typed_moves() -> None:
    session = Session(find_game("tinyhex"), {"size": 3})
    for name in ("a1", "a2", "b1", "b2"):
        assert click(session, cell(session, name)), session.message
    assert "Black" in status(session)
    assert play_text(session, "c1")
    assert session.is_over and session.outcome.winners == (0,)
    assert [row.text for row, _ in move_tree(session)[1]] == ["a1", "a2", "b1", "b2", "c1"]
    view = board_view(session, LIGHT)
    assert cell(session, "c1") in view.last and view.occupants[cell(session, "c1")] == 0
    again = Session.from_saved(session.to_saved())
    assert again.is_over and again.turns == session.turns and again.spec is tinyhex.SPEC


def test_multi_stone_turns_end_by_button_and_mark_the_pending_stones() -> None:
    session = Session(find_game("tinyhex"), {"size": 4, "stones": 2})
    assert click(session, cell(session, "a1"))
    assert session.pending and cell(session, "a1") in board_view(session, LIGHT).pending
    assert session.can(END_TURN) and press(session, END_TURN)
    assert session.live.to_move == 1 and not session.pending


def test_its_declared_goal_bars_are_drawn() -> None:
    board = find_game("tinyhex").new_game({"size": 3}).board
    roles = {decor.role for decor in art_for(board, tinyhex.SPEC.presentation.goal_bars).decor}
    assert roles == {"side:Black", "side:White"}
