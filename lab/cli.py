"""`python -m lab match|ladder`: the lab's commands, read by pygame_core.cli's shared helpers
(game, options, one-line errors with exit status 2) so they behave as the product's do."""

from __future__ import annotations

import argparse
import json
import sys

from pygame_core import cli

from .ladder.cli import COMMAND as LADDER
from .match import MatchResult, run_match


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


COMMANDS: list[cli.Command] = [
    ("match", "play two AI specs against each other, alternating seats", _match_args, _match),
    LADDER,
]
