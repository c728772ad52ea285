"""LISBON: the 9/8 board and its perimeter (RULES §4.1), the test vectors of §4.4, the turn
schedule, the group rule, wins in mid-turn, notation and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygame_core import cli
from pygame_core.errors import IllegalMoveError, InvalidMoveError
from pygame_core.game import END_TURN
from pygame_core.games.lisbon import SPEC
from pygame_core.games.lisbon.state import position as lisbon_position
from pygame_core.games.lisbon.state import (BOARD, PERIMETER, PERIMETER_INDEX, LisbonState, near_opposites,
                                      spans_perimeter, stones_allowed, winning_outcome)
from pygame_core.games.lisbon.playout import spans
from pygame_core.registry import find_game

# RULES §4.1, as printed there
PERIMETER_TEXT = """a1 a2 a3 a4 a5 a6 a7 a8 a9 b10 c11 d12 e13 f14 g15 h16 i15 j14 k13 l12 m11 n10 o9
p8 p7 p6 p5 p4 p3 p2 p1 o1 n1 m1 l1 k1 j1 i1 h1 g1 f1 e1 d1 c1 b1"""


def cells(text: str) -> list[int]:
    found = [BOARD.cell(name) for name in text.split()]
    assert None not in found, text
    return found  # type: ignore[return-value]


def names(ids: object) -> list[str]:
    return [BOARD.names[c] for c in ids]  # type: ignore[attr-defined]


def position(black: str = "", white: str = "", turn: int = 1) -> LisbonState:
    """The start of `turn` with these stones on the board."""
    return lisbon_position(cells(black), cells(white), turn)


def place(state: LisbonState, *names_: str) -> LisbonState:
    for name in names_:
        state = state.apply(BOARD.cell(name))  # type: ignore[arg-type, assignment]
    return state


# --- board ------------------------------------------------------------------------------------

def test_board_counts_rows_and_corners() -> None:
    assert BOARD.size == 192
    assert [len(row) for row in BOARD.rows] == list(range(9, 17)) + list(range(15, 7, -1))
    degrees = [len(n) for n in BOARD.neighbours]
    assert sorted(names(c for c in range(BOARD.size) if degrees[c] == 3)) == sorted("a1 a9 h16 p8 p1 h1".split())
    assert {c for c in range(BOARD.size) if degrees[c] < 6} == BOARD.regions["perimeter"]
    assert len(BOARD.regions["perimeter"]) == 45


def test_axial_coordinates_follow_rules() -> None:
    for r, row in enumerate(BOARD.rows):
        qmin = -r if r <= 7 else -7
        assert [BOARD.coords[c] for c in row] == [(qmin + i, r) for i in range(len(row))]
        assert len({BOARD.centres[c][1] for c in row}) == 1  # pointy-top: rows are horizontal
    assert sorted(names(BOARD.neighbours[BOARD.cell("h8")])) == sorted("g7 g8 h7 h9 i7 i8".split())
    assert sorted(names(BOARD.neighbours[BOARD.cell("a1")])) == ["a2", "b1", "b2"]
    assert sorted(names(BOARD.neighbours[BOARD.cell("p8")])) == ["o8", "o9", "p7"]


def test_perimeter_order_is_the_clockwise_cycle_of_rules() -> None:
    assert names(PERIMETER) == PERIMETER_TEXT.split()
    assert BOARD.extras["perimeter_order"] == PERIMETER
    for a, b in zip(PERIMETER, PERIMETER[1:] + PERIMETER[:1], strict=True):
        assert BOARD.adjacent(a, b)
    # clockwise on screen (y down): the signed area of the perimeter polygon is positive
    points = [BOARD.centres[c] for c in PERIMETER]
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True))
    assert area > 0


# --- RULES §4.4 test vectors ------------------------------------------------------------------

@pytest.mark.parametrize("cell, index, opposites", [
    ("a1", 0, "o9 p8"), ("a9", 8, "p1 o1"), ("h16", 15, "i1 h1"),
    ("p8", 23, "a1 a2"), ("p1", 30, "a8 a9"), ("h1", 38, "h16 i15"),
    ("a2", 1, "p8 p7"), ("a6", 5, "p4 p3"),  # lisbon_egs1.gif examples [2] and [3]
])
def test_near_opposites(cell: str, index: int, opposites: str) -> None:
    c = BOARD.cell(cell)
    assert PERIMETER_INDEX[c] == index
    assert sorted(names(near_opposites(c))) == sorted(opposites.split())
    for other in near_opposites(c):
        assert spans_perimeter([index, PERIMETER_INDEX[other]])


EDGE_TABLE = [
    ("a1 p8", True), ("a1 o9", True), ("a1 n10", False), ("a1 p7", False),
    ("a1 h16 p1", True), ("a1 a9 h16", False), ("a1 a7 p1", False), ("a1 a8 p1", True),
]


@pytest.mark.parametrize("edge_cells, wins", EDGE_TABLE)
def test_edge_win_table(edge_cells: str, wins: bool) -> None:
    group = set(cells(edge_cells))
    indices = [PERIMETER_INDEX[c] for c in group]
    assert spans_perimeter(indices) is wins
    assert spans(sum(1 << i for i in indices)) is wins
    outcome = winning_outcome(1, group)
    assert (outcome is not None) is wins
    if outcome is not None:
        assert outcome.winners == (1,) and outcome.reason.startswith("White connected")
        assert set(outcome.highlight) == group


# The column q = 0 runs from a1 to p8 through interior cells only.
COLUMN = "a1 b2 c3 d4 e5 f6 g7 h8 i8 j8 k8 l8 m8 n8 o8"


def test_connecting_near_opposite_corners_wins_in_play() -> None:
    state = position(black=COLUMN, white="c1 d1", turn=13)
    assert not state.is_over
    after = place(state, "p8")
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert after.outcome.reason == "Black connected near-opposite edge cells a1 and p8"
    assert names(after.outcome.highlight) == sorted(COLUMN.split() + ["p8"], key=BOARD.cell)


def test_connecting_a1_to_p7_is_not_a_win() -> None:
    after = place(position(black=COLUMN, white="c1 d1", turn=13), "p7")
    assert not after.is_over and after.turn == 13 and after.to_move == 0


def test_ring_around_h8_wins() -> None:
    state = position(black="a1", white="g7 g8 h9 i8 i7", turn=12)
    after = place(state, "h7")
    assert after.outcome is not None and after.outcome.winners == (1,)
    assert after.outcome.reason == "White formed a ring around h8"
    assert sorted(names(after.outcome.highlight)) == sorted("g7 g8 h7 h9 i7 i8".split())
    assert after.outcome.details["enclosed"] == ["h8"]


def test_ring_around_an_enemy_stone_and_with_edge_cells_wins() -> None:
    enemy_inside = place(position(black="h8", white="g7 g8 h9 i8 i7", turn=12), "h7")
    assert enemy_inside.outcome is not None and enemy_inside.outcome.winners == (1,)
    edge_ring = place(position(black="a1 a2 b1 c2 c3", white="h8", turn=11), "b3")  # around b2 (L6)
    assert edge_ring.outcome is not None and edge_ring.outcome.reason == "Black formed a ring around b2"


def test_surrounding_an_edge_cell_is_no_ring() -> None:
    state = place(position(black="a4 b5 b6", white="h8", turn=11), "a6")  # a5 touches the off-board side
    assert not state.is_over


# --- turns ------------------------------------------------------------------------------------

def test_turn_schedule_over_twenty_turns() -> None:
    expected = [1, 2, 2, 2, 3, 4, 4, 4, 5, 6, 6, 6, 7, 8, 8, 8, 9, 10, 10, 10]
    assert [stones_allowed(t) for t in range(1, 21)] == expected
    state = SPEC.new_game()
    for turn, allowed in enumerate(expected, start=1):
        assert (state.turn_number, state.to_move, state.stones_left) == (turn, (turn - 1) % 2, allowed)
        cell = state.legal_actions()[0]
        state = state.apply(cell)
        if allowed == 1:
            assert state.turn_number == turn + 1
        else:
            assert state.stones_left == allowed - 1 and END_TURN in state.legal_actions()
            state = state.apply(END_TURN)
    assert state.turn_number == 21


# Twelve cells no two of which are neighbours, far from winning anything.
SCATTERED = "c3 c6 c9 f3 f6 f9 f12 i4 i7 i10 l3 l6"


@pytest.mark.parametrize("turn", range(1, 21))
def test_a_turn_ends_by_itself_after_n_stones(turn: int) -> None:
    state = position(turn=turn)
    allowed = stones_allowed(turn)
    for k, name in enumerate(SCATTERED.split()[:allowed], start=1):
        assert state.turn_number == turn and state.stones_left == allowed - k + 1
        state = place(state, name)
    assert state.turn_number == turn + 1 and state.turn_actions == ()


def test_no_zero_stone_turn_and_end_turn_after_one() -> None:
    state = position(turn=3)
    assert END_TURN not in state.legal_actions() and not state.is_legal(END_TURN)
    with pytest.raises(IllegalMoveError):
        state.apply(END_TURN)
    with pytest.raises(InvalidMoveError):
        state.parse_turn("  ")
    after = place(state, "h8")
    assert after.is_legal(END_TURN) and after.apply(END_TURN).turn_number == 4


def test_group_rule_direct_and_through_a_merge() -> None:
    # Black groups: {d4} and {d7 d8}; White elsewhere.
    state = position(black="d4 d7 d8", white="m5", turn=7)  # Black, 4 stones
    first = place(state, "d5")  # joins d4: the group {d4 d5} now holds a stone of this turn
    legal = set(first.legal_actions())
    for name in ("d6", "e5", "c4"):  # next to d5 (directly) or only to d4 (through the merge)
        assert BOARD.cell(name) not in legal
        with pytest.raises(IllegalMoveError, match="group of d5"):
            first.apply(BOARD.cell(name))  # type: ignore[arg-type]
    assert BOARD.cell("d9") in legal  # joins {d7 d8}, untouched this turn
    second = place(first, "d9")
    assert BOARD.cell("d6") not in second.legal_actions()  # d6 would join both
    with pytest.raises(IllegalMoveError, match="same group"):
        state.parse_turn("d5,d6")
    assert state.parse_turn("d6") == [BOARD.cell("d6"), END_TURN]  # one stone may merge groups


def test_group_rule_does_not_depend_on_order() -> None:
    state = position(black="d4 d7", white="m5", turn=7)
    for text in ("d5,d6", "d6,d5"):
        with pytest.raises(IllegalMoveError):
            state.parse_turn(text)
    assert state.parse_turn("e5,c7") == [BOARD.cell("e5"), BOARD.cell("c7"), END_TURN]
    assert state.parse_turn("c7,e5") == [BOARD.cell("c7"), BOARD.cell("e5"), END_TURN]


def test_turn_ends_when_no_legal_placement_is_left() -> None:
    # Black to move with stones to spare; both other empty cells touch the first stone,
    # so the turn ends after it.
    empty = set(cells("h8 h9 h10"))
    white = {c for c in range(BOARD.size) if c not in empty}
    state = lisbon_position((), white, 9)
    # White owns the rest of the board: a winning position for White, but Black is to move,
    # and the rules only ever look at the mover's groups.
    after = place(state, "h9")
    assert after.turn_number == 10 and after.to_move == 1
    assert state.parse_turn("h9") == [BOARD.cell("h9")]
    with pytest.raises(IllegalMoveError, match="turn had ended"):
        state.parse_turn("h9,h10")


def test_a_win_ends_the_game_in_mid_turn() -> None:
    state = position(black="a1", white="g7 g8 h9 i8 i7", turn=12)  # White may place 6
    after = place(state, "h7")
    assert after.is_over and after.turn_actions == (BOARD.cell("h7"),) and after.legal_actions() == []
    assert state.parse_turn("h7") == [BOARD.cell("h7")]
    with pytest.raises(IllegalMoveError, match="game ended"):
        state.parse_turn("a9,h7,p1")
    assert state.parse_turn("a9,h7") == [BOARD.cell("a9"), BOARD.cell("h7")]
    assert after.returns() == (0.0, 1.0)


# --- notation ---------------------------------------------------------------------------------

def test_notation_is_case_insensitive_and_tolerates_spaces() -> None:
    state = position(turn=6)
    expected = [BOARD.cell("f6"), BOARD.cell("h8"), END_TURN]
    assert state.parse_turn("f6,h8") == state.parse_turn(" F6 , H8 ") == state.parse_turn("f6 h8") == expected
    assert state.format_turn(expected) == "f6,h8"
    assert state.action_text(END_TURN) == "end"


@pytest.mark.parametrize("text, error, fragment", [
    ("q1", InvalidMoveError, "no such cell"),
    ("a10", InvalidMoveError, "no such cell"),
    ("f6,zz", InvalidMoveError, "no such cell"),
    ("f6,F6", IllegalMoveError, "twice"),
    ("a1,c3,e5", IllegalMoveError, "at most 2 stones"),
    ("h8,g1", IllegalMoveError, "occupied by Black"),
])
def test_bad_turns_name_the_input(text: str, error: type, fragment: str) -> None:
    state = position(black="g1", turn=2)
    with pytest.raises(error, match=fragment):
        state.parse_turn(text)


def test_position_rows_and_registry() -> None:
    state = place(position(turn=1), "a1")
    rows = state.position_rows()
    assert [len(r) for r in rows] == [len(r) for r in BOARD.rows]
    assert rows[0] == "x........" and set("".join(rows[1:])) == {"."}
    assert find_game("LISBON") is SPEC and state.player_name(1) == "White" and state.player_letter(0) == "B"


# --- CLI --------------------------------------------------------------------------------------

def test_cli_replays_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.txt"
    record.write_text("1 B  h8\n2 W  g7, i9\n3. h7,C3\n", encoding="utf-8")
    assert cli.main(["replay", "lisbon", str(record)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["plies"] == 3 and report["to_move"] == "white" and not report["over"]
    assert report["stones"]["black"] == ["c3", "h7", "h8"] and report["stones"]["white"] == ["g7", "i9"]
    assert (report["turn"], report["stones_allowed"], report["stones_left"]) == (4, 2, 2)


def test_cli_rejects_an_illegal_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.txt"
    record.write_text("h8\ng7,g8\n", encoding="utf-8")
    assert cli.main(["replay", "lisbon", str(record)]) == 2
    assert "move 2" in capsys.readouterr().err
