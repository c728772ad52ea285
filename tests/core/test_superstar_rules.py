"""SUPERSTAR rules and counting: the rules' test vectors, the seed's own arithmetic, rings (opponent
stones, own stones, nested, several regions, the edge never closing one), passing, komi,
notation, positions, the CLI report and the fast playout."""

import json
import random
import time
from pathlib import Path

import pytest

from pygame_core import cli
from pygame_core.errors import IllegalMoveError, InvalidMoveError, OptionsError, RecordError
from pygame_core.game import PASS
from pygame_core.games.superstar import SPEC, SuperstarState, load_position
from pygame_core.games.superstar.board import EMPTY, breakdown, totals
from pygame_core.registry import find_game

BOARD = SPEC.new_game().board
N = BOARD.size


def cells_of(white: str = "", black: str = "") -> list[int]:
    cells = [EMPTY] * N
    for seat, names in enumerate((white, black)):
        for name in names.split():
            assert cells[BOARD.cell(name)] == EMPTY, name
            cells[BOARD.cell(name)] = seat
    return cells


def white_score(white: str, black: str = "") -> int:
    return totals(cells_of(white, black), 0)[0]


def chain_with(score, name: str):
    cell = BOARD.cell(name)
    return next(chain for chain in score.chains if cell in chain.cells)


def position(white: str = "", black: str = "", to_move: str = "White", komi: float = 0) -> SuperstarState:
    cells = cells_of(white, black)
    rows = ["".join(".ox"[cells[c] + 1] for c in row) for row in BOARD.rows]
    return load_position(SPEC.resolve_options({"komi": komi}), rows, to_move)


# --- test vectors -------------------------------------------------------------------------------

HEXAGON_AROUND_J10 = "J9 K10 K11 J11 I10 I9"
RADIUS_2_AROUND_J10 = "J8 K9 L10 L11 L12 K12 J12 I11 H10 H9 H8 I8"


@pytest.mark.parametrize("white, black, expected", [
    ("A5", "", (1, 0)),                       # outward corner: E = 3
    ("E5", "", (0, 0)),                       # inward corner: E = 1, S = 2
    ("E5 F5 G5 H5 I5 J5", "", (10, 0)),       # S = 4, E = 2: a superstar, not a star
    (HEXAGON_AROUND_J10, "", (1, 0)),         # ring around empty J10
    (HEXAGON_AROUND_J10, "J10", (5, 0)),      # ring around a Black stone
])
def test_rules_vectors(white: str, black: str, expected: tuple[int, int]) -> None:
    assert totals(cells_of(white, black), 0) == expected


def test_rules_vector_parts() -> None:
    score = breakdown(cells_of("E5 F5 G5 H5 I5 J5"), 0)
    (chain,) = score.chains
    assert (chain.edge_cells, chain.sides, chain.star, chain.superstar, chain.ring) == (2, 4, 0, 10, 0)
    ring = breakdown(cells_of(HEXAGON_AROUND_J10, "J10"), 0)
    assert chain_with(ring, "J9").enclosed == (BOARD.cell("J10"),)
    assert chain_with(ring, "J10").points == 0


# --- the seed's arithmetic --------------------------------------------------------------------

def test_connecting_a_2_point_and_a_1_point_star_makes_5() -> None:
    corner, line = "A5", "B7 C8 D9"   # 3 and 4 edge cells, none shared
    assert white_score(corner) == 1 and white_score(line) == 2
    assert white_score(f"{corner} {line}") == 3
    assert white_score(f"{corner} B6 {line}") == 5  # B6 touches no edge cell


def test_connecting_a_star_to_a_non_star_still_gains_2() -> None:
    assert white_score("B7") == 0  # two edge cells
    assert white_score("A5 B6 B7") == 1 + 0 + 2


def superstar(white: str) -> tuple[int, int]:
    (chain,) = breakdown(cells_of(white), 0).chains
    return chain.sides, chain.superstar


def test_superstar_grows_10_15_25() -> None:
    base, one_side, corner = "E5 E6 E7 E8 E9 E10", "F12 F13 F14 G15", "J5 I5 H5 G5"
    assert superstar(base) == (4, 10)      # sides 7, 8, 9, 10 from two inward corners
    assert superstar(one_side) == (1, 0)   # side 11 only
    assert superstar(corner) == (2, 0)     # an inward corner: two sides, no points
    assert superstar(f"{base} F11 {one_side}") == (5, 15)              # connection B
    assert superstar(f"{base} F11 {one_side} F5 {corner}") == (7, 25)  # connection C


