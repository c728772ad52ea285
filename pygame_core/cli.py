"""`python -m pygame_core`: replay records and benchmark the rules from the command line.

Each subcommand is a (name, help, add_arguments, run) tuple; this module holds the rules'
commands and the helpers every command shares, the AI's commands are in `ai.cli`, and
`__main__` hands both lists to `main` (so neither module imports the other's commands). Game options become flags (`--size 6`)
built from each game's OptionSpecs. Exit codes: 0 success, 2 bad input with a one-line message.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable, Mapping, Sequence

from .benchmark import playout_rate
from .errors import OptionsError, RecordError
from .game import GameSpec, GameState
from .record import Record, Start, from_text, replay
from .registry import all_games, find_game, game_names

Command = tuple[str, str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """GAME and a flag for every option of every game (`--size 6`); read back by game_options."""
    parser.add_argument("game", help="one of: " + ", ".join(game_names()))
    for name in sorted({o.name for s in all_games() for o in s.options}):
        parser.add_argument(f"--{name.replace('_', '-')}", dest=f"opt_{name}", metavar="VALUE",
                            help="game option (see the game's rules)")


def game_options(args: argparse.Namespace) -> tuple[GameSpec, dict[str, Any]]:
    """The game named by add_game_options' arguments and the options given for it (unchecked
    values); UsageError for an unknown game or another game's option."""
    try:
        spec = find_game(args.game)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    given = {k[4:]: v for k, v in vars(args).items() if k.startswith("opt_") and v is not None}
    foreign = sorted(set(given) - {o.name for o in spec.options})
    if foreign:
        raise UsageError(f"{spec.name} has no option --{foreign[0].replace('_', '-')}")
    return spec, given


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME, its option flags, --position/--to-move and the RECORD file (or - for stdin)."""
    add_game_options(parser)
    parser.add_argument("--position", metavar="DIAGRAM_FILE", help="start from this diagram")
    parser.add_argument("--to-move", metavar="NAME", help="side to move in --position")
    # required: an optional positional would be taken together with GAME before any option
    # flag, leaving `replay GAME --opt V FILE` with FILE unrecognised
    parser.add_argument("record", help="record file, or - for stdin")


def load_record(args: argparse.Namespace) -> tuple[GameSpec, Record, list[GameState]]:
    """The game, record and replayed states named by the arguments of add_game_arguments."""
    spec, given = game_options(args)
    start = None
    if args.position:
        if not args.to_move:
            raise UsageError("--position needs --to-move NAME")
        start = Start(tuple(_read(args.position).splitlines()), args.to_move)
    try:
        spec.resolve_options(given)
        record = from_text(_read(args.record), game=spec.name, options=given, start=start)
        return spec, record, replay(record)
    except (RecordError, OptionsError) as exc:
        raise UsageError(str(exc)) from None


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {exc}") from None


def report(spec: GameSpec, record: Record, states: Sequence[GameState]) -> dict[str, Any]:
    """The replay summary printed as JSON."""
    state = states[-1]
    outcome = state.outcome
    names = [state.player_name(p) for p in range(state.num_players)]
    result: dict[str, Any] = {
        "game": spec.name,
        "options": spec.resolve_options(record.options),
        "plies": len(states) - 1,
        "to_move": None if outcome else names[state.to_move].lower(),
        "over": outcome is not None,
        "result": outcome.result if outcome else None,
        "winners": [names[p].lower() for p in outcome.winners] if outcome else [],
        "reason": outcome.reason if outcome else None,
        "stones": {names[p].lower(): [state.board.names[c] for c in state.stones(p)] for p in range(len(names))},
        "position": state.position_rows(),
    }
    if spec.report_extras is not None:
        result.update(spec.report_extras(state))
    return result


def _replay_args(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)


def _replay(args: argparse.Namespace) -> int:
    spec, record, states = load_record(args)
    print(json.dumps(report(spec, record, states)))
    return 0


def _bench_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and size")
    parser.add_argument("--seed", type=int, default=1)


def _bench(args: argparse.Namespace) -> int:
    """Playouts per second per game and option set, from the opening, with each game's one
    fast playout (the one the search runs)."""
    try:
        specs = [find_game(name) for name in args.games] if args.games else list(all_games())
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for spec in specs:
        if spec.playout is None:
            continue
        for given in spec.bench_options:
            count, elapsed = playout_rate(spec, given, args.seconds, args.seed)
            label = " ".join(f"{k}={v}" for k, v in given.items()) or "default"
            print(f"{spec.name:<10} {label:<24} {count / elapsed:10.0f} playouts/s  ({count} in {elapsed:.2f} s)")
    return 0


COMMANDS: list[Command] = [
    ("replay", "replay a record and print the final position as JSON", _replay_args, _replay),
    ("bench", "playouts per second of every game's fast playout", _bench_args, _bench),
]


def main(argv: Sequence[str] | None = None, commands: Sequence[Command] = COMMANDS, prog: str = "python -m pygame_core",
         moved: Mapping[str, str] | None = None) -> int:
    """Run the command `argv` names; `moved`: commands that live elsewhere now (name -> the
    command line to type instead), answered with one line and status 2."""
    argv = sys.argv[1:] if argv is None else list(argv)
    instead = (moved or {}).get(argv[0]) if argv else None
    if instead is not None:
        print(f"error: `{prog} {argv[0]}` has moved: run `{instead} ...` instead", file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(prog=prog)
    sub = parser.add_subparsers(dest="command", required=True)
    runners = {}
    for name, help_text, add_args, run in commands:
        add_args(sub.add_parser(name, help=help_text))
        runners[name] = run
    args = parser.parse_args(argv)
    try:
        return runners[args.command](args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def run_program(commands: Sequence[Command], prog: str, moved: Mapping[str, str] | None = None) -> int:
    """`main` for a `python -m` entry point: its exit status, and a quiet 1 when the reader of
    the output went away (`... | head`), as Unix tools do."""
    try:
        status = main(None, commands, prog, moved)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    return status
