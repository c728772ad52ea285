"""Ratings by maximum likelihood over all games (Bradley–Terry on the Elo scale, as Coulom's
BayesElo and Ballicora's Ordo do), with numpy for the linear algebra.

A game between seat 0 player i and seat 1 player j scores s for seat 0 (1, ½ for a draw, 0)
and is modelled as P(s = 1) = 1 / (1 + 10^(−(r_i − r_j + a) / 400)), a being what the first
seat is worth; draws count as half a win each way. One player (the anchor) is held at 0. The
fit is Newton's method on the log-likelihood, which is concave; the 95% intervals are ±1.96
standard errors from the inverse of the observed information (the negative Hessian) at the
optimum, so each is a rating's uncertainty relative to the anchor. As in BayesElo, each
pair of players that met gets `prior_draws` virtual draws (half in each seat order), which
keeps a rating finite after a clean sweep and moves nothing once there are many games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np

from .results import seat_score

K = math.log(10) / 400  # Elo points to the logistic's natural scale
Z95 = 1.959964


@dataclass(frozen=True)
class Game:
    first: str    # the player in seat 0
    second: str   # the player in seat 1
    score: float  # seat 0's score: 1, 0.5 or 0
    weight: float = 1.0


@dataclass
class Ratings:
    players: list[str]
    elo: dict[str, float]
    interval: dict[str, tuple[float, float]]  # 95%, relative to the anchor
    games: dict[str, int]
    seat_advantage: float                     # Elo the first seat is worth
    seat_interval: tuple[float, float]
    anchor: str

    def as_dict(self) -> dict[str, Any]:
        return {"anchor": self.anchor,
                "seat_advantage": round(self.seat_advantage, 1),
                "seat_interval95": [round(v, 1) for v in self.seat_interval],
                "players": [{"player": p, "elo": round(self.elo[p], 1),
                             "interval95": [round(v, 1) for v in self.interval[p]], "games": self.games[p]}
                            for p in self.players]}


def games_of(records: Iterable[dict[str, Any]]) -> list[Game]:
    """The results file's records as rating games."""
    return [Game(record["seats"][0], record["seats"][1], seat_score(record)) for record in records]


def fit(games: Sequence[Game], anchor: str | None = None, prior_draws: float = 1.0) -> Ratings:
    """The maximum-likelihood ratings; the anchor defaults to the first player met.
    ValueError when there are no games or the players fall into groups that never met."""
    if not games:
        raise ValueError("no games to rate")
    players = list(dict.fromkeys(name for g in games for name in (g.first, g.second)))
    anchor = players[0] if anchor is None else anchor
    if anchor not in players:
        raise ValueError(f"the anchor {anchor!r} played no game")
    _check_connected(players, games)
    met = {tuple(sorted((g.first, g.second))) for g in games}
    virtual = [Game(a, b, 0.5, prior_draws / 2) for a, b in met] + [Game(b, a, 0.5, prior_draws / 2) for a, b in met]
    everything = list(games) + (virtual if prior_draws > 0 else [])

    free = [p for p in players if p != anchor]
    column = {p: i for i, p in enumerate(free)}
    seat = len(free)  # the last parameter is the seat advantage
    design = np.zeros((len(everything), len(free) + 1))
    for row, game in enumerate(everything):
        if game.first in column:
            design[row, column[game.first]] += 1.0
        if game.second in column:
            design[row, column[game.second]] -= 1.0
        design[row, seat] = 1.0
    scores = np.array([g.score for g in everything])
    weights = np.array([g.weight for g in everything])

    theta = np.zeros(len(free) + 1)  # in Elo
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-K * design @ theta))
        gradient = K * design.T @ (weights * (scores - p))
        information = K * K * (design.T * (weights * p * (1 - p))) @ design
        step = np.linalg.solve(information, gradient)
        theta = theta + step
        if np.max(np.abs(step)) < 1e-7:
            break
    p = 1.0 / (1.0 + np.exp(-K * design @ theta))
    information = K * K * (design.T * (weights * p * (1 - p))) @ design
    errors = np.sqrt(np.diag(np.linalg.inv(information)))

    elo = {anchor: 0.0} | {name: float(theta[i]) for name, i in column.items()}
    interval = {anchor: (0.0, 0.0)} | {name: (float(theta[i] - Z95 * errors[i]), float(theta[i] + Z95 * errors[i]))
                                       for name, i in column.items()}
    counts = {name: sum(1 for g in games if name in (g.first, g.second)) for name in players}
    advantage = float(theta[seat])
    return Ratings(players, elo, interval, counts, advantage,
                   (advantage - Z95 * float(errors[seat]), advantage + Z95 * float(errors[seat])), anchor)


def connected(player: str, games: Sequence[Game]) -> set[str]:
    """The players linked to `player` by a chain of games (itself included)."""
    neighbours: dict[str, set[str]] = {player: set()}
    for g in games:
        neighbours.setdefault(g.first, set()).add(g.second)
        neighbours.setdefault(g.second, set()).add(g.first)
    seen = {player}
    todo = [player]
    while todo:
        for other in neighbours[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    return seen


def _check_connected(players: list[str], games: Sequence[Game]) -> None:
    """Ratings compare players only through chains of games: every one must be reachable."""
    seen = connected(players[0], games)
    if len(seen) != len(players):
        apart = sorted(set(players) - seen)
        raise ValueError(f"{', '.join(apart)} never met the others (directly or through a chain of games)")


def elo_of_score(score: float) -> float:
    """The Elo difference that gives `score` (0 < score < 1) on the logistic scale."""
    return -400 * math.log10(1 / score - 1)


def score_of_elo(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))
