"""One game session as the play page sees it, with no browser in sight.

A Session keeps the states at the start of every turn and the turns' notation, the shown
position (cursor) with undo/redo, the unfinished multi-stone turn, the stone picked for a slide,
who sits in each seat, and a resignation. It never decides legality: every click is matched
against the position's `legal_actions()`, and every refusal reason comes from the rules
(`apply`/`parse_turn` errors). The page (ui/main.py) turns DOM events into calls here and draws
`board_view()`; the saves code uses `to_saved` / `from_saved` and the `after_move` hooks.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from pygame_core.errors import MoveError, RecordError
from pygame_core.game import END_TURN, PASS, SWAP, Action, GameSpec, GameState, Outcome
from pygame_core.geometry import Board
from pygame_core.record import Record, replay
from pygame_core.registry import find_game

from ui.board.render import BoardView
from ui.board.theme import Theme
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat

_ARROW = re.compile(r"\s*-+>?\s*")
GENERIC_REFUSAL = "not a legal move here"   # GameState.apply's reason when a game gives none


def action_cells(state: GameState, action: Action) -> tuple[int, ...]:
    """Cells an action touches: (cell,) for a placement, (from, to) for a slide (any code
    whose notation is two cells joined by an arrow, as in SUSAN), () for pass/swap/end."""
    if 0 <= action < state.board.size:
        return (action,)
    if action < 0:
        return ()
    parts = _ARROW.split(state.action_text(action).strip())
    cells = tuple(state.board.cell(p) for p in parts)
    return cells if len(cells) == 2 and None not in cells else ()  # type: ignore[return-value]


class MoveRow(NamedTuple):
    """One line of the move list: turn number, the mover's name and letter, the notation."""

    number: int
    side: str
    letter: str
    text: str


