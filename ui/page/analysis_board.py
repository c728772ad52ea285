"""The analysis board on the page: a bar over the side panel, the position editor, "from here".

The board is the play page itself with a person in every seat (ui/play/analysis.py), so moves,
the move list, undo and the engine's panel work as in any game. The game the board was taken
from is kept as Learn keeps it (GameKeeper: a copy in the saves list when it has moves) and
Close gives it back. Reached by `?analysis=1&game=GAME`, a position link, or the Analyse button.
"""

from __future__ import annotations

import importlib
from typing import Any

from pygame_core.ai.levels import LEVELS
from pygame_core.game import GameState
from pygame_core.registry import DEFAULT_GAME, find_game
from ui.i18n import N_, _, say
from ui.page.learn_panel import GameKeeper
from ui.page.page_api import Page
from ui.play.analysis import (analysis_game, asked_game, carried_game, game_from_here, seats_from_here,
                              shown_position)
from ui.play.saved_game import AI, Seat
from ui.play.session import Session
from ui.play.setup import HUMAN_CHOICE, seat_choices
from ui.saves.kept_away import KeptAway
from ui.saves.share import position_link
from ui.saves.storage import BrowserStorage
from ui.saves.store import SavesStore

KEPT_NAME = N_("Game kept while analysing")
DEFAULT_LEVEL = "medium"


