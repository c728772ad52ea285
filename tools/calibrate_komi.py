"""SUPERSTAR komi calibration: self-play at one level and komi, White's (first player's) win
rate with its 95% interval, and each game's final margin before komi.

Why the margins: one run at one komi also tells roughly where the fair komi lies. White wins at
komi k exactly when White's margin (White's total minus Black's, komi left out) exceeds k, so the
same games give an *implied* win rate for every other k. Players adapt their play to the komi,
so an implied figure only picks the value to confirm: the reported figure for a komi is always
played at that komi.

Usage: python tools/calibrate_komi.py [--komi 5.5] [--games 200] [--level medium] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygame_core.ai.levels import DEFAULT_LEVEL  # noqa: E402
from lab.match import play_to_end, wilson  # noqa: E402
from pygame_core.ai.player import make_player  # noqa: E402
from pygame_core.registry import find_game  # noqa: E402

GAME = "superstar"
WHITE, BLACK = 0, 1


def white_margin(job: tuple[float, str, int, int]) -> float:
    """Game `index`: both seats play `level` on the CPU clock; White's final margin, komi left out."""
    komi, level, seed, index = job
    spec = find_game(GAME)
    options = spec.resolve_options({"komi": komi})
    players = [make_player(f"mcts:level={level}", spec, random.Random(f"{seed}-{index}-{seat}"), time.process_time)
               for seat in (WHITE, BLACK)]
    state, _ = play_to_end(spec, options, players, (seed, index))
    assert state.outcome is not None  # play_to_end returns a finished game
    white, black = state.outcome.details["score"].totals
    return white - (black - komi)


def implied_rates(margins: list[float], komis: list[float]) -> dict[float, float]:
    """White's share of these games at each komi had the margins stayed as played."""
    return {k: sum(m > k for m in margins) / len(margins) for k in komis}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--komi", type=float, default=5.5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default=DEFAULT_LEVEL)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    find_game(GAME).resolve_options({"komi": args.komi})  # a bad komi fails here, with the rule
    jobs = [(args.komi, args.level, args.seed, index) for index in range(args.games)]
    margins: list[float] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for margin in pool.map(white_margin, jobs):
            margins.append(margin)
            wins = sum(m > args.komi for m in margins)
            print(json.dumps({"game": len(margins), "white_margin": margin, "white_wins": wins}),
                  file=sys.stderr, flush=True)
    wins = sum(m > args.komi for m in margins)
    low, high = wilson(wins, len(margins))
    print(f"SUPERSTAR self-play at {args.level}, komi {args.komi:g}: White won {wins}/{len(margins)} = "
          f"{wins / len(margins):.1%} (95% interval {low:.1%}-{high:.1%})")
    quartiles = statistics.quantiles(margins, n=4) if len(margins) > 1 else margins * 3
    print(f"White's margin before komi: median {statistics.median(margins):g}, "
          f"quartiles {quartiles[0]:g} / {quartiles[2]:g}")
    # half points within 10 of the median margin: where a fair komi lies
    middle = math.floor(statistics.median(margins))
    candidates = [k + 0.5 for k in range(middle - 10, middle + 10)]
    implied = ", ".join(f"{k:g}: {rate:.0%}" for k, rate in implied_rates(margins, candidates).items())
    print(f"implied White win rate at other komi (same games; confirm by playing): {implied}")


if __name__ == "__main__":
    main()
