"""The review finds the turns that decided a game (issue 30.3): in hand-built records of
several games, a turn that missed a win at once and a turn that let the next player win at
once are flagged, as proven mistakes; a three-player game's threshold is an even share's."""

from __future__ import annotations

import random

import pytest

from pygame_core.ai.analysis import Analyst, GameReview
from pygame_core.ai.baselines import RandomPlayer, gives_immediate_win, turn_ended, winning_actions
from pygame_core.ai.review import ALLOWED_LOSS, ESTIMATE, MISSED_WIN, Evaluation, drop_for, mistakes
from pygame_core.game import END_TURN, Action, GameState
from pygame_core.registry import find_game

GAMES = [("susan", {}), ("lisbon", {}), ("stymie", {"size": "4"})]


def whole_turn(state: GameState, first: Action, rng: random.Random) -> list[Action]:
    """`first`, then the turn ended as soon as the rules allow (random stones until then)."""
    actions, now = [first], state.play_unchecked(first)
    while now.outcome is None and not turn_ended(state, now):
        step = END_TURN if END_TURN in now.legal_actions() else rng.choice(now.legal_actions())
        actions.append(step)
        now = now.play_unchecked(step)
    return actions


def decisive_record(game: str, options: dict, kind: str, seed: int) -> tuple[list[GameState], list[str]]:
    """Positions and turns of a random game that ends with a turn of `kind`: MISSED_WIN, a
    turn that had a win at once and played a stone that lets the next player win at once
    instead; ALLOWED_LOSS, a turn with no win at once that could have avoided giving one
    and did not."""
    spec = find_game(game)
    rng = random.Random(seed)
    for _ in range(200):
        state = spec.new_state(spec.resolve_options(options))
        states, played = [state], []
        while state.outcome is None:
            wins = winning_actions(state)
            others = [a for a in state.legal_actions() if a not in wins and a != END_TURN]
            rng.shuffle(others)
            if (kind == MISSED_WIN and wins) or (kind == ALLOWED_LOSS and not wins and any(
                    not gives_immediate_win(state.play_unchecked(a)) for a in others[:10])):
                for first in others[:30]:
                    actions = whole_turn(state, first, rng)
                    after = state
                    for action in actions:
                        after = after.play_unchecked(action)
                    if after.outcome is None and gives_immediate_win(after):
                        return states + [after], played + [state.format_turn(actions)]
                if kind == MISSED_WIN:
                    break
            actions = RandomPlayer(rng).choose_turn(state)
            played.append(state.format_turn(actions))
            for action in actions:
                state = state.apply(action)
            states.append(state)
    raise AssertionError(f"no {kind} found in random {game} games")


def reviewed(states: list[GameState], played: list[str], game: str, tail: int = 1) -> list:
    """Review the last `tail` turns (quick depth) and list the mistakes, numbered in the whole game."""
    start = len(played) - tail
    work = GameReview(Analyst(find_game(game), 1), states[start:], played[start:], 200)
    evaluations: dict[int, Evaluation] = {}
    alternatives: dict[int, Evaluation] = {}
    while not work.done:
        for kind, index, evaluation in work.step(None):
            (evaluations if kind == "position" else alternatives)[index] = evaluation
    return [m._replace(turn=m.turn + start) for m in mistakes(evaluations, alternatives, played[start:])]


@pytest.mark.parametrize("game,options", GAMES)
@pytest.mark.parametrize("kind", [MISSED_WIN, ALLOWED_LOSS])
def test_a_decisive_turn_is_flagged_as_proven(game: str, options: dict, kind: str) -> None:
    states, played = decisive_record(game, options, kind, seed=11)
    found = {m.turn: m for m in reviewed(states, played, game)}
    last = len(played)
    assert last in found, (game, kind, played[-3:], found)
    assert found[last].kind == kind and found[last].played == played[-1]


def test_more_players_need_a_smaller_fall() -> None:
    assert drop_for(2) == pytest.approx(0.15) and drop_for(3) == pytest.approx(0.10)
    assert drop_for(4) == pytest.approx(0.075)
    before = Evaluation(0, (0.34, 0.33, 0.33), (1,), "a1", 200, False)
    played_to = Evaluation(1, (0.22, 0.40, 0.38), (2,), "b1", 200, False)
    better = Evaluation(1, (0.33, 0.34, 0.33), (2,), "b1", 200, False)
    found = mistakes({0: before, 1: played_to}, {0: better}, ["c1"])
    assert [(m.turn, m.kind) for m in found] == [(1, ESTIMATE)]   # 11 points of an even 33%
