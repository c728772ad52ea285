"""Hypothesis settings shared by every suite, on CPython and inside Pyodide.

Why: speed belongs to the benchmarks, so no test fails for being slow on a loaded 2-core
machine (no deadline). Inside Pyodide (sys.platform == "emscripten", run by
tools/pyodide_pytest.mjs) the same code is ~3x slower and the repository is a mounted host
folder, so fewer examples run and no example database is written there.
"""

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from pygame_core import registry
from pygame_core.game import GameSpec

settings.register_profile("cpython", deadline=None)
settings.register_profile(
    "pyodide",
    deadline=None,
    max_examples=25,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("pyodide" if sys.platform == "emscripten" else "cpython")


@pytest.fixture
def fifth_game(monkeypatch: pytest.MonkeyPatch) -> GameSpec:
    """Tiny Hex (tests/core/tinyhex), known to the registry for this test only: a global
    registration would make every `all_games()` parametrisation depend on collection order."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "core"))
    import tinyhex
    monkeypatch.setitem(registry.GAMES, tinyhex.SPEC.name, tinyhex.__name__)   # what register() does
    return tinyhex.SPEC
