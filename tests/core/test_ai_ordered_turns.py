"""Ordered turns (SearchConfig.ordered_turns): where a turn is the set of its stones, the search
reaches each legal turn once, not once per order of its stones, and a turn already begun at the
root can still be finished with any stone. STYMIE is the game with such turns (pairs and triples)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pygame_core.ai.player import make_player
from pygame_core.ai.search import Node, SearchConfig
from pygame_core.game import Action, GameState
from pygame_core.registry import find_game

STYMIE = find_game("stymie")


def position_with_triples(size: int = 5, seed: int = 5) -> GameState:
    """A STYMIE position at the start of a turn that may be a triple (after a single)."""
    rng = random.Random(seed)
    state = STYMIE.new_game({"size": size})
    while not (state.stone_limit == 3 and not state.turn_actions and state.turn_number > 4):
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.outcome is None
    return state


def turn_paths(node: Node, config: SearchConfig, prefix: tuple[Action, ...] = ()) -> list[tuple[Action, ...]]:
    """Every sequence of actions the search's nodes offer from `node` to the end of its turn."""
    if prefix and (node.state.outcome is not None or not node.state.turn_actions):
        return [prefix]
    paths = []
    for action in node.untried:
        child = Node(node.state.play_unchecked(action), node, action, node.depth + 1, config)
        paths += turn_paths(child, config, prefix + (action,))
    return paths


def turns_reached(state: GameState, ordered: bool) -> Counter[frozenset[Action]]:
    """How often the search's tree reaches each turn (the set of its stones) from `state`."""
    config = SearchConfig(ordered_turns=ordered)
    paths = turn_paths(Node(state, None, None, 0, config), config)  # type: ignore[arg-type]
    return Counter(frozenset(a for a in path if a >= 0) for path in paths)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_each_turn_is_reached_once_in_one_order(seed: int) -> None:
    state = position_with_triples(seed=seed)
    every_order = turns_reached(state, ordered=False)
    ordered = turns_reached(state, ordered=True)
    assert set(ordered) == set(every_order)  # no turn is lost, triples included
    assert any(len(turn) == 3 for turn in ordered)
    assert max(every_order.values()) > 1  # without the option, pairs and triples come in several orders
    assert set(ordered.values()) == {1}


def test_a_turn_begun_at_the_root_can_be_finished_with_a_smaller_stone() -> None:
    state = position_with_triples()
    octagon = max(a for a in state.legal_actions() if any(b < a for b in state.apply(a).legal_actions() if b >= 0))
    begun = state.apply(octagon)
    root = Node(begun, None, octagon, 0, SearchConfig(ordered_turns=True))
    assert sorted(root.untried) == sorted(begun.legal_actions())
    assert any(0 <= a < octagon for a in root.untried)


def test_the_player_spec_switches_it_on_and_off() -> None:
    def config(spec: str) -> SearchConfig:
        return make_player(spec, STYMIE, random.Random(1)).mcts.config  # type: ignore[attr-defined, no-any-return]

    assert config("mcts:level=medium,ordered_turns=1").ordered_turns
    assert not config("mcts:level=medium,ordered_turns=0").ordered_turns
    assert not config("mcts:level=medium").ordered_turns


def test_an_ordered_search_plays_legal_whole_turns() -> None:
    state = position_with_triples(size=8)
    player = make_player("mcts:iterations=200,ordered_turns=1", STYMIE, random.Random(3))
    for _ in range(4):
        turn = player.choose_turn(state)
        for action in turn:
            assert state.is_legal(action)
            state = state.apply(action)
        assert not state.turn_actions
