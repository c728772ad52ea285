"""STYMIE rules (docs/rules.md, STYMIE): move shapes, triple eligibility, the role swap,
stone-by-stone turns, notation errors, the win, positions, records and the CLI."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from pygame_core import cli
from pygame_core.errors import IllegalMoveError, InvalidMoveError, RecordError
from pygame_core.game import END_TURN, SWAP
from pygame_core.games.stymie import SPEC
from pygame_core.games.stymie.state import StymieState, connected_chain, tables
from pygame_core.record import Record, from_text, replay, to_text
from pygame_core.registry import find_game

FIXTURES = Path(__file__).parent / "fixtures"


def play(*turns: str, size: int = 8) -> StymieState:
    state = SPEC.new_game({"size": size})
    for turn in turns:
        assert not state.is_over, turn
        state = state.play_turn(turn)
    assert isinstance(state, StymieState)
    return state


def cells(state: StymieState, names: str) -> list[int]:
    return [state.board.cell(n) for n in names.split()]


def is_legal_turn(state: StymieState, text: str) -> bool:
    try:
        state.parse_turn(text)
    except IllegalMoveError:
        return False
    return True


# --- the rules text's examples -----------------------------------------------------------

def test_pair_shapes() -> None:
    state = play("a1")  # Horz on move 2: singles and pairs
    assert is_legal_turn(state, "f6,g5") and is_legal_turn(state, "g5,f6")
    with pytest.raises(IllegalMoveError, match="octagon and an adjacent square"):
        state.parse_turn("f6,h6")  # two squares
    with pytest.raises(IllegalMoveError, match="octagon and an adjacent square"):
        state.parse_turn("g5,i5")  # two octagons
    assert not is_legal_turn(state, "g5,h8")  # octagon and a square that does not touch it


@pytest.mark.parametrize("history, allowed", [
    (("a1",), False),                  # the opening single does not count
    (("a1", "swap"), False),           # nor does a swap
    (("a1", "o1,n2"), False),          # the opponent made a pair
    (("a1", "o1"), True),              # Horz's single on move 2 does count (only the opening is not a single)
    (("a1", "o1,n2", "a15"), True),
    (("a1", "o1", "a15,b14,c15"), False),  # a triple is not a single
])
def test_a_triple_needs_the_opponents_non_opening_single(history: tuple[str, ...], allowed: bool) -> None:
    state = play(*history)
    for text in ("g5,f6,h6", "h6,g5,f6", "f6,g5,e5", "f6,e7,g7"):  # octagon+2 squares, square+2 octagons
        assert is_legal_turn(state, text) == allowed, text
    assert state.stone_limit == (3 if allowed else 2)
    for text in ("f6,h6,h4", "g5,i5,k5", "g5,f6,h8"):  # never triples
        assert not is_legal_turn(state, text), text


def test_swap_only_on_move_two_and_the_opening_is_a_single() -> None:
    opening = SPEC.new_game({})
    assert SWAP not in opening.legal_actions()
    with pytest.raises(IllegalMoveError, match="second move"):
        opening.parse_turn("swap")
    with pytest.raises(IllegalMoveError, match="opening move is a single"):
        opening.parse_turn("f6,g5")
    assert play("a1").parse_turn(" SWAP ") == [SWAP]
    for later in (play("a1", "swap"), play("a1", "o1")):
        assert SWAP not in later.legal_actions()
        with pytest.raises(IllegalMoveError, match="second move"):
            later.parse_turn("swap")


# --- the role swap -------------------------------------------------------------

def test_swap_exchanges_sides_and_the_first_player_moves_next_as_horz() -> None:
    before = play("g5")
    after = before.play_turn("swap")
    assert isinstance(after, StymieState)
    assert after.position_rows() == before.position_rows()
    assert after.swapped and after.to_move == 0 and after.turn_number == 3
    assert [after.player_name(s) for s in (0, 1)] == ["Horz", "Vert"]
    assert [after.player_letter(s) for s in (0, 1)] == ["H", "V"]
    assert after.occupant(after.board.cell("g5")) == 1  # the V piece now belongs to seat 1
    nxt = after.play_turn("a1")
    assert nxt.to_move == 1 and nxt.player_name(nxt.to_move) == "Vert"
    assert nxt.occupant(nxt.board.cell("a1")) == 0 and "H" in "".join(nxt.position_rows())


def test_after_a_swap_the_original_first_player_wins_as_horz() -> None:
    state = play("e1", "swap", "a3,b2", "a5", "c3,d2,e3", size=3)
    assert state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.reason == "Horz connected left to right"
    assert sorted(state.board.names[c] for c in state.outcome.highlight) == ["A3", "B2", "C3", "D2", "E3"]
    assert state.legal_actions() == [] and state.returns() == (1.0, 0.0)


def test_records_letter_turns_by_the_side_played_after_a_swap() -> None:
    record = from_text("1 V e1\n2 H swap\n3 H a3,b2\n4 V a5\n5 H c3,d2,e3\n", game="stymie", options={"size": 3})
    assert replay(record)[-1].outcome.winners == (0,)  # type: ignore[union-attr]
    listing = to_text(record)
    assert " 3 H  a3,b2" in listing and " 4 V  a5" in listing and "result: win (Horz)" in listing
    with pytest.raises(RecordError, match="move 3"):
        replay(from_text("1 V e1\n2 H swap\n3 V a3,b2\n", game="stymie", options={"size": 3}))


# --- stone-by-stone turns -------------------------------------------------------------------

def test_turns_end_by_themselves_when_no_stone_can_be_added() -> None:
    opening = SPEC.new_game({})
    first = opening.apply(opening.board.cell("g5"))
    assert first.turn_actions == () and first.turn_number == 2  # the opening is one stone
    state = play("a1")
    pair = state.apply(state.board.cell("g5")).apply(state.board.cell("f6"))
    assert pair.turn_actions == () and pair.to_move == 0  # a pair is complete without a triple
    assert state.parse_turn("g5,f6") == cells(state, "g5 f6")
    assert state.parse_turn("g5") == [state.board.cell("g5"), END_TURN]
    # a square whose octagons are all taken cannot grow: the single ends the turn
    boxed = play("a1", "a3", "c1", "c3", size=3)
    assert boxed.parse_turn("b2") == [boxed.board.cell("b2")]


def test_second_and_third_stones_only_where_the_turn_can_still_end_legally() -> None:
    state = play("a1", "f6,e7", "a15")  # Horz may triple; F6 and E7 are taken
    assert state.stone_limit == 3
    g5 = state.apply(state.board.cell("g5"))
    names = sorted(g5.action_text(a) for a in g5.legal_actions())
    # END, G5's free squares, and the octagons sharing a free square with it (not E7: taken)
    assert names == sorted(["end", "f4", "h4", "h6", "e3", "e5", "g3", "g7", "i3", "i5", "i7"])
    two_octagons = g5.apply(g5.board.cell("i5"))
    assert sorted(two_octagons.action_text(a) for a in two_octagons.legal_actions()) == ["h4", "h6"]
    assert not two_octagons.is_legal(END_TURN)  # two octagons are no pair: the turn must go on
    with pytest.raises(IllegalMoveError):
        two_octagons.apply(END_TURN)
    done = two_octagons.apply(two_octagons.board.cell("h6"))
    assert done.turn_actions == () and done.to_move == 0 and done.stone_limit == 2
    assert state.parse_turn("g5,i5,h6") == cells(state, "g5 i5 h6")


def _oracle_turns(state: StymieState) -> set[frozenset[int]]:
    """Every legal whole turn, straight from the coordinates (docs/rules.md, STYMIE), independent of the
    game module: a single; a pair = two cells one diagonal step apart (an octagon and a
    square); a triple = a cell with two others one diagonal step from it."""
    coords = state.board.coords
    empty = [c for c in range(state.board.size) if state.occupant(c) is None]

    def touch(a: int, b: int) -> bool:
        return abs(coords[a][0] - coords[b][0]) == 1 == abs(coords[a][1] - coords[b][1])

    turns = {frozenset((c,)) for c in empty}
    turns |= {frozenset(p) for p in itertools.combinations(empty, 2) if touch(*p)}
    if state.stone_limit == 3:
        turns |= {frozenset(t) for t in itertools.combinations(empty, 3)
                  if any(touch(c, o1) and touch(c, o2) for c, o1, o2 in itertools.permutations(t))}
    return turns


def _generated_turns(state: StymieState) -> set[frozenset[int]]:
    """Every stone set the per-stone actions can end a turn with, checking on the way that a
    half-built turn always has a way on and may end exactly when it is a single or a pair."""
    found: set[frozenset[int]] = set()

    def walk(s: StymieState, placed: tuple[int, ...]) -> None:
        actions = s.legal_actions()
        assert actions, placed
        for action in actions:
            if action == SWAP:
                continue
            nxt = s.apply(action)
            so_far = placed if action == END_TURN else placed + (action,)
            if nxt.turn_actions:
                walk(nxt, so_far)  # type: ignore[arg-type]
            else:
                found.add(frozenset(so_far))

    walk(state, ())
    return found


@pytest.mark.parametrize("seed", range(12))
def test_per_stone_actions_build_exactly_the_legal_turns(seed: int) -> None:
    rng = random.Random(seed)
    size = 3 + seed % 2
    options = SPEC.resolve_options({"size": size})
    board = tables(size).board
    while True:  # a random unfinished position, then a single so the next player may triple
        rows = ["".join(rng.choice("VH....") for _ in row) for row in board.rows]
        state = SPEC.load_position(options, rows, rng.choice(["Vert", "Horz"]))
        if not state.is_over and sum(r.count(".") for r in rows) >= 4:
            break
    assert isinstance(state, StymieState)
    assert state.stone_limit == 2
    assert _generated_turns(state) == _oracle_turns(state)
    single = state.apply(state.legal_actions()[0])
    if single.turn_actions:
        single = single.apply(END_TURN)
    if not single.is_over:
        assert single.stone_limit == 3
        assert _generated_turns(single) == _oracle_turns(single)  # type: ignore[arg-type]


# --- notation errors -------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", " ", "f6,,g5", "f6,", "zz", "f 6", "6f", "f6-g5", "a2", "p1", "a16",
                                  "swap,f6", "end", "f6;g5"])
def test_bad_syntax_and_unknown_cells_are_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        play("a1").parse_turn(text)
    assert caught.value.text == text


@pytest.mark.parametrize("text, reason", [
    ("f6,f6", "given twice"), ("F6,g5,f6", "given twice"), ("a1", "occupied"), ("g5,a1", "occupied"),
    ("f6,g5,h6,h4", "at most three"), ("g5,f6,h6", "triple is only allowed"),
])
def test_illegal_turns_say_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason) as caught:
        play("a1").parse_turn(text)
    assert caught.value.text == text


def test_notation_is_case_insensitive_tolerates_spaces_and_prints_lower_case_sorted() -> None:
    state = play("a1", "o1")
    actions = state.parse_turn(" H6 , g5,F6 ")
    assert actions == cells(state, "h6 g5 f6")
    assert state.format_turn(actions) == "f6,g5,h6"
    assert state.format_turn(state.parse_turn("g5")) == "g5"
    assert play("a1").format_turn([SWAP]) == "swap"
    assert state.action_text(END_TURN) == "end"
    with pytest.raises(ValueError):
        state.action_text(-7)
    within = state.apply(state.board.cell("g5"))   # a turn half-made (a position set up by hand)
    assert within.parse_turn("f6, h6") == cells(state, "f6 h6")   # its rest: the triple completed
    assert within.format_turn(cells(state, "f6 h6")) == "f6,h6"
    assert within.parse_turn("f6") == [*cells(state, "f6"), END_TURN]   # or a pair, ended
    with pytest.raises(IllegalMoveError, match="g5 is occupied"):
        within.parse_turn("g5")


# --- the win, positions ----------------------------------------------------------------------

def _sample() -> list[str]:
    lines = (FIXTURES / "stymie_sample.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def test_the_help_files_sample_board_is_won_by_horz() -> None:
    rows = _sample()
    state = SPEC.load_position(SPEC.resolve_options({}), rows, "Vert")
    assert isinstance(state, StymieState)
    t = tables(8)
    board_cells = [state.occupant(c) if state.occupant(c) is not None else -1 for c in range(state.board.size)]
    assert connected_chain(t, board_cells, 1) and not connected_chain(t, board_cells, 0)
    assert len(state.stones(0)) == 28 and len(state.stones(1)) == 22
    assert state.outcome is not None and state.outcome.winners == (1,)
    chain = {state.board.names[c] for c in state.outcome.highlight}
    assert {"A7", "B8", "C9", "I13", "M5", "N4", "O3"} <= chain and "K15" not in chain
    assert state.position_rows() == ["".join(r.split()[1:]) for r in rows]


def test_vert_wins_top_to_bottom_and_the_highlight_is_the_winning_group() -> None:
    state = play("c5", "a3,b2", "c3,d4", "e3", size=3)
    assert state.outcome is None and state.stone_limit == 3
    state = state.play_turn("c1")
    assert state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.reason == "Vert connected top to bottom"
    assert sorted(state.board.names[c] for c in state.outcome.highlight) == ["C1", "C3", "C5", "D4"]
    assert state.position_rows() == [".V.", ".V", "HVH", "H.", ".V."]


@pytest.mark.parametrize("rows, to_move, message", [
    ([".V.", ".V", "H.H", "..", "...."], "Vert", "row 1"),
    ([".V.", ".V", "H.H", ".."], "Vert", "4 rows"),
    ([".X.", ".V", "H.H", "..", "..."], "Vert", "row 5"),
    (["...", "..", "...", "..", "..."], "Green", "Green"),
])
def test_load_position_rejects_bad_diagrams(rows: list[str], to_move: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        SPEC.load_position(SPEC.resolve_options({"size": 3}), rows, to_move)


def test_a_loaded_position_continues_with_no_swap_and_no_triple() -> None:
    state = SPEC.load_position(SPEC.resolve_options({"size": 3}), ["V . .", " . .", ". H .", " . .", ". . ."], "h")
    assert state.to_move == 1 and state.player_name(1) == "Horz" and not state.is_over
    assert SWAP not in state.legal_actions() and state.stone_limit == 2  # type: ignore[attr-defined]


# --- registry, records, CLI ------------------------------------------------------------------

def test_registry_names_options_and_bad_sizes() -> None:
    assert find_game("STYMIE") is SPEC
    assert SPEC.resolve_options({}) == {"size": 8} and SPEC.resolve_options({"size": "12"}) == {"size": 12}
    for bad in ("2", "13", "7.5", "big"):
        with pytest.raises(ValueError, match="size"):
            SPEC.resolve_options({"size": bad})
    assert SPEC.new_game({}).board.size == 113
    assert [SPEC.new_game({}).player_name(s) for s in (0, 1)] == ["Vert", "Horz"]


def test_cli_replays_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text("# game: stymie\n1 V e1\n2 H swap\n3 H a3,b2\n4 V a5\n5 H c3,d2,e3\n", encoding="utf-8")
    assert cli.main(["replay", "stymie", "--size", "3", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["winners"] == ["horz"] and report["over"] and report["plies"] == 5
    assert report["stones"]["vert"] == ["A5", "E1"] and report["position"][2] == "HHH"
    path.write_text("1 V e1\n2 H e1\n", encoding="utf-8")
    assert cli.main(["replay", "stymie", "--size", "3", str(path)]) == 2
    assert "move 2" in capsys.readouterr().err
    assert cli.main(["replay", "stymie", "--size", "13", str(path)]) == 2


def test_a_record_replays_and_reads_back() -> None:
    record = Record("stymie", {"size": 3}, ("c5", "a3,b2", "c3,d4", "e3", "c1"))
    assert replay(record)[-1].outcome.winners == (0,)  # type: ignore[union-attr]
    again = from_text(to_text(record))
    assert again == Record("stymie", {"size": "3"}, record.turns)
