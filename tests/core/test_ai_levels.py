"""Levels per game (ai.levels, SearchHints.budgets): every game's budgets name real levels and
rise level by level, and a game's own budget is the one the command line's player and the
worker's session search with."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pygame_core.ai.levels import LEVELS
from pygame_core.ai.budget import level_iterations
from pygame_core.ai.player import make_player
from pygame_core.ai.session import SearchSession, request_json
from pygame_core.game import GameSpec
from pygame_core.games.stymie import SPEC as STYMIE
from pygame_core.games.susan import SPEC as SUSAN
from pygame_core.record import Record
from pygame_core.registry import all_games


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_each_game_s_levels_search_more_level_by_level(spec: GameSpec) -> None:
    assert set(spec.search.budgets) <= set(LEVELS)
    budgets = [level_iterations(level, spec) for level in LEVELS.values()]
    assert all(low < high for low, high in zip(budgets, budgets[1:], strict=False))


def session_iterations(spec: GameSpec, level: str) -> int:
    session = SearchSession()
    session.start(request_json(Record(spec.name, {}, ()), level=level, seconds=None))
    return next(iter(session._players.values())).iterations


@pytest.mark.parametrize("spec", [SUSAN, STYMIE], ids=lambda spec: spec.name)
def test_a_game_s_own_budget_is_what_its_players_search_with(spec: GameSpec) -> None:
    assert spec.search.budgets   # these games budget upper levels themselves (docs/opponent.md)
    shared = replace(spec, search=replace(spec.search, budgets={}))
    for name, iterations in spec.search.budgets.items():
        assert make_player(f"mcts:level={name}", spec, random.Random(1)).iterations == iterations
        assert session_iterations(spec, name) == iterations
        assert level_iterations(LEVELS[name], shared) == LEVELS[name].iterations != iterations
    medium = LEVELS["medium"]
    assert "medium" not in spec.search.budgets and level_iterations(medium, spec) == medium.iterations
