"""tools/bench_ai.py re-measures the page player's speed ratios (lab/page_speed.json): it fails
when a measured ratio is more than 25% off the stored one, so the lab's page clock cannot go
stale unnoticed."""

from __future__ import annotations

from typing import Any

import pytest

from lab.page_player import stored_ratios
from tools import bench_ai


def pairs(scale: float) -> dict[str, list[tuple[dict[str, Any], dict[str, Any]]]]:
    """One round per stored game whose worker ran at `scale` times the stored ratio."""
    return {game: [({"per_second": 1000.0, "playouts_per_second": 1000.0},
                    {"per_second": 1000.0 * ratio * scale, "playouts_per_second": 700.0})]
            for game, ratio in stored_ratios().items()}


def test_the_bench_passes_near_the_stored_ratios_and_fails_far_from_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_ai.report(pairs(1.2)) and bench_ai.report(pairs(0.8))
    assert not bench_ai.report(pairs(1.3)) and not bench_ai.report(pairs(0.7))
    assert "STALE: update the file" in capsys.readouterr().out


def test_every_game_has_a_stored_ratio() -> None:
    from pygame_core.registry import GAME_NAMES
    assert set(stored_ratios()) == set(GAME_NAMES) and all(0 < r <= 1.5 for r in stored_ratios().values())
