"""Every game's one fast playout agrees with its rules class (docs/architecture.md).

The playout's trace is replayed through the clean, checked API (`apply`): every action must be
legal, the game must end, with the winners the playout's returns name. Games whose playout
stops when the rules would (SUSAN, LISBON) must end on the trace's last action; the fill
playouts (STYMIE, SUPERSTAR) may play on after the deciding turn, which changes nothing (see
their docstrings), and SUPERSTAR's game ends on the two passes after the fill. From the opening
and from random mid-game states, mid-turn ones included, for every option set listed here.
Runs in CPython and in Pyodide (tests/core).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any, Mapping

import pytest

from playout_checks import replay_trace, winners_of

from pygame_core.game import PASS, GameSpec, GameState, Trace
from pygame_core.games.susan.playout import play as susan_playout
from pygame_core.registry import GAME_NAMES, all_games, find_game

CASES: list[tuple[str, Mapping[str, Any], bool]] = [  # game, options, stops when the rules do
    *[("susan", {"size": size, "players": players, "variant": variant}, True)
      for size in (5, 6) for players in (2, 3, 4) for variant in ("A", "B")],
    ("susan", {"first": "White"}, True),
    *[("stymie", {"size": size}, False) for size in (3, 4, 8, 12)],
    *[("superstar", {"komi": komi}, False) for komi in (-2.5, 0, 5.5)],
    ("lisbon", {}, True),
]


def random_position(spec: GameSpec, options: Mapping[str, Any], rng: random.Random) -> GameState:
    """A position after a random number of random legal actions (maybe mid-turn, maybe over)."""
    state = spec.new_game(options)
    for _ in range(rng.randrange(0, 60)):
        actions = [a for a in state.legal_actions() if a != PASS]
        if state.is_over or not actions:
            break
        state = state.apply(actions[rng.randrange(len(actions))])
    return state


def check_agreement(spec: GameSpec, start: GameState, seed: int, stops: bool) -> None:
    assert spec.playout is not None
    trace: Trace = []
    returns = spec.playout(start, random.Random(seed), trace)
    if start.is_over:
        assert winners_of(returns) == start.outcome.winners  # type: ignore[union-attr]
        return
    final, played = replay_trace(start, trace)
    assert final.outcome is not None, "the playout's game did not end under the rules"
    assert winners_of(returns) == final.outcome.winners
    if stops:
        assert played == len(trace), "the rules ended the game before the playout did"


@pytest.mark.parametrize("game,options,stops", CASES, ids=lambda c: str(c))
def test_the_playout_agrees_with_the_rules_from_the_opening(game: str, options: Mapping[str, Any],
                                                           stops: bool) -> None:
    spec = find_game(game)
    for seed in range(6):
        check_agreement(spec, spec.new_game(options), seed, stops)


@pytest.mark.parametrize("game,options,stops", CASES, ids=lambda c: str(c))
def test_the_playout_agrees_with_the_rules_from_mid_game(game: str, options: Mapping[str, Any],
                                                        stops: bool) -> None:
    spec = find_game(game)
    rng = random.Random(f"{game}-mid-game")   # a str seed is the same every run; hash() is not
    for seed in range(6):
        check_agreement(spec, random_position(spec, options, rng), seed, stops)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_every_registered_game_s_playout_agrees_with_its_rules(spec: GameSpec) -> None:
    """A new game is covered without a line here: its bench options, opening and mid-game."""
    rng = random.Random(7)
    for options in spec.bench_options:
        for seed in range(3):
            check_agreement(spec, spec.new_game(options), seed, stops=False)
            check_agreement(spec, random_position(spec, options, rng), seed, stops=False)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_playouts_reach_both_results_and_leave_the_start_alone(game: str) -> None:
    """Guards the agreement tests against testing too little: both sides win some playouts."""
    spec = find_game(game)
    start = spec.new_game()
    before = start.position_rows()
    winners = {winners_of(spec.playout(start, random.Random(seed), None)) for seed in range(40)}  # type: ignore[misc]
    assert {(0,), (1,)} <= winners
    assert start.position_rows() == before


@pytest.mark.parametrize("tactics,local", [(True, False), (False, False), (True, True), (False, True)])
def test_susan_s_playout_agrees_with_the_rules_under_each_policy_switch(tactics: bool, local: bool) -> None:
    """The search plays one policy (tactics, no local replies); the switches off it are played
    by tests and training only, so they are checked here, and so is that a seed names one game."""
    policy = partial(susan_playout, tactics=tactics, local=local)
    spec = replace(find_game("susan"), playout=policy)
    rng = random.Random(f"susan-{tactics}-{local}")
    for options in ({}, {"size": 5, "players": 3}, {"size": 6, "players": 4, "variant": "B"}):
        for seed in range(4):
            start = random_position(spec, options, rng)
            check_agreement(spec, start, seed, stops=True)
            first: Trace = []
            again: Trace = []
            assert policy(start, random.Random(seed), first) == policy(start, random.Random(seed), again)
            assert first == again, "the same seed played another game"


def test_susan_s_playout_stops_at_the_slide_draw_where_the_rules_do() -> None:
    """From a random position a draw by slides is rare; one slide short of it (set up as the
    position editor does), any slide draws, so the playout's count of slides is checked."""
    spec = find_game("susan")
    rules = spec.position
    assert rules is not None
    rng = random.Random("susan-slide-draw")
    draws = 0
    for options in ({}, {"size": 5, "players": 3}):
        for seed in range(10):
            start = random_position(spec, options, rng)
            if start.is_over:
                continue
            given = {**rules.facets_of(start), "slides": str(3 * len(start.active) - 1)}  # type: ignore[attr-defined]
            near = rules.read(spec.resolve_options(options), start.position_rows(),
                              start.player_name(start.to_move), given)
            check_agreement(spec, near, seed, stops=True)
            draws += winners_of(spec.playout(near, random.Random(seed), None)) == ()  # type: ignore[misc]
    assert draws, "no playout ended in a slide draw: the check checked nothing"
