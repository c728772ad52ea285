"""A learner's turn judged by the tutorial's goal: every turn that reaches the position the
lesson asks for is right, not only the lesson's own solution.

The lesson's listed lines are recognised first, as sets of actions (stones placed in any order
are the same turn): the solution is right and plays its scripted line, a listed wrong answer is
wrong and plays its refutation. Any other turn is right exactly when it meets the goal (`Goal`:
a result, its reason's words, a score, a side, a number of stones, a cell held). So the page can
only ever turn down a right answer if a listed wrong answer meets the goal, which `check` (the
command line) refuses, and `coverage` proves over the lesson's turns.

Pure and used by the page (ui.play.tutorials) as well as the checker: no DOM, no command line.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ..errors import MoveError, quote
from ..game import END_TURN, Action, GameState
from .model import Claim, Goal, Line, Tutorial

RIGHT, WRONG, OTHER = "right", "wrong", "other"


class Played(NamedTuple):
    """What the rules said about a line: the result from the learner's side, the rules' reason
    and the state it ended in (the state it was refused in when illegal)."""

    result: str
    reason: str
    state: GameState


class Judgement(NamedTuple):
    """What a learner's turn came to, and the listed line it is (the solution, a wrong answer)."""

    result: str          # RIGHT, WRONG or OTHER
    line: Line | None    # None: not a listed line (a right one meets the goal)


def result_of(state: GameState, learner: int) -> tuple[str, str]:
    """The result from the learner's side ("on" while the game goes on) and the rules' reason."""
    outcome = state.outcome
    if outcome is None:
        return "on", ""
    if outcome.is_draw:
        return "draw", outcome.reason
    return ("win" if learner in outcome.winners else "loss"), outcome.reason


def claim_problems(claim: Claim, played: Played, start: GameState) -> list[str]:
    """How what the rules gave differs from what the claim says ([] when it holds)."""
    problems = []
    if played.result != claim.result:
        said = f" ({played.reason})" if played.reason else ""
        problems.append(f"the rules give {played.result}{said}, the lesson says {claim.result}")
    elif claim.reason and claim.reason.lower() not in played.reason.lower():
        problems.append(f"the rules' reason is {quote(played.reason)}, which does not say {quote(claim.reason)}")
    if claim.score is not None:
        extras = start.spec.report_extras
        score = extras(played.state).get("score") if extras else None
        if score != dict(claim.score):
            problems.append(f"the score is {score}, the lesson says {dict(claim.score)}")
    if claim.side:
        side = played.state.player_name(start.to_move)
        if side.lower() != claim.side.lower():
            problems.append(f"the learner plays {side} after it, the lesson says {claim.side}")
    return problems


def turn_key(actions: Sequence[Action]) -> frozenset[Action]:
    """A turn as the set of what it does: the same stones in any order are the same turn."""
    return frozenset(actions) - {END_TURN}


def line_key(start: GameState, line: Line) -> frozenset[Action] | None:
    """The actions of the line's first turn from `start`; None when the rules refuse it."""
    try:
        return turn_key(start.parse_turn(line.turns[0]))
    except MoveError:
        return None


def goal_problems(goal: Goal, start: GameState, after: GameState) -> list[str]:
    """What keeps the position `after` the learner's turn from `start` short of the goal ([]
    when it meets it): the goal's replies are played first."""
    state = after
    for reply in goal.then:
        if state.is_over:
            return [f"the game is over before {quote(reply)}"]
        try:
            state = state.play_turn(reply)
        except MoveError as exc:
            return [f"{quote(reply)} is refused after it: {exc.reason}"]
    learner = start.to_move
    problems = claim_problems(goal.claim, Played(*result_of(state, learner), state), start)
    added = len(after.stones(learner)) - len(start.stones(learner))
    if goal.stones is not None and added != goal.stones:
        problems.append(f"it adds {added} stones, the lesson asks for {goal.stones}")
    cells = [after.board.cell(name) for name in goal.holds]
    if goal.holds and not any(cell is not None and after.occupant(cell) == learner for cell in cells):
        problems.append(f"the learner holds none of {', '.join(goal.holds)}")
    return problems


class Judge:
    """Judges learner's turns from one tutorial's position, its listed lines read once."""

    def __init__(self, tutorial: Tutorial, start: GameState) -> None:
        self.tutorial, self.start = tutorial, start
        self.listed = [(line_key(start, line), result, line)
                       for result, line in ((RIGHT, tutorial.solution), *((WRONG, w) for w in tutorial.wrong))]

    def turn(self, actions: Sequence[Action], after: GameState) -> Judgement:
        """The learner's whole turn `actions`, leading to `after`: the solution or another turn
        that meets the goal is right, a listed wrong answer is wrong."""
        mine = turn_key(actions)
        listed = next(((result, line) for key, result, line in self.listed if key == mine), None)
        if listed is not None:
            return Judgement(*listed)
        return Judgement(OTHER if goal_problems(self.tutorial.goal, self.start, after) else RIGHT, None)
