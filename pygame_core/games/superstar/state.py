"""SUPERSTAR (Christian Freeling): build stars, superstars and rings on a 12-sided star board.

Rules: docs/rules.md, SUPERSTAR. White (seat 0) moves first; a turn places one
stone on any vacant cell or passes (always legal, and the only move on a full board); two
passes in a row end the game, and then every chain is counted (board.py). Black
(seat 1) adds komi (option `komi`, default 5.5, in half points from -50 to 50). The higher total
wins; equal totals draw.

Actions: a placement is the cell id, PASS (-1) a pass. Notation `J10` (letter A..S, number
1..19, see geometry/superstar.py) and `pass`, read case-insensitively.

Positions: `position_rows()` gives the 19 letter lines A..S (one row each, cells in increasing
number order: A5 A6 / B5 B6 B7 / ...), one symbol per cell: `o` White, `x` Black, `.` vacant.
`load_position` reads the same rows (spaces allowed) with no passes pending.

`state.score()` is the live count (cached per state; well under a millisecond). The final
Outcome carries it as details["score"], with a reason like "White 23 – Black 18.5".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ...diagram import read_diagram
from ...errors import InvalidMoveError, RecordError, quote
from ...game import PASS, Action, CellTupleState, GameState, Outcome
from ...geometry import Board
from .board import EMPTY, Score, breakdown, tables
from ...translatable import N_, Text

NAMES = (N_("White"), N_("Black"))
LETTERS = ("W", "B")
SYMBOLS = ("o", "x")
EMPTY_SYMBOL = "."
PASS_WORD = "pass"
PASSES_TO_END = 2
_CELL = re.compile(r"^([a-z])\s*(\d{1,2})$")


def player_names(options: Mapping[str, Any]) -> list[str]:
    return list(NAMES)


def player_letters(options: Mapping[str, Any]) -> list[str]:
    return list(LETTERS)


@dataclass(frozen=True)
class Setup:
    """The constants shared by every state of one game, so a move copies only the cells."""

    board: Board
    options: Mapping[str, Any]
    komi: float

    @staticmethod
    def of(options: Mapping[str, Any]) -> "Setup":
        return Setup(tables().board, dict(options), options["komi"])


class SuperstarState(CellTupleState):
    """An immutable SUPERSTAR position: the seat on each cell (EMPTY = -1), the side to move
    and how many passes in a row were just made."""

    __slots__ = ("_passes", "_score")
    _setup: Setup

    def __init__(self, setup: Setup, cells: tuple[int, ...], to_move: int, passes: int, ply: int) -> None:
        self._setup = setup
        self._cells = cells
        self._to_move = to_move
        self._passes = passes
        self._ply = ply
        self._score: Score | None = None
        self._outcome = self._final() if passes >= PASSES_TO_END else None

    # --- protocol basics
    @property
    def num_players(self) -> int:
        return 2

    @property
    def passes(self) -> int:
        """Passes made in a row just before this position (2 ends the game)."""
        return self._passes

    def player_name(self, seat: int) -> str:
        return NAMES[seat]

    def player_letter(self, seat: int) -> str:
        return LETTERS[seat]

    # --- scoring
    def score(self) -> Score:
        """The count of this position as if the game ended now (komi included)."""
        if self._score is None:
            self._score = breakdown(self._cells, self._setup.komi)
        return self._score

    def _final(self) -> Outcome:
        score = self.score()
        white, black = score.totals
        winners = score.winners
        highlight = sorted(c for chain in score.chains if chain.seat in winners and chain.points
                           for c in chain.cells)
        return Outcome(winners, Text(N_("White {white} – Black {black}"),
                                     {"white": float(white), "black": float(black)}),
                       tuple(highlight), {"score": score})

    # --- actions
    def legal_actions(self) -> tuple[Action, ...]:
        if self._outcome is not None:
            return ()
        return (*(c for c, s in enumerate(self._cells) if s == EMPTY), PASS)

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` may not be played now, or None when it may."""
        if self._outcome is not None:
            return N_("the game is over")
        if action == PASS:
            return None
        if not 0 <= action < len(self._cells):
            return N_("not a SUPERSTAR move")
        seat = self._cells[action]
        return None if seat == EMPTY else Text(N_("{cell} is occupied by {side}"),
                                               {"cell": self.board.names[action], "side": Text(NAMES[seat])})

    def play_unchecked(self, action: Action) -> "SuperstarState":
        cells, passes = self._cells, self._passes + 1
        if action != PASS:
            cells = cells[:action] + (self._to_move,) + cells[action + 1:]
            passes = 0
        return SuperstarState(self._setup, cells, 1 - self._to_move, passes, self._ply + 1)

    # --- notation
    def action_text(self, action: Action) -> str:
        if action == PASS:
            return PASS_WORD
        if 0 <= action < len(self._cells):
            return self.board.names[action]
        raise ValueError(f"{action} is not a SUPERSTAR action")

    def read_action(self, text: str) -> Action:
        """The action written as `text`: `J10` or `pass`."""
        word = text.strip().lower()
        if word == PASS_WORD:
            return PASS
        match = _CELL.match(word)
        if match is None:
            raise InvalidMoveError(text, N_("expected a cell like J10 (letter A..S, number 1..19) or 'pass'"))
        cell = self.board.cell(match.group(1) + match.group(2))
        if cell is None:
            raise InvalidMoveError(text, Text(N_("there is no cell {cell} on the SUPERSTAR board"),
                {"cell": match.group(1).upper() + match.group(2)}))
        return cell

    # --- diagrams
    def position_rows(self) -> list[str]:
        cells = self._cells
        return ["".join(EMPTY_SYMBOL if cells[c] == EMPTY else SYMBOLS[cells[c]] for c in row)
                for row in self.board.rows]


# --- starting states and reports -------------------------------------------------------------------------------------

def new_state(options: Mapping[str, Any]) -> SuperstarState:
    setup = Setup.of(options)
    return SuperstarState(setup, (EMPTY,) * setup.board.size, 0, 0, 0)


def load_position(options: Mapping[str, Any], rows: Sequence[str], to_move: str) -> SuperstarState:
    """A state from `position_rows`-style text and the side to move (name or letter)."""
    setup = Setup.of(options)
    compact = read_diagram(rows, setup.board, EMPTY_SYMBOL + "".join(SYMBOLS))
    cells = tuple(SYMBOLS.index(ch) if ch in SYMBOLS else EMPTY for row in compact for ch in row)
    wanted = to_move.strip().lower()
    movers = [seat for seat in (0, 1) if wanted in (NAMES[seat].lower(), LETTERS[seat].lower())]
    if not movers:
        raise RecordError(Text(N_("side to move {to_move} is not White or Black"), {"to_move": quote(to_move)}))
    return SuperstarState(setup, cells, movers[0], 0, 0)


def report_extras(state: GameState) -> Mapping[str, Any]:
    assert isinstance(state, SuperstarState)
    score, names = state.score(), state.board.names
    return {
        "score": {NAMES[seat].lower(): score.totals[seat] for seat in (0, 1)},
        "chains": [{"player": NAMES[chain.seat].lower(), "cells": [names[c] for c in chain.cells],
                    "star": chain.star, "superstar": chain.superstar, "ring": chain.ring}
                   for chain in score.chains],
    }
