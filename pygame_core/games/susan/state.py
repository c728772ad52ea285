"""SUSAN (Stephen Linhart, 1991): surround one enemy stone without getting surrounded yourself.

Rules: docs/rules.md, SUSAN. A turn places a stone on any
empty cell or slides one of the mover's stones one step to an empty neighbour; there is no pass.
After the move, only the destination stone and its neighbours can be newly surrounded, so the
test looks at those cells only. A surrounded stone of the mover takes precedence (2 players: the
mover loses); otherwise a surrounded enemy stone decides. 3·k consecutive slide plies (k = active
players) draw, unless the same ply surrounds a stone (§6.2).

Options: size 5|6 (61 or 91 cells, default 5); players 2|3|4 (default 2); variant A|B (3-4
players, §1.3; default A); first Black|White (default Black).

Seats and names: seat 0 plays the colour named by `first`, seat 1 the other of Black/White, then
Red (seat 2) and Blue (seat 3); play passes in seat order. So `first` only swaps Black and White
and works the same with any number of players.
Letters in records: B, W, R and U (Blue; B is Black). Diagram symbols: x, o, r, u and `.` for an
empty cell; none is a row letter a..k or a digit, so labelled diagrams read unambiguously.

Multi-player (§1.3, §6.1): a mover who surrounds one of their own stones is eliminated (Option A
and B); otherwise Option A: the mover wins; Option B: every player with a surrounded stone is
eliminated. The last active player wins. While the game goes on, an eliminated player's stones
leave the board and the slide counter restarts; when the move ends the game, the final position
keeps every stone so the deciding surround stays visible. In a multi-player draw only the active
players get a draw's reward; eliminated players get 0.

Actions: a placement is the cell id; a slide from f to t is `size + f*size + t` (size = number of
cells), see `slide_action`. Notation: `e5`, slides printed `f6-f7`; the parser also accepts
`f6->f7` and spaces around or instead of the arrow, in any case.

Positions: `position_rows()` gives one compact string per row (`.o..o.`). `load_position` reads
compact rows or the manual's diagrams (indented, spaced, optionally labelled, upper-case stones),
with the slide counter at 0; a position that already has a surrounded stone is rejected, as no
legal game can reach it without having ended.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, NamedTuple, Sequence

from ...diagram import indents, read_diagram, row_letters, write_diagram
from ...errors import IllegalMoveError, InvalidMoveError, RecordError, quote
from ...game import PASS, Action, CellTupleState, GameState, Outcome
from ...geometry import Board
from ...translatable import N_, N_plural, Text
from .board import EMPTY, Tables, judge, next_seat, slide_action, slide_cells, tables

COLOURS = (N_("Black"), N_("White"), N_("Red"), N_("Blue"))   # names for players, and keys (LETTERS)
LETTERS = {"Black": "B", "White": "W", "Red": "R", "Blue": "U"}
SYMBOLS = {"Black": "x", "White": "o", "Red": "r", "Blue": "u"}
EMPTY_SYMBOL = "."
# matched against stripped text; one way to read each separator keeps it linear in the length
_MOVE = re.compile(r"^([a-z]+[0-9]+)(?:(?:\s*->?\s*|\s+)([a-z]+[0-9]+))?$", re.IGNORECASE)


# --- options and players ----------------------------------------------------------------------

def player_names(options: Mapping[str, Any]) -> list[str]:
    first = options.get("first", "Black")
    second = "White" if first == "Black" else "Black"
    return [first, second, *COLOURS[2:]][: options.get("players", 2)]


def player_letters(options: Mapping[str, Any]) -> list[str]:
    return [LETTERS[name] for name in player_names(options)]


def slides_in_a_row(slides: int) -> Text:
    """The reason of a draw by slides."""
    return N_plural("{n} slide in a row", "{n} slides in a row", slides)


class Setup(NamedTuple):
    """The constants of one game (board tables, seats' names and symbols, variant), shared by
    every state of that game so a move copies nothing but the cells."""

    tables: Tables
    options: Mapping[str, Any]
    names: tuple[str, ...]
    symbols: tuple[str, ...]
    variant: str

    @property
    def board(self) -> Board:
        return self.tables.board

    @staticmethod
    def of(options: Mapping[str, Any]) -> "Setup":
        names = tuple(player_names(options))
        return Setup(tables(options["size"]), dict(options), names,
                     tuple(SYMBOLS[name] for name in names), options.get("variant", "A"))


# --- the state --------------------------------------------------------------------------------

class SusanState(CellTupleState):
    """An immutable SUSAN position: cells (a tuple of seats, EMPTY = -1), the side to move,
    the consecutive-slide counter and the seats still in the game."""

    __slots__ = ("_slides", "_active", "_legal")
    _setup: Setup

    def __init__(self, setup: Setup, cells: tuple[int, ...], to_move: int, slides: int,
                 active: tuple[int, ...], ply: int, outcome: Outcome | None) -> None:
        self._setup = setup
        self._cells = cells
        self._to_move = to_move
        self._slides = slides
        self._active = active
        self._ply = ply
        self._outcome = outcome
        self._legal: tuple[Action, ...] | None = None

    # --- protocol basics
    @property
    def num_players(self) -> int:
        return len(self._setup.names)

    @property
    def consecutive_slides(self) -> int:
        """Slide plies in a row since the last placement or elimination."""
        return self._slides

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        return self._active

    def returns(self) -> tuple[float, ...]:
        outcome = self._outcome
        if outcome is not None and outcome.is_draw and len(self._active) < self.num_players:
            share = 0.5
            return tuple(share if p in self._active else 0.0 for p in range(self.num_players))
        return super().returns()

    def player_name(self, seat: int) -> str:
        return self._setup.names[seat]

    def player_letter(self, seat: int) -> str:
        return LETTERS[self._setup.names[seat]]

    # --- actions
    def legal_actions(self) -> tuple[Action, ...]:
        if self._legal is None:
            if self._outcome is not None:
                self._legal = ()
            else:
                cells, me = self._cells, self._to_move
                actions = [c for c, s in enumerate(cells) if s == EMPTY]
                add, slides = actions.append, self._setup.tables.slides
                for f, s in enumerate(cells):
                    if s == me:
                        for t, code in slides[f]:
                            if cells[t] == EMPTY:
                                add(code)
                self._legal = tuple(actions)
        return self._legal

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` may not be played now, or None when it may."""
        if self._outcome is not None:
            return N_("the game is over")
        t = self._setup.tables
        n, cells = t.n, self._cells
        if 0 <= action < n:
            seat = cells[action]
            return None if seat == EMPTY else Text(N_("{cell} is occupied by {side}"), {
                "cell": t.board.names[action], "side": Text(self.player_name(seat))})
        if not n <= action < n + n * n:
            return N_("SUSAN has no passing: place a stone or slide one") if action == PASS else N_("not a SUSAN move")
        source, target = slide_cells(n, action)
        names, me = t.board.names, self._to_move
        if cells[source] == EMPTY:
            return Text(N_("there is no stone on {cell} to slide"), {"cell": names[source]})
        if cells[source] != me:
            return Text(N_("{cell} holds a {owner} stone; {side} may only slide their own stones"), {
                "cell": names[source], "owner": Text(self.player_name(cells[source])), "side": Text(self.player_name(me))})
        if target not in t.neighbours[source]:
            return Text(N_("{cell} and {target} are not adjacent; a slide moves one step"),
                        {"cell": names[source], "target": names[target]})
        if cells[target] != EMPTY:
            return Text(N_("{cell} is occupied by {side}"), {"cell": names[target], "side": Text(self.player_name(cells[target]))})
        return None

    def play_unchecked(self, action: Action) -> "SusanState":
        setup = self._setup
        t = setup.tables
        n, nbrs = t.n, t.neighbours
        cells = list(self._cells)
        me = self._to_move
        if action < n:
            dest, slides = action, 0
        else:
            source, dest = divmod(action - n, n)
            cells[source] = EMPTY
            slides = self._slides + 1
        cells[dest] = me
        surrounded = [c for c in (dest, *nbrs[dest])
                      if cells[c] != EMPTY and EMPTY not in [cells[x] for x in nbrs[c]]]
        active = self._active
        outcome = None
        if surrounded:
            hit = {cells[c] for c in surrounded}
            out, winner = judge(me, hit, active, setup.variant)
            if winner is not None:
                outcome = self._decided(me, winner, surrounded, cells)
            else:
                active = tuple(p for p in active if p not in out)
                cells = [EMPTY if s in out else s for s in cells]
                slides = 0
        if outcome is None and slides >= 3 * len(active):
            outcome = Outcome((), slides_in_a_row(slides))
        return SusanState(setup, tuple(cells), next_seat(me, active, len(setup.names)), slides,
                          active, self._ply + 1, outcome)

    def _decided(self, mover: int, winner: int, surrounded: list[int], cells: list[int]) -> Outcome:
        names = self.board.names
        own = [names[c] for c in sorted(surrounded) if cells[c] == mover]
        if own:
            reason = Text(N_("{side} surrounded their own stone {cells}"),
                          {"side": Text(self.player_name(mover)), "cells": ", ".join(own)})
        else:
            reason = Text(N_("{side} surrounded {cells}"), {
                "side": Text(self.player_name(mover)), "cells": ", ".join(names[c] for c in sorted(surrounded))})
        return Outcome((winner,), reason, tuple(sorted(surrounded)))

    def passed(self) -> "SusanState":
        """The same position with the next player to move, as if this one could pass (SUSAN has
        no pass): how the threat search sees what the next player threatens."""
        me = self._to_move
        return SusanState(self._setup, self._cells, next_seat(me, self._active, len(self._setup.names)),
                          self._slides, self._active, self._ply, self._outcome)

    def touched_cells(self, action: Action) -> tuple[int, ...]:
        """A slide touches its source and its target; a placement its cell."""
        n = self._setup.tables.n
        return slide_cells(n, action) if n <= action < n + n * n else super().touched_cells(action)

    # --- notation
    def action_text(self, action: Action) -> str:
        n, names = self._setup.tables.n, self.board.names
        if 0 <= action < n:
            return names[action]
        if n <= action < n + n * n:
            source, target = slide_cells(n, action)
            return f"{names[source]}-{names[target]}"
        raise ValueError(f"{action} is not a SUSAN action")

    def read_action(self, text: str) -> Action:
        """The action written as `text`: `e5`, `f6-f7`, `f6->f7` or `f6 f7` (a pass is refused
        as illegal, in the rules' words)."""
        match = _MOVE.match(text.strip())
        if match is None:
            if text.strip().lower() == "pass":
                raise IllegalMoveError(text, N_("SUSAN has no passing: place a stone or slide one"))
            raise InvalidMoveError(text, N_("expected a cell like e5 or a slide like f6-f7"))
        board = self.board
        ids = []
        for name in match.groups():
            if name is None:
                continue
            cell = board.cell(name)
            if cell is None:
                raise InvalidMoveError(text, Text(N_("there is no cell {name} on the {size}-cell board"),
                    {"name": quote(name), "size": board.size}))
            ids.append(cell)
        return ids[0] if len(ids) == 1 else slide_action(board.size, ids[0], ids[1])

    # --- diagrams
    def position_rows(self) -> list[str]:
        symbols, cells = self._setup.symbols, self._cells
        return ["".join(EMPTY_SYMBOL if cells[c] == EMPTY else symbols[cells[c]] for c in row)
                for row in self.board.rows]

    def diagram(self, labelled: bool = False) -> list[str]:
        """The position as the manual draws it; `labelled` adds its row letters and numbers,
        the letters in lower case as moves are written (the manual prints capitals)."""
        board, rows = self.board, self.position_rows()
        if not labelled:
            return write_diagram(rows, board)
        side, middle = self._setup.tables.side, len(rows) // 2
        ruler = " " * (middle + 3) + " ".join(str(i) for i in range(1, side + 1))
        lines = [ruler]
        for r, (pad, letter, row) in enumerate(zip(indents(board), row_letters(board), rows, strict=True)):
            number = "" if r == middle else f" {2 * side - abs(r - middle)}"
            lines.append(" " * pad + letter + " " + " ".join(row) + number)
        return lines + [ruler]


# --- starting states and reports ------------------------------------------------------------

def new_state(options: Mapping[str, Any]) -> SusanState:
    setup = Setup.of(options)
    seats = tuple(range(len(setup.names)))
    return SusanState(setup, (EMPTY,) * setup.tables.n, 0, 0, seats, 0, None)


def load_position(options: Mapping[str, Any], rows: Sequence[str], to_move: str) -> SusanState:
    """A state from diagram text (compact or as the manual prints it) and the side to move."""
    setup = Setup.of(options)
    seat_of = {symbol: seat for seat, symbol in enumerate(setup.symbols)}
    compact = read_diagram(rows, setup.tables.board, EMPTY_SYMBOL + "".join(setup.symbols))
    cells = tuple(seat_of.get(ch, EMPTY) for row in compact for ch in row)
    wanted = to_move.strip().lower()
    movers = [seat for seat, name in enumerate(setup.names) if wanted in (name.lower(), LETTERS[name].lower())]
    if not movers:
        raise RecordError(Text(N_("side to move {to_move} is not one of {items}"),
            {"to_move": quote(to_move), "items": ", ".join(setup.names)}))
    names, nbrs = setup.tables.board.names, setup.tables.neighbours
    for c, seat in enumerate(cells):
        if seat != EMPTY and all(cells[x] != EMPTY for x in nbrs[c]):
            raise RecordError(Text(N_("the {side} stone on {cell} is already surrounded; "
                                      "such a position cannot occur in a game"),
                                   {"side": Text(setup.names[seat]), "cell": names[c]}))
    return SusanState(setup, cells, movers[0], 0, tuple(range(len(setup.names))), 0, None)


def report_extras(state: GameState) -> Mapping[str, Any]:
    assert isinstance(state, SusanState)
    return {"consecutive_slides": state.consecutive_slides,
            "active": [state.player_name(p).lower() for p in state.active]}