def test_superstar_maximum_is_50_for_all_twelve_sides() -> None:
    walk = " ".join(BOARD.names[c] for c in BOARD.regions["edge_adjacent"])
    chain = breakdown(cells_of(walk), 0).chains[0]
    assert (chain.sides, chain.superstar, chain.edge_cells, chain.star) == (12, 50, 60, 58)


# --- rings ------------------------------------------------------------------------------------

def test_own_stone_inside_a_ring_scores_nothing() -> None:
    score = breakdown(cells_of(f"{RADIUS_2_AROUND_J10} J10"), 0)
    ring = chain_with(score, "J8")
    assert ring.ring == 6 and len(ring.enclosed) == 7  # six vacant cells; J10 is worth 0
    assert chain_with(score, "J10").points == 0 and score.totals == (6, 0)


def test_the_edge_does_not_close_a_ring() -> None:
    assert white_score("A6 B5 B6") == 5 - 2  # one chain touching 3 + 2 edge cells; A5 stays open
    score = breakdown(cells_of("A6 B5 B6"), 0)
    assert score.chains[0].ring == 0 and score.chains[0].enclosed == ()


def test_a_ring_enclosing_two_regions_counts_both() -> None:
    score = breakdown(cells_of("J9 K10 K11 J11 I10 I9 K12 K13 J13 I12 I11"), 0)
    (chain,) = score.chains
    assert chain.ring == 2 and chain.enclosed == tuple(sorted((BOARD.cell("J10"), BOARD.cell("J12"))))




def test_nested_rings_count_everything_inside() -> None:
    cells = cells_of(RADIUS_2_AROUND_J10, HEXAGON_AROUND_J10)
    score = breakdown(cells, 0)
    outer, inner = chain_with(score, "J8"), chain_with(score, "J9")
    assert outer.ring == 6 * 5 + 1 and len(outer.enclosed) == 7
    assert inner.ring == 1
    assert score.totals == (31, 1)


def test_nested_rings_with_my_stone_in_the_middle() -> None:
    score = breakdown(cells_of(f"{RADIUS_2_AROUND_J10} J10", HEXAGON_AROUND_J10), 0)
    assert chain_with(score, "J8").ring == 30  # J10 is White's own stone: 0
    assert chain_with(score, "J9").ring == 5   # the trapped White stone
    assert chain_with(score, "J10").ring == 0


def test_black_ring_around_white_scores_for_black() -> None:
    assert totals(cells_of("J10", HEXAGON_AROUND_J10), 0) == (0, 5)


# --- play -------------------------------------------------------------------------------------

def test_white_moves_first_and_turns_alternate() -> None:
    state = SPEC.new_game()
    assert state.to_move == 0 and state.player_name(0) == "White" and state.player_letter(1) == "B"
    state = state.play_turn("J10")
    assert state.occupant(BOARD.cell("J10")) == 0 and state.to_move == 1 and state.turn_number == 2


def test_two_passes_in_a_row_end_the_game() -> None:
    state = SPEC.new_game().play_turn("pass").play_turn("J10").play_turn("pass")
    assert not state.is_over and state.passes == 1
    state = state.play_turn("PASS")
    assert state.is_over and state.legal_actions() == ()
    with pytest.raises(IllegalMoveError, match="over"):
        state.apply(PASS)


def test_pass_is_the_only_move_on_a_full_board() -> None:
    state = SPEC.new_game()
    for cell in range(N):
        assert state.is_legal(PASS)
        state = state.apply(cell)
    assert state.legal_actions() == (PASS,) and not state.is_over


def test_occupied_cells_and_foreign_actions_are_illegal() -> None:
    state = SPEC.new_game().play_turn("J10")
    with pytest.raises(IllegalMoveError, match="J10 is occupied by White"):
        state.play_turn("j10")
    for action in (N, -2, -3):
        assert not state.is_legal(action)
        with pytest.raises(IllegalMoveError):
            state.apply(action)


@pytest.mark.parametrize("text, error", [
    ("T5", InvalidMoveError), ("A1", InvalidMoveError), ("10J", InvalidMoveError),
    ("", InvalidMoveError), ("J10,K10", InvalidMoveError), ("swap", InvalidMoveError),
])
def test_bad_notation(text: str, error: type) -> None:
    with pytest.raises(error) as info:
        SPEC.new_game().parse_turn(text)
    assert repr(text) in str(info.value)


