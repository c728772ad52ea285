"""Yardsticks for the real opponent: a random player and a one-ply tactician.

Both choose a whole turn action by action, so they play every game of the protocol, multi-stone
turns included. The tactician's checks are exactly what the search's root pre-check also does.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..game import Action, GameState


def turn_ended(before: GameState, after: GameState) -> bool:
    """True when `after` (one action after `before`) starts another turn or ends the game."""
    return after.outcome is not None or not after.turn_actions or after.to_move != before.to_move


def wins_for(state: GameState, seat: int) -> bool:
    outcome = state.outcome
    return outcome is not None and seat in outcome.winners


def winning_actions(state: GameState) -> list[Action]:
    """Actions that end the game at once with the mover among the winners."""
    me = state.to_move
    return [a for a in state.legal_actions() if wins_for(state.play_unchecked(a), me)]


def gives_immediate_win(after: GameState) -> bool:
    """True when the side to move in `after` (an opponent) can win with its next action."""
    if after.outcome is not None:
        return False
    them = after.to_move
    return any(wins_for(after.play_unchecked(a), them) for a in after.legal_actions())


class RandomPlayer:
    """Uniformly random legal actions until the turn ends."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_turn(self, state: GameState, history: Sequence[Any] | None = None) -> list[Action]:
        """One choose_action after another until the turn ends."""
        actions = []
        while True:
            action = self.choose_action(state)
            actions.append(action)
            after = state.play_unchecked(action)
            if turn_ended(state, after):
                return actions
            state = after

    def choose_action(self, state: GameState) -> Action:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class Tactician(RandomPlayer):
    """Takes a win in one if there is one, else avoids actions that end the turn in a position
    where the opponent wins at once (or that lose on the spot), else plays at random."""

    name = "tactician"

    def choose_action(self, state: GameState) -> Action:
        me = state.to_move
        legal = list(state.legal_actions())
        safe, not_suicide = [], []
        for action in legal:
            after = state.play_unchecked(action)
            if wins_for(after, me):
                return action
            if after.outcome is not None and after.outcome.winners:
                continue  # loses (or eliminates) on the spot
            not_suicide.append(action)
            if not turn_ended(state, after) or not gives_immediate_win(after):
                safe.append(action)
        pool = safe or not_suicide or legal
        return pool[self.rng.randrange(len(pool))]
