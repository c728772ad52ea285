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
from .record import Record, Start, from_json, from_text, from_turns, one_line_of_turns, replay
from .translatable import N_, Text


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
    A facet the player has not set (`chosen`) follows the stones where the game can tell it
    (`PositionRules.infer`: STYMIE's stones this turn may place, LISBON's turn number), so a
    first set-up of stones alone is a position, not a list of settings to correct. The facets of
    a position loaded whole (`given`: the board's own, a pasted record's) stand until its stones
    or side to move change.
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
        self.chosen: set[str] = set()   # the facets the player set
        self.given: set[str] = set()    # the facets of the position loaded, while it stands

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
        self.chosen, self.given = set(), {name for name, _ in start.facets if name in self.values}

    def choose(self, name: str, value: str) -> None:
        """The player sets facet `name`; a text facet emptied follows the stones again."""
        self.values[name] = value
        facet = next(f for f in self.facets if f.name == name)
        self.given.discard(name)
        if value.strip() or facet.choices:
            self.chosen.add(name)
        else:
            self.chosen.discard(name)

    def turn_to(self, side: str) -> None:
        """The side to move is `side` (the loaded position's facets give way to the stones')."""
        self.to_move = side
        self.given.clear()

    def inferred(self) -> dict[str, str]:
        """The facets the player has not set, as the stones imply them (none where the game
        cannot tell, or the rows do not read yet)."""
        if self.rules.infer is None:
            return {}
        try:
            implied = self.rules.infer(self.options, self._rows(), self.to_move, self.values)
        except RecordError:
            return {}
        kept = self.chosen | self.given
        return {name: value for name, value in implied.items() if name in self.values and name not in kept}

    def settled(self) -> dict[str, str]:
        """Every facet's value: the player's, else the stones', else its default."""
        return self.values | self.inferred()

    def place(self, cell: int, symbol: str) -> None:
        """Put a stone of `symbol` on `cell`; the same symbol again (or the empty one) clears it."""
        self.cells[cell] = self.rules.empty if self.cells[cell] == symbol else symbol
        self.given.clear()

    def clear(self) -> None:
        self.cells = [self.rules.empty] * self.board.size
        self.given.clear()

    def _rows(self) -> tuple[str, ...]:
        return tuple("".join(self.cells[c] for c in row) for row in self.board.rows)

    def start(self) -> Start:
        values = self.settled()
        return Start(self._rows(), self.to_move, tuple((f.name, values[f.name]) for f in self.facets))

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
            return (exc.message,)
        return ()


def read_pasted(spec: GameSpec, options: Mapping[str, Any], text: str) -> Draft:
    """A draft from pasted text: a diagram of the current board, else a record (JSON or a
    listing) whose last position it takes; RecordError saying why neither fits."""
    stripped = text.strip()
    if not stripped:
        raise RecordError(N_("nothing was pasted"))
    draft = Draft(spec, options)
    try:
        draft.set_start(Start(tuple(stripped.splitlines()), draft.to_move))
        return draft
    except RecordError as exc:
        as_diagram = exc.message
    try:
        return Draft.of_state(_last_position(spec, options, stripped))
    except RecordError as exc:
        raise RecordError(Text(N_("the pasted text is neither a diagram ({as_diagram}) nor a record ({detail})"),
            {"as_diagram": as_diagram, "detail": exc.message})) from None


def _last_position(spec: GameSpec, options: Mapping[str, Any], text: str) -> GameState:
    """The last position of a pasted record: JSON, a listing (a turn a line), or one line of
    turns separated by spaces (the embed's `record`: `e5 d4 c3`); RecordError saying why not."""
    record = from_json(text) if text.startswith("{") else from_text(
        text, game=None if "# game:" in text else spec.name, options=None if "# options:" in text else options)
    if record.game != spec.name:
        raise RecordError(Text(N_("it is a game of {game}, not {title}"),
            {"game": record.game, "title": spec.title}))
    try:
        return replay(record)[-1]
    except RecordError:
        if not one_line_of_turns(text):
            raise
    return replay(from_turns(text, spec.name, options))[-1]