class Session:
    """A game in progress at the page: history, cursor, pending turn, seats."""

    def __init__(self, spec: GameSpec, options: Mapping[str, Any] | None = None,
                 seats: Sequence[Seat] | None = None) -> None:
        self.spec = spec
        self.options: dict[str, Any] = spec.resolve_options(options)
        start = spec.new_state(self.options)
        self._record_start = None
        self._states: list[GameState] = [start]
        self._turns: list[str] = []
        self.seats: tuple[Seat, ...] = self._check_seats(seats, start.num_players)
        self.cursor = 0
        self._pending: list[Action] = []
        self._live: GameState = start
        self.selected: int | None = None
        self.resigned: int | None = None
        self.message = ""
        self.after_move: list[Callable[["Session"], None]] = []

    # --- building and saving ----------------------------------------------------------------
    @staticmethod
    def _check_seats(seats: Sequence[Seat] | None, players: int) -> tuple[Seat, ...]:
        if seats is None:
            return tuple(Seat() for _ in range(players))
        if len(seats) != players:
            raise ValueError(f"{len(seats)} seats given for a {players}-player game")
        return tuple(seats)

    @classmethod
    def from_saved(cls, saved: SavedGame) -> "Session":
        """The session a SavedGame describes; RecordError if its record does not replay."""
        record = saved.record
        states = replay(record)
        try:
            spec = find_game(record.game)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        session = cls(spec, record.options, None)
        try:
            session.seats = cls._check_seats(saved.seats, states[0].num_players)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        if not 0 <= saved.cursor <= len(record.turns):
            raise RecordError(f"cursor {saved.cursor} is outside 0..{len(record.turns)}")
        session._record_start = record.start
        session._states = states
        session._turns = list(record.turns)
        session._show(saved.cursor)
        return session

    def to_saved(self, name: str = "", saved_at: str = "") -> SavedGame:
        """The whole game (redo tail included), seats and shown position; the unfinished
        multi-stone turn is not part of the record."""
        return SavedGame(self.record(len(self._turns)), self.seats, self.cursor, name, saved_at)

    def record(self, turns: int | None = None) -> Record:
        """The game's record up to turn `turns` (default: the shown position), start included."""
        count = self.cursor if turns is None else turns
        return Record(self.spec.name, dict(self.options), tuple(self._turns[:count]), self._record_start)

    def rematch(self) -> "Session":
        """A new game with the same options and every seat moved one place on, so for two
        players the colours swap (the opponent keeps its level)."""
        seats = self.seats[1:] + self.seats[:1]
        return Session(self.spec, self.options, seats)

    # --- what is shown ----------------------------------------------------------------------
    @property
    def turn_start(self) -> GameState:
        """The position at the cursor (start of the shown turn)."""
        return self._states[self.cursor]

    @property
    def live(self) -> GameState:
        """The shown position with the unfinished turn's stones on it."""
        return self._live

    @property
    def pending(self) -> tuple[Action, ...]:
        return tuple(self._pending)

    @property
    def turns(self) -> tuple[str, ...]:
        return tuple(self._turns)

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self._turns)

    @property
    def outcome(self) -> Outcome | None:
        """The result at the shown position; a resignation counts only at the end."""
        if self.resigned is not None and self.at_end:
            others = tuple(p for p in range(self._live.num_players) if p != self.resigned)
            return Outcome(others, f"{self._live.player_name(self.resigned)} resigned")
        return self._live.outcome

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def seat_of_turn(self) -> Seat:
        return self.seats[self._live.to_move]

    def humans_turn(self) -> bool:
        return not self.is_over and self.seat_of_turn().kind == HUMAN

    def opponent_to_move(self) -> Seat | None:
        """The AI seat that should move now, or None. The opponent only moves at the end of
        the record: after an undo (a redo tail exists) or while looking back it waits."""
        if self.is_over or not self.at_end or self._pending:
            return None
        seat = self.seat_of_turn()
        return seat if seat.kind == AI else None

    @property
    def has_opponent(self) -> bool:
        return any(s.kind == AI for s in self.seats)

    def legal(self) -> tuple[Action, ...]:
        return tuple(self._live.legal_actions())

    def can(self, action: Action) -> bool:
        """Whether a button for `action` (PASS, SWAP, END_TURN) should be offered now."""
        return self.humans_turn() and action in self._live.legal_actions()

    def move_rows(self) -> list[MoveRow]:
        """The move list, redo tail included (the page marks rows past the cursor)."""
        rows = []
        for i, text in enumerate(self._turns):
            state = self._states[i]
            seat = state.to_move
            rows.append(MoveRow(i + 1, state.player_name(seat), state.player_letter(seat), text))
        return rows

    def status(self) -> str:
        """One sentence for the aria-live status line."""
        state, outcome = self._live, self.outcome
        if outcome is not None:
            if outcome.is_draw:
                result = f"Draw: {outcome.reason}."
            else:
                names = " and ".join(state.player_name(p) for p in outcome.winners)
                result = f"{names} {'win' if len(outcome.winners) > 1 else 'wins'}: {outcome.reason}."
            return result if self.at_end else f"{self._where()} {result}"
        seat = state.to_move
        who = state.player_name(seat)
        if self.seats[seat].kind == AI:
            who += " (computer)"
        text = f"{who} to move"
        if self._pending:
            count = len(self._pending)
            text += f", {count} stone{'s' if count != 1 else ''} placed this turn"
        text += "."
        if not self.at_end:
            text = f"{self._where()} {text}"
        return text

    def _where(self) -> str:
        """Which recorded position is shown, when it is not the last one."""
        if self.cursor == 0:
            return f"Start ({len(self._turns)} moves recorded)."
        return f"Move {self.cursor} of {len(self._turns)}."

    def last_turn_actions(self) -> tuple[Action, ...]:
        """Actions of the turn that led to the shown position (for the last-move marker)."""
        if self.cursor == 0:
            return ()
        before = self._states[self.cursor - 1]
        try:
            return tuple(before.parse_turn(self._turns[self.cursor - 1]))
        except MoveError:
            return ()

    def board_view(self, theme: Theme, coordinates: bool = False, cursor: int | None = None) -> BoardView:
        """What the board should show now."""
        state = self._live
        board = state.board
        styles = tuple(theme.stone(state.player_name(p), p) for p in range(state.num_players))
        last: tuple[int, ...] = ()
        arrow = None
        if not self._pending:
            before = self._states[self.cursor - 1] if self.cursor else None
            for action in self.last_turn_actions():
                cells = action_cells(before, action) if before is not None else ()
                if len(cells) == 2:
                    arrow = cells
                    last += (cells[1],)
                else:
                    last += cells
        outcome = self.outcome
        return BoardView(
            occupants=tuple(state.occupant(c) for c in range(board.size)),
            styles=styles,
            pending=frozenset(c for a in self._pending for c in action_cells(self.turn_start, a)),
            targets=self.targets(),
            last=last,
            arrow=arrow,   # type: ignore[arg-type]
            selected=self.selected,
            highlight=frozenset(outcome.highlight) if outcome is not None else frozenset(),
            cursor=cursor,
            coordinates=coordinates,
        )

    def targets(self) -> frozenset[int]:
        """Cells worth a dot: slide destinations of the selected stone; otherwise the legal
        placements when the rules rule out some empty cells (a multi-stone turn's shape, the
        group rule), so a board of dots never just repeats 'every empty cell'."""
        if not self.humans_turn():
            return frozenset()
        if self.selected is not None:
            return frozenset(self._slides().get(self.selected, {}))
        state = self._live
        places = {a for a in state.legal_actions() if 0 <= a < state.board.size}
        empty = {c for c in range(state.board.size) if state.occupant(c) is None}
        return frozenset(places) if places != empty else frozenset()

    # --- input ------------------------------------------------------------------------------
    def _slides(self) -> dict[int, dict[int, Action]]:
        """{from: {to: action}} for the legal slides now."""
        state = self._live
        slides: dict[int, dict[int, Action]] = {}
        for action in state.legal_actions():
            if action >= state.board.size:
                cells = action_cells(state, action)
                if len(cells) == 2:
                    slides.setdefault(cells[0], {})[cells[1]] = action
        return slides

    def click(self, cell: int) -> bool:
        """A tap on `cell`: place, pick a stone to slide, or slide the picked stone there.
        Returns True when something changed; otherwise `message` says why not."""
        self.message = ""
        if not self._ready():
            return False
        state = self._live
        slides = self._slides()
        if self.selected is not None:
            picked = self.selected
            if cell in slides.get(picked, {}):
                return self._play(slides[picked][cell])
            self.selected = None
            if cell == picked:
                return True
        if cell in slides:
            self.selected = cell
            return True
        if 0 <= cell < state.board.size and cell in state.legal_actions():
            return self._play(cell)
        self.message = self._refusal(cell)
        return False

    def drag(self, source: int, target: int) -> bool:
        """A stone dragged from `source` to `target`: the slide if it is legal."""
        self.message = ""
        if not self._ready():
            return False
        action = self._slides().get(source, {}).get(target)
        if action is None:
            name = self._live.board.names
            self.message = f"{name[source]} cannot slide to {name[target]}."
            return False
        return self._play(action)

    def press(self, action: Action) -> bool:
        """A button: PASS, SWAP or END_TURN."""
        self.message = ""
        if not self._ready():
            return False
        if action not in self._live.legal_actions():
            labels = {PASS: "Passing", SWAP: "Swapping", END_TURN: "Ending the turn"}
            self.message = f"{labels.get(action, 'That')} is not allowed now."
            return False
        return self._play(action)

    def clear_pending(self) -> bool:
        """Take back the stones of the unfinished turn."""
        if not self._pending and self.selected is None:
            return False
        self._pending = []
        self.selected = None
        self._live = self.turn_start
        self.message = ""
        return True

    def play_text(self, text: str) -> bool:
        """A whole turn typed in notation, played from the start of the shown turn."""
        self.message = ""
        if not text.strip():
            self.message = "Type a move, e.g. " + self._example() + "."
            return False
        if not self._ready(clear=True):
            return False
        start = self.turn_start
        try:
            actions = start.parse_turn(text)
            state = start
            for action in actions:
                state = state.apply(action)
        except MoveError as exc:
            self.message = f"{exc.text}: {exc.reason}."
            return False
        self._commit(list(actions), state)
        return True

    def play_turn(self, actions: Sequence[Action]) -> None:
        """A whole turn chosen by the opponent; IllegalMoveError if the rules refuse it."""
        self.clear_pending()
        state = self.turn_start
        for action in actions:
            state = state.apply(action)
        if not (state.is_over or not state.turn_actions):
            state = state.apply(END_TURN)
            actions = [*actions, END_TURN]
        self._commit(list(actions), state)

    def _example(self) -> str:
        state = self._live
        for action in state.legal_actions():
            if 0 <= action < state.board.size:
                return state.action_text(action)
        return "pass"

    def _ready(self, clear: bool = False) -> bool:
        """Whether the person at the device may move now; sets `message` when not."""
        if self.is_over:
            self.message = "The game is over."
            return False
        if self.seat_of_turn().kind != HUMAN:
            self.message = "It is the computer's move."
            return False
        if clear:
            self.clear_pending()
        return True

    def _refusal(self, cell: int) -> str:
        """Why a tap on `cell` does nothing, in the rules' own words where they have them."""
        state = self._live
        if not 0 <= cell < state.board.size:
            return "That is not a cell."
        if self._pending and state.occupant(cell) is None:
            # the whole turn's shape explains a refusal best ("a pair is an octagon and ...")
            start = self.turn_start
            try:
                start.parse_turn(start.format_turn([*self._pending, cell]))
            except MoveError as exc:
                return _sentence(exc.reason, state.board)
        name = state.board.names[cell]
        seat = state.occupant(cell)
        try:
            state.apply(cell)
        except MoveError as exc:
            if seat is None or exc.reason != GENERIC_REFUSAL:
                return _sentence(exc.reason, state.board)
        if seat is not None:
            return f"{name} is occupied by {state.player_name(seat)}."
        return f"{name} is not a legal move now."

    def _play(self, action: Action) -> bool:
        """Apply one atomic action of the human's turn; finish the turn when the rules do."""
        state = self._live.apply(action)
        self.selected = None
        actions = [*self._pending, action]
        if state.is_over or not state.turn_actions:
            self._commit(actions, state)
        else:
            self._pending = actions
            self._live = state
        return True

    def _commit(self, actions: list[Action], state: GameState) -> None:
        text = self.turn_start.format_turn(actions)
        del self._states[self.cursor + 1:]
        del self._turns[self.cursor:]
        self._states.append(state)
        self._turns.append(text)
        self.resigned = None
        self._show(self.cursor + 1)
        self._changed()

    # --- history ----------------------------------------------------------------------------
    def _show(self, cursor: int) -> None:
        self.cursor = cursor
        self._pending = []
        self.selected = None
        self._live = self._states[cursor]

    def _changed(self) -> None:
        for hook in list(self.after_move):
            hook(self)

    def can_undo(self) -> bool:
        return bool(self._pending) or self.resigned is not None or self.cursor > 0

    def can_redo(self) -> bool:
        return not self._pending and self.cursor < len(self._turns)

    def undo(self) -> bool:
        """Back one turn; against the opponent, back to the last position where a person was
        to move (its reply and your move together). Unfinished stones go first."""
        if self._pending:
            return self.clear_pending()
        if self.resigned is not None:
            self.resigned = None
            self._changed()
            return True
        if self.cursor == 0:
            return False
        target = self.cursor - 1
        while target > 0 and self.seats[self._states[target].to_move].kind == AI:
            target -= 1
        self._show(target)
        self.message = ""
        self._changed()
        return True

    def redo(self) -> bool:
        """Forward one turn, or past the opponent's reply to the next human move."""
        if not self.can_redo():
            return False
        target = self.cursor + 1
        while (target < len(self._turns) and not self._states[target].is_over
               and self.seats[self._states[target].to_move].kind == AI):
            target += 1
        self._show(target)
        self.message = ""
        self._changed()
        return True

    def goto(self, cursor: int) -> bool:
        """Show the position after `cursor` turns (0 = the start); the record is kept."""
        cursor = max(0, min(cursor, len(self._turns)))
        if cursor == self.cursor and not self._pending:
            return False
        self._show(cursor)
        self.message = ""
        self._changed()
        return True

    def resign(self) -> bool:
        """The person to move gives up. Only at the end of the record; undo takes it back."""
        if self.is_over or not self.at_end:
            self.message = "Only the current position can be resigned." if not self.is_over else ""
            return False
        self.clear_pending()
        seat = self._live.to_move
        if self.seats[seat].kind != HUMAN:
            humans = [p for p, s in enumerate(self.seats) if s.kind == HUMAN]
            if not humans:
                return False
            seat = humans[0]
        self.resigned = seat
        self._changed()
        return True


def _sentence(reason: str, board: Board) -> str:
    """The rules' reason as a sentence; a leading cell name keeps its case (e5, J10)."""
    reason = reason.strip()
    if not reason:
        return "Not allowed."
    first = reason.split(maxsplit=1)[0].strip(",:;")
    if board.cell(first) is None:
        reason = reason[0].upper() + reason[1:]
    return reason + ("" if reason.endswith(".") else ".")
