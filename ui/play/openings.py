"""Your openings: a tree of the first turns of the player's own saved games, built from the
saves alone (nothing else is stored), one tree per game and options.

Choices (docs/openings.md says why): the tree goes DEPTH = 8 turns deep; a game's line is
its main line (side lines are tries, not what was played); the same position reached by turns
in another order is a separate line, as in a move list; a game saved under several names
(the same game id) counts once, its save with the most moves; a game set up from a position
has no opening and is left out, as is a game with no person at this device. "You" are the
first seat played by a person at this device: against the computer or a friend by link that
is your seat, and in a game between people at this device the side that moved first. Pure:
tested under CPython.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple, Sequence

from pygame_core.record import Record, replay
from ui.play.saved_game import AI, FRIEND, HUMAN, SavedGame

DEPTH = 8
WIN, DRAW, LOSS, UNFINISHED = "win", "draw", "loss", "unfinished"
RESULTS = (WIN, DRAW, LOSS, UNFINISHED)
AT_DEVICE = "device"      # people at this device in every seat but the computer's
BY_LINK = "link"          # a friend by link
MIXED = "mixed"           # computers at more than one level

TreeKey = tuple[str, tuple[tuple[str, Any], ...]]   # the game's name, its options sorted


class GameLine(NamedTuple):
    """One saved game as the tree counts it."""

    key: TreeKey
    turns: tuple[str, ...]   # its first DEPTH turns at most
    result: str              # one of RESULTS, read from your seat
    against: str             # a level's name, AT_DEVICE, BY_LINK or MIXED


@dataclass
class Branch:
    """A turn of the tree (the root: no turn yet), with what became of the games through it."""

    turns: tuple[str, ...] = ()
    results: Counter[str] = field(default_factory=Counter)
    against: dict[str, Counter[str]] = field(default_factory=dict)
    children: dict[str, Branch] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return sum(self.results.values())

    @property
    def turn(self) -> str:
        return self.turns[-1] if self.turns else ""

    def score(self) -> float | None:
        """Your score in the finished games through here, 0..1 (a draw half), None when none."""
        finished = self.results[WIN] + self.results[DRAW] + self.results[LOSS]
        return None if not finished else (self.results[WIN] + self.results[DRAW] / 2) / finished

    def ranked(self) -> list[Branch]:
        """The next turns, the most played first (then in notation order, so ties read stably)."""
        return sorted(self.children.values(), key=lambda branch: (-branch.games, branch.turn))

    def find(self, turns: Sequence[str]) -> Branch | None:
        """The branch reached by `turns` from here, None when no game played them."""
        branch: Branch | None = self
        for turn in turns:
            branch = branch.children.get(turn) if branch is not None else None
        return branch

    def add(self, line: GameLine) -> None:
        """Count `line` here and along its turns."""
        branch = self
        for depth in range(len(line.turns) + 1):
            branch.results[line.result] += 1
            branch.against.setdefault(line.against, Counter())[line.result] += 1
            if depth < len(line.turns):
                turn = line.turns[depth]
                branch = branch.children.setdefault(turn, Branch(line.turns[:depth + 1]))


def tree_key(record: Record) -> TreeKey:
    return record.game, tuple(sorted(record.options.items()))


def your_seat(saved: SavedGame) -> int | None:
    """The first seat a person at this device plays; None when none does."""
    return next((number for number, seat in enumerate(saved.seats) if seat.kind == HUMAN), None)


def against(saved: SavedGame) -> str:
    """Whom the game was played against: the computer's level, a friend by link, or people here."""
    levels = {seat.level for seat in saved.seats if seat.kind == AI}
    if len(levels) > 1:
        return MIXED
    if levels:
        return str(levels.pop())
    return BY_LINK if any(seat.kind == FRIEND for seat in saved.seats) else AT_DEVICE


def game_line(saved: SavedGame, depth: int = DEPTH) -> GameLine | None:
    """What the tree counts of `saved`; None for a game it leaves out (set up from a position,
    or with no person at this device)."""
    seat = your_seat(saved)
    if seat is None or saved.record.start is not None:
        return None
    outcome = replay(saved.record)[-1].outcome
    if outcome is None:
        result = UNFINISHED
    elif outcome.is_draw:
        result = DRAW
    else:
        result = WIN if seat in outcome.winners else LOSS
    return GameLine(tree_key(saved.record), saved.record.turns[:depth], result, against(saved))


def distinct_games(saves: Iterable[SavedGame]) -> list[SavedGame]:
    """One save per game: of the saves of one game id, the one with the most moves (then the
    latest); saves without an id (written before ids) each count."""
    chosen: dict[str, SavedGame] = {}
    alone: list[SavedGame] = []
    for saved in saves:
        if not saved.game_id:
            alone.append(saved)
            continue
        known = chosen.get(saved.game_id)
        if known is None or (len(saved.record.turns), saved.saved_at) > (len(known.record.turns), known.saved_at):
            chosen[saved.game_id] = saved
    return alone + list(chosen.values())


def opening_trees(saves: Iterable[SavedGame], depth: int = DEPTH) -> dict[TreeKey, Branch]:
    """A tree per game and options of the distinct games among `saves`."""
    return trees_of((saved, game_line(saved, depth)) for saved in saves)


def trees_of(read: Iterable[tuple[SavedGame, GameLine | None]]) -> dict[TreeKey, Branch]:
    """The trees of saves whose lines are known already (`game_line` of each: the page keeps
    them by save, so that opening the dialog again replays no game)."""
    pairs = list(read)
    lines = {id(saved): line for saved, line in pairs}
    trees: dict[TreeKey, Branch] = {}
    for saved in distinct_games(saved for saved, unused in pairs):
        line = lines[id(saved)]
        if line is not None:
            trees.setdefault(line.key, Branch()).add(line)
    return trees
