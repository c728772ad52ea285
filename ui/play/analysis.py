"""The analysis board as data: which address asks for it, the game it opens, "from here".

The analysis board is the play page with a person in every seat (moves are free, for either
side), started from a position rather than the empty board: a game whose record starts at that
position (`pygame_core.position.record_at`). Pure, so its decisions are tested without a browser.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from pygame_core.errors import quote
from pygame_core.facets import Facet
from pygame_core.game import GameSpec, GameState
from pygame_core.position import Draft, export, load, record_at
from pygame_core.registry import find_game
from ui.i18n import _, say
from ui.play.saved_game import AI, SavedGame, Seat
from ui.play.session import Session
from ui.play.view import result_words

MAX_QUERY_CHARS = 2000


def _values(search: str, name: str) -> list[str]:
    from urllib.parse import parse_qs  # only the analysis board's addresses pay for it at start-up
    return parse_qs(search[:MAX_QUERY_CHARS].lstrip("?")).get(name, [])


def wants_analysis(search: str) -> bool:
    """Whether the address (its `?...` part) asks for the analysis board: `analysis=1`."""
    return "analysis" in search and "1" in _values(search, "analysis")


def asked_game(search: str, default: GameSpec) -> GameSpec | str:
    """The game `game=` names (`default` when none), or the words saying it is not one."""
    names = _values(search, "game")
    if not names:
        return default
    try:
        return find_game(names[0])
    except ValueError:
        return _("There is no game {name} to analyse; showing {game}.", name=say(quote(names[0], 40)), game=default.title)


def carried_game(session: Session) -> Session:
    """The analysis board on a game at the page: the line it follows up to the move shown (start
    included; no side lines, no hint marks), people in every seat, shown at that move with its
    unfinished turn's stones, so the move list holds the game and steps back through it."""
    record = replace(session.record(), hints=())
    carried = Session.from_saved(SavedGame(record, tuple(Seat() for unused in session.seats), len(record.turns)))
    for action in session.pending:
        carried.play(action)
    return carried


def analysis_game(state: GameState) -> SavedGame:
    """The analysis board on `state`: people in every seat, at its first position."""
    return SavedGame(record_at(state), tuple(Seat() for unused in range(state.num_players)), 0)


def game_from_here(state: GameState, seats: Sequence[Seat]) -> SavedGame:
    """A game that starts at `state` with these seats (the computer, a friend at this device)."""
    return SavedGame(record_at(state), tuple(seats), 0)


def seats_from_here(state: GameState, level: str) -> tuple[Seat, ...]:
    """The usual "play the computer from here": the side to move is the person's, the others
    the computer's at `level`."""
    return tuple(Seat() if seat == state.to_move else Seat(AI, level) for seat in range(state.num_players))


def over_words(state: GameState) -> str:
    """What a finished position shows in the editor: who won and why ("" while it goes on)."""
    outcome = state.outcome
    if outcome is None:
        return ""
    return _("This position is over: {result} ({reason}).", result=result_words(state, outcome), reason=say(outcome.reason))


def shown_position(live: GameState, turn_start: GameState) -> GameState:
    """The position to analyse of a game on the board: the shown one with its unfinished turn's
    stones where the game's position format keeps them (LISBON's stones placed this turn), else
    the start of the shown turn."""
    if not live.turn_actions:
        return live
    try:
        again = load(live.spec, live.options, export(live))
    except ValueError:
        return turn_start
    return live if tuple(again.turn_actions) == tuple(live.turn_actions) else turn_start


def inferred_words(facets: Sequence[Facet], implied: Mapping[str, str]) -> str:
    """What the editor says of the settings it took from the stones ("" when none)."""
    said = [_("{setting}: {value}", setting=say(facet.label), value=implied[facet.name])
            for facet in facets if facet.name in implied]
    return _("Inferred from the stones (set one to change it): {settings}.", settings="; ".join(said)) if said else ""


def shown_draft(draft: Draft) -> GameState:
    """What the board shows of a draft while it is edited: its state, else its stones with the
    facets' defaults (a facet still being typed), else the empty board."""
    try:
        return draft.state()
    except ValueError:
        pass
    try:
        return load(draft.spec, draft.options, draft.start()._replace(facets=()))
    except ValueError:
        return draft.spec.new_state(draft.options)
