"""How often SUPERSTAR's medium search passes in early and midgame positions, with the pass
left out of the search while the rim has a vacant cell (the game's `searched_moves`, after) and
with every legal action searched (before), interleaved position by position.

    .venv/bin/python tools/bench_superstar_pass.py [positions] [seeds] [iterations]
"""

from __future__ import annotations

import random
import sys
import time

from pygame_core.ai.player import MctsPlayer
from pygame_core.game import PASS, GameState
from pygame_core.random_play import random_placements
from pygame_core.registry import find_game

SPEC = find_game("superstar")


def opening(rng: random.Random) -> GameState:
    """A position 6 to 40 plies in, reached by random placements (no passes)."""
    return random_placements(SPEC.new_state(SPEC.resolve_options({})), rng, 6, 40)


def main(positions: int = 10, seeds: int = 4, iterations: int = 800) -> None:
    rng = random.Random(7)
    passes = {"before": 0, "after": 0}
    started = time.perf_counter()
    for _ in range(positions):
        state = opening(rng)
        for seed in range(seeds):
            for name, overrides in (("before", {"moves": None}), ("after", {})):
                player = MctsPlayer(SPEC, random.Random(seed), iterations, None, overrides)
                passes[name] += PASS in player.choose_turn(state)
    total = positions * seeds
    for name, count in passes.items():
        print(f"{name}: passed in {count} of {total} searches ({count / total:.0%}), "
              f"{iterations} iterations, plies 6-40")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
