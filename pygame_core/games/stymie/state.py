"""STYMIE (Randall Bart, 2003): connect your sides of a 4.8.8 board, 1-3 pieces a turn.

Rules as in docs/rules.md, STYMIE: Vert opens with a single; then a turn is
a single anywhere, a pair (octagon + adjacent square), or, only right after the opponent's
single other than the opening, a triple (octagon + two squares next to it, or square + two
octagons next to it). Horz may `swap` on move 2: the players exchange sides (a role swap, the
board unchanged) and the original first player, now Horz, moves next; no triple follows a swap.

A turn is played stone by stone (docs/architecture.md). The per-stone choices only ever offer a
stone that can still end in a legal turn, so a turn can never get stuck half-built: a second
octagon (or square) is offered only when an empty square (octagon) would complete the triple,
and END_TURN is legal only when the stones placed already form a single or a pair. The turn
ends by itself when no further stone can be added. The win is checked when the turn ends.

Internally stones are stored by *side* (Vert 0, Horz 1); a seat plays side `seat ^ swapped`.
Notation prints cells in lower case (`f6,g5`, as the rules text writes them), cells sorted by column
then row; the board's own labels are upper case (`F6`) as on the pbmserv diagram.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence, cast

from ...errors import IllegalMoveError, InvalidMoveError, RecordError, quote
from ...game import END_TURN, SWAP, Action, GameState, Outcome, Setup
from ...geometry import Board
from ...geometry.stymie import stymie_board
from ...graph import groups_touching
from ...translatable import N_, Text

VERT, HORZ = 0, 1
EMPTY = -1
SIDE_NAMES = (N_("Vert"), N_("Horz"))
SIDE_LETTERS = ("V", "H")
SIDE_GOALS = (("top", "bottom"), ("left", "right"))
CONNECTED = (N_("{side} connected top to bottom"), N_("{side} connected left to right"))   # by SIDE_GOALS
EMPTY_SYMBOL = "."
OPENING, NORMAL, TRIPLE = 1, 2, 3  # the most stones a turn may place
_CELL_TEXT = re.compile(r"^[a-z][0-9]{1,2}$")


@dataclass(frozen=True)
class Tables:
    """Per-size lookups the move rules need, built once per board.

    partners[c]  the cells that make a pair with c: an octagon's adjacent squares, a square's
                 adjacent octagons (so a triple is a cell plus two of its partners)
    siblings[c]  cells of c's own kind sharing a partner with it (the other end of a triple)
    goals[side]  the two regions the side must join
    """

    board: Board
    is_octagon: tuple[bool, ...]
    partners: tuple[frozenset[int], ...]
    siblings: tuple[frozenset[int], ...]
    goals: tuple[tuple[frozenset[int], frozenset[int]], ...]


@lru_cache(maxsize=None)
def tables(size: int) -> Tables:
    board = stymie_board(size)
    octagons = board.regions["octagons"]
    is_octagon = tuple(c in octagons for c in range(board.size))
    partners = tuple(frozenset(n for n in board.neighbours[c] if is_octagon[n] != is_octagon[c])
                     for c in range(board.size))
    siblings = tuple(frozenset(s for p in partners[c] for s in partners[p]) - {c} for c in range(board.size))
    goals = tuple((board.regions[a], board.regions[b]) for a, b in SIDE_GOALS)
    return Tables(board, is_octagon, partners, siblings, goals)


def is_pair(t: Tables, a: int, b: int) -> bool:
    return b in t.partners[a]


def is_triple(t: Tables, cells: Sequence[int]) -> bool:
    """An octagon with two of its squares, or a square with two of its octagons."""
    return any(all(o in t.partners[c] for o in cells if o != c) for c in cells)


def next_stones(t: Tables, cells: Sequence[int], placed: Sequence[int], limit: int) -> list[int]:
    """Empty cells that may be added to the `placed` stones of a turn allowed `limit` stones,
    such that the turn can still end legally (see the module docstring)."""
    if len(placed) >= limit:
        return []
    if len(placed) == 1:
        first = placed[0]
        options = {p for p in t.partners[first] if cells[p] == EMPTY}
        if limit == TRIPLE:
            options.update(s for s in t.siblings[first] if cells[s] == EMPTY and any(
                cells[m] == EMPTY for m in t.partners[first] & t.partners[s]))
        return sorted(options)
    a, b = placed
    if is_pair(t, a, b):
        candidates = t.partners[a] | t.partners[b]
    else:
        candidates = t.partners[a] & t.partners[b]
    return sorted(c for c in candidates if cells[c] == EMPTY)


def connected_chain(t: Tables, cells: Sequence[int], side: int) -> set[int]:
    """The side's stones in groups joining its two goal sides (empty if not connected)."""
    own = {c for c, s in enumerate(cells) if s == side}
    return groups_touching(t.board.neighbours, own, t.goals[side])


