"""The sequential probability ratio test for "is B stronger than A", as chess engines' testing
frameworks run it (Fishtest, OpenBench): H0 "B is elo0 stronger", H1 "B is elo1 stronger"
(logistic Elo); after each result the log-likelihood ratio is compared with Wald's bounds
log(β/(1−α)) and log((1−β)/α), and the test stops at the first bound crossed.

The results are counted per pair of games from one opening (pentanomial: B's pair score 0, ½,
1, 1½ or 2), which removes the seat advantage and the opening's share of the variance, or per
game (trinomial: loss, draw, win). The likelihood ratio is the generalised one (GSPRT, as in
Fishtest): the outcome frequencies are fitted by maximum likelihood under each hypothesis's
mean score, which needs no model of draws. Pure Python: it runs wherever the core does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .results import seat_score

PENTANOMIAL = (0.0, 0.25, 0.5, 0.75, 1.0)  # B's pair score, per game
TRINOMIAL = (0.0, 0.5, 1.0)
PSEUDO_COUNT = 1e-3  # per outcome, so that an outcome not seen yet is not impossible


def score_of_elo(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class Test:
    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise ValueError("elo1 must be greater than elo0")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("alpha and beta must lie between 0 and 0.5")

    @property
    def bounds(self) -> tuple[float, float]:
        """(accept H0 at or below, accept H1 at or above)."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[float], values: Sequence[float] = PENTANOMIAL) -> float:
        """The log-likelihood ratio of H1 against H0 for these outcome counts."""
        total = sum(counts)
        if total == 0:
            return 0.0
        smoothed = [c + PSEUDO_COUNT for c in counts]
        n = sum(smoothed)
        observed = [c / n for c in smoothed]
        p0 = _constrained_mle(observed, values, score_of_elo(self.elo0))
        p1 = _constrained_mle(observed, values, score_of_elo(self.elo1))
        return total * sum(o * math.log(b / a) for o, a, b in zip(observed, p0, p1, strict=True))

    def verdict(self, llr: float) -> str | None:
        """"H1" (B is stronger by about elo1), "H0" (not by more than about elo0), or None: play on."""
        low, high = self.bounds
        if llr >= high:
            return "H1"
        if llr <= low:
            return "H0"
        return None


def _constrained_mle(observed: Sequence[float], values: Sequence[float], mean: float) -> list[float]:
    """The outcome probabilities closest to `observed` (maximum likelihood) whose mean score is
    `mean`: p_i = o_i / (1 + λ (x_i − mean)), λ found by bisection on the mean condition."""
    shifted = [x - mean for x in values]
    # λ must keep every 1 + λ·shift positive
    low = max((-1 / s for s in shifted if s > 0), default=-1e9) + 1e-12
    high = min((-1 / s for s in shifted if s < 0), default=1e9) - 1e-12

    def excess(lam: float) -> float:  # decreasing in λ
        return sum(o * s / (1 + lam * s) for o, s in zip(observed, shifted, strict=True))

    for _ in range(64):  # far below the probabilities' rounding
        middle = (low + high) / 2
        if excess(middle) > 0:
            low = middle
        else:
            high = middle
    lam = (low + high) / 2
    p = [o / (1 + lam * s) for o, s in zip(observed, shifted, strict=True)]
    total = sum(p)
    return [x / total for x in p]


def pentanomial(records: Iterable[dict[str, Any]], a: str, b: str) -> list[int]:
    """B's pair scores against A over the complete pairs (one opening, both seat orders) among
    the records: counts of 0, ½, 1, 1½ and 2 points."""
    halves: dict[tuple[Any, ...], list[float]] = {}
    for record in records:
        seats = record["seats"]
        if set(seats) != {a, b}:
            continue
        opening = (record["game"], tuple(sorted(record["options"].items())), record["seed"], record["pair"],
                   record["opening_turns"])
        score = seat_score(record)
        halves.setdefault(opening, []).append(score if seats[0] == b else 1 - score)
    counts = [0] * 5
    for scores in halves.values():
        if len(scores) == 2:
            counts[round(2 * sum(scores))] += 1
    return counts


def trinomial(records: Iterable[dict[str, Any]], a: str, b: str) -> list[int]:
    """B's losses, draws and wins against A."""
    counts = [0, 0, 0]
    for record in records:
        seats = record["seats"]
        if set(seats) == {a, b}:
            score = seat_score(record)
            counts[round(2 * (score if seats[0] == b else 1 - score))] += 1
    return counts
