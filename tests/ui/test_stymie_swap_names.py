"""STYMIE's swap is a role swap (RULES §6: the players exchange sides, the board is unchanged):
after it, every text that names a seat's side or the winner must follow the exchange. A whole
game is played after a swap, and each place that names the sides is read."""

from __future__ import annotations

import random

from pygame_core.ai.levels import LEVELS
from pygame_core.ai.review import Evaluation, Mistake
from pygame_core.game import END_TURN, SWAP
from pygame_core.registry import find_game
from ui.play.coach import chances_words, mistake_words
from ui.play.saved_game import AI, FRIEND, HUMAN, Seat
from ui.play.session import Session
from ui.play.view import ending, seats_line, status
from ui.saves.correspondence import message_text, turn_note
from ui.saves.store import _entry

LABELS = {level.name: level.label for level in LEVELS.values()}


def play_out(session: Session, rng: random.Random) -> None:
    """Random single stones (a single is always a whole turn) until someone connects."""
    while session.outcome is None:
        state = session.live
        cell = rng.choice([a for a in state.legal_actions() if a not in (SWAP, END_TURN)])
        after = state.play_unchecked(cell)
        session.play_turn([cell] if after.to_move != state.to_move or after.outcome else [cell, END_TURN])


def swapped_game() -> Session:
    """The computer (seat 0) opens as Vert, the player (seat 1, Horz) swaps: the player is now
    Vert, the computer Horz and to move."""
    session = Session(find_game("stymie"), {}, (Seat(AI, "easy"), Seat(HUMAN)))
    session.play_turn([session.live.board.names.index("F6")])
    session.play_turn([SWAP])
    return session


def test_after_the_swap_the_seats_line_and_status_name_the_exchanged_sides() -> None:
    session = swapped_game()
    assert seats_line(session, LABELS) == "Computer (easy) — Horz · You — Vert"
    assert status(session) == "Horz (computer) to move."
    session.goto(1)   # looking back before the swap: the sides as they were then
    assert seats_line(session, LABELS) == "Computer (easy) — Vert · You — Horz"


def test_a_whole_game_after_a_swap_names_the_winner_by_the_side_the_winner_played() -> None:
    winners = set()
    for seed in range(40):   # until the player (Vert after the swap) won one game and the computer one
        if len(winners) == 2:
            break
        session = swapped_game()
        play_out(session, random.Random(seed))
        winner = session.outcome.winners[0]
        winners.add(winner)
        side = "Vert" if winner == 1 else "Horz"   # RULES: after the swap seat 1 plays Vert
        final = session.live
        assert final.occupant(session.live.board.names.index("F6")) == 1   # the swapped stone is the player's
        assert seats_line(session, LABELS) == "Computer (easy) — Horz · You — Vert"
        assert ending(session).result == f"{side} wins"
        assert status(session).startswith(f"{side} wins: ")
        saved = session.to_saved()
        assert _entry("k", saved).result.startswith(f"{side} won (")
        by_link = saved._replace(seats=(Seat(FRIEND), Seat(HUMAN)))
        assert turn_note(by_link).startswith(f"{side} won (")
        assert f"\n{side} won (" in message_text(by_link, "https://example.test/#g")
        chances = tuple(1.0 if seat == winner else 0.0 for seat in range(2))
        assert chances_words(final, Evaluation(-1, chances, (), "", 0, True)) == f"certain: {side} wins"
        mover = session.state_at(len(session.turns) - 1)
        mistake = Mistake(len(session.turns), mover.to_move, 0.9, 0.1, session.turns[-1], "a1")
        assert mistake_words(mover, mistake).startswith(f"{len(session.turns)}. {side} ")
    assert winners == {0, 1}
