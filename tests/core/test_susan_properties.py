"""Property tests over random legal SUSAN games (the fast playout's agreement is in test_playout_agreement)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.games.susan import SPEC, SusanState
from pygame_core.record import Record, from_actions, from_json, from_text, replay, to_json, to_text

GAMES = st.fixed_dictionaries({
    "size": st.sampled_from([5, 6]),
    "players": st.sampled_from([2, 3, 4]),
    "variant": st.sampled_from(["A", "B"]),
    "first": st.sampled_from(["Black", "White"]),
})


def surrounded(state: SusanState) -> list[int]:
    board = state.board
    return [c for c in range(board.size) if state.occupant(c) is not None
            and all(state.occupant(x) is not None for x in board.neighbours[c])]


def random_game(options: dict, seed: int) -> tuple[list[SusanState], list[int]]:
    rng = random.Random(seed)
    state = SPEC.new_game(options)
    assert isinstance(state, SusanState)
    states, actions = [state], []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
        states.append(state)
    return states, actions


@settings(max_examples=40, deadline=None)
@given(GAMES, st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(options: dict, seed: int) -> None:
    states, actions = random_game(options, seed)
    end = states[-1]
    assert end.outcome is not None and end.legal_actions() == ()
    for state, action in zip(states, actions, strict=False):
        assert not state.is_over and not surrounded(state)
        assert len(set(state.active)) == len(state.active) >= 2 and state.to_move in state.active
        assert state.consecutive_slides < 3 * len(state.active)
        for seat in range(state.num_players):
            if seat not in state.active:
                assert state.stones(seat) == []
        assert action in state.legal_actions()
    if end.outcome.winners:
        assert end.outcome.highlight and set(end.outcome.highlight) <= set(surrounded(end))
    else:
        assert end.consecutive_slides == 3 * len(end.active) and not surrounded(end)


@settings(max_examples=25, deadline=None)
@given(GAMES, st.integers(0, 2**32 - 1))
def test_every_legal_action_prints_and_parses_back(options: dict, seed: int) -> None:
    states, _ = random_game(options, seed)
    for state in states[:: max(1, len(states) // 4)]:
        for action in state.legal_actions():
            text = state.action_text(action)
            assert state.parse_turn(text) == [action]
            assert state.parse_turn(text.upper().replace("-", " -> ")) == [action]


@settings(max_examples=30, deadline=None)
@given(GAMES, st.integers(0, 2**32 - 1))
def test_records_replay_and_round_trip(options: dict, seed: int) -> None:
    states, actions = random_game(options, seed)
    record = Record("susan", options, tuple(from_actions(states[0], [[a] for a in actions])))
    for copy in (record, from_text(to_text(record)), from_json(to_json(record))):
        assert copy.turns == record.turns and copy.game == "susan"
        assert SPEC.resolve_options(copy.options) == SPEC.resolve_options(record.options)
        replayed = replay(copy)
        assert len(replayed) == len(states)
        end, expected = replayed[-1], states[-1]
        assert end.position_rows() == expected.position_rows()
        assert end.to_move == expected.to_move and end.outcome == expected.outcome


@settings(max_examples=30, deadline=None)
@given(GAMES, st.integers(0, 2**32 - 1))
def test_positions_reload_from_their_rows(options: dict, seed: int) -> None:
    states, _ = random_game(options, seed)
    state = states[len(states) // 2]
    if state.is_over:
        return
    name = state.player_name(state.to_move)
    for rows in (state.position_rows(), state.diagram(), state.diagram(labelled=True)):
        loaded = SPEC.load_position(state.options, rows, name)
        assert loaded.position_rows() == state.position_rows() and loaded.to_move == state.to_move
        assert loaded.legal_actions() == state.legal_actions()
