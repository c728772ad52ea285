"""The AI's subcommands for `python -m pygame_core`: ai, bench-ai.

`pygame_core.__main__` adds them to the rules' commands; game, options, --position and RECORD
are read by the shared cli helpers so they behave exactly as in `replay`. The strength
measurements (match, ladder) are research, not product: they live in lab/ (`python -m lab`),
which the product never imports, and MOVED_TO_LAB answers their old names with the new ones.
"""

from __future__ import annotations

import argparse
import json
import random

from .. import cli
from ..registry import all_games
from .bench import measure
from .budget import resolve
from .levels import DEFAULT_LEVEL, LEVELS
from .player import MctsPlayer


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
    try:   # the level's budget, as the page and the lab resolve it (ai.budget)
        budget = resolve(spec, args.level or DEFAULT_LEVEL)
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    if args.iterations is not None:
        if args.iterations < 1:
            raise cli.UsageError("--iterations must be at least 1")
        budget = budget.overridden(iterations=args.iterations)
    elif args.time is not None:
        if not args.time > 0:
            raise cli.UsageError("--time must be positive")
        budget = budget.overridden(iterations=10 ** 9, seconds=args.time)
    player = MctsPlayer.from_budget(spec, random.Random(args.seed), budget)
    player.choose_turn(state)
    print(json.dumps(player.last))
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
    ("bench-ai", "MCTS iterations per second for every game", _bench_args, _bench),
]
# the commands that moved to the lab: old name -> what to type now (pygame_core.cli.main)
MOVED_TO_LAB = {"match": "python -m lab match", "ladder": "python -m lab ladder"}
