"""What asks before it acts (ui.play.confirm): resigning, replacing a game in progress and a
pass that ends the game; nothing else. Why: one stray click must not end or lose a game."""

from __future__ import annotations

from pygame_core.game import PASS
from pygame_core.registry import find_game
from ui.play.confirm import question
from ui.play.player_input import play_text, press
from ui.play.saved_game import AI, Seat
from ui.play.session import Session
from ui.play.view import board_view, final_outcome
from ui.board.theme import LIGHT


def played(game: str, *turns: str, seats: tuple[Seat, ...] | None = None) -> Session:
    session = Session(find_game(game), seats=seats)
    for text in turns:
        assert play_text(session, text), session.message
    return session


def test_resign_asks_and_names_the_winner() -> None:
    asked = question("resign", played("susan", "e5"))
    assert asked is not None and asked.go_ahead == "Resign"
    assert asked.text == "White gives up and the game ends: Black wins."


def test_resign_against_the_computer_gives_up_for_the_person() -> None:
    session = played("susan", "e5", seats=(Seat(), Seat(AI, "easy")))   # the computer is to move
    asked = question("resign", session)
    assert asked is not None and asked.text.startswith("Black gives up")


def test_nothing_to_ask_when_resigning_cannot_happen() -> None:
    over = played("susan", "a2", "a1", "b1", "i5", "b2")
    assert over.is_over and question("resign", over) is None
    back = played("susan", "e5", "a1")
    back.goto(1)
    assert question("resign", back) is None


def test_new_game_asks_only_over_a_game_in_progress() -> None:
    assert question("new-game", Session(find_game("susan"))) is None        # no move yet
    asked = question("new-game", played("susan", "e5", "a1"))
    assert asked is not None and "(2 moves, not finished)" in asked.text
    finished = played("susan", "a2", "a1", "b1", "i5", "b2")
    finished.goto(0)                          # reviewing a finished game: nothing to lose
    assert question("new-game", finished) is None and final_outcome(finished) is not None
    resigned = played("susan", "e5")
    resigned.resign()
    assert question("new-game", resigned) is None


def test_a_pass_that_ends_the_game_says_the_result() -> None:
    session = played("superstar", "A5")
    assert question("pass", session) is None          # the first pass does not end it
    assert press(session, PASS)
    asked = question("pass", session)
    assert asked is not None and asked.go_ahead == "Pass"
    assert asked.text == "Passing now ends the game: White 1 – Black 5.5. Black wins."
    assert not session.is_over                        # asking changed nothing


def test_a_pass_in_a_game_without_passes_asks_nothing() -> None:
    assert question("pass", played("susan", "e5")) is None


def test_resign_clears_a_stale_message() -> None:
    session = played("susan", "e5", seats=(Seat(), Seat(AI, "easy")))
    session.message = "It is the computer's move."
    assert session.resign() and session.message == ""


def test_a_finished_superstar_board_rings_every_scoring_chain_of_both_sides() -> None:
    session = played("superstar", "A5", "E1", "pass", "pass")
    table = session.spec.presentation.score_table(session.live)
    assert table is not None and {row[0] for row in table.rows} == {"White A5", "Black E1"}
    assert session.outcome is not None and session.outcome.winners == (1,)   # Black wins on komi
    names = session.live.board.names
    assert {names[c] for c in board_view(session, LIGHT).highlight} == {"A5", "E1"}   # the loser's too


# --- the end-of-game panel's words (ui.play.view.ending) ----------------------------------------

def test_the_ending_names_result_and_reason_and_stays_while_reviewing() -> None:
    from ui.play.view import Ending, ending
    game = played("susan", "a2", "a1", "b1", "i5", "b2")
    assert ending(game) == Ending("Black wins", "Black surrounded a1.")
    game.goto(0)
    assert ending(game) == Ending("Black wins", "Black surrounded a1.")
    assert ending(played("susan", "e5")) is None
    resigned = played("susan", "e5")
    resigned.resign()
    assert ending(resigned) == Ending("Black wins", "White resigned.")


def test_a_typed_pass_is_known_as_a_pass_and_other_text_is_not() -> None:
    from ui.play.confirm import typed_kind

    session = played("superstar", "A5", "pass")
    assert typed_kind(session, " PASS ") == "pass" and question("pass", session) is not None
    assert typed_kind(session, "J10") is None and typed_kind(session, "nonsense") is None
    assert typed_kind(played("susan"), "pass") is None  # SUSAN has no pass: the rules refuse it


def test_opening_a_save_asks_only_over_a_game_in_progress() -> None:
    assert question("load", Session(find_game("susan"))) is None
    asked = question("load", played("susan", "e5", "a1"))
    assert asked is not None and asked.go_ahead == "Open it"
    assert "(2 moves, not finished) is replaced by the game you open" in asked.text
    assert question("load", played("susan", "a2", "a1", "b1", "i5", "b2")) is None   # finished
