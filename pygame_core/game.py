"""The game protocol shared by the four games, the opponent and the UI.

An *action* is one atomic step, an int: a cell id for a placement, a game-specific code for a
slide, or one of the negative constants below. A *turn* is the sequence of actions one player
makes before the next player moves; games with multi-stone turns (STYMIE, LISBON) end a turn
on END_TURN or when the rules say it is over. States are immutable: `apply` returns a new state,
so undo, history, search and drawing can share states freely (docs/architecture.md).

Player numbers are seats: 0 is the player who moved first in the game, and they never change.
What a seat is called (Black, Vert, ...) comes from `player_name`; in STYMIE a swap changes the
side a seat plays, not the seat.

Everything one game is lives in its package `games/<name>/` and reaches the rest of the program
through its GameSpec: the rules state, its one fast playout, its search hints and what the page
shows about it (`Presentation`). The search and the UI use only what is declared here.
"""

from __future__ import annotations

import math
import random
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple, Protocol, Sequence

from .errors import IllegalMoveError, OptionsError, quote
from .facets import PositionRules
from .geometry import Board
from .presentation import Presentation
from .translatable import N_, Text

Action = int
PASS: Action = -1
SWAP: Action = -2
END_TURN: Action = -3
_DECIMAL = re.compile(r"^-?[0-9]{1,15}(\.[0-9]{1,15})?$", re.ASCII)  # how option numbers are written

