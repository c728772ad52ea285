"""Rate every puzzle of the puzzle file by how often the computer's levels solve it, and write
the counts into the file (`make puzzles` runs this after tools/mine_puzzles.py).

Each level of pygame_core.puzzles.rating.RATED_LEVELS chooses a turn at the puzzle's position
TRIES times, each with its own seed; a try solves the puzzle when that turn is one the proof
accepts (pygame_core.puzzles.catalog.judge). The levels search their iteration budgets without
their think-time caps, so a rating does not depend on how busy the machine was: the same code
rates the same puzzles the same way. The file is written after every few puzzles, so a long run
that is stopped keeps what it rated; puzzles already rated are skipped unless --all.

Usage: python tools/rate_puzzles.py [--file FILE] [--all]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pygame_core.ai.player import make_player  # noqa: E402
from pygame_core.puzzles.catalog import Puzzle, dumps, judge, read, root_state, texts_of  # noqa: E402
from pygame_core.puzzles.rating import RATED_LEVELS, TRIES  # noqa: E402
from pygame_core.registry import find_game  # noqa: E402

UNCAPPED = 10_000   # seconds: more than any level's iterations take, so the iterations decide
WRITE_EVERY = 10    # puzzles rated between writes of the file


def solves(puzzle: Puzzle) -> tuple[int, ...]:
    """How many of TRIES seeded tries each level's chosen turn solved the puzzle. Once a level
    solves every try, the stronger ones are counted as solving every try without being asked
    (each searches more than the one below it, from the same pre-checks): this bounds the cost
    to the levels a puzzle defeats at least once."""
    root, spec = root_state(puzzle), find_game(puzzle.game)
    counts: list[int] = []
    for level in RATED_LEVELS:
        if counts and counts[-1] == TRIES:
            counts.append(TRIES)
            continue
        solved = 0
        for seed in range(TRIES):
            player = make_player(f"mcts:level={level},seconds={UNCAPPED}", spec,
                                 random.Random(f"{puzzle.id}-{level}-{seed}"), time.process_time)
            solved += judge(puzzle, texts_of(root, player.choose_turn(root, None))).solved
        counts.append(solved)
    return tuple(counts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", default=str(REPO / "pygame_core" / "puzzles" / "puzzles.json"))
    parser.add_argument("--all", action="store_true", help="rate again the puzzles already rated")
    args = parser.parse_args(argv)
    path = Path(args.file)
    puzzles = list(read(path.read_text(encoding="utf-8")))
    started = time.process_time()
    todo = [i for i, puzzle in enumerate(puzzles) if args.all or not puzzle.solves]
    for done, index in enumerate(todo, start=1):
        puzzle = puzzles[index]
        puzzles[index] = puzzle._replace(solves=solves(puzzle))
        rating = puzzles[index].rating
        print(f"{puzzle.id}: solves {list(puzzles[index].solves)} -> rating {rating and rating.value}", flush=True)
        if done % WRITE_EVERY == 0 or done == len(todo):
            path.write_text(dumps(puzzles) + "\n", encoding="utf-8")
    print(f"rated {len(todo)} puzzles in {time.process_time() - started:.1f} s of CPU", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
