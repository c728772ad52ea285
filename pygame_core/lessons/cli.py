"""`python -m pygame_core lessons [GAME] [--check]`: print every lesson and replay as JSON, or
hold each one to the rules and name every lesson they contradict (exit 1), with each tutorial's
turns judged as the page judges them against the turns that meet its goal."""

from __future__ import annotations

import argparse
import json
import sys

from ..cli import Command, UsageError
from ..errors import RecordError
from ..registry import find_game
from .check import replay_problems, tutorial_report
from .coverage import TURN_LIMIT, Coverage
from .model import FORMAT, VERSION, Tutorial, all_lessons, to_data


def _args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", help="only this game's lessons (default: every game's)")
    parser.add_argument("--check", action="store_true",
                        help="replay every solution and wrong answer with the rules, and judge every turn of each "
                             "tutorial as the page does against its goal; exit 1 on any problem")
    parser.add_argument("--turns", type=int, default=TURN_LIMIT, metavar="N",
                        help=f"with --check: enumerate about N turns a tutorial at most (default {TURN_LIMIT:,})")


def _run(args: argparse.Namespace) -> int:
    try:
        game = find_game(args.game).name if args.game else None
        lessons = all_lessons(game)
    except (ValueError, RecordError) as exc:
        raise UsageError(str(exc)) from None
    if not args.check:
        print(json.dumps({"format": FORMAT, "version": VERSION, "lessons": [to_data(x) for x in lessons]}))
        return 0
    found = []
    for lesson in lessons:
        if isinstance(lesson, Tutorial):
            problems, judged = tutorial_report(lesson, args.turns)
            if judged is not None:
                print(_judged_line(judged))
        else:
            problems = replay_problems(lesson)
        found += problems
    for problem in found:
        print(problem, file=sys.stderr)
    print(f"{len(lessons)} lessons checked, {len(found)} problems")
    return 1 if found else 0


def _judged_line(judged: Coverage) -> str:
    """`lisbon-ring: 16,293 turns of 1-2 actions (not every turn) and 67 sampled: 199 accepted,
    199 meet the goal`."""
    space = judged.space
    turns = f"every turn ({len(space.turns):,})" if space.complete else (
        f"{len(space.turns):,} turns of 1-{space.most} actions (all of them) and {judged.sampled} larger ones sampled")
    return f"{judged.lesson}: {turns}: {judged.accepted:,} accepted, {judged.meets:,} meet the goal"


COMMANDS: list[Command] = [("lessons", "print every lesson and replay as JSON, or --check them with the rules",
                            _args, _run)]
