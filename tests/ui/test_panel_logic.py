"""Side-panel logic that is not the controller: per-game notes, SUPERSTAR's count, the new-game
form and the rules help (every game has it, and its diagram is a legal-looking position)."""

from __future__ import annotations

import pytest

from pygame_core.registry import GAME_NAMES, all_games, find_game
from ui.board.theme import LIGHT
from ui.play.help import HELP, diagram_view, help_for
from ui.play.notes import score_table, turn_note
from ui.play.player_input import click, play_text
from ui.play.saved_game import AI, HUMAN, Seat
from ui.play.session import Session
from ui.play.setup import HUMAN_CHOICE, SetupChoice, fields, read_choice, seat_choices, seat_labels

LEVELS = ("easy", "medium")


def play(game: str, *turns: str, **options) -> Session:
    session = Session(find_game(game), options)
    for text in turns:
        assert play_text(session, text), session.message
    return session


def test_lisbon_note_counts_the_stones_left() -> None:
    s = play("lisbon", "h8")
    assert turn_note(s.live) == "White may place 1 to 2 stones this turn."
    assert click(s, s.live.board.cell("a1"))
    assert turn_note(s.live).startswith("1 more stone allowed this turn (up to 2)")


def test_stymie_note_names_the_turn_shapes_and_the_swap() -> None:
    s = play("stymie", "c3", size=3)
    note = turn_note(s.live)
    assert "a single, or an octagon and an adjacent square" in note and "Swap" in note
    assert "opens with a single" in turn_note(play("stymie", size=3).live)


def test_superstar_score_table_lists_scoring_chains_with_komi() -> None:
    s = play("superstar", "A5", "J10")
    table = score_table(s.live)
    assert table is not None and table.komi == "5.5"
    assert table.totals == (("White", "1"), ("Black", "5.5"))
    assert [(r.side, r.where, r.star, r.points) for r in table.chains] == [("White", "A5", 1, 1)]
    assert score_table(play("susan").live) is None


def test_superstar_note_warns_after_a_pass() -> None:
    s = play("superstar", "pass")
    assert "another pass ends the game" in turn_note(s.live)


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
    assert seat_choices([("easy", "Easy")]) == [(HUMAN_CHOICE, "Person"), ("easy", "Computer: Easy")]


def test_read_choice_checks_options_and_seats() -> None:
    ok = read_choice("stymie", {"size": "3"}, [HUMAN_CHOICE, "easy"], LEVELS)
    assert ok == SetupChoice("stymie", {"size": 3}, (Seat(HUMAN), Seat(AI, "easy")))
    assert "size" in read_choice("stymie", {"size": "13"}, [HUMAN_CHOICE] * 2, LEVELS)
    assert "2 seats" in read_choice("stymie", {}, [HUMAN_CHOICE] * 3, LEVELS)
    assert "Unknown player" in read_choice("stymie", {}, [HUMAN_CHOICE, "godlike"], LEVELS)
    assert "unknown game" in read_choice("chess", {}, [], LEVELS)


def test_every_registered_game_has_help_with_a_diagram() -> None:
    assert set(GAME_NAMES) <= set(HELP)
    for spec in all_games():
        content = help_for(spec.name)
        assert content.summary and content.sections and content.diagram.caption
        board, view = diagram_view(content, LIGHT)
        assert sum(seat is not None for seat in view.occupants) == len(content.diagram.stones)
        assert view.highlight and all(view.occupants[c] is not None for c in view.highlight)


@pytest.mark.parametrize("game", ["susan", "lisbon"])
def test_help_diagrams_show_what_their_caption_claims(game: str) -> None:
    """The diagram's highlighted stones really are the deciding ones: replaying the diagram's
    stones as a position gives the outcome the caption describes."""
    content = help_for(game)
    spec = find_game(game)
    state = spec.new_game(content.diagram.options)
    board = state.board
    if game == "susan":
        centre = board.cell("e5")
        assert all(board.names[n] in content.diagram.stones for n in board.neighbours[centre])
    else:
        ring = {board.cell(n) for n in content.diagram.highlight}
        assert set(board.neighbours[board.cell("h8")]) == ring
