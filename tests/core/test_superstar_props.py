"""Property tests for SUPERSTAR: the cut-tree count against a plain per-chain reference
(flood fills, set unions), random legal games through the clean API, notation and records."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.game import PASS
from pygame_core.games.superstar import SPEC
from pygame_core.games.superstar.board import EMPTY, breakdown, totals
from pygame_core.graph import enclosed, flood
from pygame_core.record import Record, from_json, from_text, replay, to_json, to_text

BOARD = SPEC.new_game().board
N = BOARD.size
CONTACTS = BOARD.extras["edge_contacts"]
SIDES = [BOARD.regions[f"side{k}"] for k in range(12)]
BORDER = sorted(BOARD.regions["edge_adjacent"])
komis = st.integers(-20, 20).map(lambda k: k / 2)


def reference(cells: list[int]) -> list[tuple]:
    """Each chain counted on its own, straight from the rule text."""
    chains, seen = [], set()
    for start in range(N):
        seat = cells[start]
        if seat == EMPTY or start in seen:
            continue
        chain = flood(BOARD.neighbours, [start], {c for c in range(N) if cells[c] == seat})
        seen |= chain
        edge = len({e for c in chain for e in CONTACTS[c]})
        sides = sum(1 for side in SIDES if side & chain)
        inside = enclosed(BOARD.neighbours, chain, BORDER)
        ring = sum(1 if cells[c] == EMPTY else 5 if cells[c] != seat else 0 for c in inside)
        chains.append((seat, tuple(sorted(chain)), edge, sides, edge - 2 if edge >= 3 else 0,
                       5 * (sides - 2) if sides >= 3 else 0, ring, tuple(sorted(inside))))
    return sorted(chains)


@st.composite
def positions(draw: st.DrawFn) -> list[int]:
    """Boards from nearly empty to full, often with one side much denser so rings appear."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    vacant, white = draw(st.floats(0, 0.9)), draw(st.floats(0.1, 0.9))
    return [EMPTY if rng.random() < vacant else 0 if rng.random() < white else 1 for _ in range(N)]


@settings(max_examples=80, deadline=None)
@given(positions(), komis)
def test_count_matches_the_per_chain_reference(cells: list[int], komi: float) -> None:
    score = breakdown(cells, komi)
    mine = sorted((c.seat, c.cells, c.edge_cells, c.sides, c.star, c.superstar, c.ring, c.enclosed)
                  for c in score.chains)
    assert mine == reference(cells)
    parts = [sum(c.star + c.superstar + c.ring for c in score.chains if c.seat == seat) for seat in (0, 1)]
    assert score.totals == (parts[0], parts[1] + komi) == totals(cells, komi)


@settings(max_examples=60, deadline=None)
@given(positions(), komis)
def test_komi_goes_to_black_only(cells: list[int], komi: float) -> None:
    white, black = totals(cells, 0)
    assert totals(cells, komi) == (white, black + komi)


@st.composite
def games(draw: st.DrawFn) -> tuple[float, list[int]]:
    """A random legal game: the komi and its actions; passes are rare until the board fills."""
    komi = draw(komis)
    rng = random.Random(draw(st.integers(0, 2**32)))
    pass_rate = draw(st.sampled_from([0.0, 0.02, 0.2]))
    state, actions = SPEC.new_game({"komi": komi}), []
    while not state.is_over:
        legal = state.legal_actions()
        action = PASS if rng.random() < pass_rate else rng.choice(legal)
        actions.append(action)
        state = state.apply(action)
    return komi, actions


@settings(max_examples=30, deadline=None)
@given(games())
def test_random_games_notation_and_records(game: tuple[float, list[int]]) -> None:
    komi, actions = game
    state = SPEC.new_game({"komi": komi})
    texts = []
    for ply, action in enumerate(actions):
        if ply % 25 == 0:
            for legal in state.legal_actions():
                assert state.parse_turn(state.action_text(legal)) == [legal]
                assert state.parse_turn(state.action_text(legal).lower()) == [legal]
        texts.append(state.format_turn([action]))
        state = state.apply(action)
    assert state.is_over and actions[-2:] == [PASS, PASS]
    score = state.outcome.details["score"]
    assert state.outcome.winners == score.winners and score.totals == totals(state.cells, komi)

    record = Record("superstar", {"komi": komi}, tuple(texts))
    final = replay(record)[-1]
    assert final.cells == state.cells and final.outcome == state.outcome
    assert from_json(to_json(record)) == record
    again = from_text(to_text(record))
    assert again.turns == record.turns and replay(again)[-1].cells == state.cells
