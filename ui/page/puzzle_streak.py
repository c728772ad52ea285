"""Learn's puzzle streak on the page: a "Streak" button under each game's puzzles in the Learn
dialog, and on the coach bar the streak's line ("Streak: 3 solved. Best: 5.").

A streak serves the game's puzzles easiest first (ui.play.streak); each solve makes "Next
puzzle" serve the next, harder one, and the first miss ends it. The best streak per game is
kept as each solve raises it, so a reload or a closed page loses nothing. The puzzles
themselves are opened and judged by ui.page.puzzle_coach, which tells this what came of each.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from pygame_core.puzzles.catalog import Puzzle
from ui.i18n import _, ngettext
from ui.play.streak import BestStreaks, Streak, streak_order, streak_words
from ui.saves.storage import BrowserStorage

Opener = Callable[[Puzzle], None]


class StreakCoach:
    """The streak under way (if any), its line on the coach bar and its buttons in the list."""

    def __init__(self, dom: Any, choose: Callable[[Callable[[], None]], None], open_puzzle: Opener) -> None:
        self.dom = dom
        self.choose = choose            # closes the Learn dialog, then starts what it is given
        self.open_puzzle = open_puzzle  # the puzzle coach's own opener
        self.best = BestStreaks(BrowserStorage.for_page())
        self.streak: Streak | None = None
        self.serving = False            # opening the streak's next puzzle (which stops the one before)
        self.line: Any = None

    def add_line(self, note: Any) -> None:
        """The streak's line on the coach bar, right after its `note` (hidden while no streak is under way)."""
        self.line = self.dom.make("p", None, id="coach-streak", role="status")
        self.line.hidden = True
        note.after(self.line)

    def refresh(self) -> None:
        """Read the best streaks again before the list shows them: a restore in the saves panel
        may have raised them (where storage is denied, the ones of this visit are all there is)."""
        fresh = BestStreaks(BrowserStorage.for_page())
        if fresh.storage.available:
            self.best = fresh

    def add_button(self, box: Any, game: str, catalog: tuple[Puzzle, ...]) -> None:
        """The list's "Streak" button for `game`, with its best streak in it."""
        best = self.best.of(game)
        text = ngettext("Streak (best: {n} solved)", "Streak (best: {n} solved)", best) if best else _("Streak")
        self.dom.button(box, text, partial(self.choose, partial(self.start, game, catalog)),
                        class_="learn-streak", data_streak=game)

    def start(self, game: str, catalog: tuple[Puzzle, ...]) -> None:
        self.streak = Streak(game, streak_order(catalog, game))
        self.serve()

    def serve(self) -> bool:
        """Open the streak's next puzzle; False when no streak is under way to serve one."""
        streak = self.streak
        if streak is None or streak.over:
            return False
        puzzle = streak.current
        if puzzle is None:   # every puzzle of the game solved in one streak
            self.say(_("Every puzzle of this game solved in one streak!"), streak)
            return True
        self.serving = True
        try:
            self.open_puzzle(puzzle)
        finally:
            self.serving = False
        self.say("", streak)
        return True

    def judged(self, solved: bool) -> str:
        """Note a streak puzzle's result; the sentence to add to the verdict ('' outside a streak)."""
        streak = self.streak
        if streak is None or streak.over:
            return ""
        if solved:
            streak.solved()
            self.best.offer(streak.game, streak.length)
            words = _("Next puzzle brings a harder one.") if not streak.cleared else ""
        else:
            streak.missed()
            words = ngettext("The streak is over: {n} puzzle solved in a row.",
                             "The streak is over: {n} puzzles solved in a row.", streak.length)
        self.say(words, streak)
        return self.best.note

    def solution_shown(self, puzzle: Puzzle) -> None:
        """"Show solution" on the streak's puzzle before it is solved ends the streak, as a miss."""
        streak = self.streak
        if streak is not None and streak.current == puzzle:
            self.judged(False)

    def stop(self) -> None:
        """Another puzzle, lesson or game took the board: the streak ends (not as a miss)."""
        if self.serving:
            return
        self.streak = None
        if self.line is not None:
            self.line.hidden = True

    def say(self, words: str, streak: Streak) -> None:
        line = self.line
        line.hidden = False
        line.dataset.streak = str(streak.length)
        line.dataset.over = "1" if streak.over else ""
        line.textContent = f"{streak_words(streak, self.best.of(streak.game))} {words}".strip()
