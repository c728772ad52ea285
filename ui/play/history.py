"""A game's history at the page: every line played, the one followed, the turn shown on it.

A History holds the GameTree, the position shown on the line followed (`cursor`), and the
stones of the unfinished multi-stone turn laid on that position (`pending`, `live`) with the
stone picked for a slide (`selected`). It knows no seats, messages or hooks: Session
(ui.play.session) builds on it and decides who may move, how far undo goes and what the page
is told. They were one class until issue 55 split them at this seam, so that the history (the
move list, side lines) and the seats (who plays, the computer, resigning) can each grow.
"""

from __future__ import annotations

from pygame_core.game import Action, GameState

from ui.play.game_tree import GameTree


class History:
    """The lines of a game, the turn shown on the one followed, and the unfinished turn's stones."""

    def __init__(self, start: GameState) -> None:
        self.tree = GameTree(start)   # every line played; the history follows one
        self.cursor = 0
        self._pending: list[Action] = []
        self._live: GameState = start
        self.selected: int | None = None

    @property
    def turn_start(self) -> GameState:
        """The position at the cursor (start of the shown turn)."""
        return self.tree.line[self.cursor].state

    @property
    def live(self) -> GameState:
        """The shown position with the unfinished turn's stones on it."""
        return self._live

    def state_at(self, cursor: int) -> GameState:
        """The recorded position after `cursor` turns (0 = the start)."""
        return self.tree.line[cursor].state

    @property
    def pending(self) -> tuple[Action, ...]:
        return tuple(self._pending)

    @property
    def turns(self) -> tuple[str, ...]:
        return tuple(self.tree.texts)

    def turn_actions(self, number: int) -> tuple[Action, ...]:
        """The actions of turn `number` (1-based) as played."""
        return self.tree.line[number].actions

    @property
    def at_end(self) -> bool:
        return self.cursor == self.tree.length

    @property
    def hints(self) -> set[int]:
        """The turns played after a hint (kept in the record)."""
        return self.tree.hints

    def can_redo(self) -> bool:
        return not self._pending and self.cursor < self.tree.length

    def show(self, cursor: int) -> None:
        """Show the recorded position after `cursor` turns of the line followed, no stones laid."""
        self.cursor, self._pending, self.selected = cursor, [], None
        self._live = self.tree.line[cursor].state

    def take_back_stones(self) -> bool:
        """Take back the unfinished turn's stones and the picked stone; False when there were none."""
        if not self._pending and self.selected is None:
            return False
        self._pending = []
        self.selected = None
        self._live = self.turn_start
        return True

    def lay(self, action: Action) -> tuple[list[Action], GameState] | None:
        """Apply one atomic action to the shown position (IllegalMoveError if the rules refuse
        it). When that ends the turn, its actions and the state after them, to be recorded;
        else None, and the action stays laid as part of the unfinished turn."""
        state = self._live.apply(action)
        self.selected = None
        actions = [*self._pending, action]
        if state.is_over or not state.turn_actions:
            return actions, state
        self._pending = actions
        self._live = state
        return None
