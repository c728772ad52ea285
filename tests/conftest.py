"""Hypothesis settings shared by every suite, on CPython and inside Pyodide.

Why: speed belongs to the benchmarks, so no test fails for being slow on a loaded 2-core
machine (no deadline). Inside Pyodide (sys.platform == "emscripten", run by
tools/pyodide_pytest.mjs) the same code is ~3x slower and the repository is a mounted host
folder, so fewer examples run and no example database is written there.
"""

import sys

from hypothesis import HealthCheck, settings

settings.register_profile("cpython", deadline=None)
settings.register_profile(
    "pyodide",
    deadline=None,
    max_examples=25,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("pyodide" if sys.platform == "emscripten" else "cpython")
