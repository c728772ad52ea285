"""SUSAN rules: board facts, legality (RULES §1.6 T5), notation, the slide draw, 3-4 players."""

from __future__ import annotations

from typing import Iterable

import pytest

from pygame_core.errors import IllegalMoveError, InvalidMoveError, OptionsError, RecordError
from pygame_core.game import PASS, GameState
from pygame_core.geometry import Board
from pygame_core.games.susan import SPEC, SusanState
from pygame_core.games.susan.board import slide_action
from pygame_core.registry import find_game

SYMBOL = {"Black": "x", "White": "o", "Red": "r", "Blue": "u"}


def position(stones: dict[str, str], to_move: str, **options: object) -> SusanState:
    """A state with stones given by colour name -> space-separated cells."""
    resolved = SPEC.resolve_options(options)
    board = SPEC.new_state(resolved).board
    where = {board.cell(name): SYMBOL[colour] for colour, names in stones.items() for name in names.split()}
    rows = ["".join(where.get(c, ".") for c in row) for row in board.rows]
    state = SPEC.load_position(resolved, rows, to_move)
    assert isinstance(state, SusanState)
    return state


def play(state: SusanState, *moves: str) -> SusanState:
    for move in moves:
        assert not state.is_over, move
        state = state.play_turn(move)
    return state


def names(state: GameState, cells: Iterable[int]) -> list[str]:
    return names_of(state.board, cells)


def names_of(board: Board, cells: Iterable[int]) -> list[str]:
    return [board.names[c] for c in cells]


# --- board -----------------------------------------------------------------------------------

@pytest.mark.parametrize("size, cells, edges, corners, safe", [
    (5, 61, 24, "a1 a5 e1 e9 i1 i5", "b2 b5 e2 e8 h2 h5"),
    (6, 91, 30, "a1 a6 f1 f11 k1 k6", "b2 b6 f2 f10 j2 j6"),
])
def test_board_counts_corners_and_safe_spaces(size: int, cells: int, edges: int, corners: str, safe: str) -> None:
    board = SPEC.new_game({"size": size}).board
    assert board.size == cells
    assert len(board.regions["edges"]) == edges
    assert sorted(names_of(board, board.regions["corners"])) == sorted(corners.split())
    assert all(len(board.neighbours[c]) == 3 for c in board.regions["corners"])
    assert sorted(names_of(board, board.regions["safe"])) == sorted(safe.split())
    assert all(len(board.neighbours[c]) == 6 for c in board.regions["safe"])
    assert {len(board.neighbours[c]) for c in board.regions["edges"] - board.regions["corners"]} == {4}


@pytest.mark.parametrize("size", [5, 6])
def test_a_stone_on_a_safe_space_cannot_be_surrounded_by_the_opponent(size: int) -> None:
    """Fill every neighbour of the safe space but its corner: whoever then takes the corner
    surrounds their own corner stone too, so the attacker loses (RULES §1.1, manual "Safe")."""
    board = SPEC.new_game({"size": size}).board
    for cell in board.regions["safe"]:
        (corner,) = set(board.neighbours[cell]) & board.regions["corners"]
        ring = " ".join(board.names[c] for c in board.neighbours[cell] if c != corner)
        for attacker, defender in (("White", "Black"), ("Black", "White")):
            state = position({defender: board.names[cell], attacker: ring}, attacker, size=size)
            end = state.play_turn(board.names[corner]).outcome
            assert end is not None and [state.player_name(p) for p in end.winners] == [defender]
            assert {cell, corner} <= set(end.highlight)


# --- legality and notation (T5) ---------------------------------------------------------------

def test_t5_illegal_moves_name_the_input_and_the_reason() -> None:
    state = position({"Black": "e5 a1", "White": "e6 c3"}, "Black")
    with pytest.raises(IllegalMoveError, match=r"'e6-e7'.*White stone.*own"):
        state.play_turn("e6-e7")  # the opponent's stone
    with pytest.raises(IllegalMoveError, match=r"'e5-e3'.*not adjacent"):
        state.play_turn("e5-e3")  # two steps
    with pytest.raises(IllegalMoveError, match=r"'e5-e6'.*occupied by White"):
        state.play_turn("e5-e6")  # into an occupied cell
    with pytest.raises(IllegalMoveError, match=r"'c3'.*occupied"):
        state.play_turn("c3")
    with pytest.raises(IllegalMoveError, match=r"no stone on d4"):
        state.play_turn("d4-d5")
    with pytest.raises(IllegalMoveError, match="passing"):
        state.play_turn("pass")
    with pytest.raises(IllegalMoveError, match="passing"):
        state.apply(PASS)
    with pytest.raises(IllegalMoveError):
        state.apply(slide_action(61, state.board.cell("e5"), state.board.cell("e5")))
    assert PASS not in state.legal_actions()


