"""Random legal play through the clean API: whole turns of uniformly random actions.

For tools and tests that need many varied, legal games of any registered game (link lengths,
save and share round trips); the search's playouts are each game's own fast code instead.
"""

from __future__ import annotations

import random

from .game import PASS, Action, GameState


def random_turns(state: GameState, rng: random.Random, max_turns: int) -> list[list[Action]]:
    """Up to `max_turns` whole turns of random legal actions from `state` (a turn is over when
    no action of it is pending any more, or the game has ended)."""
    turns: list[list[Action]] = []
    while len(turns) < max_turns and not state.is_over:
        actions: list[Action] = []
        while True:
            action = rng.choice(list(state.legal_actions()))
            actions.append(action)
            state = state.apply(action)
            if state.is_over or not state.turn_actions:
                break
        turns.append(actions)
    return turns


def random_placements(state: GameState, rng: random.Random, low: int, high: int) -> GameState:
    """`state` after `low` to `high` plies of random actions other than a pass (an early or
    middle-game position with no pass in its history, e.g. to ask when a search passes)."""
    for _ in range(rng.randrange(low, high + 1)):
        state = state.apply(rng.choice([a for a in state.legal_actions() if a != PASS]))
    return state