Returns = tuple[float, ...]
"""Per-seat reward in [0, 1] at the end of a game or playout."""
Trace = list[tuple[int, Action]]
"""(seat, action) pairs a playout made, in order; the search's GRAVE statistics read them."""
Playout = Callable[["GameState", random.Random, "Trace | None"], Returns]
"""play(state, rng, trace): play a game on from `state` by the game's playout policy and
return the reward vector at its end, appending each (seat, action) to `trace` when given."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    winners    seats that won; empty for a draw
    reason     short text for people ("surrounded e7", "connected top to bottom", ...)
    highlight  cells to mark on the final board (the surrounded stone, the winning group)
    details    game-specific data, e.g. SUPERSTAR's score breakdown
    """

    winners: tuple[int, ...]
    reason: str
    highlight: tuple[int, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @property
    def result(self) -> str:
        """'win' or 'draw', as printed by the CLI."""
        return "draw" if self.is_draw else "win"


class Setup(NamedTuple):
    """The constants of one game for one set of options, shared by every state of that game so
    that a move copies only the position: the board, the options and the game's own tables
    (whatever its rules look up on every move)."""

    board: Board
    options: Mapping[str, Any]
    tables: Any = None


class AnySetup(Protocol):
    """What GameState reads from a setup: Setup above, or a game's own setup type."""

    @property
    def board(self) -> Board: ...

    @property
    def options(self) -> Mapping[str, Any]: ...


class GameState(ABC):
    """One position of one game, with everything the rules need to continue from it.

    Every state class is built the same way: `__init__(setup, *position)`, where `setup` is the
    game's Setup (made once per game by the game's `new_state`) and the rest is the position,
    and it declares `__slots__` for the position's fields (states are made by the million in a
    search). The game's package sets `State.spec = SPEC`."""

    __slots__ = ("_setup",)
    spec: "GameSpec"
    _setup: AnySetup

    @property
    def board(self) -> Board:
        return self._setup.board

    @property
    def options(self) -> Mapping[str, Any]:
        return self._setup.options

    # --- whose move and the end -------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int:
        """Seat to act next (meaningless once the game is over)."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Seats in this game, eliminated ones included."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def returns(self) -> tuple[float, ...]:
        """Per-seat reward in [0, 1] for search: winners share 1, a draw gives everyone 0.5.

        Unfinished games return 0.5 for everyone so callers never get a misleading value.
        """
        outcome = self.outcome
        n = self.num_players
        if outcome is None or outcome.is_draw:
            return tuple(0.5 for _ in range(n))
        share = 1.0 / len(outcome.winners)
        return tuple(share if p in outcome.winners else 0.0 for p in range(n))

    # --- actions -------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every atomic action the player to move may take now; empty once the game is over."""

    @abstractmethod
    def play_unchecked(self, action: Action) -> "GameState":
        """The state after `action`, which the caller knows to be legal (it came from
        `legal_actions`): the search's fast step. Anything else should call `apply`."""

    def is_legal(self, action: Action) -> bool:
        """True when `action` may be applied now. Games may override with a faster test."""
        return action in self.legal_actions()

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` may not be played now, or None when it may. Games override this to tell
        the player more than the generic reason."""
        return None if self.is_legal(action) else N_("not a legal move here")

    def apply(self, action: Action) -> "GameState":
        """The state after `action`; IllegalMoveError, with the reason, if the rules forbid it here."""
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalMoveError(self.action_text(action) if self._known(action) else str(action), reason)
        return self.play_unchecked(action)

    def touched_cells(self, action: Action) -> tuple[int, ...]:
        """The cells `action` changes, in order: (cell,) for a placement, () for pass, swap
        or end of turn; games whose actions move stones (SUSAN's slides) override this."""
        return (action,) if 0 <= action < self.board.size else ()

    def _known(self, action: Action) -> bool:
        try:
            self.action_text(action)
        except (ValueError, IndexError, KeyError):
            return False
        return True

    @property
    def turn_actions(self) -> tuple[Action, ...]:
        """Actions already made in the turn in progress (empty at the start of a turn)."""
        return ()

    # --- board contents -------------------------------------------------------------------
    @abstractmethod
    def occupant(self, cell: int) -> int | None:
        """Seat whose stone is on `cell`, or None for an empty cell."""

    def stones(self, seat: int) -> list[int]:
        """Cells holding `seat`'s stones, in id order."""
        return [c for c in range(self.board.size) if self.occupant(c) == seat]

    def player_name(self, seat: int) -> str:
        """Name of the side `seat` plays now, e.g. 'Black'."""
        return self.spec.player_names(self.options)[seat]

    def player_letter(self, seat: int) -> str:
        """One-letter symbol of the side `seat` plays now, as records print it."""
        return self.spec.player_letters(self.options)[seat]

    @abstractmethod
    def position_rows(self) -> list[str]:
        """The position as text rows (one per board row, a symbol per cell), for diagrams and JSON."""

    # --- notation -------------------------------------------------------------------------
    @abstractmethod
    def action_text(self, action: Action) -> str:
        """One action in notation (`e5`, `f6-f7`, `pass`, `swap`, `end`)."""

    @abstractmethod
    def parse_turn(self, text: str) -> list[Action]:
        """The actions of the whole turn written as `text`, from this turn-start state.

        The list ends the turn (it includes END_TURN when the game needs one). Raises
        InvalidMoveError for bad syntax, IllegalMoveError for a move the rules forbid here.
        """

    def format_turn(self, actions: Sequence[Action]) -> str:
        """Canonical notation of a whole turn made from this state (END_TURN is implicit, unless
        it is the whole turn: a turn set up half-made and ended at once, written `end`)."""
        if list(actions) == [END_TURN]:
            return self.action_text(END_TURN)
        return ",".join(self.action_text(a) for a in actions if a != END_TURN)

    def play_turn(self, text: str) -> "GameState":
        """Parse and play one whole turn; the state at the start of the next turn."""
        state: GameState = self
        for action in self.parse_turn(text):
            state = state.apply(action)
        return state



class CellTupleState(GameState):
    """Plumbing for games whose position is one tuple of seats per cell (EMPTY = -1), one
    action per turn and a ply counter (SUSAN, SUPERSTAR): subclasses set the four slots and
    define read_action (notation) and illegal_reason (the rules); parsing and playing a turn
    are shared."""

    EMPTY = -1
    __slots__ = ("_cells", "_to_move", "_ply", "_outcome")
    _cells: tuple[int, ...]
    _to_move: int
    _ply: int
    _outcome: Outcome | None

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def turn_number(self) -> int:
        """1-based number of the turn in progress (not part of the protocol: the rules' tests
        read it)."""
        return self._ply + 1

    @property
    def cells(self) -> tuple[int, ...]:
        """Seat on each cell, EMPTY (-1) for an empty one."""
        return self._cells

    def occupant(self, cell: int) -> int | None:
        seat = self._cells[cell]
        return None if seat == self.EMPTY else seat

    def stones(self, seat: int) -> list[int]:
        return [c for c, s in enumerate(self._cells) if s == seat]

    # --- one action per turn: reading it, checking it against illegal_reason, playing it
    @abstractmethod
    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` may not be played now, or None when it may (each game's own words)."""

    def is_legal(self, action: Action) -> bool:
        return self.illegal_reason(action) is None

    @abstractmethod
    def read_action(self, text: str) -> Action:
        """The action written as `text`, by syntax and cell names only (InvalidMoveError)."""

    def parse_action(self, text: str) -> Action:
        """The action written as `text`, checked against this position: InvalidMoveError for
        bad syntax or an unknown cell, IllegalMoveError with the rules' reason otherwise."""
        action = self.read_action(text)
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalMoveError(text, reason)
        return action

    def parse_turn(self, text: str) -> list[Action]:
        return [self.parse_action(text)]

    def play_turn(self, text: str) -> "GameState":
        return self.play_unchecked(self.parse_action(text))  # parse_action has checked it

@dataclass(frozen=True)
class OptionSpec:
    """One game option as the new-game dialog, the CLI and records see it.

    `choices` lists the allowed values; an empty `choices` means a number in
    [minimum, maximum] that is a multiple of `step`. `label` is what players read above the
    control (N_-marked, so the page translates it); empty, the page shows the name capitalised.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    step: float | None = None
    label: str = ""

    def coerce(self, value: Any) -> Any:
        """The option value for `value` (a string from the CLI or a URL, or a JSON value).

        Only values this program would print are accepted: a choice by name, or a number
        written with ASCII digits (`-2.5`, `6`) that lies on the option's grid exactly, so
        `6.0000000001`, `٦` (an Arabic-Indic six) and 10**400 are refused, with a short message."""
        if self.choices:
            for choice in self.choices:
                if str(choice).lower() == str(value).strip().lower():
                    return choice
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionsError(Text(N_("option {name}: {value} is not one of {allowed}"),
                {"name": self.name, "value": quote(value), "allowed": allowed}))
        number = self._number(value)
        if (self.minimum is not None and number < self.minimum) or (self.maximum is not None and number > self.maximum):
            raise OptionsError(Text(N_("option {name}: {value} is outside {minimum}..{maximum}"),
                {"name": self.name, "value": quote(value), "minimum": self.minimum, "maximum": self.maximum}))
        if self.step and not (number / self.step).is_integer():
            raise OptionsError(Text(N_("option {name}: {value} is not a multiple of {step}"),
                {"name": self.name, "value": quote(value), "step": self.step}))
        return int(number) if isinstance(self.default, int) and float(number).is_integer() else float(number)

    def _number(self, value: Any) -> int | float:
        """`value` as a finite number; OptionsError for anything else (no float() of a huge int)."""
        if isinstance(value, str) and _DECIMAL.match(value.strip()):
            text = value.strip()
            return float(text) if "." in text else int(text)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and (
                isinstance(value, int) or math.isfinite(value)):
            return value
        raise OptionsError(Text(N_("option {name}: {value} is not a number"),
            {"name": self.name, "value": quote(value)}))


class LeafCut(NamedTuple):
    """How a search values a leaf instead of playing it out (ai.cutoff): `plies` random actions,
    then the static evaluation squashed by `slope` into a win chance. `exploration`: the UCT
    constant for such values, None = the hints' own (values from an evaluation sit close to 0.5
    and carry no playout noise, so a constant tuned for playouts spreads the visits evenly)."""

    plies: int
    slope: float
    exploration: float | None = None


@dataclass(frozen=True)
class SearchHints:
    """What the built-in opponent should know about a game, as plain data and functions of a
    state, so a game never imports the search (`ai.tuning` turns this into its config).

    exploration, rave_ref          UCT constant; GRAVE reference visits (0 = no GRAVE)
    check_depth, check_visits      which nodes try every action for a win in one (see ai.search)
    candidates(state)              a cheap superset of the actions that could end the game at once
    moves(state)                   the actions worth searching (a subset giving up nothing)
    verdict(state)                 the returns when the position is already decided (a forced win
                                   the rules have not declared yet), else None: read before a playout
    perfect(state)                 a whole turn that is perfect play here (a solved board), else
                                   None: the top level plays it instead of searching
    iteration_scale                levels' iteration budgets are multiplied by this (slow games)
    budgets                        {level name: iterations per action} for levels this game
                                   budgets itself, from its ladder figures (the others: the shared
                                   budget times `iteration_scale`)
    evaluate(state)                a cheap static value of an undecided position for the side to
                                   move, in (-1, 1) (two players): what the alpha-beta player needs
    minimax                        implicit minimax: the weight of `evaluate`'s values, backed up by
                                   minimax through the tree, in the search's selection (two players)
    leaf_weight                    the share of `evaluate` in a search leaf's value, the rest from
                                   a playout (0: playouts only; 1: no playouts); two players only
    cut                            a LeafCut: the levels value a leaf by `evaluate` instead of a
                                   playout (ai.cutoff; needs `evaluate`; a level with
                                   `playouts` does not); None = playouts
    forced_win(state)              a first action of a win the side to move can force, from a
                                   small sound search (e.g. by threats), else None (two players):
                                   the top level takes such a win and avoids a move after which
                                   the opponent has one
    playout                        replaces the spec's playout (e.g. one drawing moves by learned weights)
    prior(state, last)             learned move probabilities {action: p} of a state, given the action
                                   that led to it (or None): the search expands its best first
                                   and biases selection towards them by `prior_bias` (see ai.search)
    frozen                         the hints of the opponent as it was before a change still being
                                   measured (`mcts:frozen=1` plays with them); None = these
    threats(state)                 (seat, cells): the player who moves after the side to move and
                                   the cells onto which a move of theirs would win at once, as the
                                   engine's explanations show them; None = the game declares none
    evaluations                    {name: loader} other static evaluations a player spec may put
                                   in `evaluate`'s place (`mcts:...,eval=NAME`, ai.player), to
                                   measure one before it ships (SUSAN's learned one); a loader
                                   returns the evaluation, so its module is imported only when a
                                   spec asks (the browser's build leaves an unshipped one out)
    level_evaluations              {level name: name in `evaluations`} levels that play with that
                                   evaluation in `evaluate`'s place (ai.budget.resolve), once an
                                   SPRT at that level accepted it (SUSAN's Expert: the learned one)
    priors                         {name: loader} other move priors a player spec may put in
                                   `prior`'s place (`mcts:...,prior=NAME`, ai.player), to measure
                                   one before it ships (STYMIE's two-distance); a loader takes the
                                   learned prior (`prior`, or the `patterns=` file's) and returns
                                   the new one, its module imported only when a spec asks
    """

    exploration: float = 1.0
    rave_ref: int = 0
    check_depth: int = 1
    check_visits: int = 24
    candidates: Callable[[GameState], Sequence[Action]] | None = None
    moves: Callable[[GameState], Sequence[Action]] | None = None
    verdict: Callable[[GameState], Returns | None] | None = None
    perfect: Callable[[GameState], Sequence[Action] | None] | None = None
    iteration_scale: float = 1.0
    budgets: Mapping[str, int] = field(default_factory=dict)
    evaluate: Callable[[GameState], float] | None = None
    minimax: float = 0.0
    leaf_weight: float = 0.0
    cut: LeafCut | None = None
    forced_win: Callable[[GameState], Action | None] | None = None
    playout: Playout | None = None
    prior: Callable[[GameState, Action | None], Mapping[Action, float]] | None = None
    prior_bias: float = 0.0
    frozen: SearchHints | None = None
    threats: Callable[[GameState], tuple[int, Sequence[int]]] | None = None
    evaluations: Mapping[str, Callable[[], Callable[[GameState], float]]] = field(default_factory=dict)
    level_evaluations: Mapping[str, str] = field(default_factory=dict)
    priors: Mapping[str, Callable[[Any], Callable[[GameState, Action | None], Mapping[Action, float]]]] = \
        field(default_factory=dict)


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows about a game: its name, options and how to start it.

    new_state(options)            the opening state for validated options
    player_names(options)         side names by seat at the start, e.g. ["Black", "White"]
    player_letters(options)       one-letter symbols by seat, as records print them
    playout                       the game's one fast playout from any state (see `Playout`):
                                  the search, `bench` and the agreement tests all run it
    search                        hints for the built-in opponent
    presentation                  what the page shows about the game (notes, help, score table)
    bench_options                 option sets `bench` measures (one line each)
    load_position(options, rows, to_move)  optional: a state from `position_rows`-style text
                                  and the name of the side to move; RecordError on bad text
    position                      optional: how a position set up by hand is read, with the
                                  facets it holds beyond its stones (pygame_core/facets.py)
    report_extras(state)          optional: extra fields for the CLI's replay report
    lessons                       optional: (package, file) of the game's tutorial lessons and
                                  guided replays, JSON read on first use (pygame_core.lessons)
    """

    name: str
    title: str
    options: tuple[OptionSpec, ...]
    new_state: Callable[[Mapping[str, Any]], GameState]
    player_names: Callable[[Mapping[str, Any]], list[str]]
    player_letters: Callable[[Mapping[str, Any]], list[str]]
    playout: Playout | None = None
    search: SearchHints = SearchHints()
    presentation: Presentation = Presentation()
    bench_options: tuple[Mapping[str, Any], ...] = ({},)
    load_position: Callable[[Mapping[str, Any], Sequence[str], str], GameState] | None = None
    position: PositionRules | None = None
    report_extras: Callable[[GameState], Mapping[str, Any]] | None = None
    lessons: tuple[str, str] | None = None

    def resolve_options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with `given`, each value checked; OptionsError names a bad one."""
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise OptionsError(Text(N_("{name} has no option {unknown}"),
                {"name": self.name, "unknown": quote(unknown[0])}))
        return {name: (o.coerce(given[name]) if name in given else o.default) for name, o in known.items()}

    def new_game(self, options: Mapping[str, Any] | None = None) -> GameState:
        """The opening state for `options` (missing ones take their defaults)."""
        return self.new_state(self.resolve_options(options))
