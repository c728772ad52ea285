"""Learn's puzzles on the page's own board: the list in the Learn dialog (by game, with the
player's progress) and the puzzle in the coach bar.

A puzzle opens with its goal; once a turn is played the bar gives its verdict (judged by
ui.play.puzzles): a wrong turn is answered on the board by the refutation the proof found, a
right one in a longer win by the defence, until the win is reached. "Try again", "Show
solution" and "Next puzzle" are its buttons. The Learn dialog (ui.page.learn_panel) owns the
bar and keeps the player's game; this fills them in, as ui.page.tutorial_coach does for lessons.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from pygame_core.puzzles.catalog import Puzzle
from pygame_core.registry import find_game
from ui.i18n import _, ngettext, say
from ui.page.learn_bar import BarWords, Learn, open_on_board
from ui.page.puzzle_file import with_puzzles
from ui.page.puzzle_streak import StreakCoach
from ui.play.puzzles import (FAILED, GOOD, SOLVED, Progress, PuzzleTry, label, miss_note, puzzle_session,
                             refutation_actions, turn_text)
from ui.play.session import Session
from ui.saves.storage import BrowserStorage


def fill_puzzle_list(dom: Any, box: Any, puzzles: tuple[Puzzle, ...], progress: Progress,
                     opener: Callable[[Puzzle], Callable[[], None]], streak_button: Callable[[Any, str], None]) -> None:
    """Each game's puzzles under a heading with the player's progress in it ("SUSAN: 7 of 15
    solved, 2 missed") and the game's streak button, each puzzle a button marked ✓ solved or
    ✗ missed."""
    box.replaceChildren()
    by_game: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        by_game.setdefault(puzzle.game, []).append(puzzle)
    for game, listed in by_game.items():
        title = find_game(game).title
        dom.make("h4", box, _("{game}: {progress}", game=title, progress=progress.summary(p.id for p in listed)),
                 data_game=game)
        streak_button(dom.make("p", box), game)
        row = dom.make("div", box, class_="learn-list", role="group", aria_label=title)
        for number, puzzle in enumerate(listed, start=1):
            result = progress.result(puzzle.id)
            mark = {SOLVED: " ✓", FAILED: " ✗"}.get(result, "")
            button = dom.button(row, label(puzzle, number) + mark, opener(puzzle),
                                data_puzzle=puzzle.id, data_result=result or "new")
            button.title = " ".join(say(text) for text in (puzzle.origin_text(), puzzle.rating and puzzle.rating.text())
                                    if text)


class PuzzleCoach:
    """The puzzle on the board, if any, and the Learn dialog's list of puzzles."""

    def __init__(self, learn: Learn) -> None:
        self.learn = learn
        self.progress = Progress(BrowserStorage.for_page())
        self.catalog: tuple[Puzzle, ...] = ()   # fetched the first time the dialog opens
        self.puzzle: Puzzle | None = None
        self.run: PuzzleTry | None = None
        self.buttons: list[Any] = []
        self.streaks = StreakCoach(learn.dom, learn.choose, self.open)
        learn.page.after_move.append(self._moved)

    # --- the list in the Learn dialog -------------------------------------------------------
    def build_list(self, dialog: Any) -> None:
        make = self.learn.dom.make
        make("h3", dialog, _("Puzzles"))
        make("p", dialog, _("Each puzzle has exactly one move that wins or saves the game: the computer "
                            "tried every line to be sure. A longer win is played out: the computer "
                            "defends, and you play on to the win."), class_="summary")
        self.progress_line = make("p", dialog, id="learn-progress", role="status")
        self.lists = make("div", dialog, id="learn-puzzles")

    def fill_list(self) -> None:
        """Fetch the puzzles (once) and list them, or say why they cannot be."""
        self.progress_line.textContent = _("Loading the puzzles…")
        with_puzzles(self.show_list, self._list_failed)

    def show_list(self, puzzles: tuple[Puzzle, ...]) -> None:
        self.catalog = puzzles
        self.streaks.refresh()
        fill_puzzle_list(self.learn.dom, self.lists, puzzles, self.progress,
                         lambda puzzle: partial(self.learn.choose, partial(self.open, puzzle)),
                         lambda where, game: self.streaks.add_button(where, game, puzzles))
        solved, failed = self.progress.count(SOLVED), self.progress.count(FAILED)
        text = ngettext("{n} puzzle; solved {solved}, missed {missed}.", "{n} puzzles; solved {solved}, missed {missed}.",
                        len(puzzles), solved=solved, missed=failed)
        self.progress_line.textContent = f"{text} {self.progress.note}".strip()

    def _list_failed(self, reason: str) -> None:
        self.progress_line.textContent = reason

    # --- the coach bar ----------------------------------------------------------------------
    def add_buttons(self, box: Any) -> None:
        button = self.learn.dom.button
        self.streaks.add_line(self.learn.note)
        self.buttons = [button(box, _("Try again"), self._retry, id="coach-retry"),
                        button(box, _("Show solution"), self._show_solution, id="coach-solution"),
                        button(box, _("Next puzzle"), self._next_puzzle, id="coach-next-puzzle")]

    def _offer(self, shown: bool) -> None:
        for button in self.buttons:
            button.hidden = not shown

    def open(self, puzzle: Puzzle) -> None:
        def words(session: Session) -> BarWords:
            self.puzzle, self.run = puzzle, PuzzleTry(puzzle)
            number = [p.id for p in self.catalog if p.game == puzzle.game].index(puzzle.id) + 1
            self.learn.bar.dataset.puzzle = puzzle.id
            self.learn.bar.dataset.step = "0"   # the player's right turns so far (a longer win is played out)
            self._offer(True)
            return BarWords(_("Puzzle: {game} {number}", game=find_game(puzzle.game).title, number=number),
                            say(puzzle.goal_text(session.live)), _("Play your move on the board."),
                            " ".join(say(text) for text in (puzzle.origin_text(), puzzle.checked_text(),
                                                             puzzle.rating and puzzle.rating.text()) if text))
        open_on_board(self.learn, "puzzle", "puzzle", partial(puzzle_session, puzzle), words)

    def stop(self) -> None:
        """Another puzzle, replay or game took the board (or Learn closed)."""
        self.puzzle = self.run = None
        self._offer(False)
        self.streaks.stop()

    def _moved(self, session: Session) -> None:
        if self.puzzle is not None and self.run is not None and session is self.learn.session:
            self._judge(session, self.puzzle, self.run)

    def _judge(self, session: Session, puzzle: Puzzle, run: PuzzleTry) -> None:
        learn, first = self.learn, run.first
        tried = run.judge(session)
        if tried is None:
            if first and session.cursor == run.next:   # a typed turn replaced the stones already placed
                learn.note.textContent = _("That turn took back the stones already placed: press Try again.")
            return
        if tried.result == GOOD:
            defender = session.state_at(run.next - 2)   # after the player's turn
            name = defender.player_name(defender.to_move)
            learn.bar.dataset.step = str((run.next - run.start) // 2)
            learn.note.textContent = _("Right: {move} keeps the win. {side} defends with {answer} (on the board): "
                                       "your move.", move=tried.played, side=say(name), answer=turn_text(tried.answer))
        elif tried.solved:
            self.progress.record(puzzle.id, SOLVED)
            learn.bar.dataset.result = SOLVED
            done = _("Solved: {move} is the one move here.", move=tried.played) if first else _(
                "Solved: the win is reached.")
            learn.note.textContent = " ".join(part for part in (done, self.progress.note, self.streaks.judged(True))
                                              if part)
        else:
            self.progress.record(puzzle.id, FAILED)
            learn.bar.dataset.result = FAILED
            streak_note = self.streaks.judged(False)
            missed = miss_note(puzzle, tried, session, run.start)
            solution = (_("The solution was {solution}.", solution=tried.solution) if first else
                        _("The win went on with {solution}.", solution=tried.solution))
            learn.note.textContent = " ".join(part for part in (
                _("Not this time: {move} misses.", move=tried.played), missed, solution, self.progress.note,
                streak_note) if part)
        if tried.answer and not session.is_over:   # the refutation, or the defence, on the board
            session.play_turn(refutation_actions(session, tried.answer))
        learn.page.refresh()

    def _retry(self) -> None:
        if self.puzzle is not None:
            self.open(self.puzzle)

    def _show_solution(self) -> None:
        session = self.learn.session
        if self.puzzle is not None and self.run is not None and session is not None:
            here = self.run.solution_here(session.state_at(self.run.next - 1))
            self.learn.note.textContent = _("The solution: {turn}.", turn=turn_text(here))
            self.streaks.solution_shown(self.puzzle)

    def _next_puzzle(self) -> None:
        if self.puzzle is None or self.streaks.serve():
            return
        ids = [p.id for p in self.catalog]
        self.open(self.catalog[(ids.index(self.puzzle.id) + 1) % len(self.catalog)])
