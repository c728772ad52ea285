"""The play words (ui.play: the status line, the questions before an action, refusals, the
analysis and the coach's words) reach the player in their language: with a catalog installed,
whole sentences come out translated with their values in place, counts in the right plural form,
and the core's player names and reasons translated too. English stays the default."""

from __future__ import annotations

from tiny_catalog import speaking_french

from pygame_core.ai.explanation import Explanation, TopTurn
from pygame_core.registry import find_game
from ui.play.coach import review_verdict
from ui.play.confirm import question
from ui.play.engine_words import progress_words, top_rows
from ui.play.moves import refusal
from ui.play.player_input import play_text
from ui.play.session import Session
from ui.play.setup import seat_labels
from ui.play.view import ending, status

FRENCH: dict[str | tuple[str, str], str | tuple[str, str]] = {
    "Black": "Noir",
    "White": "Blanc",
    "{player} to move.": "Au tour de {player}.",
    ("Start ({n} move recorded).", "Start ({n} moves recorded)."): ("Début ({n} coup joué).", "Début ({n} coups joués)."),
    "Resign this game?": "Abandonner cette partie ?",
    "{player} gives up and the game ends: {result}.": "{player} abandonne et la partie se termine : {result}.",
    "{player} wins": "{player} gagne",
    "{player} (moves first)": "{player} (joue en premier)",
    "{cell} is occupied by {side}": "{cell} est occupée par {side}",   # the rules' own reason (a Text)
    "{games}: too few to judge": "{games} : trop peu pour juger",
    ("{count} simulated game", "{count} simulated games"): ("{count} partie simulée", "{count} parties simulées"),
    "refining…": "on affine…",
    "{player} resigned": "{player} a abandonné",
    "No turn lost {threshold} points or more by the coach's estimate, and none threw away a proven result. "
    "The estimates move by a few points between searches: a deeper review may find more.":
        "Aucun coup n'a perdu {threshold} points ou plus selon l'estimation du coach.",
}


def played(game: str, *turns: str) -> Session:
    session = Session(find_game(game))
    for text in turns:
        assert play_text(session, text), session.message
    return session


def test_the_status_line_and_its_counts_in_french() -> None:
    session = played("susan", "e5", "d4")
    session.show(0)
    with speaking_french(FRENCH):
        assert status(session) == "Début (2 coups joués). Au tour de Noir."
        session.show(2)
        assert status(session) == "Au tour de Noir."
    assert status(session) == "Black to move."


def test_a_question_before_resigning_names_the_players_in_french() -> None:
    session = played("susan", "e5")
    with speaking_french(FRENCH):
        asked = question("resign", session)
        assert asked is not None
        assert asked.title == "Abandonner cette partie ?"
        assert asked.text == "Blanc abandonne et la partie se termine : Noir gagne."
        session.resign()
        assert ending(session) == ("Noir gagne", "Blanc a abandonné.")


def test_a_refused_tap_and_the_seat_labels_in_french() -> None:
    session = played("susan", "e5")
    state = session.live
    e5 = state.board.cell("e5")
    assert e5 is not None
    with speaking_french(FRENCH):
        assert refusal(state, state, (), e5) == "e5 est occupée par Noir."
        assert seat_labels(session.spec, {}) == ["Noir (joue en premier)", "Blanc"]
    assert refusal(state, state, (), e5) == "e5 is occupied by Black."


def explanation(iterations: int, visits: int) -> Explanation:
    return Explanation(to_move=0, value=0.5, exact=False, winner=-1, wins_in=0, line=(), line_text=(), line_turns=(),
                       top=(TopTurn((0,), "e5", visits, 0.5, False),), threat_seat=-1, threats=(),
                       iterations=iterations)


def test_the_analysis_figures_use_the_plural_forms() -> None:
    with speaking_french(FRENCH):
        assert progress_words(explanation(1, 1), refining=True) == "1 partie simulée · on affine…"
        assert progress_words(explanation(1234, 1), refining=True) == "1,234 parties simulées · on affine…"
        assert top_rows(explanation(1234, 1))[0].figures == "1 partie simulée : trop peu pour juger"


def test_the_coach_verdict_in_french() -> None:
    with speaking_french(FRENCH):
        assert review_verdict([], 2).startswith("Aucun coup n'a perdu 15 points")
