"""SUPERSTAR's search passes only where a strong player might: not while a cell next to the edge
ring is vacant, unless the other side has just passed (issue 30.4). The pass rate before and
after is measured by tools/bench_superstar_pass.py."""

from __future__ import annotations

import random

from pygame_core.ai.player import MctsPlayer
from pygame_core.game import PASS, GameState
from pygame_core.games.superstar.board import EMPTY, tables
from pygame_core.games.superstar.search_hints import searched_moves
from pygame_core.random_play import random_placements
from pygame_core.registry import find_game

SPEC = find_game("superstar")


def opening(rng: random.Random) -> GameState:
    """A position 6 to 40 plies in, reached by random placements (no passes)."""
    return random_placements(SPEC.new_state(SPEC.resolve_options({})), rng, 6, 40)


def test_a_pass_is_searched_only_after_a_pass_or_once_the_rim_is_full() -> None:
    state = SPEC.new_state(SPEC.resolve_options({}))
    assert PASS not in searched_moves(state) and len(searched_moves(state)) == len(state.legal_actions()) - 1
    assert PASS in searched_moves(state.apply(PASS))          # a pass now ends the game: weigh it
    rim = set(tables().boundary)
    for cell in sorted(rim):
        state = state.apply(cell)
    assert all(state.cells[c] != EMPTY for c in rim) and state.passes == 0
    assert PASS in searched_moves(state)                       # only ring insides left: passing may be best


def test_the_medium_search_does_not_pass_early_or_in_the_middle_game() -> None:
    rng = random.Random(3)
    for _ in range(3):
        state = opening(rng)
        for seed in range(2):
            turn = MctsPlayer(SPEC, random.Random(seed), 300, None).choose_turn(state)
            assert turn != [PASS] and PASS not in turn, (state.ply, seed)
