"""Every legal turn of a tutorial's position, judged as the page judges it and held to the goal:
the turns the page accepts must be exactly the turns that meet the lesson's goal.

Turns are enumerated as sets of actions (the page judges a set: stones in any order are one turn),
each set once: a turn's actions are taken in increasing order, except that its last action may
be any that ends the turn or the game (a LISBON stone that wins must be the turn's last, whatever
its cell). `tests/core/test_lessons.py` checks this finds the same turns as trying every order.

Most lessons have under 200 turns and are enumerated whole. A LISBON turn of n stones has up to
C(185, n) of them (10^16 for ten stones), so past `limit` turns the enumeration stops at the
most stones that fit (every turn of one or two stones) and a fixed-seed sample of larger turns,
each one the solution's stones with others added, or random, is judged as well; docs/lessons.md
says why that still proves the page right for every turn. Command line only (`check`).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..game import END_TURN, Action, GameState
from .goal import RIGHT, Judge, goal_problems, turn_key
from .model import Tutorial

TURN_LIMIT = 40_000     # turns enumerated per lesson by `lessons --check`
SAMPLES_PER_SIZE = 25   # sampled turns per larger size, when not every turn is enumerated
SEED = 54               # the samples are the same on every run
MAX_SAMPLED_SIZE = 64   # no game's turn comes near this many actions


Turns = dict[frozenset[Action], tuple[tuple[Action, ...], GameState]]   # a turn's set -> its actions, the state after


class Space(NamedTuple):
    """The turns enumerated: every turn of at most `most` actions (`complete`: no turn has more)."""

    turns: Turns
    most: int
    complete: bool


class Coverage(NamedTuple):
    """What a lesson's turns came to: how many were judged, and how many of them the page
    accepts and meet the goal; `differ` the turns (as notation) where the two disagree."""

    lesson: str
    space: Space
    sampled: int
    accepted: int
    meets: int
    differ: tuple[str, ...]


def turn_space(state: GameState, limit: int) -> Space:
    """Every whole turn from `state` of as many actions as fit within about `limit` turns (all
    of them if they fit), each set of actions once: its actions in play order, the state after.

    Layer by layer: the turns of n actions come from the unfinished turns of n - 1, and the next
    layer is only made when all its turns would still fit."""
    turns: Turns = {}
    layer: list[tuple[GameState, tuple[Action, ...]]] = [(state, ())]
    most = 0
    while True:
        for current, made in layer:
            if made and current.is_legal(END_TURN):
                turns.setdefault(turn_key(made), (made, current.play_unchecked(END_TURN)))
        steps = [(current, made, a) for current, made in layer for a in current.legal_actions() if a != END_TURN]
        if not steps:
            return Space(turns, most, True)
        if most and len(turns) + len(steps) > limit:
            return Space(turns, most, False)
        layer = []
        for current, made, action in steps:
            after, turn = current.play_unchecked(action), made + (action,)
            if after.is_over or not after.turn_actions:
                turns.setdefault(turn_key(turn), (turn, after))
            elif not made or action > made[-1]:   # an unfinished set goes on in increasing order only
                layer.append((after, turn))
        most += 1


def _walk(state: GameState, size: int, last: tuple[Action, ...],
          chance: random.Random) -> tuple[tuple[Action, ...], GameState] | None:
    """A whole turn of `size` actions: random legal ones, then `last` (the solution's); None
    when the rules allow no such turn this way (a stone refused, the turn or game over sooner)."""
    made: tuple[Action, ...] = ()
    for step in range(size):
        choices = [a for a in state.legal_actions() if a != END_TURN]
        left = size - step
        action = last[-left] if left <= len(last) else chance.choice(choices) if choices else None
        if action is None or action not in choices:
            return None
        state, made = state.play_unchecked(action), made + (action,)
        if state.is_over or not state.turn_actions:
            return (made, state) if left == 1 else None
    return (made, state.play_unchecked(END_TURN)) if END_TURN in state.legal_actions() else None


def samples(start: GameState, space: Space, solution: tuple[Action, ...]) -> Turns:
    """Turns larger than the enumerated ones, the same on every run: for each larger size the
    rules allow, random ones and the solution's actions after random others."""
    chance = random.Random(SEED)
    found: Turns = {}
    for size in range(space.most + 1, MAX_SAMPLED_SIZE + 1):
        ending = solution if len(solution) < size else ()   # the solution itself is judged by check.py
        walked = [_walk(start, size, ending if number % 2 else (), chance) for number in range(SAMPLES_PER_SIZE)]
        if not any(walked):
            break   # no turn this large
        found.update((turn_key(made), (made, after)) for made, after in filter(None, walked)
                     if turn_key(made) not in space.turns)
    return found


def coverage(lesson: Tutorial, start: GameState, limit: int = TURN_LIMIT) -> Coverage:
    """Judge every turn of the lesson's position `start` (or as many as `limit` allows, and a
    sample of larger ones) as the page does, and compare the accepted turns with those meeting
    the goal."""
    space = turn_space(start, limit)
    solution = tuple(a for a in start.parse_turn(lesson.solution.turns[0]) if a != END_TURN)
    extra = {} if space.complete else samples(start, space, solution)
    judge = Judge(lesson, start)
    accepted = meets = 0
    differ = []
    for made, after in (*space.turns.values(), *extra.values()):
        right = judge.turn(made, after).result == RIGHT
        good = not goal_problems(lesson.goal, start, after)
        accepted, meets = accepted + right, meets + good
        if right != good:
            differ.append(start.format_turn(made))
    return Coverage(lesson.id, space, len(extra), accepted, meets, tuple(differ))
