"""What issue 19 added to the SUSAN search: tactics in playouts and leaf values blended with the
static evaluation; and the frozen baseline (since issue 28, the opponent before learned moves)."""

import random

import pytest

from pygame_core.ai.player import make_player
from pygame_core.ai.tree import back_up_minimax
from pygame_core.ai.tuning import tuning_for
from pygame_core.games.susan import SPEC
from pygame_core.games.susan.playout import play
from pygame_core.record import Record, replay
from tests.core.test_ai_susan import position

# White to move surrounds Black's e4 group at e3; Black to move saves it by sliding e4 to e3
THREAT = ("e2 e4 f2 f3", "d3 d4 e5 f4")


def first_moves(state, tactics: bool, seeds: int = 20) -> set[str]:
    moves = set()
    for seed in range(seeds):
        trace: list = []
        play(state, random.Random(seed), trace, tactics)
        moves.add(state.action_text(trace[0][1]))
    return moves


def test_playouts_take_the_surround_and_save_the_threatened_stone() -> None:
    assert first_moves(position(*THREAT, "White"), True) == {"e3"}
    assert first_moves(position(*THREAT, "Black"), True) == {"e4-e3"}


def test_the_frozen_playout_has_no_tactics() -> None:
    assert len(first_moves(position(*THREAT, "White"), False)) > 1


def test_both_players_use_the_playout_before_issue_28() -> None:
    """`frozen=1` is the opponent before the learned knowledge; today's levels value a leaf by
    the evaluation (the cut, test_ai_cutoff), and with `cut=off` differ from it only by the
    priors (see test_patterns): both play out with tactics but without the learned local
    replies, which lost (docs/opponent-learning.md) and stay behind `local=True`."""
    state = position(*THREAT, "Black")
    frozen = tuning_for(SPEC, frozen=True).simulator
    today = tuning_for(SPEC, cut="off").simulator
    differs = False
    for seed in range(20):
        trace: list = []
        now: list = []
        before: list = []
        frozen(state, random.Random(seed), trace)
        today(state, random.Random(seed), now)
        play(state, random.Random(seed), before, True, local=False)
        assert trace == before == now
        learned: list = []
        play(state, random.Random(seed), learned, local=True)
        differs |= learned != before
    assert differs
    player = make_player("mcts:iterations=50,frozen=1", SPEC, random.Random(1))
    white = position(*THREAT, "White")
    assert player.choose_turn(white) == [white.read_action("e3")]  # the root check still wins at once


@pytest.mark.parametrize("weight", [0.5, 1.0])
def test_leaf_values_blend_the_evaluation_and_sum_to_one(weight: float) -> None:
    state = position(*THREAT, "White")
    simulate = tuning_for(SPEC, leaf_weight=weight).simulator
    values = [simulate(state, random.Random(seed), None) for seed in range(10)]
    assert all(abs(sum(v) - 1.0) < 1e-9 and 0.0 <= v[1] <= 1.0 for v in values)
    if weight == 1.0:
        assert len(set(values)) == 1 and values[0][1] > 0.6  # White, to move, is winning


def test_implicit_minimax_backs_up_the_best_child_for_the_player_choosing_there() -> None:
    """After a search, every visited node is worth to its chooser one minus the best of its
    children to the opponent (SUSAN's two players alternate), or of its own static value while
    it has untried actions; a node with a win in one for the opponent is worth 0."""
    state = position(*THREAT, "Black")
    player = make_player("mcts:iterations=600,minimax=0.4", SPEC, random.Random(2))
    player.choose_turn(state)
    root = player.mcts.root
    assert root is not None
    checked = lost = bounded = 0
    stack = [c for c in root.children.values() if c.n > 0]
    while stack:
        node = stack.pop()
        valued = [c.mm for c in node.children.values() if c.mm is not None]
        if valued:
            best = max(valued)
            if node.untried:
                best = max(best, 1.0 - node.static)
                bounded += best > max(valued)
            assert node.mm == pytest.approx(1.0 - best)
            checked += 1
            lost += best == 1.0 and node.mm == 0.0
        stack.extend(c for c in node.children.values() if c.n > 0)
    assert checked > 20 and lost > 0 and bounded > 0


def test_a_node_whose_only_valued_children_are_suicides_keeps_its_static_value() -> None:
    """The check adds a node's game-ending children first, and in SUSAN most of them surround
    the mover's own stone; with other actions still untried, the mover there is not lost (nor
    its opponent won): the node keeps its static value."""
    state = position(*THREAT, "Black")
    player = make_player("mcts:iterations=1,minimax=0.4", SPEC, random.Random(2))
    player.choose_turn(state)
    root = player.mcts.root
    suicidal = [node for node in root.children.values()
                if node.children and node.untried and node.proven is None
                and all(c.proven is not None and c.proven[node.player] == 0.0 for c in node.children.values())]
    assert suicidal
    for node in suicidal:
        back_up_minimax([root, node])
        assert node.mm == pytest.approx(node.static) and node.mm < 1.0


def test_without_minimax_no_node_is_valued() -> None:
    player = make_player("mcts:iterations=100", SPEC, random.Random(2))
    player.choose_turn(position(*THREAT, "Black"))
    assert all(child.mm is None for child in player.mcts.root.children.values())


# a game the alpha-beta yardstick won: Black (the search) to move has lost by force, every
# move leaving White a surround in one; some moves surround Black's own stone at once
LOST = ("c6 c2 i4 h5 b5 h4 f5 i3 h6 i3-i2 c6-d6 g7 f7 e8 d2 f6 h1 g3 f5-g4 d5 b2 c6 g4-f5 b4 "
        "h1-h2 e3 e2 d4 b2-a2 d1 d2-c1 b1 c1-d2 f1 f5-f4 f5 f7-e7 b3 g4 h1 f7 d4-d3 e2-f2 e2")


@pytest.mark.parametrize("seed", range(3))
def test_a_lost_player_holds_out_instead_of_surrounding_its_own_stone(seed: int) -> None:
    """A fallible opponent may miss its win: the move played is one it must still find."""
    state = replay(Record("susan", {}, tuple(LOST.split())))[-1]
    ends_at_once = [a for a in state.legal_actions() if state.play_unchecked(a).outcome is not None]
    assert ends_at_once  # the trap: moves that lose on the spot
    player = make_player("mcts:iterations=50", SPEC, random.Random(seed))
    (action,) = player.choose_turn(state)
    assert state.play_unchecked(action).outcome is None
