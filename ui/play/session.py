"""One game session as the play page sees it, with no browser in sight.

A Session is a ui.play.history.History (the states at the start of every turn and the turns'
notation, the shown position (cursor), the unfinished multi-stone turn, the stone picked for a
slide) with who sits in each seat, who may move, undo/redo, a resignation and the game's clock
(ui.play.clock: a turn charges it, Undo gives the time back, a flag's fall ends the game). It never
decides legality: every click is matched against the position's `legal_actions()`, and every
refusal reason comes from the rules (`apply`/`parse_turn` errors, read by ui.play.moves). The page (ui.page) turns DOM events into
calls here and shows what ui.play.view reads from it; the saves code uses `to_saved` /
`from_saved` and the `after_move` hooks. The turns live in a ui.play.game_tree.GameTree: a turn
played at an earlier position becomes the game's main line and the moves it replaces a side line
(on the analysis board, `exploring`, the new turn is the side line); the session follows one line.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from pygame_core.errors import RecordError, as_text, text_of
from pygame_core.game import END_TURN, Action, GameSpec, GameState, Outcome
from pygame_core.record import MAX_DEPTH, Record
from pygame_core.registry import find_game
from pygame_core.translatable import Text

from ui.i18n import N_, _, say
from ui.play.clock import Clock, TimeControl, wall_ms
from ui.play.game_tree import GameTree, Node
from ui.play.history import History
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat, new_game_id


def checked_seats(seats: Sequence[Seat] | None, players: int) -> tuple[Seat, ...]:
    """One seat per player (people by default); ValueError for a wrong count."""
    if seats is None:
        return tuple(Seat() for unused in range(players))
    if len(seats) != players:
        raise ValueError(Text(N_("{seats} seats given for a {players}-player game"),
                              {"seats": len(seats), "players": players}))
    return tuple(seats)


def resigning_seat(seats: Sequence[Seat], to_move: int) -> int | None:
    """Who a resignation gives up for: the person to move, else the first person seated
    (None when only computers play)."""
    if seats[to_move].kind == HUMAN:
        return to_move
    return next((p for p, seat in enumerate(seats) if seat.kind == HUMAN), None)


def resignation(state: GameState, seat: int) -> Outcome:
    """The result when `seat` resigns in `state`: everyone else wins."""
    others = tuple(p for p in range(state.num_players) if p != seat)
    return Outcome(others, Text(N_("{player} resigned"), {"player": as_text(state.player_name(seat))}))


def time_loss(state: GameState, seat: int) -> Outcome:
    """The result when `seat`'s clock runs out in `state`: everyone else wins."""
    others = tuple(p for p in range(state.num_players) if p != seat)
    return Outcome(others, Text(N_("{player} loses on time"), {"player": as_text(state.player_name(seat))}))


def given_end(session: "Session", cursor: int) -> Outcome | None:
    """The result the players gave the game, at position `cursor` of the line followed: a loss
    on time where the clock stopped (after an Undo, before the undone moves), a resignation at
    the end; None elsewhere and when neither happened."""
    clock = session.clock
    if clock is not None and clock.flagged is not None and cursor == clock.turn:
        return time_loss(session.state_at(cursor), clock.flagged)
    if session.resigned is not None and cursor == session.tree.length:
        return resignation(session.state_at(cursor), session.resigned)
    return None


def not_ready(session: "Session", played: GameTree) -> str:
    """Why the person at the device may not move in `session` now ("" when they may)."""
    if session.is_over:
        return _("The game is over.")
    kind = session.seat_of_turn().kind
    if kind != HUMAN:
        live = session.live
        return (_("It is the computer's move.") if kind == AI else
                _("It is {player}'s move, played by link.", player=say(live.player_name(live.to_move))))
    if any(played.by_friend(turn, session.seats) for turn in range(session.cursor + 1, played.length + 1)):
        return _("A game by link goes on from its last move: a friend's move stays.")
    return ""


def branch_note(move: int, exploring: bool) -> str:
    """What the board says when a turn played at move `move` leaves the moves that were there:
    in a game the line played is the game and they become a side line; on the analysis board
    the new turn is the side line."""
    if exploring:
        return _("A side line starts at move {move}: the moves it replaces stay in the move list.", move=move)
    return _("The game goes on from move {move}: the moves it replaces stay in the move list as a side line.",
             move=move)


def restored(saved: SavedGame) -> "Session":
    """The session a SavedGame describes (Session.from_saved); RecordError if its record does
    not replay or the shown line and position are not in it."""
    record = saved.record
    played = GameTree.replayed(record)
    try:
        spec = find_game(record.game)
        seats = checked_seats(saved.seats, played.root.state.num_players)
    except ValueError as exc:
        raise RecordError(text_of(exc)) from None
    if not played.follow(saved.line):
        raise RecordError(N_("the shown line is not one of the game's lines"))
    if not 0 <= saved.cursor <= played.length:
        raise RecordError(Text(N_("cursor {cursor} is outside 0..{length}"),
                               {"cursor": saved.cursor, "length": played.length}))
    session = Session(spec, record.options, seats)
    session.tree = played
    session.game_id = saved.game_id or session.game_id
    session.opponent = saved.opponent
    session.clock = saved.clock
    session.show(saved.cursor)
    return session


