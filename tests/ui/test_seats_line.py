"""Seats shown by name (ui.play.view.seats_line): who plays which side, in words, with the
computer's level as the level table labels it."""

from __future__ import annotations

from pygame_core.ai.levels import LEVELS
from pygame_core.registry import find_game
from ui.play.saved_game import AI, Seat
from ui.play.session import Session, rematch
from ui.play.view import seats_line

LABELS = {level.name: level.label for level in LEVELS.values()}


def test_one_person_against_the_computer() -> None:
    session = Session(find_game("susan"), seats=(Seat(), Seat(AI, "medium")))
    assert seats_line(session, LABELS) == "You — Black · Computer (medium) — White"


def test_a_rematch_swaps_the_names_with_the_seats() -> None:
    session = rematch(Session(find_game("susan"), seats=(Seat(), Seat(AI, "expert"))))
    assert seats_line(session, LABELS) == "Computer (expert) — Black · You — White"


def test_people_taking_turns_are_numbered() -> None:
    session = Session(find_game("susan"), {"players": 3}, seats=(Seat(), Seat(AI, "easy"), Seat()))
    assert seats_line(session, LABELS) == "Player 1 — Black · Computer (easy) — White · Player 2 — Red"
    assert seats_line(Session(find_game("stymie")), LABELS) == "Player 1 — Vert · Player 2 — Horz"
