"""Learn's tutorials on the page's own board: the list in the Learn dialog (one row per game,
each lesson with its done mark) and the lesson in the coach bar.

A lesson opens like a puzzle: its position on the board, its one sentence, the learner plays.
The turn is judged by ui.play.tutorials: the solution plays its line out and shows why, with
"Next lesson", and so is any other turn that reaches the lesson's goal (with the goal's words); a
listed wrong answer plays its refutation and shows why, with "Try again"; any other turn does not
do what the lesson asks, with "Try again"; a turn the rules refuse that is one of the
lesson's wrong answers is explained too (the page's own line gives the rules' refusal); "Show
me" plays the solution. The Learn
dialog (ui.page.learn_panel) owns the bar and keeps the player's game; this fills them in
(opened as a puzzle is, by ui.page.learn_bar.open_on_board).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from pygame_core.lessons.model import Tutorial
from pygame_core.registry import find_game
from ui.i18n import _, say
from ui.page.learn_bar import BarWords, Learn, open_on_board
from ui.play.puzzles import SOLVED, Progress
from ui.play.session import Session
from ui.play.tutorials import (LESSON_PROGRESS_KEY, RIGHT, WRONG, TutorialTry, next_tutorial, play_follow,
                               refused_answer, tutorial_session, tutorials)
from ui.saves.storage import BrowserStorage


class TutorialCoach:
    """The tutorial on the board, if any, and the Learn dialog's list of tutorials."""

    def __init__(self, learn: Learn) -> None:
        self.learn = learn
        self.progress = Progress(BrowserStorage.for_page(), LESSON_PROGRESS_KEY)
        self.lesson: Tutorial | None = None
        self.run: TutorialTry | None = None
        self.lists: Any = None
        self.buttons: dict[str, Any] = {}
        learn.page.after_move.append(self._moved)
        learn.page.on_refused.append(self._refused)

    # --- the list in the Learn dialog -------------------------------------------------------
    def build_list(self, dialog: Any) -> None:
        make = self.learn.dom.make
        make("h3", dialog, _("Tutorials"))
        make("p", dialog, _("Each lesson teaches one rule: a small position, one sentence, a move to find."),
             class_="summary")
        self.lists = make("div", dialog, id="learn-tutorials")

    def fill_list(self) -> None:
        """One row of buttons per game, its lessons in order, a done one marked ✓."""
        dom, box = self.learn.dom, self.lists
        box.replaceChildren()
        for game in dict.fromkeys(t.game for t in tutorials()):
            title = find_game(game).title
            heading = _("{game} tutorial", game=title)
            dom.make("h4", box, heading)
            row = dom.make("div", box, class_="learn-list", role="group", aria_label=heading)
            for number, lesson in enumerate(tutorials(game), start=1):
                done = self.progress.result(lesson.id) == SOLVED
                dom.button(row, f"{number}. {say(lesson.title)}" + (" ✓" if done else ""),
                           partial(self.learn.choose, partial(self.open, lesson)),
                           data_lesson=lesson.id, data_result="done" if done else "new")
        if self.progress.note:
            dom.make("p", box, self.progress.note)

    def open_first(self, game: str) -> None:
        """The game's first tutorial (the front door's "Learn it in two minutes")."""
        found = tutorials(game)
        if found:
            self.open(found[0])

    # --- the coach bar --------------------------------------------------------------------------
    def add_buttons(self, box: Any) -> None:
        for key, words, action in (("retry", _("Try again"), self.retry), ("show-me", _("Show me"), self.show_me),
                                   ("next", _("Next lesson"), self.next_lesson)):
            self.buttons[key] = self.learn.dom.button(box, words, action, id=f"coach-lesson-{key}")
            self.buttons[key].hidden = True

    def _offer(self, *shown: str) -> None:
        for key, button in self.buttons.items():
            button.hidden = key not in shown

    def open(self, lesson: Tutorial) -> None:
        def words(session: Session) -> BarWords:
            self.lesson, self.run = lesson, TutorialTry(lesson)
            lessons = tutorials(lesson.game)
            number = [t.id for t in lessons].index(lesson.id) + 1
            self.learn.bar.dataset.lesson = lesson.id
            self._offer("show-me")
            side = say(session.live.player_name(session.live.to_move))
            return BarWords(_("{game} lesson {number} of {count}: {title}", game=find_game(lesson.game).title,
                              number=number, count=len(lessons), title=say(lesson.title)),
                            say(lesson.text), _("You play {side}: make your move on the board.", side=side), "")
        open_on_board(self.learn, "lesson", "tutorial", partial(tutorial_session, lesson), words)

    def stop(self) -> None:
        """Another puzzle, replay or game took the board (or Learn closed)."""
        self.lesson = self.run = None
        self.learn.bar.dataset.lesson = ""
        self._offer()

    def _moved(self, session: Session) -> None:
        """Judge the learner's turn once it is whole, and play the line it calls for."""
        lesson, run, learn = self.lesson, self.run, self.learn
        if lesson is None or run is None or session is not learn.session:
            return
        verdict = run.judge(session)
        if verdict is None:
            return
        learn.bar.dataset.result = verdict.result
        if verdict.result == RIGHT:
            self.progress.record(lesson.id, SOLVED)
            right = _("Right: {why}", why=say(verdict.why))
            last = "" if next_tutorial(lesson) else " " + _(
                "That was the last lesson: you know how to play {game}.", game=find_game(lesson.game).title)
            learn.note.textContent = f"{right}{last} {self.progress.note}".strip()
            self._offer("next" if next_tutorial(lesson) else "")
        else:
            learn.note.textContent = (_("Not this one: {why}", why=say(verdict.why)) if verdict.result == WRONG else
                                      _("{move} is allowed, but it does not do what this lesson asks.",
                                        move=verdict.played))
            self._offer("retry", "show-me")
        play_follow(session, verdict.follow)   # the rest of the solution, or the refutation
        learn.page.refresh()

    def _refused(self, session: Session, attempted: str) -> None:
        """A turn the rules refused: when it is one of the lesson's wrong answers, say why in
        the lesson's words (the learner may go on with the stones placed, or try again)."""
        lesson, run, learn = self.lesson, self.run, self.learn
        if lesson is None or run is None or run.finished or session is not learn.session:
            return
        line = refused_answer(lesson, attempted)
        if line is not None:
            learn.bar.dataset.result = "refused"
            learn.note.textContent = _("Not this one: {why}", why=say(line.why))
            self._offer("retry", "show-me")

    def retry(self) -> None:
        if self.lesson is not None:
            self.open(self.lesson)

    def show_me(self) -> None:
        """The lesson again with its solution played and explained (not counted as done)."""
        lesson = self.lesson
        if lesson is None:
            return
        self.open(lesson)
        session = self.learn.session
        if session is None or self.run is None:
            return
        self.run.finished = True
        play_follow(session, lesson.solution.turns)
        self.learn.note.textContent = _("The move: {move}. {why}", move=lesson.solution.turns[0],
                                        why=say(lesson.solution.why))
        self.learn.bar.dataset.result = "shown"
        self._offer("retry")
        self.learn.page.refresh()

    def next_lesson(self) -> None:
        following = None if self.lesson is None else next_tutorial(self.lesson)
        if following is not None:
            self.open(following)
