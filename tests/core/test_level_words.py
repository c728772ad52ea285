"""The words shown where a level is chosen are true of the game they are shown for: a strength
the game does not give the level (SUSAN's threat search, STYMIE's solved board) is never
promised, and "about N times as much" is the game's own ratio of resolved budgets."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from pygame_core.ai.budget import resolve
from pygame_core.ai.level_words import level_words
from pygame_core.ai.levels import LEVELS
from pygame_core.registry import all_games

GAMES = all_games()
NAMES = list(LEVELS)


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_forced_wins_are_promised_only_where_the_game_searches_for_them(spec) -> None:
    for level in LEVELS.values():
        promised = "forced by threats" in level_words(spec, level)
        assert promised == (level.name == "medium" and spec.search.forced_win is not None), level.name


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_perfect_play_is_promised_only_where_the_game_knows_it(spec) -> None:
    for level in LEVELS.values():
        promised = "perfect" in level_words(spec, level)
        assert promised == (level.perfect and spec.search.perfect is not None), level.name


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_how_much_more_a_level_searches_is_the_games_own_ratio(spec) -> None:
    compared = 0
    for lower, upper in pairwise(NAMES):
        words = level_words(spec, LEVELS[upper])
        said = re.search(r"about (\d+) times as much as (\w+)", words)
        if said is None:
            continue
        compared += 1
        ratio = resolve(spec, upper).iterations / resolve(spec, lower).iterations
        assert said.group(2) == str(LEVELS[lower].label) and abs(int(said.group(1)) - ratio) <= 0.5, words
    assert compared == 2   # Hard beside Medium, Expert beside Hard


def test_the_words_differ_between_games_where_the_games_differ() -> None:
    """SUSAN's Hard searches about 12 times Medium's budget, STYMIE's about 4 (SearchHints.budgets)."""
    hard = {spec.name: level_words(spec, LEVELS["hard"]) for spec in GAMES}
    assert "about 12 times" in hard["susan"] and "about 4 times" in hard["stymie"]


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_every_text_is_a_marked_template_with_its_values_filled(spec) -> None:
    for level in LEVELS.values():
        words = level_words(spec, level)
        assert words.template in (level.plain, level.plain_forced, level.plain_perfect) and words.template
        assert "{" not in words