@pytest.mark.parametrize("text", ["z9", "e", "e5-", "e5--e6", "j1", "a6", "e5 e6 e7", "", "5e"])
def test_bad_syntax_and_unknown_cells_are_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError) as error:
        SPEC.new_game().play_turn(text)
    assert repr(text) in str(error.value)


def test_slides_parse_in_every_accepted_form_and_print_canonically() -> None:
    state = position({"Black": "f6"}, "Black")
    expected = slide_action(61, state.board.cell("f6"), state.board.cell("f7"))
    for text in ["f6-f7", "f6->f7", "F6 -> F7", "f6 f7", " f6 - f7 ", "f6 ->f7"]:
        assert state.parse_turn(text) == [expected]
    assert state.action_text(expected) == "f6-f7"
    assert state.format_turn([expected]) == "f6-f7"
    assert SPEC.new_game({"size": 6}).parse_turn("K6") == [90]


def test_legal_actions_are_placements_and_one_step_slides() -> None:
    state = position({"Black": "a1", "White": "a2"}, "Black")
    empties = 61 - 2
    actions = state.legal_actions()
    assert len(actions) == empties + 2  # a1 can slide to b1 or b2
    assert sorted(state.action_text(a) for a in actions if a >= 61) == ["a1-b1", "a1-b2"]
    every = [a for a in range(61 + 61 * 61) if state.is_legal(a)]
    assert every == sorted(actions)


def test_options_and_player_names() -> None:
    assert find_game("SUSAN") is SPEC
    assert SPEC.player_names(SPEC.resolve_options({"players": 4})) == ["Black", "White", "Red", "Blue"]
    assert SPEC.player_letters(SPEC.resolve_options({"players": 4, "first": "white"})) == ["W", "B", "R", "U"]
    assert SPEC.resolve_options({"size": "6", "variant": "b"}) == {"size": 6, "players": 2, "variant": "B",
                                                                  "first": "Black"}
    with pytest.raises(OptionsError):
        SPEC.resolve_options({"size": 7})
    white_first = SPEC.new_game({"first": "White"}).play_turn("e5")
    assert white_first.position_rows()[4] == "....o...."
    assert white_first.player_name(white_first.to_move) == "Black"


# --- surrounds and draws (2 players) --------------------------------------------------------

def test_mover_wins_by_surrounding_and_loses_when_its_own_stone_is_surrounded_too() -> None:
    state = position({"Black": "a1", "White": "a2 b1"}, "White")
    assert not state.play_turn("c1").is_over
    end = state.play_turn("b2")
    assert end.outcome is not None and end.outcome.winners == (1,)
    assert end.outcome.reason == "White surrounded a1" and names(end, end.outcome.highlight) == ["a1"]
    assert end.returns() == (0.0, 1.0) and end.legal_actions() == ()
    with pytest.raises(IllegalMoveError, match="over"):
        end.play_turn("e5")
    suicide = position({"Black": "a2 b1 b2"}, "Black").play_turn("a1")
    assert suicide.outcome is not None and suicide.outcome.winners == (1,)
    assert "own stone a1" in suicide.outcome.reason


def test_six_consecutive_slides_draw_and_a_placement_resets_the_count() -> None:
    state = position({"Black": "e5", "White": "a1"}, "Black")
    state = play(state, "e5-e6", "a1-a2", "e6-e5", "a2-a1", "e5-e6")
    assert state.consecutive_slides == 5 and not state.is_over
    reset = play(state, "c3")
    assert reset.consecutive_slides == 0
    drawn = play(state, "a1-a2")
    assert drawn.outcome is not None and drawn.outcome.is_draw
    assert drawn.outcome.reason == "6 slides in a row" and drawn.returns() == (0.5, 0.5)


def test_a_surround_on_the_sixth_slide_wins_rather_than_draws() -> None:
    # the manual's "Threatened" plus a White stone on d2 that can slide into e3 (RULES §6.2)
    state = position({"Black": "e2 e4 f2 f3 i3", "White": "d2 d3 d4 e5 f4 a1"}, "Black")
    state = play(state, "i3-i4", "a1-a2", "i4-i3", "a2-a1", "i3-i4")
    assert state.consecutive_slides == 5
    end = play(state, "d2-e3")
    assert end.outcome is not None and end.outcome.winners == (1,)
    assert names(end, end.outcome.highlight) == ["e4"]


# --- 3 and 4 players -------------------------------------------------------------------------

def test_option_a_self_surround_eliminates_the_mover_and_removes_its_stones() -> None:
    state = position({"Black": "a2 b2 a3 b3", "White": "b1", "Red": "e5 i1"}, "Red", players=3)
    after = state.play_turn("a1")  # Red's a1 and Black's a2 are both surrounded: Red is out
    assert not after.is_over
    assert after.active == (0, 1) and after.stones(2) == []
    assert after.player_name(after.to_move) == "Black" and after.consecutive_slides == 0
    assert "r" not in "".join(after.position_rows())
    assert after.board.cell("a1") in after.legal_actions()  # a1 is empty again
    # now two players remain: the slide draw needs 6 slides
    drawn = play(after, "a3-a4", "b1-c1", "a4-a3", "c1-b1", "a3-a4", "b1-c1")
    assert drawn.outcome is not None and drawn.outcome.is_draw
    assert drawn.returns() == (0.5, 0.5, 0.0)


