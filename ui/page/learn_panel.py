"""Learn: the tutorials, the puzzles and the guided replays, opened from the Learn button
(loaded on first use).

The dialog lists each game's tutorials (ui.page.tutorial_coach), the guided replays and the
shipped puzzles by game, with the player's progress. Choosing one puts its position on the
page's own board (a Session like any other, both seats people) and shows the coach bar above the side panel: the puzzle's goal and, once a turn
is played, its verdict (a wrong turn is answered on the board by the refutation the proof
found; a right one in a longer win by the defence, until the win is reached), or the replay's
note for the shown move with buttons to step through it.

Learn never costs a game: the game on the board is kept (the very Session, so seats, levels,
shown move and a resignation come back, with the Coordinates choice) and Close brings it back;
a game with moves is also copied into the saves list first, in case the page is closed before.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, NamedTuple

from pygame_core.ai.levels import LEVELS
from pygame_core.errors import RecordError
from pygame_core.puzzles.catalog import Puzzle
from pygame_core.puzzles.guided import NO_NOTE, GuidedGame, guided_games
from pygame_core.registry import find_game
from ui.page.page_api import Page
from ui.page.puzzle_file import with_puzzles
from ui.page.tutorial_coach import TutorialCoach
from ui.play.puzzles import (FAILED, GOOD, SOLVED, Progress, PuzzleTry, label, miss_note, puzzle_session,
                             refutation_actions, turn_text)
from ui.play.saved_game import SavedGame, Seat
from ui.play.session import Session
from ui.saves.storage import BrowserStorage
from ui.saves.store import SavesStore, StoreError

KEPT_NAME = "Game kept while in Learn"


class Kept(NamedTuple):
    """The game Learn took the board from, and how to give it back."""

    session: Session
    coordinates: bool   # the Coordinates box as the player had it
    key: str            # its copy in the saves list ("" when none was made)


class GameKeeper:
    """Learn never costs a game: the game it takes the board from is kept (a copy goes to the
    saves list when it has moves, should the page close first) and given back as it was."""

    def __init__(self, page: Page, note: Any, kept_name: str = KEPT_NAME) -> None:
        self.page = page
        self.dom = page.dom
        self.note = note   # the coach bar's line that says where the game is
        self.kept_name = kept_name   # its copy's name in the saves list (the analysis board has its own)
        self.kept: Kept | None = None

    def keep(self) -> None:
        """Keep the game on the board, unless one is kept already (then the board holds a
        puzzle or replay of ours, simply replaced)."""
        if self.kept is not None:
            return
        session = self.page.session
        coordinates = bool(self.dom.by_id("coordinates").checked)
        what = f"Your {session.spec.title} game"
        if not session.turns:
            self.note.textContent = f"{what} is kept: Close brings it back."
            self.kept = Kept(session, coordinates, "")
            return
        try:
            key = _store().save(session.to_saved(), self.kept_name)
        except StoreError:
            key = ""
        where = f"; should this page close first, it is in the saves list as “{self.kept_name}”" if key else ""
        self.note.textContent = f"{what} is kept: Close brings it back as it was{where}."
        self.kept = Kept(session, coordinates, key)

    def release(self) -> Kept | None:
        """The kept game, forgotten here (another game chosen leaves it in the saves list)."""
        kept, self.kept = self.kept, None
        return kept

    def give_back(self, kept: Kept) -> None:
        self.page.start(kept.session)
        coordinates = self.dom.by_id("coordinates")
        if bool(coordinates.checked) != kept.coordinates:
            coordinates.click()
        if kept.key:   # it is on the board (and autosaved) again: its copy is not needed
            try:
                _store().delete(kept.key)
            except StoreError:
                pass   # the copy stays in the list: nothing is lost


def fill_puzzle_list(dom: Any, box: Any, puzzles: tuple[Puzzle, ...], progress: Progress,
                     opener: Callable[[Puzzle], Callable[[], None]]) -> None:
    """Each game's puzzles under a heading with the player's progress in it ("SUSAN: 7 of 15
    solved, 2 missed"), each puzzle a button marked ✓ solved or ✗ missed."""
    box.replaceChildren()
    by_game: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        by_game.setdefault(puzzle.game, []).append(puzzle)
    for game, listed in by_game.items():
        title = find_game(game).title
        dom.make("h4", box, f"{title}: {progress.summary(p.id for p in listed)}", data_game=game)
        row = dom.make("div", box, class_="learn-list", role="group", aria_label=title)
        for number, puzzle in enumerate(listed, start=1):
            result = progress.result(puzzle.id)
            mark = {SOLVED: " ✓", FAILED: " ✗"}.get(result, "")
            button = dom.button(row, label(puzzle, number) + mark, opener(puzzle),
                                data_puzzle=puzzle.id, data_result=result or "new")
            button.title = puzzle.origin_text()


def _store() -> SavesStore:
    return SavesStore(BrowserStorage.for_page(), tuple(LEVELS))


class LearnDialog:
    """The Learn dialog and the coach bar it drives."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = page.dom
        self.progress = Progress(BrowserStorage.for_page())
        self.puzzles: tuple[Puzzle, ...] = ()   # fetched the first time the dialog opens
        self.session: Session | None = None
        self.puzzle: Puzzle | None = None
        self.guided: GuidedGame | None = None
        self.run: PuzzleTry | None = None
        self.tutorials = TutorialCoach(self)
        self._build_dialog()
        self._build_bar()
        self.keeper = GameKeeper(page, self.kept_note)
        page.after_move.append(self._moved)
        page.on_new_session.append(self._new_session)

    # --- the dialog ---------------------------------------------------------------------------
    def _build_dialog(self) -> None:
        make = self.dom.make
        self.dialog = make("dialog", self.dom.by_id("dialogs"), id="learn-dialog", aria_labelledby="learn-title")
        head = make("div", self.dialog, class_="dialog-head")
        make("h2", head, "Learn", id="learn-title")
        self.dom.button(head, "Close", self.dialog.close, id="learn-close")
        self.tutorials.build_list(self.dialog)
        make("h3", self.dialog, "Guided replays")
        for game in guided_games():
            item = make("p", self.dialog)
            self.dom.button(item, f"{find_game(game.game).title}: {game.title}",
                            partial(self.choose, partial(self.open_guided, game)), class_="learn-guided")
            make("small", item, " " + game.source)
        make("h3", self.dialog, "Puzzles")
        make("p", self.dialog, "Each puzzle has exactly one move that wins or saves the game: the computer "
                               "tried every line to be sure. A longer win is played out: the computer "
                               "defends, and you play on to the win.", class_="summary")
        self.progress_line = make("p", self.dialog, id="learn-progress", role="status")
        self.lists = make("div", self.dialog, id="learn-puzzles")

    def open(self) -> None:
        self.tutorials.fill_list()
        self.progress_line.textContent = "Loading the puzzles…"
        with_puzzles(self._show_puzzles, self._puzzles_failed)
        self.dialog.showModal()

    def _show_puzzles(self, puzzles: tuple[Puzzle, ...]) -> None:
        self.puzzles = puzzles
        self._fill_lists()

    def _puzzles_failed(self, reason: str) -> None:
        self.progress_line.textContent = reason

    def _fill_lists(self) -> None:
        fill_puzzle_list(self.dom, self.lists, self.puzzles, self.progress,
                         lambda puzzle: partial(self.choose, partial(self.open_puzzle, puzzle)))
        solved, failed = self.progress.count(SOLVED), self.progress.count(FAILED)
        text = f"{len(self.puzzles)} puzzles; solved {solved}, missed {failed}."
        self.progress_line.textContent = f"{text} {self.progress.note}".strip()

    def choose(self, start: Any) -> None:
        self.dialog.close()
        start()

    # --- the coach bar ------------------------------------------------------------------------
    def _build_bar(self) -> None:
        make = self.dom.make
        self.bar = make("section", None, id="coach-bar", class_="coach-bar", aria_labelledby="coach-bar-title")
        self.bar.hidden = True
        self.dom.by_id("panel-content").prepend(self.bar)
        self.title = make("h2", self.bar, id="coach-bar-title")
        self.goal = make("p", self.bar, id="coach-goal")
        self.note = make("p", self.bar, id="coach-note", role="status", aria_live="polite")
        self.source = make("p", self.bar, id="coach-source", class_="coach-source")
        self.kept_note = make("p", self.bar, id="coach-kept", class_="coach-source")
        buttons = make("div", self.bar, class_="coach-buttons", role="group", aria_label="Coach")
        button = self.dom.button
        self.prev_button = button(buttons, "‹ Back", lambda: self._step(-1), id="coach-prev")
        self.next_button = button(buttons, "Next ›", lambda: self._step(1), id="coach-next")
        self.retry_button = button(buttons, "Try again", self._retry, id="coach-retry")
        self.solution_button = button(buttons, "Show solution", self._show_solution, id="coach-solution")
        self.next_puzzle_button = button(buttons, "Next puzzle", self._next_puzzle, id="coach-next-puzzle")
        self.tutorials.add_buttons(buttons)
        button(buttons, "Learn…", self.open, id="coach-learn")
        button(buttons, "Close", self._close, id="coach-close")

    def show_bar(self, mode: str) -> None:
        """Show the bar with the buttons of `mode` ("puzzle", "guided" or "tutorial")."""
        self.bar.hidden = False
        self.prev_button.hidden = self.next_button.hidden = mode != "guided"
        self.retry_button.hidden = self.solution_button.hidden = self.next_puzzle_button.hidden = mode != "puzzle"

    def _leave(self) -> Kept | None:
        """Take Learn off the page; returns the game it kept (forgotten here)."""
        self.session = self.puzzle = self.guided = self.run = None
        self.tutorials.stop()
        self.bar.hidden = True
        self.page.panel.lesson = False
        return self.keeper.release()

    def _new_session(self, session: Session) -> None:
        if session is not self.session:
            self._leave()   # another game was chosen: the kept one stays in the saves list

    def _close(self) -> None:
        """Leave Learn: the game it took the board from comes back as it was."""
        kept = self._leave()
        if kept is not None:
            self.keeper.give_back(kept)

    def start(self, session: Session, show: Callable[[], None]) -> None:
        """Put `session` on the board and `show` its bar; the player's own game is kept first
        (a puzzle or replay of ours on the board is simply replaced)."""
        self.keeper.keep()
        self.session = session
        self.puzzle = self.guided = self.run = None
        self.tutorials.stop()
        self.page.panel.lesson = True
        self.page.start(session)
        show()
        coordinates = self.dom.by_id("coordinates")
        if not coordinates.checked:   # notes and answers name cells: show their names
            coordinates.click()

    # --- puzzles ------------------------------------------------------------------------------
    def open_puzzle(self, puzzle: Puzzle) -> None:
        try:
            session = puzzle_session(puzzle)
        except RecordError as exc:
            self.page.session.message = f"That puzzle cannot be opened: {exc}"
            self.page.refresh()
            return

        def show() -> None:
            self.puzzle, self.guided = puzzle, None
            self.run = PuzzleTry(puzzle)
            number = [p.id for p in self.puzzles if p.game == puzzle.game].index(puzzle.id) + 1
            self.title.textContent = f"Puzzle: {find_game(puzzle.game).title} {number}"
            self.goal.textContent = puzzle.goal_text(session.live)
            self.note.textContent = "Play your move on the board."
            self.source.textContent = f"{puzzle.origin_text()} {puzzle.checked_text()}"
            self.bar.dataset.mode = "puzzle"
            self.bar.dataset.puzzle = puzzle.id
            self.bar.dataset.result = ""
            self.bar.dataset.step = "0"   # the player's right turns so far (a longer win is played out)
            self.show_bar("puzzle")
        self.start(session, show)

    def _moved(self, session: Session) -> None:
        if session is not self.session:
            return
        if self.guided is not None:
            self._show_note()
        elif self.puzzle is not None and self.run is not None:
            self._judge(session, self.puzzle, self.run)

    def _judge(self, session: Session, puzzle: Puzzle, run: PuzzleTry) -> None:
        first = run.first
        tried = run.judge(session)
        if tried is None:
            if first and session.cursor == run.next:   # a typed turn replaced the stones already placed
                self.note.textContent = "That turn took back the stones already placed: press Try again."
            return
        if tried.result == GOOD:
            defender = session.state_at(run.next - 2)   # after the player's turn
            name = defender.player_name(defender.to_move)
            self.bar.dataset.step = str((run.next - run.start) // 2)
            self.note.textContent = (f"Right: {tried.played} keeps the win. {name} defends with "
                                     f"{turn_text(tried.answer)} (on the board): your move.")
        elif tried.solved:
            self.progress.record(puzzle.id, SOLVED)
            self.bar.dataset.result = SOLVED
            done = f"{tried.played} is the one move here." if first else "the win is reached."
            self.note.textContent = f"Solved: {done} {self.progress.note}".strip()
        else:
            self.progress.record(puzzle.id, FAILED)
            self.bar.dataset.result = FAILED
            missed = miss_note(puzzle, tried, session, run.start)
            solution = "The solution was" if first else "The win went on with"
            self.note.textContent = " ".join(part for part in (
                f"Not this time: {tried.played} misses.", missed, f"{solution} {tried.solution}.",
                self.progress.note) if part)
        if tried.answer and not session.is_over:   # the refutation, or the defence, on the board
            session.play_turn(refutation_actions(session, tried.answer))
        self.page.refresh()

    def _retry(self) -> None:
        if self.puzzle is not None:
            self.open_puzzle(self.puzzle)

    def _show_solution(self) -> None:
        if self.puzzle is not None and self.run is not None and self.session is not None:
            here = self.run.solution_here(self.session.state_at(self.run.next - 1))
            self.note.textContent = f"The solution: {turn_text(here)}."

    def _next_puzzle(self) -> None:
        if self.puzzle is None:
            return
        ids = [p.id for p in self.puzzles]
        following = self.puzzles[(ids.index(self.puzzle.id) + 1) % len(self.puzzles)]
        self.open_puzzle(following)

    # --- guided replays -------------------------------------------------------------------------
    def open_guided(self, game: GuidedGame, move: int = 0) -> None:
        session = Session.from_saved(SavedGame(game.record(), (Seat(), Seat()), move))

        def show() -> None:
            self.guided, self.puzzle = game, None
            self.title.textContent = game.title
            self.source.textContent = game.source
            self.bar.dataset.mode = "guided"
            self.bar.dataset.puzzle = ""
            self.show_bar("guided")
            self._show_note()
        self.start(session, show)

    def _step(self, by: int) -> None:
        session, game = self.session, self.guided
        if session is None or game is None:
            return
        target = max(0, min(session.cursor + by, len(game.turns)))
        if session.turns != game.turns:   # a move was played over the replay: back to its line
            self.open_guided(game, target)
            return
        self.page.goto(target)
        self.page.refresh()

    def _show_note(self) -> None:
        session, game = self.session, self.guided
        if session is None or game is None:
            return
        move = session.cursor
        total = len(game.turns)
        self.goal.textContent = f"Move {move} of {total}" + (f": {session.turns[move - 1]}" if move else "")
        self.note.textContent = game.note(move) or NO_NOTE
        self.bar.dataset.move = str(move)
        self.prev_button.disabled = move == 0
        self.next_button.disabled = move >= total
