"""LISBON property tests: random legal games through the clean API, notation and records round
trips, the group rule's order independence, and the fast playout against the clean API."""

from __future__ import annotations

import random
from itertools import groupby

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from playout_checks import replay_trace

from pygame_core.errors import IllegalMoveError
from pygame_core.game import END_TURN, Trace
from pygame_core.games.lisbon import SPEC
from pygame_core.games.lisbon.state import (BOARD, NEIGHBOURS, LisbonState, edge_witness, spans_perimeter,
                                      stones_allowed, winning_outcome)
from pygame_core.games.lisbon.playout import play, spans
from pygame_core.graph import flood
from pygame_core.record import Record, from_actions, from_json, from_text, replay, to_json, to_text

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_game(seed: int, max_actions: int = 10_000, end_chance: float = 0.2) -> tuple[LisbonState, list[list[int]]]:
    """A random legal game through the clean API: the last state and the actions of each turn
    (the last turn possibly unfinished). END_TURN is taken with `end_chance` when legal."""
    rng = random.Random(seed)
    state: LisbonState = SPEC.new_game()  # type: ignore[assignment]
    turns: list[list[int]] = []
    for _ in range(max_actions):
        if state.is_over:
            break
        if not state.turn_actions:
            turns.append([])
        actions = state.legal_actions()
        action = END_TURN if END_TURN in actions and rng.random() < end_chance else rng.choice(
            [a for a in actions if a != END_TURN])
        turns[-1].append(action)
        state = state.apply(action)
    return state, turns


def groups(stones: frozenset[int]) -> list[set[int]]:
    found: list[set[int]] = []
    left = set(stones)
    while left:
        group = flood(NEIGHBOURS, (left.pop(),), stones)
        left -= group
        found.append(group)
    return found


@settings(max_examples=12, deadline=None)
@given(SEEDS)
def test_random_games_keep_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    state: LisbonState = SPEC.new_game()  # type: ignore[assignment]
    while not state.is_over:
        seat, turn = state.to_move, state.turn_number
        assert seat == (turn - 1) % 2 and 1 <= state.stones_left <= state.stones_allowed
        actions = state.legal_actions()
        assert actions and (END_TURN in actions) == bool(state.turn_actions)
        cells = [a for a in actions if a != END_TURN]
        assert all(state.occupant(c) is None for c in cells)
        state = state.apply(rng.choice(cells))
        if state.is_over:
            assert state.outcome is not None and state.outcome.winners == (seat,)
            assert winning_outcome(seat, set(state.outcome.highlight)) is not None
        else:  # the mover's groups were all checked, however they were joined
            assert all(winning_outcome(seat, g) is None for g in groups(state.stones_of[seat]))
            # stones of one turn lie in different groups
            placed = state.turn_actions
            assert len({frozenset(flood(NEIGHBOURS, (c,), state.stones_of[seat])) for c in placed}) == len(placed)


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=120))
def test_every_legal_action_parses_back(seed: int, steps: int) -> None:
    state, _ = random_game(seed, max_actions=steps)
    assume(not state.is_over)
    for action in state.legal_actions():
        if action == END_TURN:
            continue
        parsed = state.parse_turn(state.action_text(action))
        assert parsed[0] == action
        after = state.apply(action)
        continues = not after.is_over and after.turn_number == state.turn_number
        assert parsed[1:] == ([END_TURN] if continues else [])


@settings(max_examples=15, deadline=None)
@given(SEEDS, st.integers(min_value=1, max_value=250))
def test_record_replay_and_round_trips(seed: int, steps: int) -> None:
    state, turns = random_game(seed, max_actions=steps)
    if state.turn_actions and not state.is_over:  # a record holds whole turns
        state = state.apply(END_TURN)
    start = SPEC.new_game()
    record = Record("lisbon", {}, tuple(from_actions(start, turns)))
    replayed = replay(record)[-1]
    assert (replayed.stones_of, replayed.turn, replayed.placed) == (state.stones_of, state.turn, state.placed)
    assert replayed.outcome == state.outcome
    assert replayed.turn_actions == state.turn_actions
    assert from_json(to_json(record)) == record
    assert from_text(to_text(record)) == record


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=60))
def test_group_rule_does_not_depend_on_order(seed: int, steps: int) -> None:
    state, _ = random_game(seed, max_actions=steps, end_chance=1.0)
    assume(not state.is_over and not state.turn_actions)
    rng = random.Random(seed)
    own = state.stones_of[state.to_move]
    empty = [c for c in range(BOARD.size) if state.occupant(c) is None]
    near_own = sorted({n for c in own for n in NEIGHBOURS[c] if state.occupant(n) is None})
    pool = near_own + empty  # cells next to own stones make conflicts likely
    chosen: list[int] = []
    while len(chosen) < min(state.stones_left, 4) and len(chosen) < len(empty):
        cell = rng.choice(pool)
        if cell not in chosen:
            chosen.append(cell)
    final = own | set(chosen)
    separate = len({frozenset(flood(NEIGHBOURS, (c,), final)) for c in chosen}) == len(chosen)
    for order in (chosen, chosen[::-1], rng.sample(chosen, len(chosen))):
        text = ",".join(BOARD.names[c] for c in order)
        try:
            state.parse_turn(text)
            legal = True
        except IllegalMoveError as exc:
            assume("game ended" not in exc.reason)
            legal = False
        assert legal == separate, text


@settings(max_examples=100, deadline=None)
@given(st.sets(st.integers(min_value=0, max_value=44), max_size=8))
def test_fast_edge_test_matches_the_gap_rule(indices: set[int]) -> None:
    wins = spans_perimeter(indices)
    assert spans(sum(1 << i for i in indices)) == wins
    # every edge win shows a near-opposite pair or a triple with all arcs under half the perimeter
    witness = edge_witness(indices)
    assert bool(witness) == wins and set(witness) <= indices
    if len(witness) == 2:
        assert (witness[1] - witness[0]) % 45 in (22, 23)
    elif witness:
        a, b, c = witness
        assert max(b - a, c - b, a + 45 - c) <= 22


def test_random_playouts_reach_every_kind_of_end() -> None:
    """Across seeded playouts both colours win, by edges and by rings; turns also end early
    when no legal cell is left. Guards the cross-checks above against testing too little."""
    everything = {((0,), "edge"), ((1,), "edge"), ((0,), "ring"), ((1,), "ring")}
    kinds = set()
    short_turn = False
    for seed in range(40):
        if kinds == everything and short_turn:
            break
        start: LisbonState = SPEC.new_game()  # type: ignore[assignment]
        trace: Trace = []
        play(start, random.Random(seed), trace)
        final, _ = replay_trace(start, trace)
        assert final.outcome is not None
        details = final.outcome.details
        kinds.add((final.outcome.winners, "edge" if details["connected"] else "ring"))
        turns = [len(list(stones)) for _, stones in groupby(trace, key=lambda entry: entry[0])]
        short_turn |= any(count < stones_allowed(t) for t, count in enumerate(turns[:-1], start=1))
    assert kinds == everything and short_turn
