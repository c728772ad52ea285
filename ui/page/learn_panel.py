"""Learn: the tutorials, the puzzles and the guided replays, opened from the Learn button
(loaded on first use).

The dialog lists each game's tutorials (ui.page.tutorial_coach), the guided replays and the
shipped puzzles by game with the player's progress (ui.page.puzzle_coach). Choosing one puts
its position on the page's own board (a Session like any other, both seats people) and shows
the coach bar above the side panel, which each coach fills in (ui.page.learn_bar): the
puzzle's goal and verdicts, the lesson's, or here the replay's note for the shown move with
buttons to step through it.

Learn never costs a game: the game on the board is kept (the very Session, so seats, levels,
shown move and a resignation come back, with the Coordinates choice) and Close brings it back;
a game with moves is also copied into the saves list first, in case the page is closed before.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, NamedTuple

from pygame_core.ai.levels import LEVELS
from pygame_core.puzzles.guided import NO_NOTE, GuidedGame, guided_games
from pygame_core.registry import find_game
from ui.i18n import N_, _, say
from ui.page.page_api import Page
from ui.page.puzzle_coach import PuzzleCoach
from ui.page.tutorial_coach import TutorialCoach
from ui.play.saved_game import SavedGame, Seat
from ui.play.session import Session, set_aside
from ui.saves.storage import BrowserStorage
from ui.saves.store import SavesStore, StoreError

KEPT_NAME = N_("Game kept while in Learn")


class Kept(NamedTuple):
    """The game Learn took the board from, and how to give it back."""

    session: Session
    coordinates: bool   # the Coordinates box as the player had it
    key: str            # its copy in the saves list ("" when none was made)
    clock_ran: bool     # its clock ran when kept: stopped while away, started again on return


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
        clock_ran = set_aside(session)
        game = session.spec.title
        if not session.turns:
            self.note.textContent = _("Your {game} game is kept: Close brings it back.", game=game)
            self.kept = Kept(session, coordinates, "", clock_ran)
            return
        name = _(self.kept_name)
        try:
            key = _store().save(session.to_saved(), name)
        except StoreError:
            key = ""
        self.note.textContent = _("Your {game} game is kept: Close brings it back as it was; should this page "
                                  "close first, it is in the saves list as “{name}”.", game=game, name=name) if key \
            else _("Your {game} game is kept: Close brings it back as it was.", game=game)
        self.kept = Kept(session, coordinates, key, clock_ran)

    def release(self) -> Kept | None:
        """The kept game, forgotten here (another game chosen leaves it in the saves list)."""
        kept, self.kept = self.kept, None
        return kept

    def give_back(self, kept: Kept) -> None:
        if kept.clock_ran:
            kept.session.pause_clock(False)
        self.page.start(kept.session)
        coordinates = self.dom.by_id("coordinates")
        if bool(coordinates.checked) != kept.coordinates:
            coordinates.click()
        if kept.key:   # it is on the board (and autosaved) again: its copy is not needed
            try:
                _store().delete(kept.key)
            except StoreError:
                pass   # the copy stays in the list: nothing is lost


def _store() -> SavesStore:
    return SavesStore(BrowserStorage.for_page(), tuple(LEVELS))


class LearnDialog:
    """The Learn dialog and the coach bar it drives."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = page.dom
        self.session: Session | None = None
        self.guided: GuidedGame | None = None
        self.tutorials = TutorialCoach(self)
        self.puzzles = PuzzleCoach(self)
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
        make("h2", head, _("Learn"), id="learn-title")
        self.dom.button(head, _("Close"), self.dialog.close, id="learn-close")
        self.tutorials.build_list(self.dialog)
        make("h3", self.dialog, _("Guided replays"))
        for game in guided_games():
            item = make("p", self.dialog)
            self.dom.button(item, _("{game}: {title}", game=find_game(game.game).title, title=say(game.title)),
                            partial(self.choose, partial(self.open_guided, game)), class_="learn-guided")
            make("small", item, " " + say(game.source))
        self.puzzles.build_list(self.dialog)
        make("h3", self.dialog, _("Your games"))
        self.dom.button(make("p", self.dialog), _("Your openings"), partial(self.choose, self.page.open_openings),
                        id="learn-openings")

    def open(self) -> None:
        self.tutorials.fill_list()
        self.puzzles.fill_list()
        self.dialog.showModal()

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
        buttons = make("div", self.bar, class_="coach-buttons", role="group", aria_label=_("Coach"))
        button = self.dom.button
        self.prev_button = button(buttons, _("‹ Back"), lambda: self._step(-1), id="coach-prev")
        self.next_button = button(buttons, _("Next ›"), lambda: self._step(1), id="coach-next")
        self.puzzles.add_buttons(buttons)
        self.tutorials.add_buttons(buttons)
        button(buttons, _("Learn…"), self.open, id="coach-learn")
        button(buttons, _("Close"), self._close, id="coach-close")

    def show_bar(self, mode: str) -> None:
        """Show the bar, with the replay's buttons in `mode` "guided" (each coach shows its own)."""
        self.bar.hidden = False
        self.prev_button.hidden = self.next_button.hidden = mode != "guided"

    def _leave(self) -> Kept | None:
        """Take Learn off the page; returns the game it kept (forgotten here)."""
        self.session = self.guided = None
        self.puzzles.stop()
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
        self.guided = None
        self.puzzles.stop()
        self.tutorials.stop()
        self.page.panel.lesson = True
        self.page.start(session)
        show()
        coordinates = self.dom.by_id("coordinates")
        if not coordinates.checked:   # notes and answers name cells: show their names
            coordinates.click()

    def _moved(self, session: Session) -> None:
        if session is self.session and self.guided is not None:
            self._show_note()

    # --- guided replays -------------------------------------------------------------------------
    def open_guided(self, game: GuidedGame, move: int = 0) -> None:
        session = Session.from_saved(SavedGame(game.record(), (Seat(), Seat()), move))

        def show() -> None:
            self.guided = game
            self.title.textContent = say(game.title)
            self.source.textContent = say(game.source)
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
        self.goal.textContent = _("Move {move} of {total}: {turn}", move=move, total=total, turn=session.turns[move - 1]) \
            if move else _("Move {move} of {total}", move=move, total=total)
        self.note.textContent = say(game.note(move) or NO_NOTE)
        self.bar.dataset.move = str(move)
        self.prev_button.disabled = move == 0
        self.next_button.disabled = move >= total
