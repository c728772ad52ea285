"""Fitting move-feature weights to the moves played: a conditional logit (the Bradley–Terry
model of feature "teams": a move's strength is exp of the sum of its features' weights, and
the move played is drawn in proportion to strength), by full-batch Adam on the L2-penalised
log-likelihood, with numpy. Positions are rows of candidates; each candidate a few ints."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

Position = tuple[list[tuple[int, ...]], int]  # (candidates' features, index of the move played)


@dataclass
class Dataset:
    rows: np.ndarray      # (R, K) column ids per candidate (0 = padding, weight fixed at 0)
    owner: np.ndarray     # (R,) position of each row
    chosen: np.ndarray    # (P,) row of the move played in each position
    positions: int


def build(positions: list[Position], vocab: dict[int, int], grow: bool) -> Dataset:
    """Rows for `positions`; features not in `vocab` get a new column when `grow`, else 0."""
    width = max(len(fs) for cands, _ in positions for fs in cands)
    rows: list[list[int]] = []
    owner: list[int] = []
    chosen: list[int] = []
    for p, (cands, played) in enumerate(positions):
        chosen.append(len(rows) + played)
        for fs in cands:
            ids = []
            for f in fs:
                col = vocab.get(f)
                if col is None and grow:
                    col = vocab[f] = len(vocab) + 1
                ids.append(col or 0)
            rows.append(ids + [0] * (width - len(ids)))
            owner.append(p)
    return Dataset(np.array(rows, dtype=np.int64), np.array(owner, dtype=np.int64),
                   np.array(chosen, dtype=np.int64), len(positions))


def _probabilities(w: np.ndarray, data: Dataset) -> np.ndarray:
    scores = w[data.rows].sum(axis=1)
    top = np.full(data.positions, -np.inf)
    np.maximum.at(top, data.owner, scores)
    e = np.exp(scores - top[data.owner])
    return e / np.bincount(data.owner, weights=e, minlength=data.positions)[data.owner]


def fit(data: Dataset, columns: int, l2: float = 0.02, steps: int = 400, rate: float = 0.1) -> tuple[np.ndarray, float]:
    """Weights per column (column 0 stays 0) maximising the penalised likelihood; (weights, seconds)."""
    started = time.perf_counter()
    w = np.zeros(columns + 1)
    m, v = np.zeros_like(w), np.zeros_like(w)
    played = np.bincount(data.rows[data.chosen].ravel(), minlength=columns + 1).astype(float)
    width = data.rows.shape[1]
    for step in range(1, steps + 1):
        p = _probabilities(w, data)
        expected = np.bincount(data.rows.ravel(), weights=np.repeat(p, width), minlength=columns + 1)
        grad = (played - expected) / data.positions - l2 * w / data.positions * 10
        grad[0] = 0.0
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w += rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        w[0] = 0.0
    return w, time.perf_counter() - started


def accuracy(w: np.ndarray, data: Dataset, top: int) -> float:
    """Share of positions whose move played is among the `top` best-weighted candidates."""
    scores = w[data.rows].sum(axis=1)
    mine = scores[data.chosen][data.owner]
    better = np.bincount(data.owner, weights=(scores > mine).astype(float), minlength=data.positions)
    return float(np.mean(better < top))
