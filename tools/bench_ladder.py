"""The ladder's local runner against `match --jobs`: the same number of games between the same
two players on the same number of processes (the ladder without random openings, so that both
play the same kind of game from the start), interleaved round by round so that the machine's
load falls on both alike. Prints each command's wall time and its processes' CPU time: the
runner's own cost shows as CPU beyond the games' and as wall time beyond CPU / processes.

    .venv/bin/python tools/bench_ladder.py [--game susan] [--games 16] [--jobs 2] [--rounds 3]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

A, B = "mcts:iterations=200", "mcts:iterations=100"


def timed(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and its worker processes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lab", *argv], check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="susan")
    parser.add_argument("--games", type=int, default=16, help="games per command (even)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    times: dict[str, list[tuple[float, float]]] = {"match": [], "ladder": []}
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.rounds):
            times["match"].append(timed(["match", args.game, "--a", A, "--b", B, "--games", str(args.games),
                                         "--seed", str(index), "--jobs", str(args.jobs), "--cpu-time"]))
            results = Path(folder) / f"round{index}.jsonl"
            times["ladder"].append(timed(["ladder", "run", args.game, "--player", A, "--player", B,
                                          "--pairs", str(args.games // 2), "--seed", str(index),
                                          "--opening-turns", "0",
                                          "--jobs", str(args.jobs), "--cpu-time", "--results", str(results)]))
            print("round {}: ".format(index + 1) + ", ".join(
                f"{name} {runs[-1][0]:.1f} s wall, {runs[-1][1]:.1f} s CPU" for name, runs in times.items()),
                flush=True)
    for name, runs in times.items():
        wall, cpu = sum(r[0] for r in runs), sum(r[1] for r in runs)
        games = args.games * len(runs)
        print(f"{name:<7} {games} games: {wall:.1f} s wall ({games / wall:.2f} games/s), {cpu:.1f} s CPU "
              f"({cpu / games:.2f} s a game); {args.game}, {A} vs {B}, {args.jobs} processes")
    ratio = sum(r[0] for r in times["ladder"]) / sum(r[0] for r in times["match"])
    print(f"ladder / match wall time: {ratio:.2f}")


if __name__ == "__main__":
    main()
