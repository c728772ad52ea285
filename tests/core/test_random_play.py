"""pygame_core.random_play: random whole turns that the record layer accepts as legal turns."""

from __future__ import annotations

import random

import pytest

from pygame_core.random_play import random_turns
from pygame_core.record import Record, from_actions, replay
from pygame_core.registry import GAME_NAMES, find_game


@pytest.mark.parametrize("game", GAME_NAMES)
def test_random_turns_are_whole_legal_turns_and_stop_at_the_limit(game: str) -> None:
    spec = find_game(game)
    start = spec.new_game({})
    turns = random_turns(start, random.Random(5), 7)
    assert 1 <= len(turns) <= 7
    record = Record(game, spec.resolve_options({}), tuple(from_actions(start, turns)))
    states = replay(record)
    assert len(states) == len(turns) + 1
    assert states[-1].is_over or not states[-1].turn_actions  # the last turn was finished


def test_random_turns_play_a_game_to_its_end_given_room() -> None:
    start = find_game("susan").new_game({})
    turns = random_turns(start, random.Random(2), 10_000)
    state = start
    for turn in turns:
        for action in turn:
            state = state.apply(action)
    assert state.is_over
