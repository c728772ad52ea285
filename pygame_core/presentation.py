"""What the page shows about a game, declared by the game and read by `ui/` generically.

A game's package fills in a Presentation on its spec: the sentence about the turn in progress,
its live score table (if it counts points), the decorations its board is drawn with, the rules
help and an example move for the move box. The UI never asks which game it is showing.
Plain data and pure functions of a state: tested under CPython, no browser here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple

from .translatable import N_, N_plural, Text

State = Any  # a pygame_core.game.GameState; named loosely so that game.py can import this module


class ScoreTable(NamedTuple):
    """A live count of the shown position: totals per side, a note (e.g. komi), and one row per
    scoring unit under `columns` (the first column names the unit)."""

    totals: tuple[tuple[str, float], ...]   # (side, total): the page writes it as the player's language does
    note: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: tuple[tuple[int, ...], ...] = ()   # the cells of each row, for the board


@dataclass(frozen=True)
class Diagram:
    """A small example position for the help: stones by cell name and seat."""

    options: Mapping[str, Any]
    stones: Mapping[str, int]
    highlight: tuple[str, ...]
    caption: str


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[str, ...] = ()
    bullets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Help:
    summary: str
    sections: tuple[Section, ...]
    diagram: Diagram | None = None


def stones_placed(count: int) -> Text:
    """The status line's count of an unfinished turn's stones ("2 stones placed", after "White to move,")."""
    return N_plural("{n} stone placed", "{n} stones placed", count)


def pieces_placed(count: int) -> Text:
    """The same count for a game whose rules call its stones pieces."""
    return N_plural("{n} piece placed", "{n} pieces placed", count)


def _no_note(state: State) -> str:
    return ""


def _no_score(state: State) -> ScoreTable | None:
    return None


def move_examples(move: str, another: str) -> Text:
    """Two moves as typed, for the move box ("e5 or f6-f7"): the moves are notation, the "or"
    is the player's language."""
    return Text(N_("{move} or {another}"), {"move": move, "another": another})


@dataclass(frozen=True)
class Presentation:
    """turn_note(state)   a sentence about the turn in progress ("" when nothing to add)
    score_table(state)   the live count, or None for games that do not count points
    goal_bars            sides whose goal edges are drawn as bars: (side name, "top-bottom" or
                         "left-right") pairs (a connection game's sides)
    example_move         what the move box suggests, e.g. `move_examples("e5", "f6-f7")`
    placed_note(count)   how many stones an unfinished turn has placed, in the game's own word
    help                 the rules for players, with a diagram
    """

    turn_note: Callable[[State], str] = _no_note
    score_table: Callable[[State], ScoreTable | None] = _no_score
    goal_bars: tuple[tuple[str, str], ...] = ()
    example_move: str = ""
    placed_note: Callable[[int], Text] = stones_placed
    help: Help | None = field(default=None)