def rematch(game: "Session") -> "Session":
    """A new game with the same options and every seat moved one place on, so for two
    players the colours swap (the opponent keeps its level, a friend by link their name)."""
    session = Session(game.spec, game.options, game.seats[1:] + game.seats[:1])
    session.opponent = game.opponent
    session.now = game.now   # the page's wall time (the browser's Date.now)
    if game.clock is not None:
        session.start_clock(game.clock.control)
    return session


class Session(History):
    """A game at the page: its History (lines, shown turn, pending stones) with the seats, who
    may move, undo, resignation, the board's words and the hooks that save after a move."""

    def __init__(self, spec: GameSpec, options: Mapping[str, Any] | None = None,
                 seats: Sequence[Seat] | None = None) -> None:
        self.spec = spec
        self.options: dict[str, Any] = spec.resolve_options(options)
        start = spec.new_state(self.options)
        super().__init__(start)
        self.seats: tuple[Seat, ...] = checked_seats(seats, start.num_players)
        self.resigned: int | None = None
        self.message = ""
        self.note = ""   # a side line just started: said by the board until the person moves
        self.exploring = False   # the analysis board: a turn from an earlier position is a side line
        self.after_move: list[Callable[["Session"], None]] = []
        self.game_id = new_game_id()
        self.opponent = ""   # the friend's name in a game played by link
        self.clock: Clock | None = None   # ui.play.clock, following the end of the line played
        self.now: Callable[[], float] = wall_ms   # the page hands the browser's Date.now

    # --- building and saving ----------------------------------------------------------------
    @classmethod
    def from_saved(cls, saved: SavedGame) -> "Session":
        """The session a SavedGame describes; RecordError if its record does not replay."""
        return restored(saved)

    def to_saved(self, name: str = "", saved_at: str = "") -> SavedGame:
        """The whole game (every line, redo tails included), seats, the line followed and the
        shown position on it; the unfinished multi-stone turn is not part of the record."""
        return SavedGame(self.tree.whole_record(self.spec.name, self.options), self.seats, self.cursor,
                         name, saved_at, self.game_id, opponent=self.opponent, line=self.tree.branches(),
                         clock=self.clock)

    def record(self, turns: int | None = None) -> Record:
        """The record of the line followed, up to turn `turns` (default: the shown position),
        start included, without side lines (what the computer and the coach read)."""
        count = self.cursor if turns is None else turns
        return self.tree.record(self.spec.name, self.options, count)

    def note_hint(self) -> None:
        """The player asked for a hint for the turn at the cursor (kept in the record)."""
        if self.tree.add_hint(self.cursor + 1):
            self._changed()

    # --- who may move (the shown position is History's) -------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        """The result at the shown position; a resignation counts only at the end, a loss on
        time where the clock stopped."""
        return given_end(self, self.cursor) or self._live.outcome

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

    def can(self, action: Action) -> bool:
        """Whether a button for `action` (PASS, SWAP, END_TURN) should be offered now."""
        return self.humans_turn() and action in self._live.legal_actions()

    # --- playing (ui.play.player_input reads the person's taps and typing) ------------------
    def clear_pending(self) -> bool:
        """Take back the stones of the unfinished turn."""
        if not self.take_back_stones():
            return False
        self.message = ""
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
        self.commit_turn(list(actions), state)

    def ready(self, clear: bool = False) -> bool:
        """Whether the person at the device may move now; sets `message` when not."""
        self.message = not_ready(self, self.tree)
        if self.message:
            return False
        if clear:
            self.clear_pending()
        return True

    def play(self, action: Action) -> bool:
        """Apply one atomic action of the human's turn; finish the turn when the rules do.
        False when the turn is refused (side lines too deep: `message` says why)."""
        finished = self.lay(action)
        return finished is None or self.commit_turn(*finished)

    def commit_turn(self, actions: list[Action], state: GameState) -> bool:
        """Record a finished turn (`actions` leading to `state`) at the cursor: it follows the
        turn already there when it is the same, else starts a new line, the main line unless
        `exploring`; nothing is erased.
        False (nothing changes) where side lines would nest deeper than a record keeps."""
        if self.seat_of_turn().kind != AI:
            self.note = ""   # the computer's reply leaves the note for the person to read
        continuations = len(self.tree.line[self.cursor].children)
        if not self.tree.add(self.cursor, actions, state, main=not self.exploring):
            self.message = _("Side lines go {depth} deep at most: play this move in a line above.", depth=MAX_DEPTH)
            return False
        if 0 < continuations < len(self.tree.line[self.cursor].children):
            self.note = branch_note(self.cursor + 1, self.exploring)
        self.resigned = None
        self.message = ""   # a refusal or "It is the computer's move." is stale now
        mover = self._live.to_move
        self.show(self.cursor + 1)
        if self.clock is not None:
            self.clock = self.clock.moved(self.cursor, mover, self.clock_seat(), self.now())
        self._changed()
        return True

    # --- moving through the history -------------------------------------------------------
    def _changed(self) -> None:
        for hook in list(self.after_move):
            hook(self)

    def can_undo(self) -> bool:
        return (bool(self._pending) or self.resigned is not None or self.clock is not None and self.clock.flagged
                is not None or self.tree.undo_target(self.cursor, self.seats) is not None)

    def undo(self) -> bool:
        """Back one turn; against the opponent, back to the last position where a person was
        to move (its reply and your move together). Unfinished stones go first."""
        if self._pending:
            return self.clear_pending()
        if self.resigned is not None:
            self.resigned = None
            self._clock_to(self.cursor)
            self._changed()
            return True
        if self.clock is not None and self.clock.flagged is not None:   # the flag's fall taken back
            target: int | None = self.clock.turn
        else:
            target = self.tree.undo_target(self.cursor, self.seats)
        if target is None:
            return False
        self._clock_to(target)
        return self._go(target)

    def redo(self) -> bool:
        """Forward one turn, or past the opponent's reply to the next human move."""
        if not self.can_redo():
            return False
        target = self.tree.redo_target(self.cursor, self.seats)
        self._clock_to(target)
        return self._go(target)

    # --- the clock (ui.play.clock; the page's ui.page.clock_panel shows it and ticks) --------
    def start_clock(self, control: TimeControl) -> None:
        """Time this game with `control` from now (a new game's choice)."""
        self.clock = Clock.start(control, len(self.seats), None, self.now())
        self.clock = self.clock.run(self.clock_seat(), self.now())

    def clock_seat(self) -> int | None:
        """The seat whose time runs: a person to move in a game under way at the shown position."""
        if self.outcome is not None or self.seats[self._live.to_move].kind != HUMAN:
            return None
        return self._live.to_move

    def _clock_to(self, cursor: int) -> None:
        """Undo, redo and taking back a resignation set the clocks to turn `cursor`'s mark."""
        if self.clock is not None:
            self.show(cursor)
            self.resigned = None
            self.clock = self.clock.back_to(cursor, self.clock_seat(), self.now())

    def pause_clock(self, paused: bool) -> None:
        """Stop the running time (Pause) or start it again (Resume); saved like a move."""
        if self.clock is not None:
            self.clock = self.clock.pause(self.now()) if paused else self.clock.resume(self.now())
            self._changed()

    def check_time(self) -> bool:
        """End the game when the running seat's time is up (the page asks on every tick)."""
        clock = self.clock
        seat = clock.out_of_time(self.now()) if clock is not None else None
        if clock is None or seat is None:
            return False
        self.clock = clock.flag(seat, self.now())
        self._changed()
        return True

    def goto(self, cursor: int) -> bool:
        """Show the position after `cursor` turns (0 = the start); the record is kept."""
        cursor = max(0, min(cursor, self.tree.length))
        if cursor == self.cursor and not self._pending:
            return False
        return self._go(cursor)

    # --- the tree of lines (ui.play.game_tree: `tree`, read by the move list) ---------------
    def show_node(self, node: Node) -> bool:
        """Show the position `node` of any line: its line becomes the one followed."""
        return self._go(self.tree.show(node))

    def rearrange(self, node: Node, delete: bool = False) -> None:
        """Promote the side line `node` begins (it becomes its line's continuation, that one a
        side line), or delete it with its moves and side lines."""
        if not delete:
            self.tree.promote(node)
        elif (cursor := self.tree.delete(node)) is not None and cursor < self.cursor:
            self.show(cursor)
        self._changed()

    def _go(self, cursor: int) -> bool:
        """Show the position after `cursor` turns, as undo, redo and goto do."""
        self.show(cursor)
        self.message = self.note = ""
        self._changed()
        return True

    def can_resign(self) -> bool:
        """Whether Resign is offered: at the end of a game under way, a move played, a person seated."""
        return (not self.is_over and self.at_end and self.tree.length > 0
                and resigning_seat(self.seats, self._live.to_move) is not None)

    def resign(self) -> bool:
        """The person to move gives up. Only at the end of the record; undo takes it back."""
        if not self.can_resign():
            self.message = _("Only the current position can be resigned.") if not (self.is_over or self.at_end) else ""
            return False
        self.clear_pending()
        self.resigned = resigning_seat(self.seats, self._live.to_move)
        if self.clock is not None:
            self.clock = self.clock.run(None, self.now())
        self.message = ""
        self._changed()
        return True


def set_aside(session: Session) -> bool:
    """Stop a running clock while the game is off the board (Learn, the analysis board keep
    it): nobody can move in it there. True when it was running, to resume it on return."""
    clock = session.clock
    if clock is None or clock.paused or clock.running is None or clock.flagged is not None:
        return False
    session.pause_clock(True)
    return True