def win_outcome(t: Tables, cells: Sequence[int], side: int, seat: int) -> Outcome | None:
    """The outcome if `side` (played by `seat`) has joined its goal sides, else None."""
    chain = connected_chain(t, cells, side)
    if not chain:
        return None
    return Outcome((seat,), Text(CONNECTED[side], {"side": Text(SIDE_NAMES[side])}), tuple(sorted(chain)))


class StymieState(GameState):
    """A STYMIE position: immutable; `apply` returns the next state."""

    __slots__ = ("_t", "_cells", "_side", "_swapped", "_turn", "_placed", "_limit", "_swap_ok", "_outcome")
    _setup: Setup

    def __init__(self, setup: Setup, cells: tuple[int, ...], side: int, swapped: bool,
                 turn: int, placed: tuple[int, ...], limit: int, swap_ok: bool,
                 outcome: Outcome | None) -> None:
        self._setup = setup
        self._t: Tables = setup.tables
        self._cells = cells
        self._side = side
        self._swapped = swapped
        self._turn = turn
        self._placed = placed
        self._limit = limit
        self._swap_ok = swap_ok
        self._outcome = outcome

    # --- seats and sides -------------------------------------------------------------------
    def seat_of(self, side: int) -> int:
        return side ^ self._swapped

    def without_swap(self) -> StymieState:
        """This position with Horz's swap no longer allowed: what an opening stone is worth to
        its owner when it must be answered, not taken (tools/stymie_first_stones.py)."""
        return StymieState(self._setup, self._cells, self._side, self._swapped, self._turn, self._placed,
                           self._limit, False, self._outcome)

    @property
    def swapped(self) -> bool:
        """True after Horz's `swap`: seat 0 plays Horz, seat 1 Vert."""
        return self._swapped

    @property
    def to_move(self) -> int:
        return self.seat_of(self._side)

    @property
    def num_players(self) -> int:
        return 2

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def turn_number(self) -> int:
        return self._turn

    @property
    def turn_actions(self) -> tuple[Action, ...]:
        return self._placed

    @property
    def stone_limit(self) -> int:
        """Most stones the turn in progress may place: 1 (opening), 2, or 3 (triple allowed)."""
        return self._limit

    def player_name(self, seat: int) -> str:
        return SIDE_NAMES[seat ^ self._swapped]

    def player_letter(self, seat: int) -> str:
        return SIDE_LETTERS[seat ^ self._swapped]

    def occupant(self, cell: int) -> int | None:
        side = self._cells[cell]
        return None if side == EMPTY else self.seat_of(side)

    def position_rows(self) -> list[str]:
        symbols = SIDE_LETTERS + (EMPTY_SYMBOL,)  # index -1 is EMPTY
        return ["".join(symbols[self._cells[c]] for c in row) for row in self.board.rows]

    # --- actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self._outcome is not None:
            return []
        if not self._placed:
            empty = [c for c, s in enumerate(self._cells) if s == EMPTY]
            return empty + [SWAP] if self._swap_ok else empty
        more = next_stones(self._t, self._cells, self._placed, self._limit)
        return more + [END_TURN] if self._can_end() else more

    def is_legal(self, action: Action) -> bool:
        if self._outcome is not None:
            return False
        if action == SWAP:
            return self._swap_ok and not self._placed
        if action == END_TURN:
            return bool(self._placed) and self._can_end()
        if not 0 <= action < self.board.size or self._cells[action] != EMPTY:
            return False
        return not self._placed or action in next_stones(self._t, self._cells, self._placed, self._limit)

    def _can_end(self) -> bool:
        """True when the stones placed so far form a whole turn (a single or a pair)."""
        placed = self._placed
        return len(placed) == 1 or (len(placed) == 2 and is_pair(self._t, *placed))

    def play_unchecked(self, action: Action) -> StymieState:
        if action == SWAP:
            return StymieState(self._setup, self._cells, HORZ, not self._swapped, self._turn + 1, (),
                               NORMAL, False, None)
        if action == END_TURN:
            return self._end_turn(self._cells, self._placed)
        cells = list(self._cells)
        cells[action] = self._side
        placed = self._placed + (action,)
        if next_stones(self._t, cells, placed, self._limit):
            return StymieState(self._setup, tuple(cells), self._side, self._swapped, self._turn, placed,
                               self._limit, self._swap_ok, None)
        return self._end_turn(tuple(cells), placed)

    def _end_turn(self, cells: tuple[int, ...], placed: tuple[int, ...]) -> StymieState:
        side = self._side
        outcome = win_outcome(self._t, cells, side, self.seat_of(side))
        if outcome is not None:
            return StymieState(self._setup, cells, side, self._swapped, self._turn, (), self._limit, False,
                               outcome)
        if EMPTY not in cells:
            raise RuntimeError("STYMIE board full with no connection: the geometry is broken")
        limit = TRIPLE if len(placed) == 1 and self._limit != OPENING else NORMAL
        return StymieState(self._setup, cells, 1 - side, self._swapped, self._turn + 1, (), limit,
                           self._limit == OPENING, None)

    # --- notation --------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        if action == SWAP:
            return "swap"
        if action == END_TURN:
            return "end"
        if not 0 <= action < self.board.size:
            raise ValueError(f"no STYMIE action {action}")
        return self.board.names[action].lower()

    def format_turn(self, actions: Sequence[Action]) -> str:
        """Canonical text: cells in lower case, sorted by column then row (`f6,g5,h6`)."""
        coords = self.board.coords
        if list(actions) == [END_TURN]:
            return self.action_text(END_TURN)
        moves = sorted((a for a in actions if a != END_TURN), key=lambda a: coords[a] if a >= 0 else (0, a))
        return ",".join(self.action_text(a) for a in moves)

    def parse_turn(self, text: str) -> list[Action]:
        if self._outcome is not None:
            raise IllegalMoveError(text, N_("the game is over"))
        tokens = [token.strip().lower() for token in text.split(",")]
        if tokens == ["swap"]:
            if not self._swap_ok or self._placed:
                raise IllegalMoveError(text, N_("swap is only allowed as the second move of the game"))
            return [SWAP]
        if tokens == ["end"] and self._placed:   # a turn set up half-made, ended as it stands
            if not self._can_end():
                raise IllegalMoveError(text, N_("the pieces placed this turn do not make a single or a pair yet"))
            return [END_TURN]
        cells = [self._parse_cell(text, token) for token in tokens]
        self._check_turn(text, cells)
        actions: list[Action] = []
        state: StymieState = self
        for cell in cells:
            actions.append(cell)
            state = cast(StymieState, state.apply(cell))
        if state._placed:
            actions.append(END_TURN)
        return actions

    def _parse_cell(self, text: str, token: str) -> int:
        if not token:
            raise InvalidMoveError(text, N_("empty cell name (write cells like f6,g5)"))
        if not _CELL_TEXT.match(token):
            raise InvalidMoveError(text, Text(N_("{token} is not a cell name (write cells like f6,g5 or swap)"),
                {"token": quote(token)}))
        cell = self.board.cell(token)
        if cell is None:
            raise InvalidMoveError(text, Text(N_("{token} is not a cell of the size-{size} board"),
                {"token": token, "size": self.options["size"]}))
        return cell

    def _check_turn(self, text: str, new: list[int]) -> None:
        """Every rule a whole turn must meet, with a message naming the first one broken. From
        a state within a turn (a position set up by hand) `new` completes the stones placed."""
        names = [self.board.names[c].lower() for c in new]
        for i, cell in enumerate(new):
            if cell in new[:i]:
                raise IllegalMoveError(text, Text(N_("{cell} is given twice"), {"cell": names[i]}))
            if self._cells[cell] != EMPTY:
                raise IllegalMoveError(text, Text(N_("{cell} is occupied"), {"cell": names[i]}))
        cells = [*self._placed, *new]
        if len(cells) > TRIPLE:
            raise IllegalMoveError(text, N_("a move places at most three pieces"))
        if len(cells) > self._limit:
            raise IllegalMoveError(text, "the opening move is a single piece" if self._limit == OPENING else
                                   "a triple is only allowed right after the opponent's single "
                                   "(not after the opening move or a swap)")
        if len(cells) == 2 and not is_pair(self._t, *cells):
            raise IllegalMoveError(text, N_("a pair is an octagon and an adjacent square"))
        if len(cells) == 3 and not is_triple(self._t, cells):
            raise IllegalMoveError(text, N_("a triple is an octagon and two squares next to it, "
                                         "or a square and two octagons next to it"))


