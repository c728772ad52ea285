"""Game-by-link lengths: how long the link fragment (`#c1.<id>.<share code>`) is at move 10,
move 30 and the end of a game, for every game, over random legal games with fixed seeds.

The fragment is what play by link adds to the site's address (ui.saves.correspondence), so
the figures say whether a link still fits in an email, a chat message or a browser's address
bar. Prints, per game, the median over `--games` games (and how many games reached that move)
and the figures of the first game.

Usage: python tools/link_lengths.py [--games 25] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygame_core.random_play import random_turns  # noqa: E402
from pygame_core.record import Record, from_actions  # noqa: E402
from pygame_core.registry import GAME_NAMES, find_game  # noqa: E402
from ui.play.saved_game import new_game_id  # noqa: E402
from ui.saves.correspondence import encode_link  # noqa: E402

MOVES = (10, 30)
MAX_TURNS = 600


def random_game(game: str, rng: random.Random) -> Record:
    """A whole random legal game of `game` with its default options (at most MAX_TURNS turns)."""
    spec = find_game(game)
    start = spec.new_game({})
    turns = random_turns(start, rng, MAX_TURNS)
    return Record(game, spec.resolve_options({}), tuple(from_actions(start, turns)))


def fragment_lengths(record: Record, game_id: str) -> dict[str, int]:
    """Length of `#` + the link code at move 10, move 30 (when the game got there) and the end."""
    lengths = {str(n): 1 + len(encode_link(game_id, replace(record, turns=record.turns[:n])))
               for n in MOVES if n <= len(record.turns)}
    lengths["end"] = 1 + len(encode_link(game_id, record))
    return lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"link fragment length in characters (#c1.<12-hex id>.<share code>), random games, seed {args.seed}")
    print(f"{'game':10} {'first game: moves, @10, @30, end':36} median over {args.games} games (games that got there)")
    for game in GAME_NAMES:
        samples = []
        for _ in range(args.games):
            record = random_game(game, rng)
            game_id = "".join(rng.choice("0123456789abcdef") for _ in new_game_id())   # as long as a real id
            samples.append((len(record.turns), fragment_lengths(record, game_id)))
        moves, first = samples[0]
        firsts = ", ".join(first.get(k) and str(first[k]) or "-" for k in ("10", "30", "end"))
        medians = []
        for key in ("10", "30", "end"):
            found = [lengths[key] for _, lengths in samples if key in lengths]
            medians.append(f"@{key} {statistics.median(found):.0f} ({len(found)})" if found else f"@{key} -")
        medians.append(f"moves {statistics.median(m for m, _ in samples):.0f}")
        print(f"{game:10} {f'{moves} moves: {firsts}':36} " + ", ".join(medians))


if __name__ == "__main__":
    main()
