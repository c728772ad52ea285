"""SUSAN's learned evaluation (pygame_core/games/susan/learned.py): the shipped weights fit the
page's budget, evaluate() computes the model its docstring describes (checked against a slow
reference written from that description), the weights are parsed on first use only, and a
player spec can put it in the hand evaluation's place without changing what ships."""

from __future__ import annotations

import importlib.util
import math
import pkgutil
import random
from collections import deque

import pytest

from lab.value.bench import random_positions
from pygame_core.ai.player import make_player
from pygame_core.games.susan import evaluation, learned
from pygame_core.games.susan.board import EMPTY
from pygame_core.games.susan.state import SusanState
from pygame_core.registry import find_game

WEIGHTS_BUDGET = 16 * 1024


def reference_value(model: learned.Model, state: SusanState) -> float:
    """The model computed the slow way, from the docstring's words: rings by breadth-first
    distance from the centre cell, every count by looking at every neighbour."""
    board, cells, me = state.board, state.cells, state.to_move
    nbrs = board.neighbours
    centre = board.size // 2
    ring = {centre: 0}
    queue = deque([centre])
    while queue:
        cell = queue.popleft()
        for x in nbrs[cell]:
            if x not in ring:
                ring[x] = ring[cell] + 1
                queue.append(x)
    total = model.bias
    stones = 0
    for c, seat in enumerate(cells):
        if seat == EMPTY:
            continue
        stones += 1
        zone = 5 if len(nbrs[c]) == 3 else 4 if len(nbrs[c]) < 6 else min(3, ring[c])
        empty = [x for x in nbrs[c] if cells[x] == EMPTY]
        friends = len([x for x in nbrs[c] if cells[x] == seat])
        last = min(2, len([y for y in nbrs[empty[0]] if cells[y] == EMPTY])) if len(empty) == 1 else 0
        total += model.table[learned.stone_index(seat == me, zone, len(empty), friends, last)]
    total += model.table[learned.STONE_ENTRIES + min(learned.PHASES - 1, stones // 4)]
    return model.gains[min(learned.SLIDES - 1, state.consecutive_slides)] * math.tanh(total)


def test_the_weights_file_is_within_16_kb_and_parses() -> None:
    data = pkgutil.get_data("pygame_core.games.susan", learned.WEIGHTS_FILE)
    assert data is not None and len(data) <= WEIGHTS_BUDGET
    model = learned.model_from_bytes(data)
    assert len(model.table) == learned.TABLE_SIZE and any(model.table)


def test_evaluate_agrees_with_the_slow_reference_on_random_positions() -> None:
    model = learned.shipped_model()
    states = random_positions(12, seed=536)
    assert any(s.consecutive_slides for s in states)  # the slide gains are exercised too
    for state in states:
        value = learned.evaluate(state)
        assert -1.0 < value < 1.0
        assert value == pytest.approx(reference_value(model, state), abs=1e-9)


def test_the_weights_are_parsed_on_first_use_not_at_import(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    real = pkgutil.get_data

    def counting(package: str, resource: str) -> bytes | None:
        reads.append(resource)
        return real(package, resource)

    monkeypatch.setattr(pkgutil, "get_data", counting)
    found = importlib.util.find_spec(learned.__name__)
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)  # a fresh copy: the shared one stays as it is
    found.loader.exec_module(module)
    assert reads == []
    state = random_positions(1, seed=537)[5]
    module.evaluate(state)
    module.evaluate(state)
    assert reads == [learned.WEIGHTS_FILE]


def test_a_weights_file_round_trips_and_a_wrong_one_is_refused() -> None:
    table = [((i * 37) % 101 - 50) / 100 for i in range(learned.TABLE_SIZE)]
    gains = [1.0, 0.9, 0.8, 0.5, 0.3, 0.1]
    model = learned.model_from_bytes(learned.model_to_bytes(table, 0.2, gains))
    assert max(abs(a - b) for a, b in zip(model.table, table, strict=True)) < 1e-4
    assert model.gains == pytest.approx(gains, abs=1e-4) and model.bias == pytest.approx(0.2, abs=1e-4)
    good = learned.model_to_bytes(table, 0.2, gains)
    for bad in (b"", b"XXXX" + good[4:], good[:-2]):
        with pytest.raises(ValueError):
            learned.model_from_bytes(bad)
    with pytest.raises(ValueError, match="gains"):
        learned.model_to_bytes(table, 0.2, [1.5] * learned.SLIDES)


def test_the_learned_evaluation_is_expert_s_cut_leaf_and_eval_hand_the_old_one() -> None:
    spec = find_game("susan")
    expert = make_player("mcts:level=expert", spec, random.Random(1))
    before = make_player("mcts:level=expert,eval=hand", spec, random.Random(1))
    state = random_positions(1, seed=538)[8]
    learned_leaf = expert.mcts.simulate(state, random.Random(2), None)  # type: ignore[attr-defined]
    hand_leaf = before.mcts.simulate(state, random.Random(2), None)  # type: ignore[attr-defined]
    me = state.to_move
    assert learned_leaf[me] == pytest.approx(1 / (1 + math.exp(-2.0 * learned.evaluate(state))))
    assert hand_leaf[me] == pytest.approx(1 / (1 + math.exp(-2.0 * evaluation.evaluate(state))))
    assert expert.mcts.config.evaluate is learned.evaluate  # type: ignore[attr-defined]
    assert spec.search.evaluate is evaluation.evaluate  # the levels below Expert keep the hand one


def test_eval_is_refused_where_it_names_nothing_or_meets_frozen() -> None:
    spec = find_game("susan")
    with pytest.raises(ValueError, match="no evaluation 'neural'.*known: learned, hand"):
        make_player("mcts:level=hard,eval=neural", spec, random.Random(1))
    with pytest.raises(ValueError, match="frozen"):
        make_player("mcts:level=hard,eval=learned,frozen=1", spec, random.Random(1))
    with pytest.raises(ValueError, match="known: none"):
        make_player("mcts:level=hard,eval=learned", find_game("stymie"), random.Random(1))
    yardstick = make_player("alphabeta:seconds=1,eval=learned", spec, random.Random(1))
    assert yardstick.evaluate is learned.evaluate  # type: ignore[attr-defined]
