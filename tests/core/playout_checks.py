"""Replaying a playout's trace through a game's clean rules: shared by the agreement tests."""

from __future__ import annotations

from pygame_core.game import END_TURN, PASS, GameState, Returns, Trace


def winners_of(returns: Returns) -> tuple[int, ...]:
    """The seats a returns vector makes winners: the best ones, unless nobody beats a draw."""
    best = max(returns)
    return () if best <= 0.5 else tuple(p for p, r in enumerate(returns) if r == best)


def replay_trace(state: GameState, trace: Trace) -> tuple[GameState, int]:
    """The state after the trace (END_TURN inserted where the next action is another seat's
    and the rules want the turn ended; passes after it while a pass is all that is left), and
    how many trace entries were played before the rules ended the game."""
    played = 0
    for seat, action in trace:
        if state.is_over:
            break
        if action != END_TURN and seat != state.to_move and END_TURN in state.legal_actions():
            state = state.apply(END_TURN)  # the rules judge a turn when it ends
            if state.is_over:
                break
        assert state.to_move == seat, (seat, action)
        state = state.apply(action)
        played += 1
    while not state.is_over and PASS in state.legal_actions():
        state = state.apply(PASS)
    return state, played
