"""The AI's subcommands for `python -m pygame_core`: ai, match, bench-ai, ladder.

`pygame_core.__main__` adds them to the rules' commands; game, options, --position and RECORD
are read by the shared cli helpers so they behave exactly as in `replay`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from .. import cli
from ..registry import all_games
from .bench import measure
from .ladder.cli import COMMAND as LADDER
from .levels import DEFAULT_LEVEL, LEVELS, find_level
from .match import MatchResult, run_match
from .player import MctsPlayer, level_iterations


def _ai_args(parser: argparse.ArgumentParser) -> None:
    cli.add_game_arguments(parser)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--level", help=f"one of {', '.join(LEVELS)} (default {DEFAULT_LEVEL})")
    budget.add_argument("--time", type=float, metavar="S", help="think for S seconds")
    budget.add_argument("--iterations", type=int, metavar="N", help="exactly N iterations per action")
    parser.add_argument("--seed", type=int, default=1)


def _ai(args: argparse.Namespace) -> int:
    spec, record, states = cli.load_record(args)
    state = states[-1]
    if state.outcome is not None:
        raise cli.UsageError(f"the game is over ({state.outcome.reason}); there is no move to choose")
    if args.iterations is not None:
        if args.iterations < 1:
            raise cli.UsageError("--iterations must be at least 1")
        iterations, seconds, perfect = args.iterations, None, False
    elif args.time is not None:
        if not args.time > 0:
            raise cli.UsageError("--time must be positive")
        iterations, seconds, perfect = 10 ** 9, args.time, False
    else:
        try:
            level = find_level(args.level or DEFAULT_LEVEL)
        except ValueError as exc:
            raise cli.UsageError(str(exc)) from None
        iterations, seconds, perfect = level_iterations(level, spec), level.seconds, level.perfect
    player = MctsPlayer(spec, random.Random(args.seed), iterations, seconds, perfect=perfect)
    player.choose_turn(state)
    print(json.dumps(player.last))
    return 0


def _match_args(parser: argparse.ArgumentParser) -> None:
    cli.add_game_options(parser)
    parser.add_argument("--a", required=True, metavar="SPEC", help="player A, e.g. mcts:level=medium")
    parser.add_argument("--b", required=True, metavar="SPEC", help="player B: random, tactician, mcts:...")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", action="store_true", help="print a line after every game")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="play games on N processes (the result does not depend on N)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="think times count CPU time, not the wall clock (fair on a busy machine)")


def _match(args: argparse.Namespace) -> int:
    spec, given = cli.game_options(args)
    try:
        options = spec.resolve_options(given)
    except ValueError as exc:  # OptionsError is a ValueError too
        raise cli.UsageError(str(exc)) from None
    if args.games < 1:
        raise cli.UsageError("--games must be at least 1")
    if args.jobs < 1:
        raise cli.UsageError("--jobs must be at least 1")

    def report(index: int, result: MatchResult) -> None:
        if args.progress:
            print(json.dumps({"game": index + 1, **result.as_dict()}), file=sys.stderr, flush=True)

    try:
        result = run_match(spec, options, args.a, args.b, args.games, args.seed, report, args.jobs, args.cpu_time)
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    print(json.dumps({"game": spec.name, "options": options, "a": args.a, "b": args.b,
                      "clock": "cpu" if args.cpu_time else "wall", **result.as_dict()}))
    return 0


def _bench_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=2.0, help="search time per game and option set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--frozen", action="store_true", help="the games' frozen baseline hints")


def _bench(args: argparse.Namespace) -> int:
    """MCTS iterations per second from the opening, per game and bench option set."""
    for spec in all_games():
        for given in spec.bench_options:
            row = measure(spec, given, args.seconds, args.seed, args.frozen)
            if args.json:
                print(json.dumps(row))
            else:
                print(f"{row['game']:<10} {row['options']:<24} {row['per_second']:10.0f} iterations/s"
                      f"  ({row['iterations']} in {row['seconds']:.2f} s)")
    return 0


COMMANDS: list[cli.Command] = [
    ("ai", "choose a move for the position a record reaches; prints JSON", _ai_args, _ai),
    ("match", "play two AI specs against each other, alternating seats", _match_args, _match),
    ("bench-ai", "MCTS iterations per second for every game", _bench_args, _bench),
    LADDER,
]
