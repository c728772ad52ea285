"""The STYMIE solver re-proves the shipped result for size 3, agrees with the rules on small
positions and with a brute force that shares none of its shortcuts, and the top level plays the
solved board perfectly."""

from __future__ import annotations

import random

import pytest

from pygame_core.ai.player import MctsPlayer, make_player
from pygame_core.game import SWAP
from pygame_core.games.stymie.solver import PROVED, Solver, perfect_turn, strong_openings, symmetries, whole_turns
from pygame_core.games.stymie.state import StymieState
from pygame_core.registry import find_game

STYMIE = find_game("stymie")


@pytest.mark.slow
def test_size_3_is_re_proved_as_shipped() -> None:
    assert tuple(strong_openings(3)) == PROVED[3]
    assert not Solver().wins(STYMIE.new_game({"size": 3}))  # the second player wins, by the swap


def brute_force_winner(state: StymieState, memo: dict[tuple, int]) -> int:
    """The seat that wins with perfect play, by plain minimax over single actions: no whole turns,
    no symmetry folding, no pruning beyond a found win; only exact positions are remembered."""
    if state.outcome is not None:
        (winner,) = state.outcome.winners
        return winner
    position = (state._cells, state._side, state._swapped, state._turn, state._placed, state._limit, state._swap_ok)
    if position not in memo:
        mover = state.to_move
        memo[position] = next((mover for action in state.legal_actions()
                               if brute_force_winner(state.play_unchecked(action), memo) == mover), 1 - mover)
    return memo[position]


@pytest.mark.slow
def test_size_3_agrees_with_brute_force() -> None:
    memo: dict[tuple, int] = {}
    start = STYMIE.new_game({"size": 3})
    assert brute_force_winner(start, memo) == 1 - start.to_move  # the second player wins
    opener = start.to_move
    strong = [start.board.names[cell] for cell in start.legal_actions()
              if all(brute_force_winner(after.play_unchecked(action), memo) == opener
                     for after in (start.apply(cell),) for action in after.legal_actions() if action != SWAP)]
    assert tuple(strong) == PROVED[3] == tuple(strong_openings(3))


def test_the_symmetries_keep_both_sides_goals() -> None:
    board = STYMIE.new_game({"size": 4}).board
    pairs = (("top", "bottom"), ("left", "right"))  # Vert's goals, Horz's goals
    assert len(set(symmetries(4))) == 4
    for mapping in symmetries(4):
        for pair in pairs:
            images = [{mapping[c] for c in board.regions[goal]} for goal in pair]
            assert sorted(map(sorted, images)) == sorted(sorted(board.regions[g]) for g in pair)


def test_whole_turns_are_the_rules_turns() -> None:
    state = STYMIE.new_game({"size": 3}).play_turn("c3").play_turn("b2,a1")
    turns = list(whole_turns(state))
    for actions, after in turns:
        again = state
        for action in actions:
            again = again.apply(action)
        assert again.position_rows() == after.position_rows() and again.to_move == after.to_move
    assert len({tuple(a.position_rows()) for _, a in turns}) == len(turns)


def test_the_expert_plays_the_solved_board_perfectly_and_others_search() -> None:
    expert = make_player("mcts:level=expert", STYMIE, random.Random(1))
    assert isinstance(expert, MctsPlayer) and expert.perfect
    for opening, swaps in (("c3", True), ("a1", False)):
        state = STYMIE.new_game({"size": 3}).play_turn(opening)
        turn = expert.choose_turn(state)
        assert (turn == [SWAP]) is swaps and expert.last.get("perfect")
        after = state
        for action in turn:
            after = after.apply(action)
        assert after.is_over or not Solver().wins(after)  # the opponent is left lost
    assert perfect_turn(STYMIE.new_game({"size": 5})) is None
    assert not make_player("mcts:level=hard", STYMIE, random.Random(1)).perfect
