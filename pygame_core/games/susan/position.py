"""SUSAN positions set up by hand: the slides in a row and the players already out.

A position with a surrounded stone is over, as if the player before the side to move had just
moved there (the rules' own verdict, `board.judge`); one whose slides reach three per player is
a draw. Eliminated players (3-4 players) have no stones left on the board while the game goes on.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...diagram import read_diagram
from ...errors import RecordError
from ...facets import Facet, PositionError, PositionRules, Side, whole_number
from ...game import Outcome
from .board import EMPTY, judge
from ...translatable import N_, Text
from .state import EMPTY_SYMBOL, LETTERS, Setup, SusanState, slides_in_a_row

SLIDES = Facet("slides", N_("Slides in a row"), N_("slide moves made in a row since the last placement; "
               "three per player in a row is a draw"), "0")
OUT = Facet("out", N_("Players out"), N_("colours already out of the game (3 or 4 players), e.g. Red"), "")


def facets(options: Mapping[str, Any]) -> tuple[Facet, ...]:
    return (SLIDES, OUT) if options.get("players", 2) > 2 else (SLIDES,)


def sides(options: Mapping[str, Any]) -> tuple[Side, ...]:
    setup = Setup.of(options)
    return tuple(Side(symbol, name) for symbol, name in zip(setup.symbols, setup.names, strict=True))


def read(options: Mapping[str, Any], rows: Sequence[str], to_move: str, given: Mapping[str, str]) -> SusanState:
    """The state of a position set up by hand; PositionError naming every problem."""
    setup = Setup.of(options)
    names, board = setup.names, setup.tables.board
    try:
        compact = read_diagram(rows, board, EMPTY_SYMBOL + "".join(setup.symbols))
    except RecordError as exc:
        raise PositionError([exc.message]) from None
    seat_of = {symbol: seat for seat, symbol in enumerate(setup.symbols)}
    cells = tuple(seat_of.get(ch, EMPTY) for row in compact for ch in row)
    problems: list[str] = []
    mover = _seat(names, to_move)
    if mover is None:
        problems.append(Text(N_("the side to move must be one of {items}"), {"items": ", ".join(names)}))
    out = _out(names, given.get(OUT.name, ""), problems)
    active = tuple(seat for seat in range(len(names)) if seat not in out)
    slides = whole_number(given, SLIDES, 0, 3 * len(active), problems)
    if mover in out:
        problems.append(Text(N_("{side} is out of the game, so cannot be to move"), {"side": Text(names[mover])}))
    if len(active) < 2:
        problems.append(N_("at least two players must still be in the game"))
    if problems or mover is None:
        raise PositionError(problems)
    surrounded = [c for c, seat in enumerate(cells) if seat != EMPTY
                  and all(cells[x] != EMPTY for x in setup.tables.neighbours[c])]
    for seat in out:
        if seat in cells:
            problems.append(Text(N_("{side} is out of the game, yet has stones on the board"),
                {"side": Text(names[seat])}))
    if problems:
        raise PositionError(problems)
    state = SusanState(setup, cells, mover, slides, active, 0, None)
    if surrounded:
        return _over(state, surrounded)
    if slides >= 3 * len(active):
        return SusanState(setup, cells, mover, slides, active, 0, Outcome((), slides_in_a_row(slides)))
    return state


def _over(state: SusanState, surrounded: list[int]) -> SusanState:
    """The finished game whose last move, by the player before the side to move, surrounded
    these stones; PositionError when that move would not have ended the game."""
    setup, cells = state._setup, state.cells
    active = state.active
    mover = active[(active.index(state.to_move) - 1) % len(active)]
    names = setup.tables.board.names
    _, winner = judge(mover, {cells[c] for c in surrounded}, active, setup.variant)
    if winner is None:
        stones = ", ".join(f"{setup.names[cells[c]]} on {names[c]}" for c in surrounded)
        raise PositionError([f"surrounded stones ({stones}) would have put players out and "
                             "taken their stones off the board"])
    outcome = state._decided(mover, winner, surrounded, list(cells))
    return SusanState(setup, cells, state.to_move, state.consecutive_slides, active, 0, outcome)


def _seat(names: Sequence[str], text: str) -> int | None:
    wanted = text.strip().lower()
    return next((seat for seat, name in enumerate(names) if wanted in (name.lower(), LETTERS[name].lower())), None)


def _out(names: Sequence[str], text: str, problems: list[str]) -> tuple[int, ...]:
    seats = []
    for word in text.replace(",", " ").split():
        seat = _seat(names, word)
        if seat is None:
            problems.append(Text(N_("players out must be colours of this game ({items}), not {word}"),
                {"items": ", ".join(names), "word": repr(word)}))
        else:
            seats.append(seat)
    return tuple(sorted(set(seats)))


def facets_of(state: Any) -> dict[str, str]:
    assert isinstance(state, SusanState)
    values = {SLIDES.name: str(state.consecutive_slides)}
    if state.num_players > 2:
        values[OUT.name] = ",".join(state.player_name(p) for p in range(state.num_players) if p not in state.active)
    return values


RULES = PositionRules(facets, sides, EMPTY_SYMBOL, read, facets_of)
