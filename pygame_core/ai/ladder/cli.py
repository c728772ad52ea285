"""`python -m pygame_core ladder run|ratings|sprt|report`: the ladder's command line.

`run` plays a schedule's missing games into a results file (stop it any time, run it again to
resume); `ratings` fits every game of one or more files; `sprt` plays pairs of A and B until
the sequential test decides; `report` writes the docs' tables and plots. The statistics
(numpy) are imported only by the commands that need them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from ... import cli
from ...game import GameSpec
from ...registry import GAMES
from ..player import make_player
from . import runner, schedule
from .executors import executor_for, local_cores


def _add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """What a run of games needs: seed, openings, clock, processes, results file."""
    parser.add_argument("--seed", type=int, default=1, help="seeds the openings and the players (default 1)")
    parser.add_argument("--opening-turns", type=int, default=schedule.OPENING_TURNS, metavar="N",
                        help=f"random turns before the players take over (default {schedule.OPENING_TURNS})")
    parser.add_argument("--results", required=True, metavar="FILE",
                        help="JSON-lines file the games are appended to; games it holds are not played again")
    parser.add_argument("--jobs", type=int, default=local_cores(), metavar="N",
                        help=f"play games on N processes (default: all cores, {local_cores()} here)")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help="run the games as Ray tasks instead: 'local', 'auto' or a cluster's ray:// address")
    parser.add_argument("--cpu-time", action="store_true",
                        help="think times count CPU time, not the wall clock (fair on a busy machine)")
    parser.add_argument("--progress", action="store_true", help="print a line after every game")


def _run_args(parser: argparse.ArgumentParser) -> None:
    cli.add_game_options(parser)
    parser.add_argument("--player", action="append", required=True, metavar="SPEC", dest="players",
                        help="a player spec (mcts:level=hard, mcts:iterations=1600, alphabeta:seconds=1, ...); "
                             "give it once per player")
    parser.add_argument("--schedule", default="round-robin", choices=schedule.SCHEDULES,
                        help="who meets whom: every pair, the first player against each other, "
                             "or each player against the next (default round-robin)")
    parser.add_argument("--pairs", type=int, default=50, metavar="N",
                        help="openings per matchup; each is played twice, seats swapped (default 50)")
    _add_run_arguments(parser)


def _game_and_options(args: argparse.Namespace) -> tuple[GameSpec, dict[str, Any]]:
    spec, given = cli.game_options(args)
    try:
        options = spec.resolve_options(given)
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    if spec.new_game(options).num_players != 2:
        raise cli.UsageError("the ladder rates two-player games; choose --players 2")
    return spec, options


def _check(args: argparse.Namespace, spec: GameSpec, players: list[str]) -> None:
    """Refuse bad numbers and bad player specs before any game is played."""
    if getattr(args, "pairs", 1) < 1:
        raise cli.UsageError("--pairs must be at least 1")
    if args.opening_turns < 0:
        raise cli.UsageError("--opening-turns must be 0 or more")
    if args.jobs < 1:
        raise cli.UsageError("--jobs must be at least 1")
    for text in players:
        try:
            make_player(text, spec, random.Random(0))
        except ValueError as exc:
            raise cli.UsageError(str(exc)) from None


def _executor(args: argparse.Namespace) -> Any:
    try:
        return executor_for(args.jobs, args.ray)
    except RuntimeError as exc:
        raise cli.UsageError(str(exc)) from None


def _progress(args: argparse.Namespace) -> Any:
    def show(record: dict[str, Any]) -> None:
        if args.progress:
            print(json.dumps({k: record[k] for k in ("pair", "seats", "winners", "turns", "cpu_s")}),
                  file=sys.stderr, flush=True)
    return show


def _run(args: argparse.Namespace) -> int:
    spec, options = _game_and_options(args)
    _check(args, spec, args.players)
    try:
        jobs = list(schedule.games(spec, GAMES[spec.name], options, args.players, args.schedule, args.pairs,
                                   args.seed, args.opening_turns, args.cpu_time))
    except ValueError as exc:
        raise cli.UsageError(str(exc)) from None
    played = runner.run(jobs, args.results, _executor(args), _progress(args))
    print(json.dumps({"game": spec.name, "scheduled": len(jobs), "played": played, "results": args.results}))
    return 0


def _ladder_args(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="ladder_command", required=True)
    for name, help_text, add_args, run in SUBCOMMANDS:
        add_args(sub.add_parser(name, help=help_text, description=help_text))
        _RUNNERS[name] = run


def _ladder(args: argparse.Namespace) -> int:
    return _RUNNERS[args.ladder_command](args)


_RUNNERS: dict[str, Any] = {}
SUBCOMMANDS: list[cli.Command] = [
    ("run", "play a schedule's games (paired openings) into a results file; run again to resume", _run_args, _run),
]
COMMAND: cli.Command = ("ladder", "rate players over many paired games: run, ratings, sprt, report",
                        _ladder_args, _ladder)
