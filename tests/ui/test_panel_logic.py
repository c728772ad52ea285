"""Side-panel logic that is not the controller: the new-game form, and the rules help's diagram
as the page draws it (what each game declares is tested in tests/core/test_presentation.py)."""

from __future__ import annotations

import pytest

from pygame_core.registry import GAME_NAMES, find_game
from ui.board.theme import LIGHT
from ui.play.help import diagram_view
from ui.play.player_input import click, play_text
from ui.play.saved_game import AI, HUMAN, Seat
from ui.play.session import Session
from ui.play.setup import FRIEND_CHOICE, HUMAN_CHOICE, SetupChoice, fields, read_choice, seat_choices, seat_labels

LEVELS = ("easy", "medium")


def play(game: str, *turns: str, **options) -> Session:
    session = Session(find_game(game), options)
    for text in turns:
        assert play_text(session, text), session.message
    return session


def test_fields_follow_the_option_specs() -> None:
    susan = {f.name: f for f in fields(find_game("susan"), {"size": 6})}
    assert susan["size"].choices == ("5", "6") and susan["size"].default == "6"
    stymie = fields(find_game("stymie"))[0]
    assert stymie.choices == tuple(str(n) for n in range(3, 13)) and stymie.default == "8"
    komi = fields(find_game("superstar"))[0]
    assert komi.choices == () and komi.default == "5.5" and komi.step == 0.5


def test_seat_labels_follow_the_player_count() -> None:
    spec = find_game("susan")
    assert seat_labels(spec, {"players": "3"}) == ["Black (moves first)", "White", "Red"]
    assert seat_labels(spec, {"players": "nonsense"}) == ["Black (moves first)", "White"]
    assert seat_choices([("easy", "Easy")]) == [(HUMAN_CHOICE, "Person"), ("easy", "Computer: Easy"),
                                                (FRIEND_CHOICE, "Friend, by link")]


def test_read_choice_checks_options_and_seats() -> None:
    ok = read_choice("stymie", {"size": "3"}, [HUMAN_CHOICE, "easy"], LEVELS)
    assert ok == SetupChoice("stymie", {"size": 3}, (Seat(HUMAN), Seat(AI, "easy")))
    assert "size" in read_choice("stymie", {"size": "13"}, [HUMAN_CHOICE] * 2, LEVELS)
    assert "2 seats" in read_choice("stymie", {}, [HUMAN_CHOICE] * 3, LEVELS)
    assert "Unknown player" in read_choice("stymie", {}, [HUMAN_CHOICE, "godlike"], LEVELS)
    assert "unknown game" in read_choice("chess", {}, [], LEVELS)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_s_help_diagram_draws_its_stones_and_highlight(game: str) -> None:
    spec = find_game(game)
    diagram = spec.presentation.help.diagram
    board, view = diagram_view(spec, diagram, LIGHT)
    assert sum(seat is not None for seat in view.occupants) == len(diagram.stones)
    assert view.highlight and all(view.occupants[c] is not None for c in view.highlight)


def test_a_played_session_reads_its_note_from_the_game() -> None:
    """The page asks the game's presentation, never the game's name."""
    s = play("lisbon", "h8")
    assert click(s, s.live.board.cell("a1"))
    assert s.spec.presentation.turn_note(s.live).startswith("1 more stone allowed;")
