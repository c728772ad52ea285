"""SUPERSTAR positions set up by hand: the passes just made (two end the game and count it)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...errors import RecordError
from ...facets import Facet, PositionError, PositionRules, Side, choice
from ...translatable import N_
from .state import EMPTY_SYMBOL, NAMES, PASSES_TO_END, SYMBOLS, SuperstarState, load_position

PASSES = Facet("passes", N_("Passes in a row"), N_("passes just made in a row; after two the game is over and "
               "counted"), "0", tuple(str(n) for n in range(PASSES_TO_END + 1)))


def facets(options: Mapping[str, Any]) -> tuple[Facet, ...]:
    return (PASSES,)


def sides(options: Mapping[str, Any]) -> tuple[Side, ...]:
    return tuple(Side(symbol, name) for symbol, name in zip(SYMBOLS, NAMES, strict=True))


def read(options: Mapping[str, Any], rows: Sequence[str], to_move: str, given: Mapping[str, str]) -> SuperstarState:
    """The state of a position set up by hand; PositionError naming every problem."""
    problems: list[str] = []
    passes = int(choice(given, PASSES, problems))
    try:
        state = load_position(options, rows, to_move)
    except RecordError as exc:
        raise PositionError([exc.message, *problems]) from None
    if problems:
        raise PositionError(problems)
    return SuperstarState(state._setup, state.cells, state.to_move, passes, 0)


def facets_of(state: Any) -> dict[str, str]:
    assert isinstance(state, SuperstarState)
    return {PASSES.name: str(state.passes)}


RULES = PositionRules(facets, sides, EMPTY_SYMBOL, read, facets_of)
