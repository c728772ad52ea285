"""A tiny multi-stone game for controller tests, independent of the four real games.

Two players on the 7-cell hexhex. A turn places one or two stones (END_TURN after the first;
the turn ends by itself after the second); the second stone may not touch the first. PASS is
always legal. The game ends when the board is full or both pass in a row; most stones wins.
Not registered: tests pass the spec to Session directly.
"""

from __future__ import annotations

from typing import Any, Mapping

from pygame_core.errors import IllegalMoveError, InvalidMoveError
from pygame_core.game import END_TURN, PASS, Action, GameSpec, GameState, Outcome
from pygame_core.geometry import hexhex_board

BOARD = hexhex_board(2, "toy")


class ToyState(GameState):
    board = BOARD
    options: Mapping[str, Any] = {}

    def __init__(self, cells: tuple[int | None, ...] = (None,) * BOARD.size, to_move: int = 0,
                 placed: tuple[int, ...] = (), passes: int = 0, turn: int = 1) -> None:
        self.cells, self._to_move, self.placed, self.passes, self.turn = cells, to_move, placed, passes, turn

    spec: GameSpec  # set below

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def num_players(self) -> int:
        return 2

    @property
    def outcome(self) -> Outcome | None:
        if None in self.cells and self.passes < 2:
            return None
        counts = [self.cells.count(p) for p in (0, 1)]
        if counts[0] == counts[1]:
            return Outcome((), "equal stones")
        winner = 0 if counts[0] > counts[1] else 1
        return Outcome((winner,), "more stones", tuple(self.stones(winner)))

    @property
    def turn_actions(self) -> tuple[Action, ...]:
        return self.placed

    def _reason(self, action: Action) -> str | None:
        if self.is_over:
            return "the game is over"
        if action == PASS:
            return None if not self.placed else "cannot pass after placing"
        if action == END_TURN:
            return None if self.placed else "place a stone first"
        if not 0 <= action < BOARD.size:
            return "no such move"
        if self.cells[action] is not None:
            return f"{BOARD.names[action]} is occupied"
        if self.placed and BOARD.adjacent(self.placed[0], action):
            return f"{BOARD.names[action]} touches {BOARD.names[self.placed[0]]}"
        return None

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return [a for a in (*range(BOARD.size), PASS, END_TURN) if self._reason(a) is None]

    def apply(self, action: Action) -> "ToyState":
        reason = self._reason(action)
        if reason is not None:
            raise IllegalMoveError(str(action), reason)
        return self.play_unchecked(action)

    def play_unchecked(self, action: Action) -> "ToyState":
        if action in (PASS, END_TURN):
            return ToyState(self.cells, 1 - self._to_move, (), self.passes + (action == PASS), self.turn + 1)
        cells = list(self.cells)
        cells[action] = self._to_move
        placed = (*self.placed, action)
        state = ToyState(tuple(cells), self._to_move, placed, 0, self.turn)
        if len(placed) == 2 or not state.legal_actions() or state.is_over:
            return ToyState(tuple(cells), 1 - self._to_move, (), 0, self.turn + 1)
        return state

    def occupant(self, cell: int) -> int | None:
        return self.cells[cell]

    def position_rows(self) -> list[str]:
        return ["".join(".xo"[0 if c is None else c + 1] for c in (self.cells[i] for i in row)) for row in BOARD.rows]

    def action_text(self, action: Action) -> str:
        return {PASS: "pass", END_TURN: "end"}.get(action) or BOARD.names[action]

    def parse_turn(self, text: str) -> list[Action]:
        if text.strip().lower() == "pass":
            return [PASS]
        state: ToyState = self
        actions = []
        for token in text.split(","):
            cell = BOARD.cell(token)
            if cell is None:
                raise InvalidMoveError(text, f"no cell {token.strip()!r}")
            try:
                state = state.apply(cell)
            except IllegalMoveError as exc:
                raise IllegalMoveError(text, exc.reason) from None
            actions.append(cell)
        if state.placed:
            actions.append(END_TURN)
        return actions


def _names(options: Mapping[str, Any]) -> list[str]:
    return ["Black", "White"]


SPEC = GameSpec("toy", "Toy", (), lambda options: ToyState(), _names, lambda options: ["B", "W"])
ToyState.spec = SPEC

