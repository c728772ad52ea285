"""Fit the learned evaluation's table to the search labels (numpy: lab only), by Adam on the
mean squared error between value = gain[slides] * tanh(bias + sum of table weights) and the
label, with a little L2 on the weights. The features are the product's own
(learned.feature_indices), so what is fitted is what ships. They are the same under the
board's symmetries, so augmenting with the symmetric images would only repeat rows: the
symmetries count in the dedupe (games.distinct_positions) instead.

Held out: the positions whose first game's index is 4 mod 5 (20% of the games, never
positions of one game on both sides)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from pygame_core.games.susan import learned
from pygame_core.games.susan.evaluation import evaluate as hand_evaluate

from .games import Position, state_of

HOLD_OUT_EVERY = 5  # game indices i with i % 5 == 4 are held out


def held_out(position: Position) -> bool:
    return position.game % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1


@dataclass
class Data:
    """Positions as arrays: each one's feature entries (flattened, `owner` says whose), its
    slide counter, its label and its hand evaluation."""

    entries: np.ndarray
    owner: np.ndarray
    slides: np.ndarray
    labels: np.ndarray
    hand: np.ndarray

    @property
    def size(self) -> int:
        return len(self.labels)


def data_for(positions: Sequence[Position], labels: dict[str, float]) -> Data:
    entries: list[int] = []
    owner: list[int] = []
    slides, values, hands = [], [], []
    for row, position in enumerate(positions):
        state = state_of(position.cells, position.slides)
        found = learned.feature_indices(state)
        entries += found
        owner += [row] * len(found)
        slides.append(min(learned.SLIDES - 1, position.slides))
        values.append(labels[position.key])
        hands.append(hand_evaluate(state))
    return Data(np.array(entries, dtype=np.int64), np.array(owner, dtype=np.int64), np.array(slides, dtype=np.int64),
                np.array(values, dtype=np.float64), np.array(hands, dtype=np.float64))


@dataclass
class Fitted:
    table: np.ndarray
    bias: float
    gains: np.ndarray

    def predict(self, data: Data) -> np.ndarray:
        total = self.bias + np.bincount(data.owner, weights=self.table[data.entries], minlength=data.size)
        values: np.ndarray = self.gains[data.slides] * np.tanh(total)
        return values


def fit(data: Data, steps: int = 1500, rate: float = 0.03, l2: float = 1e-4) -> Fitted:
    """Full-batch Adam on the mean squared error (plus `l2` on the table)."""
    params = [np.zeros(learned.TABLE_SIZE), np.zeros(1), np.full(learned.SLIDES, 0.9)]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    n = data.size
    for step in range(1, steps + 1):
        table, bias, gains = params
        total = bias[0] + np.bincount(data.owner, weights=table[data.entries], minlength=n)
        squashed = np.tanh(total)
        error = gains[data.slides] * squashed - data.labels
        d_total = 2.0 * error * gains[data.slides] * (1.0 - squashed ** 2) / n
        grads = [np.bincount(data.entries, weights=d_total[data.owner], minlength=learned.TABLE_SIZE)
                 + 2.0 * l2 * table,
                 np.array([d_total.sum()]),
                 np.bincount(data.slides, weights=2.0 * error * squashed / n, minlength=learned.SLIDES)]
        for p, g, m, v in zip(params, grads, moments, squares, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        np.clip(params[2], 0.0, 1.0, out=params[2])
    return Fitted(params[0], float(params[1][0]), params[2])


def mse(predicted: np.ndarray, labels: np.ndarray) -> float:
    return float(np.mean((predicted - labels) ** 2))


def best_scale(values: np.ndarray, labels: np.ndarray) -> float:
    """The k minimising the squared error of k * values (least squares through 0)."""
    return float(values @ labels / max(values @ values, 1e-12))


def weights_bytes(model: Fitted) -> bytes:
    return learned.model_to_bytes([float(w) for w in model.table], model.bias, [float(g) for g in model.gains])
