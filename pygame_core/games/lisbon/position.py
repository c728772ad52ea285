"""LISBON positions set up by hand: the turn number (which fixes the side to move and how many
stones the turn allows) and the stones already placed in the turn in progress.

The checks are the ones a game played from the empty board always meets: Black moves on odd
turns; every earlier turn placed at least one stone and at most n(t) (so each side's count fits
the turn number); the stones placed this turn are the mover's, fewer than n(t), and no two of
them in one group. A group that already wins ends the game; a full board with no win is a draw.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...diagram import read_diagram
from ...errors import RecordError
from ...facets import Facet, PositionError, PositionRules, Side, whole_number
from ...game import Outcome, Setup
from ...graph import flood
from ...translatable import N_, N_plural, Text
from .state import (BOARD, LETTERS, NAMES, NEIGHBOURS, SYMBOLS, LisbonState, _neighbourhood, stones_allowed,
                    winning_outcome)

MAX_TURN = BOARD.size + 1
TURN = Facet("turn", N_("Turn number"), N_("turn t allows up to 1, 2, 2, 2, 3, 4, 4, 4, 5, … stones; Black "
             "moves on odd turns; until set, the earliest turn the stones fit"), "")
PLACED = Facet("placed", N_("Stones already placed this turn"), N_("the mover's stones placed so far in the "
               "turn in progress, e.g. f6,h7"), "")


def facets(options: Mapping[str, Any]) -> tuple[Facet, ...]:
    return (TURN, PLACED)


def sides(options: Mapping[str, Any]) -> tuple[Side, ...]:
    return tuple(Side(symbol, name) for symbol, name in zip(SYMBOLS[1:], NAMES, strict=True))


def read(options: Mapping[str, Any], rows: Sequence[str], to_move: str, given: Mapping[str, str]) -> LisbonState:
    """The state of a position set up by hand; PositionError naming every problem."""
    try:
        stones_of = _stones(rows)
    except RecordError as exc:
        raise PositionError([exc.message]) from None
    problems: list[str] = []
    mover = _mover(to_move)
    if mover is None:
        raise PositionError(["the side to move must be Black or White"])
    turn = whole_number(given, TURN, 1, MAX_TURN, problems) if given.get(TURN.name, "").strip() else mover + 1
    if (turn - 1) % 2 != mover:
        problems.append(Text(N_("turn {turn} is {side}'s: Black moves on odd turns, White on even ones"),
            {"turn": turn, "side": Text(NAMES[(turn - 1) % 2])}))
    placed = _placed(given.get(PLACED.name, ""), stones_of[mover], problems)
    if problems:
        raise PositionError(problems)
    outcome = _won(stones_of, mover)
    problems += _counts(stones_of, turn, len(placed))
    problems += _stage(stones_of[mover], turn, placed, outcome is not None)
    if problems:
        raise PositionError(problems)
    setup = Setup(BOARD, dict(options))
    blocked = _neighbourhood(c for stone in placed for c in flood(NEIGHBOURS, (stone,), stones_of[mover]))
    state = LisbonState(setup, stones_of, turn, placed, blocked, None)
    if outcome is None and len(stones_of[0]) + len(stones_of[1]) == BOARD.size:
        outcome = Outcome((), N_("the board is full and nobody has won"))
    if outcome is None and placed and not state.legal_cells:
        raise PositionError(["no cell is left for another stone, so the turn would be over"])
    return LisbonState(setup, stones_of, turn, placed, blocked, outcome)


def _stones(rows: Sequence[str]) -> tuple[frozenset[int], frozenset[int]]:
    """Black's and White's stones in the diagram; RecordError for rows that do not read."""
    compact = read_diagram(rows, BOARD, SYMBOLS)
    cells = [ch for row in compact for ch in row]
    return (frozenset(c for c, ch in enumerate(cells) if ch == SYMBOLS[1]),
            frozenset(c for c, ch in enumerate(cells) if ch == SYMBOLS[2]))


def _mover(to_move: str) -> int | None:
    """The seat `to_move` names (Black or White, or its letter); None for neither."""
    wanted = to_move.strip().lower()
    return next((seat for seat in (0, 1) if wanted in (NAMES[seat].lower(), LETTERS[seat].lower())), None)


def _placed(text: str, own: frozenset[int], problems: list[str]) -> tuple[int, ...]:
    """The cells named as placed this turn, each holding a stone of the mover."""
    cells: list[int] = []
    for token in text.replace(",", " ").split():
        cell = BOARD.cell(token)
        if cell is None:
            problems.append(Text(N_("{token} is not a cell of the LISBON board"), {"token": repr(token)}))
        elif cell not in own:
            problems.append(Text(N_("{cell} is named as placed this turn, but holds no stone of the side to move"),
                {"cell": BOARD.names[cell]}))
        elif cell in cells:
            problems.append(Text(N_("{cell} is named twice as placed this turn"), {"cell": BOARD.names[cell]}))
        else:
            cells.append(cell)
    return tuple(cells)


def _counts(stones_of: tuple[frozenset[int], frozenset[int]], turn: int, placed: int) -> list[str]:
    """Each side placed at least one stone and at most n(t) on each of its earlier turns."""
    problems: list[str] = []
    for seat in (0, 1):
        turns = range(seat + 1, turn, 2)
        count = len(stones_of[seat]) - (placed if (turn - 1) % 2 == seat else 0)
        low, high = len(turns), sum(stones_allowed(t) for t in turns)
        if not low <= count <= high:
            problems.append(_count_words(NAMES[seat], turn, len(turns), low, high, count))
    return problems


def _count_words(name: str, turn: int, turns: int, low: int, high: int, count: int) -> Text:
    side = Text(name)
    if not turns:
        return Text(N_("{side} has had no turn before turn {turn}, so can have no stones, but has {count} on the board"),
                    {"side": side, "turn": turn, "count": count})
    allowed = N_plural("exactly {n} stone", "exactly {n} stones", low) if low == high else \
        Text(N_("{low} to {high} stones"), {"low": low, "high": high})
    return N_plural("{side} has had {n} turn before turn {turn}, placing {allowed} in all, but has {count} on the board",
                    "{side} has had {n} turns before turn {turn}, placing {allowed} in all, but has {count} on the board",
                    turns, {"side": side, "turn": turn, "allowed": allowed, "count": count})


def _stage(own: frozenset[int], turn: int, placed: tuple[int, ...], won: bool) -> list[str]:
    """The stones placed this turn are fewer than the turn allows (or as many, when the last
    one won), each in its own group."""
    problems: list[str] = []
    allowed = stones_allowed(turn)
    if len(placed) > allowed or (len(placed) == allowed and not won):
        problems.append(N_plural("turn {turn} allows {n} stone; with {count} placed the turn would be over",
                                 "turn {turn} allows {n} stones; with {count} placed the turn would be over",
                                 allowed, {"turn": turn, "count": len(placed)}))
    for i, stone in enumerate(placed):
        group = flood(NEIGHBOURS, (stone,), own)
        for other in placed[i + 1:]:
            if other in group:
                problems.append(Text(N_("{cell} and {other}, both placed this turn, are in one group: "
                                        "two stones of one turn may not end in the same group"),
                                     {"cell": BOARD.names[stone], "other": BOARD.names[other]}))
    return problems


def _won(stones_of: tuple[frozenset[int], frozenset[int]], mover: int) -> Outcome | None:
    """The win of a group on the board, the mover's first (a winning stone ends the turn at once)."""
    for seat in (mover, 1 - mover):
        left = set(stones_of[seat])
        while left:
            group = flood(NEIGHBOURS, (min(left),), stones_of[seat])
            left -= group
            won = winning_outcome(seat, group)
            if won is not None:
                return won
    return None


def facets_of(state: Any) -> dict[str, str]:
    assert isinstance(state, LisbonState)
    return {TURN.name: str(state.turn), PLACED.name: ",".join(BOARD.names[c] for c in state.placed)}


def infer(options: Mapping[str, Any], rows: Sequence[str], to_move: str, values: Mapping[str, str]) -> dict[str, str]:
    """The turn number the stones tell: the earliest turn of the side to move at which each
    side's count fits the turns it has had (none when no turn fits: the problem is said)."""
    stones_of, mover = _stones(rows), _mover(to_move)
    if mover is None:
        return {}
    placed = len(values.get(PLACED.name, "").replace(",", " ").split())
    turn = next((t for t in range(mover + 1, MAX_TURN + 1, 2) if not _counts(stones_of, t, placed)), None)
    return {} if turn is None else {TURN.name: str(turn)}


RULES = PositionRules(facets, sides, SYMBOLS[0], read, facets_of, infer)
