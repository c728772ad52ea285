"""What a review makes of evaluated positions: the values as plain data, and the mistakes.

Pure (no search here), so the page can read a review's answers without loading the search.
A turn is a mistake, first by proof: it threw away a win the search proved (a win in one
included), or it walked into a loss the search proved (a win in one for the next player
included) where the position before it was not lost and the search's preferred turn gave the
mover MISTAKE_DROP or more (a loss "where the better turn gave 0%" is no mistake). Otherwise by estimate: the position it
leads to gives the mover MISTAKE_DROP (15 points, for two players; the share of an even game
for more players, 10 with three, 7.5 with four) or less than the position the search's
preferred turn leads to. Estimates are labelled as such: they move by a few points between
searches. A loss that came a few points at a time is explained by its steepest slide: the
stretch over which one seat's chances fell the most, and that seat's turns there that lost
the most.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from ..game import END_TURN, Action, GameState
from ..translatable import N_

MISTAKE_DROP = 0.15
# a review judges a turn against the search's preferred one only when the mover's chances
# fell by this much from the position before it to the one after it (a turn that left the
# mover where they stood cannot be 15 points worse than the best, whose position gives the
# mover no more than the position before it, within the estimates' noise)
SCREEN = 0.10
# a seat's chances falling this much over a stretch of the game (two players; scaled like
# MISTAKE_DROP for more) is explained even when no turn of it was a mistake (a slow loss)
SLIDE_DROP = 0.30
FALLS_SHOWN = 3   # the slide's turns that lost the most, listed
CERTAIN = 0.999   # a proven share at or above this is a win (at or below 1 - CERTAIN, a loss)
# what a mistake is known by
MISSED_WIN, ALLOWED_LOSS, ESTIMATE = "missed win", "allowed loss", "estimate"
# the depth of an analysis: search iterations for a position's first action
DEPTHS = {"quick": 200, "normal": 800, "deep": 3000}
DEPTH_LABELS = {"quick": N_("quick, 200 simulated games a position"), "normal": N_("normal, 800 a position"),
                "deep": N_("deep, 3000 a position")}
DEFAULT_DEPTH = "normal"


class Evaluation(NamedTuple):
    """One position as the search sees it."""

    to_move: int                 # the seat to move; -1 once the game is over
    chances: tuple[float, ...]   # per seat, adding up to 1
    best: tuple[Action, ...]     # the preferred whole turn (empty once the game is over)
    best_text: str
    iterations: int
    exact: bool                  # proven by the search (or the game is over), not estimated


def shares(values: Sequence[float]) -> tuple[float, ...]:
    """Rewards scaled to add up to 1 (equal shares when all are 0)."""
    total = sum(values)
    if total <= 0:
        return tuple(1.0 / len(values) for _ in values)
    return tuple(v / total for v in values)


def finished(state: GameState) -> Evaluation:
    """A finished game's evaluation: its result, exactly."""
    return Evaluation(-1, shares(state.returns()), (), "", 0, True)


def to_plain(evaluation: Evaluation) -> dict[str, Any]:
    """The evaluation as plain data (JSON for the worker's answers)."""
    return {"to_move": evaluation.to_move, "chances": [round(c, 4) for c in evaluation.chances],
            "best": list(evaluation.best), "best_text": evaluation.best_text,
            "iterations": evaluation.iterations, "exact": evaluation.exact}


def from_plain(data: Mapping[str, Any]) -> Evaluation:
    """An Evaluation from `to_plain`'s data (the worker's own answers, so trusted in shape)."""
    return Evaluation(int(data["to_move"]), tuple(float(c) for c in data["chances"]),
                      tuple(int(a) for a in data["best"]), str(data["best_text"]),
                      int(data["iterations"]), bool(data["exact"]))


class Mistake(NamedTuple):
    turn: int        # 1-based turn number
    seat: int        # who played it
    better_chances: float   # the mover's chances after the search's preferred turn
    after: float            # and after the turn played
    played: str
    better: str      # the turn the search preferred
    kind: str = ESTIMATE    # MISSED_WIN and ALLOWED_LOSS are proven; ESTIMATE is not


def same_turn(one: Sequence[Action], other: Sequence[Action]) -> bool:
    """Whether two whole turns from one position are the same choice: the same actions in
    any order (a turn's stones may be placed in any order; the end of a turn is implicit)."""
    return set(one) - {END_TURN} == set(other) - {END_TURN}


def drop_for(players: int, drop: float = MISTAKE_DROP) -> float:
    """The fall in chances that makes a mistake: `drop` for two players, scaled to an even
    game's share (1/players) for more, so a four-player turn losing 7.5 of a 25% share counts."""
    return drop * 2 / max(2, players)


