"""Learn's tutorials on the page's own board: the list in the Learn dialog (one row per game,
each lesson with its done mark) and the lesson in the coach bar.

A lesson opens like a puzzle: its position on the board, its one sentence, the learner plays.
The turn is judged by ui.play.tutorials: the solution plays its line out and shows why, with
"Next lesson"; a listed wrong answer plays its refutation and shows why, with "Try again"; any
other turn is not the one asked for, with "Try again" and "Show me" (the solution played).
The Learn dialog (ui.page.learn_panel) owns the bar and the kept game; this fills them in.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from pygame_core.errors import RecordError
from pygame_core.lessons.model import Tutorial
from pygame_core.registry import find_game
from ui.play.puzzles import SOLVED, Progress
from ui.play.session import Session
from ui.play.tutorials import (LESSON_PROGRESS_KEY, RIGHT, WRONG, TutorialTry, next_tutorial, play_follow,
                               tutorial_session, tutorials)
from ui.saves.storage import BrowserStorage

if TYPE_CHECKING:
    from ui.page.learn_panel import LearnDialog


class TutorialCoach:
    """The tutorial on the board, if any, and the Learn dialog's list of tutorials."""

    def __init__(self, learn: LearnDialog) -> None:
        self.learn = learn
        self.progress = Progress(BrowserStorage.for_page(), LESSON_PROGRESS_KEY)
        self.lesson: Tutorial | None = None
        self.run: TutorialTry | None = None

    # --- the list in the Learn dialog -------------------------------------------------------
    def fill_list(self, box: Any) -> None:
        """One row of buttons per game, its lessons in order, a done one marked ✓."""
        dom = self.learn.dom
        box.replaceChildren()
        for game in dict.fromkeys(t.game for t in tutorials()):
            title = find_game(game).title
            dom.make("h4", box, title)
            row = dom.make("div", box, class_="learn-list", role="group", aria_label=f"{title} tutorial")
            for number, lesson in enumerate(tutorials(game), start=1):
                done = self.progress.result(lesson.id) == SOLVED
                dom.button(row, f"{number}. {lesson.title}" + (" ✓" if done else ""),
                           partial(self.learn.choose, partial(self.open, lesson)),
                           data_lesson=lesson.id, data_result="done" if done else "new")

    def open_first(self, game: str) -> None:
        """The game's first tutorial (the front door's "Learn it in two minutes")."""
        found = tutorials(game)
        if found:
            self.open(found[0])

    # --- a lesson on the board ----------------------------------------------------------------
    def open(self, lesson: Tutorial) -> None:
        try:
            session = tutorial_session(lesson)
        except RecordError as exc:
            self.learn.page.session.message = f"That lesson cannot be opened: {exc}"
            self.learn.page.refresh()
            return

        def show() -> None:
            learn = self.learn
            self.lesson, self.run = lesson, TutorialTry(lesson)
            lessons = tutorials(lesson.game)
            number = [t.id for t in lessons].index(lesson.id) + 1
            learn.title.textContent = (f"{find_game(lesson.game).title} lesson {number} of {len(lessons)}: "
                                       f"{lesson.title}")
            learn.goal.textContent = lesson.text
            side = session.live.player_name(session.live.to_move)
            learn.note.textContent = f"You play {side}: make your move on the board."
            learn.source.textContent = ""
            learn.bar.dataset.mode = "tutorial"
            learn.bar.dataset.puzzle = ""
            learn.bar.dataset.lesson = lesson.id
            learn.bar.dataset.result = ""
            learn.show_bar("tutorial")
            learn.retry_button.hidden = learn.next_lesson_button.hidden = True
        self.learn.start(session, show)

    def stop(self) -> None:
        self.lesson = self.run = None

    def moved(self, session: Session) -> None:
        """Judge the learner's turn once it is whole, and play the line it calls for."""
        lesson, run = self.lesson, self.run
        if lesson is None or run is None:
            return
        verdict = run.judge(session)
        if verdict is None:
            return
        learn = self.learn
        learn.bar.dataset.result = verdict.result
        if verdict.result == RIGHT:
            self.progress.record(lesson.id, SOLVED)
            following = next_tutorial(lesson)
            last = "" if following else f" That was the last lesson: you know how to play {find_game(lesson.game).title}."
            learn.note.textContent = f"Right: {verdict.why}{last} {self.progress.note}".strip()
        elif verdict.result == WRONG:
            learn.note.textContent = f"Not this one: {verdict.why}"
        else:
            learn.note.textContent = f"{verdict.played} is a legal move, but not the one this lesson asks for."
        play_follow(session, verdict.follow)   # the rest of the solution, or the refutation
        learn.retry_button.hidden = verdict.result == RIGHT
        learn.show_me_button.hidden = verdict.result == RIGHT
        learn.next_lesson_button.hidden = verdict.result != RIGHT or next_tutorial(lesson) is None
        learn.page.refresh()

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
        self.learn.note.textContent = f"The move: {lesson.solution.turns[0]}. {lesson.solution.why}"
        self.learn.bar.dataset.result = "shown"
        self.learn.retry_button.hidden, self.learn.show_me_button.hidden = False, True
        self.learn.page.refresh()

    def next_lesson(self) -> None:
        following = None if self.lesson is None else next_tutorial(self.lesson)
        if following is not None:
            self.open(following)
