"""What SUSAN's evaluations cost, in CPython and in Pyodide (under Node), on the same seeded
positions: microseconds an evaluation, hand and learned, the ratio of the two runtimes, and the
learned one against the page's budget (25 us an evaluation in Pyodide, issue 53.6); exits 1 when
it is over. Rounds alternate which runtime goes first (this machine's speed drifts).

Usage: python3 tools/bench_eval_speed.py [--rounds N] [--runs R]   (needs `npm ci`)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.value.bench import report  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
BUDGET_US = 25.0


def in_pyodide(rounds: int) -> dict[str, float]:
    run = subprocess.run(["node", str(REPO / "tools" / "bench_eval_speed.mjs"), str(rounds)], cwd=REPO,
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cpython: list[dict[str, float]] = []
    pyodide: list[dict[str, float]] = []
    for run in range(args.runs):
        order = (cpython, pyodide) if run % 2 == 0 else (pyodide, cpython)
        for results in order:
            results.append(report(args.rounds) if results is cpython else in_pyodide(args.rounds))
    print(f"positions: {int(cpython[0]['positions'])} (seeded random games); Pyodide's Python {pyodide[0]['python']}")
    for name in ("hand", "learned"):
        here = statistics.median(r[name] for r in cpython)
        there = statistics.median(r[name] for r in pyodide)
        print(f"{name}: CPython {here:.1f} us, Pyodide {there:.1f} us an evaluation (CPython/Pyodide speed {here / there:.2f})")
    learned = statistics.median(r["learned"] for r in pyodide)
    verdict = "within" if learned <= BUDGET_US else "OVER"
    print(f"learned in Pyodide: {learned:.1f} us, {verdict} the page's budget of {BUDGET_US:.0f} us")
    return 0 if learned <= BUDGET_US else 1


if __name__ == "__main__":
    sys.exit(main())
