"""LISBON (Bill Taylor & João Pedro Neto, 2004): progressive placement with a group rule.

Rules as in docs/rules.md, LISBON. Black (seat 0) moves first; on turn t the mover places
1..n(t) stones, n = 1,2,2,2, 3,4,4,4, 5,6,6,6, ...  A turn is made stone by stone (actions are
cell ids) and ends on END_TURN after at least one stone, or by itself once n(t) stones are down
or no legal placement is left. Two stones of one turn may never end in the same group of the
mover. The mover wins at once when the group of the stone just placed either holds edge cells
that do not fit inside 22 consecutive perimeter cells (a near-opposite pair or a spread triple,
docs/rules.md) or cuts some cell off from the perimeter (a ring).

Notation: rows a..p from the top, cells numbered from the left; a whole turn is its cells joined
by commas (`f6,h7,i8`). The fast random playout lives in `playout`.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from ...errors import IllegalMoveError, InvalidMoveError
from ...game import END_TURN, Action, GameState, Outcome, Setup
from ...geometry.lisbon import lisbon_board
from ...graph import enclosed, flood
from ...translatable import N_, N_plural, Text, and_list

BOARD = lisbon_board()
NEIGHBOURS = BOARD.neighbours
ALL_CELLS = frozenset(range(BOARD.size))
PERIMETER: tuple[int, ...] = BOARD.extras["perimeter_order"]  # type: ignore[assignment]
PERIMETER_INDEX: dict[int, int] = {cell: i for i, cell in enumerate(PERIMETER)}
NEAR_OPPOSITE_STEPS = len(PERIMETER) // 2  # 22: each edge cell has two farthest cells, 22 steps away
MAX_WINNING_GAP = len(PERIMETER) - NEAR_OPPOSITE_STEPS  # 23
RING_MIN_STONES = 6  # the smallest ring: the six neighbours of one cell

NAMES = (N_("Black"), N_("White"))
LETTERS = ("B", "W")
SYMBOLS = ".xo"  # empty, Black, White in position_rows (SUSAN's symbols)
END_TEXT = "end"
_SEPARATORS = re.compile(r"[\s,]+")


def stones_allowed(turn: int) -> int:
    """n(t), the most stones turn t may place: 1,2,2,2, 3,4,4,4, 5,6,6,6, ... (docs/rules.md)."""
    block, phase = divmod(turn - 1, 4)
    return 2 * block + (1 if phase == 0 else 2)


def near_opposites(cell: int) -> tuple[int, int]:
    """The two edge cells farthest from edge cell `cell` around the perimeter (22 steps)."""
    i = PERIMETER_INDEX[cell]
    size = len(PERIMETER)
    return PERIMETER[(i + NEAR_OPPOSITE_STEPS) % size], PERIMETER[(i + NEAR_OPPOSITE_STEPS + 1) % size]


def spans_perimeter(indices: Iterable[int]) -> bool:
    """True when edge cells at these perimeter indices win: at least two of them, and the largest
    cyclic gap between neighbours in sorted order is at most 23, i.e. they do not all fit inside
    22 consecutive edge cells (docs/rules.md)."""
    ordered = sorted(set(indices))
    if len(ordered) < 2:
        return False
    gaps = [b - a for a, b in zip(ordered, ordered[1:], strict=False)]
    gaps.append(ordered[0] + len(PERIMETER) - ordered[-1])
    return max(gaps) <= MAX_WINNING_GAP


def edge_witness(indices: Iterable[int]) -> tuple[int, ...]:
    """Perimeter indices that show an edge win in the source's terms: a near-opposite pair, else
    three cells whose clockwise distances are all under half the perimeter; () if none."""
    ordered = sorted(set(indices))
    size = len(PERIMETER)
    members = set(ordered)
    for i in ordered:
        for steps in (NEAR_OPPOSITE_STEPS, NEAR_OPPOSITE_STEPS + 1):
            if (i + steps) % size in members:
                return (i, (i + steps) % size)
    for x, a in enumerate(ordered):
        for y in range(x + 1, len(ordered)):
            for c in ordered[y + 1:]:
                b = ordered[y]
                if max(b - a, c - b, a + size - c) * 2 < size:
                    return (a, b, c)
    return ()


def winning_outcome(seat: int, group: frozenset[int] | set[int]) -> Outcome | None:
    """The outcome when `seat`'s `group` wins by edges or by a ring, else None. Full scans: this
    is the readable reference the fast playout is tested against."""
    edge = sorted(PERIMETER_INDEX[c] for c in group if c in PERIMETER_INDEX)
    ring = enclosed(NEIGHBOURS, group, PERIMETER) if len(group) >= RING_MIN_STONES else set()
    connects = spans_perimeter(edge)
    if not connects and not ring:
        return None
    side = Text(NAMES[seat])
    if connects:
        witness = [BOARD.names[PERIMETER[i]] for i in edge_witness(edge)]
        kind = N_("{side} connected near-opposite edge cells {cells}") if len(witness) == 2 else \
            N_("{side} connected edge cells {cells}")
        reason = Text(kind, {"side": side, "cells": and_list(witness)})
    else:
        inside = [BOARD.names[c] for c in sorted(ring)]
        reason = Text(N_("{side} formed a ring around {cells}"), {"side": side, "cells": and_list(inside)}) \
            if len(inside) <= 4 else N_plural("{side} formed a ring around {n} cell",
                                              "{side} formed a ring around {n} cells", len(inside), {"side": side})
    details = {"edge_cells": [BOARD.names[PERIMETER[i]] for i in edge],
               "connected": connects, "enclosed": [BOARD.names[c] for c in sorted(ring)]}
    return Outcome((seat,), reason, tuple(sorted(group)), details)


def _neighbourhood(cells: Iterable[int]) -> frozenset[int]:
    return frozenset(n for c in cells for n in NEIGHBOURS[c])


class LisbonState(GameState):
    """A LISBON position between two placements.

    stones_of[seat]  the seat's stones
    turn             1-based game turn; odd turns are Black's
    placed           stones placed so far in this turn, in order
    blocked          cells next to a group that holds a stone of this turn: placing there
                     would put two stones of the turn into one group
    result           the outcome once decided
    """

    __slots__ = ("stones_of", "turn", "placed", "blocked", "result", "_legal_cells")
    _setup: Setup

    def __init__(self, setup: Setup, stones_of: tuple[frozenset[int], frozenset[int]], turn: int,
                 placed: tuple[int, ...], blocked: frozenset[int], result: Outcome | None) -> None:
        self._setup = setup
        self.stones_of = stones_of
        self.turn = turn
        self.placed = placed
        self.blocked = blocked
        self.result = result
        self._legal_cells: frozenset[int] | None = None

    def _with(self, stones_of: tuple[frozenset[int], frozenset[int]] | None = None, turn: int | None = None,
              placed: tuple[int, ...] | None = None, blocked: frozenset[int] | None = None,
              result: Outcome | None = None) -> "LisbonState":
        """A copy with the given fields changed (result is always given anew)."""
        return LisbonState(self._setup, self.stones_of if stones_of is None else stones_of,
                           self.turn if turn is None else turn, self.placed if placed is None else placed,
                           self.blocked if blocked is None else blocked, result)

    # --- whose move and the end ---------------------------------------------------------
    @property
    def to_move(self) -> int:
        return (self.turn - 1) % 2

    @property
    def num_players(self) -> int:
        return 2

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def turn_number(self) -> int:
        return self.turn

    @property
    def turn_actions(self) -> tuple[Action, ...]:
        return self.placed

    @property
    def stones_allowed(self) -> int:
        """n(t) for the turn in progress."""
        return stones_allowed(self.turn)

    @property
    def stones_left(self) -> int:
        """Stones the mover may still place this turn."""
        return stones_allowed(self.turn) - len(self.placed)

    # --- actions ------------------------------------------------------------------------
    @property
    def legal_cells(self) -> frozenset[int]:
        """Empty cells the mover may place on now."""
        if self._legal_cells is None:
            self._legal_cells = frozenset() if self.result is not None else (
                ALL_CELLS - self.stones_of[0] - self.stones_of[1] - self.blocked)
        return self._legal_cells

    def legal_actions(self) -> list[Action]:
        actions: list[Action] = sorted(self.legal_cells)
        if self.placed and self.result is None:
            actions.append(END_TURN)
        return actions

    def is_legal(self, action: Action) -> bool:
        if action == END_TURN:
            return bool(self.placed) and self.result is None
        return action in self.legal_cells

    def illegal_reason(self, action: Action) -> str | None:
        """As GameState.illegal_reason, with the reason an illegal placement is refused."""
        if 0 <= action < BOARD.size:
            why = self.refusal(action)
            if why is not None:
                return why
        return super().illegal_reason(action)

    def play_unchecked(self, action: Action) -> LisbonState:
        if action == END_TURN:
            return self._next_turn()
        seat = self.to_move
        own = self.stones_of[seat] | {action}
        stones_of = (own, self.stones_of[1]) if seat == 0 else (self.stones_of[0], own)
        placed = self.placed + (action,)
        group = flood(NEIGHBOURS, (action,), own)
        won = winning_outcome(seat, group)
        if won is not None:
            return self._with(stones_of=stones_of, placed=placed, result=won)
        state = self._with(stones_of=stones_of, placed=placed, blocked=self.blocked | _neighbourhood(group))
        if len(placed) == self.stones_allowed or not state.legal_cells:
            return state._next_turn()
        return state

    def _next_turn(self) -> LisbonState:
        full = len(self.stones_of[0]) + len(self.stones_of[1]) == BOARD.size
        draw = Outcome((), N_("the board is full and nobody has won")) if full else None
        return self._with(turn=self.turn + 1, placed=(), blocked=frozenset(), result=draw)

    def refusal(self, cell: int) -> str | None:
        """Why placing on `cell` is illegal now, in words; None when it is legal."""
        if self.result is not None:
            return N_("the game is over")
        for seat, stones in enumerate(self.stones_of):
            if cell in stones:
                return Text(N_("{cell} is occupied by {side}"), {"cell": BOARD.names[cell], "side": Text(NAMES[seat])})
        if cell in self.blocked:
            own = self.stones_of[self.to_move]
            for stone in self.placed:
                if cell in _neighbourhood(flood(NEIGHBOURS, (stone,), own)):
                    return Text(N_("it would join the group of {cell}, placed this turn: "
                                   "two stones of one turn may not end in the same group"), {"cell": BOARD.names[stone]})
        return None

    # --- board contents -----------------------------------------------------------------
    def occupant(self, cell: int) -> int | None:
        for seat, stones in enumerate(self.stones_of):
            if cell in stones:
                return seat
        return None

    def stones(self, seat: int) -> list[int]:
        return sorted(self.stones_of[seat])

    def position_rows(self) -> list[str]:
        """One string per row a..p, one symbol per cell: '.' empty, 'x' Black, 'o' White."""
        black, white = self.stones_of
        return ["".join(SYMBOLS[1] if c in black else SYMBOLS[2] if c in white else SYMBOLS[0] for c in row)
                for row in BOARD.rows]

    # --- notation -----------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        if action == END_TURN:
            return END_TEXT
        if 0 <= action < BOARD.size:
            return BOARD.names[action]
        raise InvalidMoveError(str(action), N_("not a LISBON action"))

    def parse_turn(self, text: str) -> list[Action]:
        """`f6,h7,i8` (case-insensitive; commas and/or spaces between cells) from this state.

        The group rule depends only on the set of cells, not their order: groups only grow
        during a turn, so two stones of the turn share a group at some point iff they share
        one at the end.
        """
        if self.result is not None:
            raise IllegalMoveError(text, N_("the game is over"))
        tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
        if tokens == [END_TEXT] and self.placed:   # a turn set up half-made, ended as it stands
            return [END_TURN]
        if not tokens:
            raise InvalidMoveError(text, N_("a LISBON turn names at least one cell, e.g. f6 or f6,h7"))
        cells = []
        for token in tokens:
            cell = BOARD.cell(token)
            if cell is None:
                raise InvalidMoveError(token, N_("no such cell on the LISBON board (rows a-p, cells numbered from 1)"))
            if cell in cells:
                raise IllegalMoveError(token, N_("the same cell is named twice in one turn"))
            cells.append(cell)
        if len(cells) > self.stones_left:
            raise IllegalMoveError(text, N_plural("{side} may place at most {n} stone on turn {turn}",
                                                  "{side} may place at most {n} stones on turn {turn}",
                                                  self.stones_left, {"side": Text(NAMES[self.to_move]), "turn": self.turn}))
        state: LisbonState = self
        for token, cell in zip(tokens, cells, strict=True):
            if state.result is not None:
                raise IllegalMoveError(token, Text(N_("the game ended before this stone: {reason}"),
                    {"reason": state.result.reason}))
            if state.turn != self.turn:
                raise IllegalMoveError(token, N_("no legal placement was left, so the turn had ended"))
            why = state.refusal(cell)
            if why is not None:
                raise IllegalMoveError(token, why)
            state = state.play_unchecked(cell)
        if state.result is None and state.turn == self.turn:
            cells.append(END_TURN)
        return cells


def new_state(options: Mapping[str, Any]) -> LisbonState:
    return position(frozenset(), frozenset(), 1, options)


def position(black: Iterable[int], white: Iterable[int], turn: int,
             options: Mapping[str, Any] | None = None) -> LisbonState:
    """The state at the start of turn `turn` with these stones (for diagrams and tests); no
    win is looked for, the caller knows the position is undecided."""
    return LisbonState(Setup(BOARD, dict(options or {})), (frozenset(black), frozenset(white)), turn, (),
                       frozenset(), None)


def report_extras(state: GameState) -> Mapping[str, Any]:
    assert isinstance(state, LisbonState)
    return {"turn": state.turn, "stones_allowed": state.stones_allowed, "stones_left": state.stones_left}
