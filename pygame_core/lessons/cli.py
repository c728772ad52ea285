"""`python -m pygame_core lessons [GAME] [--check]`: print every lesson and replay as JSON, or
hold each one to the rules and name every lesson they contradict (exit 1)."""

from __future__ import annotations

import argparse
import json
import sys

from ..cli import Command, UsageError
from ..errors import RecordError
from ..registry import find_game
from .check import problems
from .model import FORMAT, VERSION, all_lessons, to_data


def _args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", help="only this game's lessons (default: every game's)")
    parser.add_argument("--check", action="store_true",
                        help="replay every solution and wrong answer with the rules; exit 1 on any they reject")


def _run(args: argparse.Namespace) -> int:
    try:
        game = find_game(args.game).name if args.game else None
        lessons = all_lessons(game)
    except (ValueError, RecordError) as exc:
        raise UsageError(str(exc)) from None
    if not args.check:
        print(json.dumps({"format": FORMAT, "version": VERSION, "lessons": [to_data(x) for x in lessons]}))
        return 0
    found = [problem for lesson in lessons for problem in problems(lesson)]
    for problem in found:
        print(problem, file=sys.stderr)
    print(f"{len(lessons)} lessons checked, {len(found)} problems")
    return 1 if found else 0


COMMANDS: list[Command] = [("lessons", "print every lesson and replay as JSON, or --check them with the rules",
                            _args, _run)]
