"""Positions set up by hand: the analysis board's editor model, and the one position format.

A position travels as a record's `Start` (diagram rows, the side to move, the game's facets), so
records, saves, share links and lessons carry it the same way. `export` gives the Start of any
state; `load` reads one back through the game's `PositionRules`, which names every problem in
plain words. `Draft` is the editor's model: a board of symbols, the options, the side to move and
the facets, changed one click at a time and turned into a state only when asked (so a half-made
position is never an error, only a list of what is still wrong).
"""

from __future__ import annotations

from typing import Any, Mapping

from .diagram import read_diagram
from .errors import RecordError
from .facets import Facet, PositionError, PositionRules, Side
from .game import GameSpec, GameState
from .geometry import Board
from .record import Record, Start, from_json, from_text, replay


def rules_of(spec: GameSpec) -> PositionRules:
    """The game's position rules; ValueError for a game that declares none."""
    if spec.position is None:
        raise ValueError(f"{spec.title} positions cannot be set up by hand")
    return spec.position


def export(state: GameState) -> Start:
    """The Start that `load` turns back into `state`, every facet written (a Start with facets is
    read by the game's position rules; one without, from records of before, as it always was)."""
    facets = tuple(rules_of(state.spec).facets_of(state).items())
    return Start(tuple(state.position_rows()), state.player_name(state.to_move), facets)


def load(spec: GameSpec, options: Mapping[str, Any], start: Start) -> GameState:
    """The state of a Start; PositionError naming every problem."""
    state: GameState = rules_of(spec).read(spec.resolve_options(options), start.rows, start.to_move,
                                           dict(start.facets))
    return state


def record_at(state: GameState) -> Record:
    """A record that starts at `state` and has no turns yet (what links and "from here" carry)."""
    return Record(state.spec.name, dict(state.options), (), export(state))


class Draft:
    """A position being set up: one symbol per cell, the side to move, the facets' values.

    Options are fixed for a draft (a new option makes a new, empty draft: the board may change).
    """

    def __init__(self, spec: GameSpec, options: Mapping[str, Any]) -> None:
        self.spec = spec
        self.rules = rules_of(spec)
        self.options = spec.resolve_options(options)
        self.board: Board = spec.new_state(self.options).board
        self.sides: tuple[Side, ...] = self.rules.sides(self.options)
        self.facets: tuple[Facet, ...] = self.rules.facets(self.options)
        self.cells = [self.rules.empty] * self.board.size
        self.to_move = self.sides[0].name
        self.values = {f.name: f.default for f in self.facets}

    @classmethod
    def of_state(cls, state: GameState) -> Draft:
        """The draft of a state (the current game's position, a pasted record's last one)."""
        draft = cls(state.spec, state.options)
        draft.set_start(export(state))
        return draft

    def set_start(self, start: Start) -> None:
        """Take the stones, side to move and facets of `start` (RecordError for rows that do not
        fit this board)."""
        symbols = self.rules.empty + "".join(side.symbol for side in self.sides)
        rows = read_diagram(start.rows, self.board, symbols.lower())
        by_lower = {s.lower(): s for s in symbols}
        for row, text in zip(self.board.rows, rows, strict=True):
            for cell, ch in zip(row, text, strict=True):
                self.cells[cell] = by_lower[ch]
        self.to_move = start.to_move
        self.values = {f.name: f.default for f in self.facets} | dict(start.facets)

    def place(self, cell: int, symbol: str) -> None:
        """Put a stone of `symbol` on `cell`; the same symbol again (or the empty one) clears it."""
        self.cells[cell] = self.rules.empty if self.cells[cell] == symbol else symbol

    def clear(self) -> None:
        self.cells = [self.rules.empty] * self.board.size

    def start(self) -> Start:
        rows = tuple("".join(self.cells[c] for c in row) for row in self.board.rows)
        return Start(rows, self.to_move, tuple((f.name, self.values[f.name]) for f in self.facets))

    def state(self) -> GameState:
        """The position as a state; PositionError naming every problem."""
        return load(self.spec, self.options, self.start())

    def problems(self) -> tuple[str, ...]:
        """What is wrong with the position, in plain words; empty when it is one a game reaches."""
        try:
            self.state()
        except PositionError as exc:
            return exc.problems
        except RecordError as exc:
            return (str(exc),)
        return ()


def read_pasted(spec: GameSpec, options: Mapping[str, Any], text: str) -> Draft:
    """A draft from pasted text: a diagram of the current board, else a record (JSON or a
    listing) whose last position it takes; RecordError saying why neither fits."""
    stripped = text.strip()
    if not stripped:
        raise RecordError("nothing was pasted")
    draft = Draft(spec, options)
    try:
        draft.set_start(Start(tuple(stripped.splitlines()), draft.to_move))
        return draft
    except RecordError as exc:
        as_diagram = str(exc)
    try:
        record = from_json(stripped) if stripped.startswith("{") else from_text(
            stripped, game=None if "# game:" in stripped else spec.name,
            options=None if "# options:" in stripped else options)
        if record.game != spec.name:
            raise RecordError(f"it is a game of {record.game}, not {spec.title}")
        return Draft.of_state(replay(record)[-1])
    except RecordError as exc:
        raise RecordError(f"the pasted text is neither a diagram ({as_diagram}) nor a record ({exc})") from None
