"""The opponent's SUSAN tactics, checked against brute force through the clean API."""

import random

import pytest

from pygame_core.ai.baselines import RandomPlayer, Tactician
from pygame_core.ai.player import MctsPlayer
from pygame_core.ai.search import Mcts, SearchConfig, random_simulation
from pygame_core.ai.baselines import gives_immediate_win, winning_actions, wins_for
from pygame_core.games.susan.threats import candidates as susan_candidates
from pygame_core.games.susan import SPEC

OPTIONS = SPEC.resolve_options({})


def position(black: str, white: str, to_move: str):
    stones = {name: "x" for name in black.split()} | {name: "o" for name in white.split()}
    board = SPEC.new_game(OPTIONS).board
    rows = ["".join(stones.get(board.names[c], ".") for c in row) for row in board.rows]
    return SPEC.load_position(OPTIONS, rows, to_move)


def loses_at_once(state, action) -> bool:
    after = state.play_unchecked(action)
    if after.outcome is not None:
        return not wins_for(after, state.to_move)
    return gives_immediate_win(after)


def sample_positions(count: int, seed: int):
    """Positions from random games, middle and late ones included."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = SPEC.new_game(OPTIONS)
        player = RandomPlayer(rng)
        while state.outcome is None and len(found) < count:
            if state.turn_number > 12 and rng.random() < 0.3:
                found.append(state)
            state = state.apply(player.choose_turn(state)[0])
    return found


def test_threatened_position_white_wins_at_once_with_e3() -> None:
    state = position("e2 e4 f2 f3", "d3 d4 e5 f4", "White")
    player = MctsPlayer(SPEC, random.Random(1), 1, None)
    assert [state.action_text(a) for a in player.choose_turn(state)] == ["e3"]
    assert state.action_text(Tactician(random.Random(1)).choose_action(state)) == "e3"


def test_defended_position_does_not_play_the_suicidal_e3() -> None:
    state = position("d2 e2 e4 f2 f3", "d3 d4 e5 f4", "White")
    actions = MctsPlayer(SPEC, random.Random(1), 20, None).choose_turn(state)
    assert state.action_text(actions[0]) != "e3"


@pytest.mark.parametrize("seed", [1, 2])
def test_always_takes_a_surround_in_one_and_never_loses_at_once_when_it_need_not(seed: int) -> None:
    checked_wins = checked_safety = 0
    for state in sample_positions(12, seed):
        wins = winning_actions(state)
        action = MctsPlayer(SPEC, random.Random(seed), 10, None).choose_turn(state)[0]
        if wins:
            assert action in wins, state.position_rows()
            checked_wins += 1
            continue
        if any(not loses_at_once(state, a) for a in state.legal_actions()):
            assert not loses_at_once(state, action), (state.position_rows(), state.action_text(action))
            checked_safety += 1
    assert checked_safety > 0


def test_candidates_include_every_game_ending_action() -> None:
    for state in sample_positions(15, 3):
        ending = {a for a in state.legal_actions() if state.play_unchecked(a).outcome is not None}
        assert ending <= set(susan_candidates(state))


# issue 19's game, Black first: at its 52nd ply White can win with d4, and b2-a1 (the sixth
# slide in a row) draws. With a reused tree White played b2-a1.
ISSUE_19_GAME = ("d5 a4 d7 f2 b4 b2 g5 g6 d7-d8 f5 d8-d7 e4 g5-h5 b2-c2 b5 e4-d3 h2 c4 b4-b3 d3-e4 e6 "
                 "e4-d3 b2 a4-a3 f3 g1 b5-a4 e3 e2 f2-g2 b2-a2 a3-b4 e2-d2 f8 a2-b2 i2 f3-e4 b4-b5 b2-c3 "
                 "e3-e2 e3 b2 b1 d1 b3-a2 b3 a4-a3 b5-a4 a3-b4 g1-f2 e3-f3").split()


def test_a_proven_win_at_a_reused_root_plays_a_winning_move_not_a_better_looking_draw() -> None:
    """The ranking promoted a proven draw over open moves that looked worse, and put it above
    the proven win too. A reused tree has such roots: a node grown for a few visits (open
    children, some proven draws) and then checked, which finds the win. Build them by searching
    from the ply before and re-rooting at White's move."""
    before = SPEC.new_game()
    for text in ISSUE_19_GAME[:-1]:
        before = before.play_turn(text)
    last = before.parse_turn(ISSUE_19_GAME[-1])[0]
    state = before.apply(last)
    me, crowded = state.to_move, 0
    for seed in range(12):
        mcts = Mcts(random_simulation(), random.Random(seed), SearchConfig(check_depth=0, check_visits=3))
        mcts.set_root(before, ("game",))
        mcts.run(iterations=3000)
        if not mcts.set_root(state, ("game", last)):
            continue
        root = mcts.root
        assert root is not None
        if root.proven is None:
            continue
        assert root.proven[me] >= 1.0
        children = root.children.values()
        crowded += any(c.proven is not None and c.proven[me] == 0.5 for c in children) and any(
            c.proven is None for c in children)
        after = state.apply(mcts.best_action())
        assert after.outcome is not None and after.outcome.winners == (me,), state.action_text(mcts.best_action())
    assert crowded, "no seed put a proven draw and open moves beside the win"
