"""Tiny Hex's rules: small enough to solve, shaped like the real games.

Rhombus of side `size`; seat 0 (Black) joins the top and bottom rows, seat 1 (White) the left
and right columns. With `stones` > 1 a turn places 1..stones stones and may end early with
END_TURN, like LISBON, so the search's multi-action turns are exercised too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from pygame_core.errors import IllegalMoveError, InvalidMoveError, RecordError
from pygame_core.game import END_TURN, Action, GameState, Outcome, Setup
from pygame_core.geometry.board import row_hex_board
from pygame_core.graph import groups_touching

NAMES = ("Black", "White")


@lru_cache(maxsize=None)
def _board(size: int):
    return row_hex_board(f"tiny-{size}", [(0, size)] * size)


class TinyHex(GameState):
    """A position: seat per cell (-1 empty), the side to move, the stones of the turn so far."""

    __slots__ = ("cells", "_to_move", "placed", "turn", "_outcome")

    def __init__(self, setup: Setup, cells: tuple[int, ...], to_move: int,
                 placed: tuple[Action, ...], turn: int, outcome: Outcome | None) -> None:
        self._setup = setup
        self.cells, self._to_move, self.placed, self.turn, self._outcome = cells, to_move, placed, turn, outcome

    to_move = property(lambda self: self._to_move)
    num_players = property(lambda self: 2)
    outcome = property(lambda self: self._outcome)
    turn_actions = property(lambda self: self.placed)

    def legal_actions(self) -> list[Action]:
        if self._outcome is not None:
            return []
        empty = [c for c, s in enumerate(self.cells) if s < 0]
        return empty + [END_TURN] if self.placed and empty else empty

    def play_unchecked(self, action: Action) -> "TinyHex":
        me = self._to_move
        if action == END_TURN:
            return TinyHex(self._setup, self.cells, 1 - me, (), self.turn + 1, None)
        cells = list(self.cells)
        cells[action] = me
        size = self.options["size"]
        mine = {c for c, s in enumerate(cells) if s == me}
        if groups_touching(self.board.neighbours, mine, goal_sides(size, me)):
            return TinyHex(self._setup, tuple(cells), me, (), self.turn, Outcome((me,), "connected"))
        placed = self.placed + (action,)
        if len(placed) >= self.options["stones"] or all(s >= 0 for s in cells):
            return TinyHex(self._setup, tuple(cells), 1 - me, (), self.turn + 1, None)
        return TinyHex(self._setup, tuple(cells), me, placed, self.turn, None)

    def occupant(self, cell: int) -> int | None:
        return None if self.cells[cell] < 0 else self.cells[cell]

    def position_rows(self) -> list[str]:
        return ["".join(".xo"[self.cells[c] + 1] for c in row) for row in self.board.rows]

    def action_text(self, action: Action) -> str:
        return "end" if action == END_TURN else self.board.names[action]

    def parse_turn(self, text: str) -> list[Action]:
        state: TinyHex = self
        actions = []
        for part in text.split(","):
            cell = self.board.cell(part)
            if cell is None:
                raise InvalidMoveError(part, "no such cell")
            if cell not in state.legal_actions():
                raise IllegalMoveError(part, "occupied")
            actions.append(cell)
            state = state.play_unchecked(cell)
        if state.placed:
            actions.append(END_TURN)
        return actions


def goal_sides(size: int, seat: int) -> list[set[int]]:
    """The two sides `seat` must join: Black top and bottom rows, White left and right columns."""
    if seat == 0:
        return [set(range(size)), set(range(size * (size - 1), size * size))]
    return [set(range(0, size * size, size)), set(range(size - 1, size * size, size))]


def new_state(options: Mapping[str, Any]) -> TinyHex:
    return TinyHex(Setup(_board(options["size"]), dict(options)), (-1,) * options["size"] ** 2, 0, (), 1, None)


def load_position(options: Mapping[str, Any], rows: Sequence[str], to_move: str) -> TinyHex:
    cells = tuple(".xo".index(ch) - 1 for row in rows for ch in row.strip())
    if len(cells) != options["size"] ** 2:
        raise RecordError("wrong number of cells")
    return TinyHex(Setup(_board(options["size"]), dict(options)), cells, NAMES.index(to_move.capitalize()), (), 1, None)


def position(size: int, rows: Sequence[str], to_move: str = "Black", stones: int = 1) -> TinyHex:
    """A position for tests: rows of `.`, `x` (Black) and `o` (White)."""
    return load_position({"size": size, "stones": stones}, rows, to_move)