def test_option_a_surrounding_any_opponent_wins() -> None:
    state = position({"Black": "a1", "White": "a2 b2"}, "Red", players=3)
    end = state.play_turn("b1")
    assert end.outcome is not None and end.outcome.winners == (2,)
    assert end.outcome.reason == "Red surrounded a1"


def test_option_b_eliminates_the_surrounded_players_and_the_last_one_wins() -> None:
    state = position({"Black": "a1 e5", "White": "a2 b2 a5", "Red": "a4 b5"}, "Red", players=3, variant="B")
    after = state.play_turn("b1")
    assert not after.is_over and after.active == (1, 2) and after.stones(0) == []
    assert after.player_name(after.to_move) == "White" and after.position_rows()[4] == "........."
    end = play(after, "e9", "b6")  # Red fills a5's last liberty
    assert end.outcome is not None and end.outcome.winners == (2,)
    assert end.outcome.reason == "Red surrounded a5" and names(end, end.outcome.highlight) == ["a5"]


def test_four_players_option_b_double_elimination_and_twelve_slide_draw() -> None:
    stones = {"Black": "a1", "White": "a2", "Red": "e5", "Blue": "a3 b1 b3"}
    state = position(stones, "Blue", players=4, variant="B")
    after = state.play_turn("b2")  # surrounds Black's a1 and White's a2 at once
    assert after.active == (2, 3) and after.stones(0) == after.stones(1) == []
    assert after.player_name(after.to_move) == "Red"
    assert after.position_rows()[0] == "..u.."
    option_a = position(stones, "Blue", players=4).play_turn("b2").outcome
    assert option_a is not None and option_a.winners == (3,) and names(state, option_a.highlight) == ["a1", "a2"]

    four = position({"Black": "e1", "White": "e9", "Red": "a1", "Blue": "i1"}, "Black", players=4)
    shuffles = ["e1-e2", "e9-e8", "a1-a2", "i1-i2", "e2-e1", "e8-e9", "a2-a1", "i2-i1"]
    state = play(four, *shuffles, "e1-e2", "e9-e8", "a1-a2")
    assert state.consecutive_slides == 11 and not state.is_over
    drawn = play(state, "i1-i2")
    assert drawn.outcome is not None and drawn.outcome.reason == "12 slides in a row"


def test_load_position_rejects_bad_diagrams() -> None:
    options = SPEC.resolve_options({})
    with pytest.raises(RecordError, match="9"):
        SPEC.load_position(options, [".....", "......"], "Black")
    with pytest.raises(RecordError, match="row c has 6 cells"):
        SPEC.load_position(options, [".....", "......", "......", "........", ".........", "........",
                                     ".......", "......", "....."], "Black")
    empty = [".....", "......", ".......", "........", ".........", "........", ".......", "......", "....."]
    with pytest.raises(RecordError, match="'r'"):
        SPEC.load_position(options, ["r...."] + empty[1:], "Black")
    with pytest.raises(RecordError, match="Green"):
        SPEC.load_position(options, empty, "Green")
    with pytest.raises(RecordError, match="a1 is already surrounded"):
        SPEC.load_position(options, ["xo..."] + ["oo...."] + empty[2:], "w")
    state = SPEC.load_position(SPEC.resolve_options({"players": 4}), ["r...u"] + empty[1:], "u")
    assert state.player_name(state.to_move) == "Blue" and state.stones(3) == [4]


def test_three_players_draw_after_nine_slides_and_an_elimination_restarts_the_count() -> None:
    three = position({"Black": "e5", "White": "e9", "Red": "i1"}, "Black", players=3)
    state = play(three, "e5-e6", "e9-e8", "i1-i2", "e6-e5", "e8-e9", "i2-i1", "e5-e6", "e9-e8")
    assert state.consecutive_slides == 8 and not state.is_over
    drawn = play(state, "i1-i2")
    assert drawn.outcome is not None and drawn.outcome.reason == "9 slides in a row"
    assert drawn.returns() == (0.5, 0.5, 0.5)
    # Red slides c3-b2 and fills the last liberty of its own a1: out, on the third slide in a row
    trap = position({"Black": "a2 e5", "White": "b1 e9", "Red": "a1 c3"}, "Black", players=3)
    after = play(trap, "e5-e6", "e9-e8", "c3-b2")
    assert after.active == (0, 1) and after.consecutive_slides == 0 and not after.is_over
    assert play(after, "e6-e5", "e8-e9", "e5-e6", "e9-e8", "e6-e5").consecutive_slides == 5
