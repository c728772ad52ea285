"""Strength matches (lab/match.py, `python -m lab match`): `--jobs N` plays the same games as one
process (each game depends only on its seed and index, and the tally follows the index order),
and the score's Wilson interval."""

from __future__ import annotations


import pytest

from lab.match import run_match, wilson
from pygame_core.registry import find_game


@pytest.mark.slow
def test_two_jobs_give_the_same_result_as_one() -> None:
    spec = find_game("susan")
    one = run_match(spec, spec.resolve_options(), "mcts:iterations=20", "tactician", 4, seed=4)
    seen: list[int] = []
    two = run_match(spec, spec.resolve_options(), "mcts:iterations=20", "tactician", 4, seed=4,
                    on_game=lambda index, _: seen.append(index), jobs=2)
    assert one.as_dict() == two.as_dict() and one.plies == two.plies
    assert seen == list(range(4)) and one.games == 4


def test_a_bad_player_spec_is_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        run_match(find_game("susan"), {"size": 5, "players": 2, "variant": "A", "first": "Black"},
                  "mcts", "nobody", 4, seed=1, jobs=2)


def test_cpu_time_changes_nothing_for_iteration_budgets() -> None:
    """--cpu-time only changes what time limits are read on: budgets in iterations play the
    same games."""
    spec = find_game("susan")
    wall = run_match(spec, spec.resolve_options(), "mcts:iterations=20", "tactician", 2, seed=5)
    cpu = run_match(spec, spec.resolve_options(), "mcts:iterations=20", "tactician", 2, seed=5, cpu_time=True)
    assert wall.as_dict() == cpu.as_dict() and wall.plies == cpu.plies


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-9
    low, high = wilson(100, 100)
    assert high > 0.9999 and 0.95 < low < 0.97
