"""The speed benchmark measures the hints it is asked for: `frozen` must reach tuning_for, or
a before/after comparison (bench-ai --frozen) would time the same search twice."""

from __future__ import annotations

import pytest

from pygame_core.ai import bench
from pygame_core.ai.tuning import Tuning, tuning_for
from pygame_core.game import GameSpec
from pygame_core.registry import find_game


@pytest.mark.parametrize("frozen", [False, True])
def test_measure_searches_with_the_requested_hints(monkeypatch: pytest.MonkeyPatch, frozen: bool) -> None:
    asked: list[bool] = []

    def recording(spec: GameSpec, frozen_hints: bool = False) -> Tuning:
        asked.append(frozen_hints)
        return tuning_for(spec, frozen_hints)

    monkeypatch.setattr(bench, "tuning_for", recording)
    spec = find_game("stymie")
    row = bench.measure(spec, spec.bench_options[0], 0.02, frozen=frozen)
    assert asked == [frozen]
    assert row["iterations"] > 0
