"""The ladder's local runner against `match --jobs`: the same number of games between the same
two players on the same number of processes, wall time of each command, interleaved round by
round so that the machine's load falls on both alike.

    .venv/bin/python tools/bench_ladder.py [--game susan] [--games 16] [--jobs 2] [--rounds 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

A, B = "mcts:iterations=200", "mcts:iterations=100"


def timed(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pygame_core", *argv], check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="susan")
    parser.add_argument("--games", type=int, default=16, help="games per command (even)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"match": [], "ladder": []}
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.rounds):
            times["match"].append(timed(["match", args.game, "--a", A, "--b", B, "--games", str(args.games),
                                         "--seed", str(index), "--jobs", str(args.jobs), "--cpu-time"]))
            results = Path(folder) / f"round{index}.jsonl"
            times["ladder"].append(timed(["ladder", "run", args.game, "--player", A, "--player", B,
                                          "--pairs", str(args.games // 2), "--seed", str(index),
                                          "--jobs", str(args.jobs), "--cpu-time", "--results", str(results)]))
            print(f"round {index + 1}: match {times['match'][-1]:.1f} s, ladder {times['ladder'][-1]:.1f} s",
                  flush=True)
    for name, runs in times.items():
        total = sum(runs)
        print(f"{name:<7} {args.games * len(runs)} games in {total:.1f} s: {args.games * len(runs) / total:.2f} games/s "
              f"({args.game}, {A} vs {B}, {args.jobs} processes)")
    print(f"ladder / match wall time: {sum(times['ladder']) / sum(times['match']):.2f}")


if __name__ == "__main__":
    main()
