"""Transpositions (SearchConfig.transpositions with the game's position_key): a position at the
start of a turn reached by several paths (a STYMIE pair's two orders) is one node of the search,
its proofs reach every parent, and the turns chosen through shared nodes are the real ones."""

from __future__ import annotations

import random

from pygame_core.ai.player import make_player
from pygame_core.ai.search import Mcts, Node, SearchConfig, _resolve_upwards
from pygame_core.ai.tuning import tuning_for
from pygame_core.game import GameState
from pygame_core.registry import find_game

STYMIE = find_game("stymie")


def midgame(seed: int = 3, actions: int = 30) -> GameState:
    """A STYMIE position at the start of a turn, after random play."""
    rng = random.Random(seed)
    state = STYMIE.new_game({"size": 8})
    for _ in range(actions):
        state = state.apply(rng.choice(state.legal_actions()))
    while state.turn_actions:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.outcome is None
    return state


def searched(state: GameState, transpositions: bool, iterations: int = 1500) -> Mcts:
    tuning = tuning_for(STYMIE)
    config = SearchConfig(**{**tuning.config.__dict__, "transpositions": transpositions})
    mcts = Mcts(tuning.simulator, random.Random(1), config)
    mcts.set_root(state)
    mcts.run(iterations)
    return mcts


def turn_ends(mcts: Mcts) -> dict[object, set[int]]:
    """The nodes after the root's whole two-stone turns, by position: which node objects stand for each."""
    assert mcts.root is not None
    found: dict[object, set[int]] = {}
    for first in mcts.root.children.values():
        for second in first.children.values():
            if second.state.outcome is None and not second.state.turn_actions:
                found.setdefault(STYMIE.search.position_key(second.state), set()).add(id(second))  # type: ignore[misc]
    return found


def test_a_pair_s_two_orders_reach_one_node() -> None:
    shared = turn_ends(searched(midgame(), transpositions=True))
    assert shared and all(len(ids) == 1 for ids in shared.values())
    apart = turn_ends(searched(midgame(), transpositions=False))
    assert any(len(ids) > 1 for ids in apart.values())  # the plain tree keeps one node per order


def test_a_shared_node_knows_its_other_parents() -> None:
    mcts = searched(midgame(), transpositions=True)
    assert mcts.root is not None
    sharers = [second for first in mcts.root.children.values() for second in first.children.values()
               if second.sharers]
    assert sharers
    for node in sharers:
        for parent in [node.parent, *node.sharers]:  # type: ignore[misc]
            assert parent is not None and node in parent.children.values()


def test_a_proof_reaches_every_parent() -> None:
    state = midgame()
    config = SearchConfig()
    root = Node(state, None, None, 0, config)  # type: ignore[arg-type]
    a, b = state.legal_actions()[:2]
    left = Node(state.play_unchecked(a), root, a, 1, config)
    right = Node(state.play_unchecked(b), root, b, 1, config)
    shared = Node(left.state, left, b, 2, config)
    for parent in (left, right):
        parent.untried.clear()
        parent.children[b if parent is left else a] = shared
    shared.sharers = [right]
    shared.proven = (1.0, 0.0) if left.player == 0 else (0.0, 1.0)
    _resolve_upwards(shared)
    assert left.proven == right.proven == shared.proven


def test_turns_chosen_through_shared_nodes_are_legal() -> None:
    state = midgame(seed=5)
    player = make_player("mcts:level=medium,transpositions=1", STYMIE, random.Random(3))
    assert player.mcts.config.transpositions  # type: ignore[attr-defined]
    for _ in range(6):
        if state.outcome is not None:
            break
        turn = player.choose_turn(state)
        stones = [a for a in turn if a >= 0]
        assert len(stones) == len(set(stones))
        for action in turn:
            state = state.apply(action)  # raises on an illegal action
        assert not state.turn_actions or state.outcome is not None