def test_notation_is_case_and_space_tolerant() -> None:
    state = SPEC.new_game()
    assert state.parse_turn(" j10 ") == state.parse_turn("J10") == [BOARD.cell("J10")]
    assert state.parse_turn(" Pass") == [PASS]
    assert state.action_text(PASS) == "pass" and state.action_text(BOARD.cell("s15")) == "S15"


# --- komi and the outcome ---------------------------------------------------------------------

def test_default_komi_gives_black_a_half_point_win_on_an_empty_board() -> None:
    state = SPEC.new_game().play_turn("pass").play_turn("pass")
    assert state.options["komi"] == 5.5
    assert state.outcome.winners == (1,) and state.outcome.reason == "White 0 – Black 5.5"
    assert state.outcome.details["score"].totals == (0, 5.5)


def test_equal_totals_draw() -> None:
    state = position("A5", "S15", komi=0).play_turn("pass").play_turn("pass")
    assert state.outcome.is_draw and state.outcome.reason == "White 1 – Black 1"
    assert state.returns() == (0.5, 0.5)


def test_higher_total_wins_and_its_scoring_chains_are_highlighted() -> None:
    state = position("E5 F5 G5 H5 I5 J5", "A5", komi=5.5).play_turn("pass").play_turn("pass")
    assert state.outcome.winners == (0,) and state.outcome.reason == "White 10 – Black 6.5"
    assert set(state.outcome.highlight) == set(BOARD.cell(n) for n in "E5 F5 G5 H5 I5 J5".split())
    assert state.returns() == (1.0, 0.0)


def test_komi_option_is_checked() -> None:
    assert SPEC.resolve_options({"komi": "-3.5"})["komi"] == -3.5
    for bad in ("0.3", "51", "half", "-50.5"):
        with pytest.raises(OptionsError, match="komi"):
            SPEC.resolve_options({"komi": bad})


def test_live_score_is_cheap() -> None:
    rng = random.Random(3)
    state = SPEC.new_game()
    for cell in rng.sample(range(N), 120):
        state = state.apply(cell)
    started = time.perf_counter()
    for _ in range(20):
        breakdown(state.cells, 5.5)
    assert (time.perf_counter() - started) / 20 < 0.01
    assert state.score() is state.score()


# --- positions --------------------------------------------------------------------------------

def test_position_rows_are_the_letter_lines_and_load_back() -> None:
    state = SPEC.new_game().play_turn("A5").play_turn("S15").play_turn("J10")
    rows = state.position_rows()
    assert rows[0] == "o." and rows[-1] == ".x" and len(rows) == 19
    assert rows[9] == "." * 5 + "o" + "." * 5  # J5..J15
    loaded = load_position(state.options, rows, "black")
    assert loaded.cells == state.cells and loaded.to_move == 1 and not loaded.is_over


def test_load_position_rejects_bad_text() -> None:
    rows = SPEC.new_game().position_rows()
    with pytest.raises(RecordError, match="White or Black"):
        load_position(SPEC.resolve_options(), rows, "Red")
    with pytest.raises(RecordError, match="unknown symbol"):
        load_position(SPEC.resolve_options(), ["oz", *rows[1:]], "W")
    with pytest.raises(RecordError, match="rows"):
        load_position(SPEC.resolve_options(), rows[:-1], "W")


# --- CLI --------------------------------------------------------------------------------------

def test_cli_report_has_score_and_chains(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text("1 W  E5\n2 B  A5\nF5\ns15\ng5\npass\nH5\npass\ni5\npass\nJ5\npass\npass\n", encoding="utf-8")
    assert cli.main(["replay", "superstar", "--komi", "2", str(record)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["over"] and report["winners"] == ["white"] and report["options"]["komi"] == 2
    assert report["score"] == {"white": 10, "black": 4}
    assert report["reason"] == "White 10 – Black 4"
    assert {"player": "white", "cells": ["E5", "F5", "G5", "H5", "I5", "J5"], "star": 0, "superstar": 10,
            "ring": 0} in report["chains"]
    assert sorted(c["star"] for c in report["chains"] if c["player"] == "black") == [1, 1]


def test_registered() -> None:
    assert find_game("SuperStar") is SPEC
