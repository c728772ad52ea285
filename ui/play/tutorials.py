"""Tutorial mode, pure: a tutorial (pygame_core.lessons) as a Session at its position, the
learner's turn judged by the lesson's goal, and which tutorials are done.

A turn is judged by what it does, not how it was written (pygame_core.lessons.goal): the
solution's first turn is right and the rest of its line plays out; a listed wrong answer gets
its refutation line played on the board; any other turn that reaches the lesson's goal (a win, a
draw, a score, a turn of three stones...) is right too, explained by the goal's words and
followed only by the goal's own replies; any other legal turn is not what the lesson asks. A
wrong answer the rules refuse (`illegal`) never reaches the board: the page shows the rules'
refusal, and the lesson's explanation when the refused turn is that answer (the same cells, in
any order).

The page (ui.page.tutorial_coach) shows what this decides; nothing here touches the DOM.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from pygame_core.errors import as_text
from pygame_core.game import Outcome
from pygame_core.lessons.goal import OTHER, RIGHT, WRONG, Judge
from pygame_core.lessons.model import Line, Tutorial, all_lessons
from pygame_core.translatable import Text
from ui.i18n import N_, _
from ui.play.saved_game import SavedGame, Seat
from ui.play.session import Session

LESSON_PROGRESS_KEY = "abstract-games:lesson-progress"   # kept like the puzzles' (ui.play.puzzles.Progress)
__all__ = ["LESSON_PROGRESS_KEY", "OTHER", "RIGHT", "WRONG", "TutorialTry", "Verdict", "next_tutorial", "play_follow",
           "refused_answer", "tutorial_session", "tutorials"]


def tutorials(game: str | None = None) -> tuple[Tutorial, ...]:
    """The tutorials of one game or all, in the order a beginner should meet them."""
    return tuple(lesson for lesson in all_lessons(game) if isinstance(lesson, Tutorial))


def tutorial_session(tutorial: Tutorial) -> Session:
    """A session at the lesson's position, both seats people (RecordError if it does not replay)."""
    record = tutorial.record
    return Session.from_saved(SavedGame(record, (Seat(), Seat()), len(record.turns)))


class Verdict(NamedTuple):
    """What the learner's turn came to."""

    result: str                 # RIGHT, WRONG (a listed wrong answer) or OTHER
    played: str                 # the learner's turn, as notation
    follow: tuple[str, ...]     # the turns to play on the board next (the solution's rest, the refutation)
    why: str                    # the lesson's explanation ("" for OTHER)


class TutorialTry:
    """One try at a tutorial: the learner's first whole turn is judged once."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.start = len(tutorial.record.turns)   # the cursor at the lesson's position
        self.finished = False

    def judge(self, session: Session) -> Verdict | None:
        """Judge the learner's turn just played, or None when the shown position is not right
        after it (nothing played yet, a turn under way, the try already judged)."""
        if self.finished or session.cursor != self.start + 1 or len(session.turns) <= self.start:
            return None
        before = session.state_at(self.start)
        actions = session.turn_actions(self.start + 1)
        played = before.format_turn(actions) or _("end the turn")
        self.finished = True
        after = session.state_at(self.start + 1)
        result, line = Judge(self.tutorial, before).turn(actions, after)
        if line is not None:
            return Verdict(result, played, line.turns[1:], line.why)
        if result != RIGHT:
            return Verdict(OTHER, played, (), "")
        goal = self.tutorial.goal   # another right turn: the goal's words, and how the rules ended the game
        return Verdict(RIGHT, played, goal.then, goal.why if after.outcome is None else _ended(goal.why, after.outcome))


def _ended(why: str, outcome: Outcome) -> Text:
    """The goal's words and how the rules ended the game, as one text the page translates."""
    reason = outcome.reason if not outcome.reason.endswith(".") else outcome.reason.rstrip(".")
    return Text(N_("{why} The game ends: {reason}."), {"why": as_text(why), "reason": as_text(reason)})


def _cells(turn: str) -> frozenset[str]:
    """A turn's parts as written, in any order and case (`h9, H7` = `h7,h9`)."""
    return frozenset(part.strip().lower() for part in turn.split(",") if part.strip())


def refused_answer(tutorial: Tutorial, attempted: str) -> Line | None:
    """The lesson's wrong answer that the rules refuse which the learner's refused turn
    (`attempted`, as notation: the stones placed so far and the refused one) is, if any."""
    tried = _cells(attempted)
    return next((line for line in tutorial.wrong
                 if line.claim.result == "illegal" and _cells(line.turns[0]) == tried), None)


def play_follow(session: Session, turns: Sequence[str]) -> None:
    """Play a line's further turns on the board (each checked by the rules; the checker
    has made sure they are legal), stopping at the end of the game."""
    for turn in turns:
        if session.is_over:
            return
        session.play_turn(session.turn_start.parse_turn(turn))


def next_tutorial(tutorial: Tutorial) -> Tutorial | None:
    """The game's tutorial after this one, or None after its last."""
    ids = [t.id for t in tutorials(tutorial.game)]
    following = ids.index(tutorial.id) + 1
    return tutorials(tutorial.game)[following] if following < len(ids) else None