# --- starting states ----------------------------------------------------------------------------

def _setup_of(options: Mapping[str, Any]) -> Setup:
    t = tables(options["size"])
    return Setup(t.board, dict(options), t)


def new_state(options: Mapping[str, Any]) -> StymieState:
    setup = _setup_of(options)
    return StymieState(setup, (EMPTY,) * setup.board.size, VERT, False, 1, (), OPENING, False, None)


def load_position(options: Mapping[str, Any], rows: Sequence[str], to_move: str) -> StymieState:
    """A state from diagram rows (top row first, a symbol V, H or . per cell; spaces and
    row numbers are ignored) and the side to move (Vert/Horz or V/H).

    The history is unknown, so the position gets no swap and no triple; seat 0 plays Vert.
    A side already connected has won.
    """
    t = tables(options["size"])
    board = t.board
    side = next((i for i in (VERT, HORZ) if to_move.strip().lower() in
                 (SIDE_NAMES[i].lower(), SIDE_LETTERS[i].lower())), None)
    if side is None:
        raise RecordError(Text(N_("side to move {to_move} is not Vert or Horz"), {"to_move": quote(to_move)}))
    texts = ["".join(token for token in line.split() if not token.isdigit()).upper() for line in rows]
    texts = [line for line in texts if line]
    if len(texts) != len(board.rows):
        raise RecordError(Text(N_("position has {count} rows; the size-{size} board has {rows}"),
            {"count": len(texts), "size": options["size"], "rows": len(board.rows)}))
    cells = [EMPTY] * board.size
    symbols = {SIDE_LETTERS[VERT]: VERT, SIDE_LETTERS[HORZ]: HORZ, EMPTY_SYMBOL: EMPTY}
    for number, (line, row) in zip(range(len(board.rows), 0, -1), zip(texts, board.rows, strict=True), strict=True):
        if len(line) != len(row) or any(ch not in symbols for ch in line):
            raise RecordError(Text(N_("position row {number} {line}: expected {count} of V, H or ."),
                {"number": number, "line": quote(line), "count": len(row)}))
        for cell, ch in zip(row, line, strict=True):
            cells[cell] = symbols[ch]
    # at most one side can be connected (the Hex argument), so at most one outcome is found
    wins = [o for o in (win_outcome(t, cells, s, s) for s in (VERT, HORZ)) if o is not None]
    return StymieState(_setup_of(options), tuple(cells), side, False, 1, (), NORMAL, False, wins[0] if wins else None)