def won(evaluation: Evaluation, seat: int) -> bool:
    return evaluation.exact and evaluation.chances[seat] >= CERTAIN


def lost(evaluation: Evaluation, seat: int) -> bool:
    return evaluation.exact and evaluation.chances[seat] <= 1 - CERTAIN


def mistakes(evaluations: Mapping[int, Evaluation], alternatives: Mapping[int, Evaluation],
             played: Sequence[str], drop: float = MISTAKE_DROP) -> list[Mistake]:
    """The turns that threw away a proven win, walked into a proven loss, or left the mover's
    chances `drop_for(players, drop)` or more below where the search's preferred turn would
    have left them. `played[i]` is turn i+1 in canonical notation; `evaluations` are keyed by
    position (0 = the start), `alternatives[i]` is the position after the turn the search
    preferred at position i (absent when it is the turn played, or the turn did not look like a
    mistake). Both sides of a comparison are positions with the same side to move; a turn that
    walked into a proven loss is marked only where the preferred turn gave the mover that much
    more (a "better" turn at 0% is none)."""
    found = []
    for index, text in enumerate(played):
        before, better, after = evaluations.get(index), alternatives.get(index), evaluations.get(index + 1)
        if before is None or after is None or before.to_move < 0 or before.best_text == text:
            continue
        seat = before.to_move
        threshold = drop_for(len(before.chances), drop) - 1e-9
        if won(before, seat) and not won(after, seat):
            found.append(Mistake(index + 1, seat, 1.0, after.chances[seat], text, before.best_text, MISSED_WIN))
        elif better is None:
            continue
        elif lost(after, seat) and not lost(before, seat):
            if better.chances[seat] >= threshold and not lost(better, seat):
                found.append(Mistake(index + 1, seat, better.chances[seat], 0.0, text, before.best_text, ALLOWED_LOSS))
        elif better.chances[seat] - after.chances[seat] >= threshold:
            found.append(Mistake(index + 1, seat, better.chances[seat], after.chances[seat], text, before.best_text))
    return found


class Fall(NamedTuple):
    """One of a seat's turns in a slide: its chances at that turn and at its next one."""

    turn: int        # 1-based turn number
    seat: int
    before: float
    after: float     # at the seat's next turn (or the end)
    played: str
    better: str      # the turn the search preferred there


class Slide(NamedTuple):
    """The stretch of the game over which one seat's chances fell the most."""

    seat: int
    start: int       # the position it fell from (that seat to move)
    end: int         # the position it fell to (that seat to move, or the end)
    high: float
    low: float
    falls: tuple[Fall, ...]   # the seat's turns there that lost the most, in game order


def steepest_slide(evaluations: Mapping[int, Evaluation], played: Sequence[str], drop: float = SLIDE_DROP,
                   count: int = FALLS_SHOWN) -> Slide | None:
    """The stretch over which one seat's chances fell the most, when they fell
    `drop_for(players, drop)` or more: a loss that came a few points at a time explained
    (no turn of it need be a mistake). Chances are read where that seat is to move (and at
    the end), so the search's edge for the mover cancels out. Its falls are the seat's turns
    in it, other than the search's own choice, that left the seat lowest by its next turn:
    the `count` largest."""
    if not evaluations:
        return None
    players = len(next(iter(evaluations.values())).chances)
    steepest: Slide | None = None
    for seat in range(players):
        peak: tuple[int, float] | None = None
        for index, value in _own_points(evaluations, seat):
            if peak is None or value > peak[1]:
                peak = (index, value)
            elif steepest is None or peak[1] - value > steepest.high - steepest.low:
                steepest = Slide(seat, peak[0], index, peak[1], value, ())
    if steepest is None or steepest.high - steepest.low < drop_for(players, drop) - 1e-9:
        return None
    seat, points = steepest.seat, _own_points(evaluations, steepest.seat)
    falls = [Fall(index + 1, seat, value, following, played[index], evaluations[index].best_text)
             for (index, value), (_, following) in zip(points, points[1:], strict=False)
             if steepest.start <= index < steepest.end and index < len(played) and value > following
             and evaluations[index].to_move == seat and evaluations[index].best_text != played[index]]
    largest = sorted(falls, key=lambda fall: fall.before - fall.after, reverse=True)[:count]
    return steepest._replace(falls=tuple(sorted(largest)))


def _own_points(evaluations: Mapping[int, Evaluation], seat: int) -> list[tuple[int, float]]:
    """(position, `seat`'s chances) where `seat` is to move, and at the end."""
    return [(index, evaluations[index].chances[seat]) for index in sorted(evaluations)
            if evaluations[index].to_move in (seat, -1)]
