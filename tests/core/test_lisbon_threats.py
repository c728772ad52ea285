"""LISBON threats (pygame_core.games.lisbon.threats): winning cells agree with the rules' own
win test, covering follows the group rule, and the search blocks a threat over a whole turn."""

from __future__ import annotations

import random

from pygame_core.game import END_TURN, Trace
from pygame_core.games.lisbon import threats
from pygame_core.ai.player import MctsPlayer
from pygame_core.games.lisbon import SPEC, LisbonState
from pygame_core.games.lisbon.state import BOARD
from pygame_core.games.lisbon.state import position as lisbon_position
from pygame_core.games.lisbon.playout import play
from playout_checks import replay_trace


def cells(text: str) -> frozenset[int]:
    found = [BOARD.cell(name) for name in text.split()]
    assert None not in found, text
    return frozenset(found)  # type: ignore[arg-type]


def position(black: str = "", white: str = "", turn: int = 1) -> LisbonState:
    return lisbon_position(cells(black), cells(white), turn)


def before_the_last_turn(rng: random.Random) -> LisbonState:
    """The start of the winning turn of a random game: the winner must already have a winning
    cell there, since a turn's win is made by one stone (the module's premise)."""
    while True:
        trace: Trace = []
        returns = play(SPEC.new_state({}), rng, trace)
        if returns != (0.5, 0.5):
            break
    winner = trace[-1][0]
    last_turn = len(trace) - next(i for i, (seat, _) in enumerate(reversed(trace)) if seat != winner)
    state, _ = replay_trace(SPEC.new_state({}), trace[:last_turn])
    if state.turn_actions:  # the loser's turn before was cut short: end it
        state = state.apply(END_TURN)
    assert state.outcome is None and not state.placed and state.to_move == winner
    return state


def test_win_cells_agree_with_the_rules() -> None:
    rng = random.Random(7)
    for _ in range(5):
        state = before_the_last_turn(rng)
        assert threats.own_wins(state)
        for seat in (0, 1):
            mover = state if state.to_move == seat else lisbon_position(*state.stones_of, state.turn + 1)
            expected = {c for c in mover.legal_cells if mover.play_unchecked(c).outcome is not None}
            assert threats.win_cells(state.stones_of[seat]) - state.stones_of[1 - seat] == expected


def test_five_of_a_ring_threatens_the_sixth() -> None:
    # White holds five neighbours of h8; h9 closes the ring (the smallest ring)
    state = position(black="a1", white="g7 g8 h7 i7 i8", turn=3)
    assert threats.threats(state) == cells("h9")
    assert threats.forced_winner(state) is None  # Black can cover it
    assert threats.search_moves(state) == sorted(cells("h9"))
    assert threats.winning_moves(lisbon_position(*state.stones_of, 4)) == sorted(cells("h9"))  # White to move


def test_adjacent_threats_cannot_both_be_covered() -> None:
    # two White rings, around h8 and h11, each one stone short; the missing h9 and h10 touch
    state = position(black="a1", white="g7 g8 h7 i7 i8 g10 g11 h12 i10 i11", turn=7)
    assert cells("h9 h10") <= threats.threats(state)
    assert not threats.can_cover(state, cells("h9 h10"))
    assert threats.forced_winner(state) == 1


def test_the_search_covers_two_threats_in_one_turn() -> None:
    # White threatens rings around d4 (at e5) and m4 (at n4); Black has two stones for them
    state = position(black="a1 p1", white="c3 c4 d3 d5 e4 l4 l5 m3 m5 n3", turn=3)
    danger = threats.threats(state)
    assert len(danger) == 2 and threats.can_cover(state, danger)
    player = MctsPlayer(SPEC, random.Random(1), iterations=30, seconds=None)
    turn = player.choose_turn(state)
    assert danger <= set(turn)
