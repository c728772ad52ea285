"""Puzzles: the prover against brute force, the uniqueness rule, and every shipped puzzle proved
again from its position (solution, accepted turns, wrong turns and each refutation)."""

from __future__ import annotations

import random
import sys

import pytest
import tinyhex

from pygame_core.game import GameState
from pygame_core.puzzles.catalog import dumps, from_entry, judge, root_state, shipped, to_entry, verify
from pygame_core.puzzles.prove import SAVE, WIN, Prover, prove, turn_ended, unique_solution, whole_turns
from pygame_core.registry import GAME_NAMES, find_game

IN_PYODIDE = sys.platform == "emscripten"


def naive_forces_win(state: GameState, seat: int, plies: int) -> bool:
    """The definition, action by action, with no table and no merging of turns."""
    if state.outcome is not None:
        return seat in state.outcome.winners
    if plies == 0:
        return False

    def after_turn(current: GameState) -> list[GameState]:
        ends = []
        for action in current.legal_actions():
            after = current.play_unchecked(action)
            ends.extend([after] if turn_ended(current, after) else after_turn(after))
        return ends

    results = (naive_forces_win(after, seat, plies - 1) for after in after_turn(state))
    return any(results) if state.to_move == seat else all(results)


def random_positions(options: dict, count: int, seed: int) -> list[GameState]:
    spec = tinyhex.SPEC
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = spec.new_game(options)
        for _ in range(rng.randrange(0, 6)):
            if state.outcome is not None:
                break
            legal = state.legal_actions()
            state = state.play_unchecked(legal[rng.randrange(len(legal))])
        if state.outcome is None:
            found.append(state)
    return found


@pytest.mark.parametrize("options, depth", [({"size": 3, "stones": 1}, 3), ({"size": 3, "stones": 2}, 2)])
def test_the_prover_agrees_with_brute_force_on_tiny_hex(options: dict, depth: int) -> None:
    prover = Prover(limit=None)
    for state in random_positions(options, 12, seed=7):
        for seat in (0, 1):
            for plies in range(1, depth + 1):
                assert prover.forces_win(state, seat, plies) == naive_forces_win(state, seat, plies)


def test_whole_turns_lists_each_position_once() -> None:
    state = tinyhex.SPEC.new_game({"size": 3, "stones": 2})
    turns = whole_turns(state)
    # the first turn of a two-stone game: one stone and end, or any two of the nine cells
    assert len(turns) == 9 + 36


def test_uniqueness_means_one_minimal_turn() -> None:
    assert unique_solution([(4,)]) == (4,)
    assert unique_solution([(4,), (4, 7), (1, 4)]) == (4,)
    assert unique_solution([(4,), (5,)]) is None
    assert unique_solution([(4, 5), (4, 6)]) is None   # they share 4, but 4 alone does not do it


def test_a_manual_diagram_with_one_winning_move() -> None:
    # the manual's "Threatened" diagram with White to move: e3 closes the fifth side of e4
    from pathlib import Path
    lines = (Path(__file__).parent / "fixtures" / "susan_manual_diagrams.txt").read_text(encoding="utf-8")
    block = lines.split("== threatened\n", 1)[1].split("==", 1)[0].splitlines()
    spec = find_game("susan")
    root = spec.load_position(spec.resolve_options({}), block, "White")
    proof = prove(Prover(), root, WIN, 1)
    assert proof is not None and root.format_turn(proof.solution) == "e3"
    assert len(proof.rejected) == len(root.legal_actions()) - 1
    # Black to move there has several ways out, so it is no save puzzle
    assert prove(Prover(), spec.load_position(spec.resolve_options({}), block, "Black"), SAVE, 1) is None


# --- the shipped puzzles ------------------------------------------------------------------------

def test_there_are_enough_puzzles_of_every_game() -> None:
    puzzles = shipped()
    assert {p.game for p in puzzles} == set(GAME_NAMES)
    for game in GAME_NAMES:   # issue 57.3: a streak needs many
        assert sum(1 for p in puzzles if p.game == game) >= 100, game
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert any(p.source.startswith("SUSAN manual") for p in puzzles)
    for puzzle in puzzles:
        assert puzzle.source and puzzle.plies >= 1 and puzzle.solution and puzzle.refutations


def test_the_puzzle_file_round_trips() -> None:
    puzzles = shipped()
    assert tuple(from_entry(to_entry(p)) for p in puzzles) == puzzles
    assert dumps(puzzles)


def test_judging_accepts_the_solution_in_any_order_and_nothing_else() -> None:
    for puzzle in shipped():
        assert judge(puzzle, reversed(puzzle.solution)).solved
        wrong, answer = puzzle.refutations[0]
        verdict = judge(puzzle, wrong)
        assert not verdict.solved and verdict.answer == answer


PYODIDE_MOST_TURNS = 400


def _subset() -> list:
    """Every puzzle under CPython; in Pyodide those with at most PYODIDE_MOST_TURNS turns at the
    root. A wider one would be marked slow (`make test-quick` leaves it out); none is shipped
    since the miner caps STYMIE's proofs at 300 turns (one early position took over a minute)."""
    def wide(p) -> bool:
        return len(p.accepted) + len(p.refutations) > PYODIDE_MOST_TURNS
    return [pytest.param(p, marks=pytest.mark.slow) if wide(p) else p
            for p in shipped() if not (IN_PYODIDE and wide(p))]


@pytest.mark.parametrize("puzzle", _subset(), ids=lambda p: p.id)
def test_every_shipped_puzzle_is_proved_again(puzzle) -> None:
    assert verify(puzzle) == []
    root = root_state(puzzle)
    assert root.outcome is None and root.num_players == 2


def test_a_puzzle_speaks_to_players() -> None:
    """Issue 38.16: the coach bar said "self-play: tactician vs mcts:iterations=150, seed
    susan-1, turn 61; proved 3 turns deep" and "(finish the turn: its first stones are placed)"."""
    for puzzle in shipped():
        words = " ".join((puzzle.goal_text(root_state(puzzle)), puzzle.origin_text(), puzzle.checked_text()))
        for jargon in ("self-play", "seed", "mcts", "tactician", "iterations", "komi", "proved", "deep",
                       "finish the turn", "first stones"):
            assert jargon not in words, (puzzle.id, words)
    mined = next(p for p in shipped() if p.source.startswith("self-play") and not p.pending)
    assert mined.origin_text() == (f"From a game the computer played against itself, at move "
                                   f"{len(mined.record.turns) + 1}.")
    pending = next(p for p in shipped() if len(p.pending) == 2 and p.kind == "win")
    first, second = pending.pending
    assert pending.goal_text(root_state(pending)).endswith(
        f"and win, with {first} and {second} already placed this turn: place the rest")
