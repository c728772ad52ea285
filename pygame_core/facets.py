"""What a position holds beyond its stones and the side to move, as a game declares it.

A position set up by hand (the analysis board's editor, a record or link that starts from a
diagram) is its diagram rows, the side to move and a few *facets*: SUSAN's slides in a row,
SUPERSTAR's passes just made, STYMIE's stone limit and swap, LISBON's turn number and the stones
already placed in it. Each game declares its facets and how to read them on its spec
(`GameSpec.position`), so that the editor and the formats stay generic. Facet values are short
texts (`2`, `yes`, `f6,h7`): they travel unchanged through records, saves and links.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Sequence

from .errors import RecordError, as_text
from .translatable import N_, Text


class Facet(NamedTuple):
    """One thing a position holds beyond its stones.

    name     the key as records and links write it (`slides`)
    label    what the editor calls it, for players
    help     one sentence for players: what it means in the game
    default  the value of a position with no history (a diagram from a book)
    choices  the allowed values, when they are few; empty: a text the game reads (a count, cells)
    """

    name: str
    label: str
    help: str
    default: str
    choices: tuple[str, ...] = ()


class Side(NamedTuple):
    """A side's stones as a diagram writes them: its symbol and its name."""

    symbol: str
    name: str


class PositionRules(NamedTuple):
    """How a game reads a position set up by hand (one per game, `GameSpec.position`).

    facets(options)      the facets, in the order the editor shows them
    sides(options)       the sides' symbols and names, in seat order at the start (the palette)
    empty                the symbol of an empty cell
    read(options, rows, to_move, facets)   the state, or PositionError naming every problem
    facets_of(state)     the facet values of a state (the inverse of `read`)
    infer(options, rows, to_move, values)   the facets the stones imply, for a position set up
                         from nothing but stones (the editor's first set-up): only the facets it
                         can tell, given the other facets' `values`; RecordError for rows that do
                         not read. None: the defaults fit any position the stones show.
    """

    facets: Callable[[Mapping[str, Any]], tuple[Facet, ...]]
    sides: Callable[[Mapping[str, Any]], tuple[Side, ...]]
    empty: str
    read: Callable[[Mapping[str, Any], Sequence[str], str, Mapping[str, str]], Any]   # a GameState
    facets_of: Callable[[Any], dict[str, str]]   # of a GameState (game.py imports this module)
    infer: Callable[[Mapping[str, Any], Sequence[str], str, Mapping[str, str]], dict[str, str]] | None = None


class PositionError(RecordError):
    """A position that no game can reach, with each problem in plain words."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(as_text(problem) for problem in problems)
        places = {f"problem{index}": problem for index, problem in enumerate(self.problems)}
        super().__init__(Text("; ".join("{" + name + "}" for name in places), places))   # each translated


def _in_sentence(facet: Facet) -> Text:
    """The facet's label where a problem names it: lower case in English, translated as the label."""
    return Text(facet.label, english=facet.label.lower())


def whole_number(facets: Mapping[str, str], facet: Facet, low: int, high: int, problems: list[str]) -> int:
    """The facet's value as a whole number in low..high; a problem (and `low`) otherwise."""
    text = facets.get(facet.name, facet.default).strip() or facet.default
    if text.isascii() and text.isdigit() and len(text) <= 6 and low <= int(text) <= high:
        return int(text)
    problems.append(Text(N_("{facet} must be a whole number from {low} to {high}, not {value}"),
                         {"facet": _in_sentence(facet), "low": low, "high": high, "value": repr(text)}))
    return low


def choice(facets: Mapping[str, str], facet: Facet, problems: list[str]) -> str:
    """The facet's value, one of its choices (any case); a problem (and the default) otherwise."""
    text = facets.get(facet.name, facet.default).strip().lower()
    for value in facet.choices:
        if value.lower() == text:
            return value
    problems.append(Text(N_("{facet} must be one of {choices}, not {value}"),
                        {"facet": _in_sentence(facet), "choices": ", ".join(facet.choices), "value": repr(text)}))
    return facet.default
