"""STYMIE's opening stones: what each first stone is worth to Vert when Horz may not swap.

Why: the pie rule is only as good as the swap decision. Horz should swap exactly the stones that
win for their owner. This plays self-play games at one level from every first stone with the
swap taken away (StymieState.without_swap) and reports Vert's share of wins for each class of
stones that the board's symmetries make equal (solver.symmetries), with 95% intervals. Game
(round, stone) is seeded from (seed, round, stone), so the figures repeat and a run resumes
from its results file. `--classes` keeps a run to some classes, for a fresh sample where one
stands out. docs/opponent-log.md ("STYMIE: expert on 200 games, what does not help, and the swap
decision"; "STYMIE's swap table re-checked at hard") has the findings.

With `--decisions`, it only asks the level what it answers each first stone with (swap or
not) and counts the classes whose mirror-equal stones it treats differently: a sound decision
treats them alike.

Usage: python tools/stymie_first_stones.py --results FILE [--level medium] [--size 8]
       [--rounds 10] [--seed 1] [--jobs 2] [--classes C11,A9]
       python tools/stymie_first_stones.py --decisions [--level medium] [--size 8] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab.ladder.executors import LocalExecutor  # noqa: E402
from lab.match import play_to_end, wilson  # noqa: E402
from pygame_core.ai.player import make_player  # noqa: E402
from pygame_core.game import SWAP  # noqa: E402
from pygame_core.games.stymie.solver import symmetries  # noqa: E402
from pygame_core.games.stymie.state import StymieState  # noqa: E402
from pygame_core.registry import find_game  # noqa: E402

GAME = "stymie"
Job = tuple[str, int, int, int, int]  # level, size, seed, round, first stone


def play_from_stone(job: Job) -> dict[str, Any]:
    """One game from `stone` with the swap taken away, both seats at `level`, CPU-time clock."""
    level, size, seed, round_, stone = job
    spec = find_game(GAME)
    options = spec.resolve_options({"size": size})
    first = spec.new_game(options).apply(stone)
    assert isinstance(first, StymieState)
    players = [make_player(f"mcts:level={level}", spec, random.Random(f"{seed}-{round_}-{stone}-{seat}"),
                           time.process_time) for seat in (0, 1)]
    started = time.process_time()
    state, turns = play_to_end(spec, options, players, (seed, round_, stone), start=first.without_swap())
    assert state.outcome is not None  # play_to_end returns a finished game
    return {"game": GAME, "size": size, "level": level, "seed": seed, "round": round_,
            "stone": first.board.names[stone], "vert_won": state.outcome.winners == (0,),
            "turns": turns + 1, "cpu_s": round(time.process_time() - started, 2)}


def jobs_for(level: str, size: int, seed: int, rounds: int, done: set[tuple[int, str]],
             only: frozenset[str] | None = None) -> list[Job]:
    """Every (round, first stone) not in `done`, round by round, so a stopped run covers the
    stones evenly; with `only`, just the stones of those classes (more games where one stands out)."""
    board = find_game(GAME).new_game({"size": size}).board
    of = classes(size)
    return [(level, size, seed, round_, cell) for round_ in range(rounds) for cell in range(board.size)
            if (round_, board.names[cell]) not in done and (only is None or of[board.names[cell]] in only)]


def classes(size: int) -> dict[str, str]:
    """Each stone's class: the first name of the stones the board's symmetries map it to."""
    board = find_game(GAME).new_game({"size": size}).board
    return {board.names[cell]: board.names[min(sym[cell] for sym in symmetries(size))]
            for cell in range(board.size)}


def table(records: Iterable[dict[str, Any]], size: int) -> list[dict[str, Any]]:
    """Vert's wins per class of first stones, strongest first, with 95% intervals."""
    of = classes(size)
    games: dict[str, list[bool]] = defaultdict(list)
    for record in records:
        games[of[record["stone"]]].append(bool(record["vert_won"]))
    stones = Counter(of.values())
    rows = []
    for name, results in games.items():
        low, high = wilson(sum(results), len(results))
        rows.append({"class": name, "stones": stones[name], "games": len(results),
                     "vert_share": sum(results) / len(results), "low": low, "high": high})
    return sorted(rows, key=lambda row: (-row["vert_share"], row["class"]))


def decisions(level: str, size: int, seed: int) -> dict[str, list[bool]]:
    """For each class of first stones, whether `level` swaps after each of its stones."""
    spec = find_game(GAME)
    start = spec.new_game({"size": size})
    of = classes(size)
    swaps: dict[str, list[bool]] = defaultdict(list)
    for cell, name in enumerate(start.board.names):
        player = make_player(f"mcts:level={level}", spec, random.Random(f"{seed}-{cell}"), time.process_time)
        swaps[of[name]].append(player.choose_turn(start.apply(cell)) == [SWAP])
    return swaps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, help="JSON-lines file, appended to and resumed from")
    parser.add_argument("--decisions", action="store_true", help="only ask the level's swap decisions")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=10, help="games from each first stone")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--classes", help="only the first stones of these classes (comma-separated, "
                                          "as the table names them)")
    args = parser.parse_args(argv)
    only = frozenset(name.strip().upper() for name in args.classes.split(",")) if args.classes else None
    unknown = sorted(only - set(classes(args.size).values())) if only else []
    if unknown:
        parser.error(f"--classes: no class {', '.join(unknown)} on the {args.size}-board")
    if args.decisions:
        swaps = decisions(args.level, args.size, args.seed)
        print(f"{args.level} swaps after {sum(map(sum, swaps.values()))} of {sum(map(len, swaps.values()))} "
              f"first stones; mirror-equal stones treated differently in "
              f"{sum(0 < sum(s) < len(s) for s in swaps.values())} of {len(swaps)} classes")
        return 0
    if args.results is None:
        parser.error("--results is needed unless --decisions")
    old = [json.loads(line) for line in args.results.read_text().splitlines() if line.strip()] \
        if args.results.exists() else []
    mine = [r for r in old if (r["level"], r["size"], r["seed"]) == (args.level, args.size, args.seed)]
    with args.results.open("a", encoding="utf-8") as out:
        work = jobs_for(args.level, args.size, args.seed, args.rounds, {(r["round"], r["stone"]) for r in mine}, only)
        for record in LocalExecutor(args.jobs).run(play_from_stone, work):
            out.write(json.dumps(record, sort_keys=True) + "\n")
            out.flush()
            mine.append(record)
    print(f"{len(mine)} games, Vert won {sum(r['vert_won'] for r in mine)}")
    print("| first stone (class) | stones | games | Vert's wins (95% interval) |\n|---|---|---|---|")
    for row in table(mine, args.size):
        print(f"| {row['class']} | {row['stones']} | {row['games']} | {row['vert_share']:.0%} "
              f"({row['low']:.0%}–{row['high']:.0%}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