class AnalysisBoard:
    """The analysis bar and its actions; `session` is the analysis game on the board (None when
    the board holds something else)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = page.dom
        self.session: Session | None = None
        self.editor: Any = None   # ui.page.position_editor.PositionEditor, made when first opened
        self._build_bar()
        self.keeper = GameKeeper(page, self.kept_note, KEPT_NAME)
        page.on_new_session.append(self._new_session)

    def _build_bar(self) -> None:
        make, button = self.dom.make, self.dom.button
        self.bar = make("section", None, id="analysis-bar", class_="coach-bar analysis-bar",
                        aria_labelledby="analysis-board-title")
        self.bar.hidden = True
        self.dom.by_id("panel-content").prepend(self.bar)
        make("h2", self.bar, _("Analysis board"), id="analysis-board-title")
        make("p", self.bar, _("Move for either side; Undo and the move list step back."), class_="coach-source")
        self.kept_note = make("p", self.bar, class_="coach-source")
        self.say = self.dom.status_line(self.bar, "analysis-message")
        buttons = make("div", self.bar, class_="coach-buttons", role="group", aria_label=_("Analysis board"))
        button(buttons, _("Edit position"), self.edit, id="analysis-edit")
        button(buttons, _("Share position"), self.share, id="analysis-share")
        button(buttons, _("Close"), self.close, id="analysis-close")
        self.link = make("input", self.bar, id="analysis-link", readonly="", aria_label=_("Link to this position"))
        self.link.hidden = True
        self._build_from_here()

    def _build_from_here(self) -> None:
        """"Play from here": one choice per seat, as in New game, and a friend at this device."""
        make = self.dom.make
        box = make("details", self.bar, id="analysis-from-here")
        make("summary", box, _("Play from here"))
        self.seats = make("div", box, id="analysis-seats")
        buttons = make("div", box, class_="coach-buttons")
        self.dom.button(buttons, _("Play the computer"), self.play_computer, id="analysis-play")
        self.dom.button(buttons, _("Play a friend"), self.play_friend, id="analysis-friend")

    # --- opening and leaving ----------------------------------------------------------------
    def open_here(self) -> None:
        """The game on the board (a game, a review, a puzzle, a replay) up to the move shown:
        its moves in the move list, to step back through."""
        session = self.page.session
        if session.spec.position is None:   # a game that declares no position rules
            session.message = _("{game} positions cannot be analysed here yet.", game=session.spec.title)
            return
        self.open(carried_game(session))

    def open_request(self, search: str, linked: bool) -> None:
        """`?analysis=1&game=GAME`: the position a link (`linked`) opened, else the game's empty
        board (a game on the board, the autosave's, is kept)."""
        session = self.page.session
        if linked and session.record().start is not None and not session.turns:
            self.open(Session.from_saved(analysis_game(session.live)), keep=False)   # a position link just opened it
            return
        asked = asked_game(search, find_game(DEFAULT_GAME))
        spec = find_game(DEFAULT_GAME) if isinstance(asked, str) else asked
        self.open(Session.from_saved(analysis_game(spec.new_game())))
        if isinstance(asked, str):
            self.page.session.message = asked
        self.say(_("An empty {game} board: Edit position sets one up.", game=spec.title))

    def open(self, analysis: Session, keep: bool = True) -> None:
        """Put the analysis board on `analysis` (people in every seat), keeping the game that
        was on the board."""
        if keep and self.session is None:
            self.keeper.keep()
            self._note_kept()
        self._start(analysis)
        self.bar.hidden = False
        self.dom.document.body.dataset.mode = "analysis"
        self._fill_seats(analysis.live)
        self._engine_panel(True)

    def show(self, state: GameState) -> None:
        """The analysis game on `state` alone (the editor shows each change this way)."""
        self._start(Session.from_saved(analysis_game(state)))

    def _start(self, analysis: Session) -> None:
        analysis.exploring = True   # a try from an earlier position is a side line; the game stays
        self.session = analysis
        self.bar.dataset.position = "/".join(analysis.live.position_rows())   # a test hook, as the board's data-cells
        self.page.start(analysis)

    def _new_session(self, session: Session) -> None:
        if session is not self.session:
            self._leave()

    def _leave(self) -> None:
        self.session = None
        self.bar.hidden = True
        self.link.hidden = True
        self.dom.document.body.dataset.mode = ""
        if self.editor is not None:
            self.editor.close()
        self._engine_panel(False)
        self.keeper.release()

    def close(self) -> None:
        """Leave the analysis board: the game it was opened from comes back as it was."""
        kept = self.keeper.kept
        self._leave()
        if kept is not None:
            self.keeper.give_back(kept)
            self._kept_away().forget(kept.key)
        self.page.refresh()

    def _note_kept(self) -> None:
        """Remember where the kept game is, for the plain page should this one close first."""
        kept = self.keeper.kept
        if kept is not None and kept.key:
            self._kept_away().note(kept.key)

    @staticmethod
    def _kept_away() -> KeptAway:
        storage = BrowserStorage.for_page()
        return KeptAway(storage, SavesStore(storage, tuple(LEVELS)))

    def _engine_panel(self, on: bool) -> None:
        """The engine's panel (best line, evaluation, top moves) opens with the analysis board
        and closes with it."""
        panel = self.page.engine()
        if on:
            panel.show()
        else:
            panel.hide()

    # --- the editor, a link, from here -------------------------------------------------------
    def edit(self) -> None:
        if self.session is None:
            return
        if self.editor is None:
            self.editor = importlib.import_module("ui.page.position_editor").PositionEditor(self)
        self.editor.open(self.session.live)

    def share(self) -> None:
        """A link that opens the analysis board on the shown position, selected to copy."""
        if self.session is None:
            return
        here = shown_position(self.session.live, self.session.turn_start)
        self.link.value = position_link(str(self.dom.window.location.href), here)
        self.link.hidden = False
        self.link.select()
        clipboard = getattr(self.dom.window.navigator, "clipboard", None)
        if clipboard is not None:
            clipboard.writeText(self.link.value).catch(self.dom.proxy(lambda error: None))
        self.say(_("The link to this position is below, ready to copy."))

    def _fill_seats(self, state: GameState) -> None:
        box = self.seats
        box.replaceChildren()
        levels = [(level.name, level.label) for level in LEVELS.values()]   # seat_choices words them
        choices = [(value, label) for value, label in seat_choices(levels) if value in LEVELS or value == HUMAN_CHOICE]
        wanted = seats_from_here(state, DEFAULT_LEVEL)
        for seat in range(state.num_players):
            label = self.dom.make("label", box, say(state.player_name(seat)) + " ")
            control = self.dom.make("select", label, name=f"from-here-seat{seat}")
            self.dom.options(control, choices)
            control.value = wanted[seat].level or HUMAN_CHOICE

    def _from_here(self, seats: tuple[Seat, ...]) -> None:
        if self.session is None:
            return
        here = shown_position(self.session.live, self.session.turn_start)
        self.page.load_saved(game_from_here(here, seats))
        self.page.refresh()

    def play_computer(self) -> None:
        """Play the position out with the seats as chosen (the computer at its level)."""
        values = [str(c.value) for c in self.seats.querySelectorAll("select")]
        self._from_here(tuple(Seat() if v == HUMAN_CHOICE else Seat(AI, v) for v in values))

    def play_friend(self) -> None:
        """Play the position out with a friend at this device (people in every seat)."""
        if self.session is not None:
            self._from_here(tuple(Seat() for unused in range(self.session.live.num_players)))
