"""The play page's dialogs and panels that load when first opened (the new-game dialog, help,
the question dialog, the front door, the coach, the engine's panel, Learn, the analysis board).

A part of PlayPage, apart from its board and frames: the calls that open a dialog, and the one
rule that asks first before a change would lose something (ui.play.confirm). Each dialog is
made with the page (it takes the Page protocol) the first time it is wanted, so the boot imports
none of them.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from ui.play.session import Session

# the dialogs, each loaded when first opened: name -> (module, class)
DIALOGS = {"new-game": ("ui.page.new_game_dialog", "NewGameDialog"),
           "help": ("ui.page.help_dialog", "HelpDialog"),
           "confirm": ("ui.page.confirm_dialog", "ConfirmDialog"),
           "front-door": ("ui.page.front_door_dialog", "FrontDoorDialog"),
           "coach": ("ui.page.coach_panel", "CoachPanel"),
           "engine": ("ui.page.analysis_panel", "AnalysisPanel"),
           "learn": ("ui.page.learn_panel", "LearnDialog"),
           "analysis": ("ui.page.analysis_board", "AnalysisBoard"),
           "openings": ("ui.page.openings_panel", "OpeningsDialog")}


class PageDialogs:
    """The PlayPage's dialogs, each loaded when first opened (a mixin: PlayPage is the page)."""

    session: Session           # what PlayPage holds and does that the dialogs' calls use
    _dialogs: dict[str, Any]   # DIALOGS by name, each made when first opened

    def refresh(self, board_only: bool = False) -> None: ...   # PlayPage's redraw

    def _dialog(self, name: str) -> Any:
        if name not in self._dialogs:
            module, cls = DIALOGS[name]
            self._dialogs[name] = getattr(importlib.import_module(module), cls)(self)
        return self._dialogs[name]

    def open_new_game(self) -> None:
        self._dialog("new-game").open()

    def open_help(self) -> None:
        self._dialog("help").open()

    def coach(self) -> Any:
        """The coach (hint, evaluation bar, review), loaded on first use."""
        return self._dialog("coach")

    def engine(self) -> Any:
        """The engine's panel (it explains the shown position), loaded on first use."""
        return self._dialog("engine")

    def open_learn(self) -> None:
        """Puzzles and guided replays (ui.page.learn_panel)."""
        self._dialog("learn").open()

    def open_openings(self) -> None:
        """Your openings: the tree of your saved games' first turns (ui.page.openings_panel)."""
        self._dialog("openings").open()

    def analysis(self) -> Any:
        """The analysis board (ui.page.analysis_board), loaded on first use."""
        return self._dialog("analysis")

    def open_tutorial(self, game: str) -> None:
        """The game's first tutorial on the board (the front door's "Learn it in two minutes")."""
        self._dialog("learn").tutorials.open_first(game)

    def open_front_door(self) -> Any:
        """The choice of game and opponent a first visit opens on (also reached from New game);
        returns the dialog."""
        door = self._dialog("front-door")
        door.open()
        return door

    def confirm_first(self, kind: str, action: Callable[[], Any]) -> None:
        """Run `action` ("resign", "new-game", "pass"), first asking in the question dialog when
        ui.play.confirm says it would lose something."""
        from ui.play.confirm import question
        asked = question(kind, self.session)
        if asked is None:
            action()
            self.refresh()
        else:
            self.ask(asked, action)

    def ask(self, question: Any, action: Callable[[], Any]) -> None:
        """Ask `question` (a ui.play.confirm.Question) in the question dialog; `action` runs on
        the go-ahead, nothing on Cancel."""
        self._dialog("confirm").ask(question, action)
