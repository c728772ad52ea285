"""STYMIE under random play: full boards always have exactly one connected side (the premise
of the fill playout, whose agreement is in test_playout_agreement), and random legal games keep
notation and records exact."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.game import END_TURN, SWAP
from pygame_core.games.stymie import SPEC
from pygame_core.games.stymie.state import EMPTY, HORZ, VERT, StymieState, connected_chain, tables
from pygame_core.record import Record, from_json, from_text, replay, to_json, to_text

FULL_BOARD_SIZES = (3, 5, 8, 12)
FULL_BOARDS_PER_SIZE = 500  # 2,000 boards in all


def test_every_random_full_board_has_exactly_one_connected_side() -> None:
    rng = random.Random(2003)
    wins = {VERT: 0, HORZ: 0}
    for size in FULL_BOARD_SIZES:
        t = tables(size)
        for _ in range(FULL_BOARDS_PER_SIZE):
            cells = [rng.choice((VERT, HORZ)) for _ in range(t.board.size)]
            connected = [side for side in (VERT, HORZ) if connected_chain(t, cells, side)]
            assert len(connected) == 1, (size, cells)
            wins[connected[0]] += 1
    assert min(wins.values()) > 100  # both outcomes really occur


def _key(state: StymieState) -> tuple[object, ...]:
    outcome = state.outcome
    return (state.position_rows(), state.to_move, state.swapped, state.stone_limit, state.turn_number,
            None if outcome is None else (outcome.winners, outcome.highlight))


def _random_game(size: int, rng: random.Random) -> tuple[list[StymieState], list[list[int]]]:
    """Random legal actions to the end: the states at each turn start and each turn's actions."""
    state = SPEC.new_game({"size": size})
    assert isinstance(state, StymieState)
    starts, turns = [state], [[]]  # type: ignore[var-annotated]
    while not state.is_over:
        actions = state.legal_actions()
        assert actions and all(state.is_legal(a) for a in actions)
        action = rng.choice(actions)
        state = state.apply(action)  # type: ignore[assignment]
        turns[-1].append(action)
        if not state.turn_actions:
            starts.append(state)
            turns.append([])
    return starts, turns[:-1]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4, 5, 8]))
def test_random_games_keep_notation_records_and_rules_consistent(seed: int, size: int) -> None:
    rng = random.Random(seed)
    starts, turns = _random_game(size, rng)
    final = starts[-1]
    assert final.outcome is not None and len(final.outcome.winners) == 1
    winner = final.outcome.winners[0]
    assert set(final.outcome.highlight) <= set(final.stones(winner))
    texts = []
    for start, actions, after in zip(starts, turns, starts[1:], strict=False):
        placed = [a for a in actions if a != END_TURN]
        assert 1 <= len(placed) <= start.stone_limit or placed == [SWAP]
        text = start.format_turn(actions)
        texts.append(text)
        assert _key(start.play_turn(text)) == _key(after), text  # type: ignore[arg-type]
        for action in rng.sample(start.legal_actions(), min(6, len(start.legal_actions()))):
            assert start.parse_turn(start.action_text(action))[0] == action
    record = Record("stymie", {"size": size}, tuple(texts))
    assert _key(replay(record)[-1]) == _key(final)  # type: ignore[arg-type]
    assert from_json(to_json(record)) == record
    assert from_text(to_text(record)).turns == record.turns
    assert _key(replay(from_text(to_text(record)))[-1]) == _key(final)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4, 5, 8, 12]))
def test_random_positions_and_loading_them_back(seed: int, size: int) -> None:
    rng = random.Random(seed)
    options = SPEC.resolve_options({"size": size})
    board = tables(size).board
    rows = ["".join(rng.choice("VH.") for _ in row) for row in board.rows]
    state = SPEC.load_position(options, rows, rng.choice(["Vert", "Horz", "v", "H"]))
    assert isinstance(state, StymieState)
    assert state.position_rows() == rows
    cells = [EMPTY if state.occupant(c) is None else state.occupant(c) for c in range(board.size)]
    connected = [side for side in (VERT, HORZ) if connected_chain(tables(size), cells, side)]
    assert len(connected) <= 1
    assert (state.outcome.winners if state.outcome else ()) == tuple(connected)
