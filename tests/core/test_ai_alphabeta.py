"""The alpha-beta yardstick: SUSAN tactics against brute force, the time limit, and its spec."""

import random

import pytest

from pygame_core.ai.alphabeta import AlphaBetaPlayer
from pygame_core.ai.baselines import RandomPlayer
from pygame_core.ai.player import make_player
from pygame_core.games.lisbon import SPEC as LISBON
from pygame_core.games.susan import SPEC
from pygame_core.games.susan.evaluation import evaluate
from tests.core.test_ai_susan import OPTIONS, loses_at_once, position, sample_positions


class TickClock:
    """A clock that moves `step` seconds (1 ms) per reading: the search runs out of time however
    fast it is."""

    def __init__(self, step: float = 0.001) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def deep_player(seed: int = 1, depth: int = 2) -> AlphaBetaPlayer:
    return AlphaBetaPlayer(SPEC, random.Random(seed), seconds=1e9, max_depth=depth)


def test_takes_the_surround_in_one() -> None:
    state = position("e2 e4 f2 f3", "d3 d4 e5 f4", "White")
    assert [state.action_text(a) for a in deep_player().choose_turn(state)] == ["e3"]


def test_never_plays_into_a_loss_in_one_when_it_need_not() -> None:
    checked = 0
    for state in sample_positions(12, seed=4):
        safe = [a for a in state.legal_actions() if not loses_at_once(state, a)]
        if safe and len(safe) < len(state.legal_actions()):
            assert not loses_at_once(state, deep_player().choose_turn(state)[0]), state.diagram()
            checked += 1
    assert checked >= 3


def test_out_of_time_it_plays_the_deepest_completed_search_and_depth_one_always_completes() -> None:
    player = AlphaBetaPlayer(SPEC, random.Random(2), seconds=0.01, clock=TickClock())
    state = position("e2 e4 f2 f3", "d3 d4 e5 f4", "White")
    assert [state.action_text(a) for a in player.choose_turn(state)] == ["e3"]
    assert player.last["depth"] >= 1


def test_the_evaluation_sees_a_stone_in_atari_from_both_sides() -> None:
    state = position("e2 e4 f2 f3", "d3 d4 e5 f4", "White")  # White to move can take e3's neighbours
    assert evaluate(state) > 0.5
    black_to_move = position("e2 e4 f2 f3", "d3 d4 e5 f4", "Black")
    assert evaluate(black_to_move) < evaluate(state)
    assert all(-1.0 < evaluate(s) < 1.0 for s in sample_positions(10, seed=9))


def test_it_plays_a_whole_game_against_random() -> None:
    state = SPEC.new_game(OPTIONS)
    players = [AlphaBetaPlayer(SPEC, random.Random(3), seconds=1e9, max_depth=1), RandomPlayer(random.Random(3))]
    while state.outcome is None:
        for action in players[state.to_move].choose_turn(state):
            state = state.apply(action)
    assert state.outcome.winners == (0,)


@pytest.mark.parametrize("text", ["alphabeta:depth=0", "alphabeta:seconds=-1", "alphabeta:speed=2",
                                  "alphabeta:seconds=x"])
def test_bad_specs_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="player spec"):
        make_player(text, SPEC, random.Random(0))


def test_games_without_an_evaluation_or_with_more_players_are_refused() -> None:
    with pytest.raises(ValueError, match="evaluation"):
        make_player("alphabeta:seconds=1", LISBON, random.Random(0))
    three = SPEC.new_game({"players": 3})
    with pytest.raises(ValueError, match="two-player"):
        make_player("alphabeta:seconds=1", SPEC, random.Random(0)).choose_turn(three)
