"""The play words (ui.play: the status line, the questions before an action, refusals, the
analysis and the coach's words) reach the player in their language: with a catalog installed,
whole sentences come out translated with their values in place, counts in the right plural form,
and the core's player names and reasons translated too. English stays the default."""

from __future__ import annotations

from tiny_catalog import speaking_french

from pygame_core.ai.explanation import Explanation, TopTurn
from pygame_core.ai.review import Evaluation
from pygame_core.puzzles.catalog import shipped
from pygame_core.registry import find_game
from test_storage import DeniedStorage, DictStorage
from ui.i18n import say
from ui.play.analysis import over_words
from ui.play.coach import chances_words, review_verdict
from ui.play.confirm import question
from ui.play.engine_words import progress_words, top_rows
from ui.play.front_door import front_door_html
from ui.play.help import help_html
from ui.play.moves import refusal
from ui.play.player_input import play_text
from ui.play.puzzles import FAILED, SOLVED, Progress, label
from ui.play.results import Tally
from ui.play.session import Session
from ui.play.setup import seat_labels
from ui.play.view import ending, status
from ui.saves.storage import BrowserStorage

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
    "certain: {player} wins": "certain : {player} gagne",
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
        assert progress_words(explanation(1234, 1), refining=True) == "1\u202f234 parties simulées · on affine…"
        assert top_rows(explanation(1234, 1))[0].figures == "1 partie simulée : trop peu pour juger"


def test_the_coach_verdict_and_chances_in_french() -> None:
    state = find_game("susan").new_game({})
    with speaking_french(FRENCH):
        assert review_verdict([], 2).startswith("Aucun coup n'a perdu 15 points")
        assert chances_words(state, Evaluation(-1, (0.0, 1.0), (), "", 0, True)) == "certain : Blanc gagne"


def test_the_rules_help_and_the_front_door_in_french() -> None:
    spec = find_game("susan")
    rules = spec.presentation.help
    assert rules is not None
    words: dict[str | tuple[str, str], str | tuple[str, str]] = {
        rules.summary: "Piégez une pierre adverse.", rules.sections[0].heading: "Votre tour",
        "Play the computer": "Jouer contre l'ordinateur", "{choice}: {game}": "{choice} : {game}",
        "New to {game}? Learn it in two minutes": "Vous découvrez {game} ? Apprenez-le en deux minutes"}
    with speaking_french(words):
        html = help_html(spec, lambda diagram: "")
        door = front_door_html([find_game("lisbon")], [("easy", "Easy")], "easy", lambda spec: "")
    assert '<p class="summary">Piégez une pierre adverse.</p>' in html and "<h3>Votre tour</h3>" in html
    assert ">Jouer contre l'ordinateur</button>" in door
    assert 'aria-label="Jouer contre l&#x27;ordinateur : LISBON"' in door
    assert "Vous découvrez LISBON ? Apprenez-le en deux minutes" in door


def test_the_record_the_puzzles_and_the_editor_in_french() -> None:
    words: dict[str | tuple[str, str], str | tuple[str, str]] = {
        ("{n} win", "{n} wins"): ("{n} victoire", "{n} victoires"),
        ("{n} loss", "{n} losses"): ("{n} défaite", "{n} défaites"),
        ("{number}. win in {n}", "{number}. win in {n}"): ("{number}. gagner en {n}", "{number}. gagner en {n}"),
        "{solved} of {total} solved, {missed} missed": "{solved} sur {total} résolus, {missed} manqués",
        "Progress is not kept here: the browser denies this page storage.":
            "La progression n'est pas gardée ici : le navigateur refuse le stockage à cette page.",
        "This position is over: {result} ({reason}).": "Cette position est finie : {result} ({reason}).",
        "Draw": "Nulle",
    }
    two_moves = next(puzzle for puzzle in shipped() if puzzle.kind == "win" and puzzle.moves == 2)
    progress = Progress(BrowserStorage(DictStorage()))
    progress.record("a", SOLVED)
    progress.record("b", FAILED)
    drawn = played("susan", "e5", "a1", "e5-e6", "a1-a2", "e6-e5", "a2-a1", "e5-e6", "a1-a2").live
    assert drawn.outcome is not None
    with speaking_french(words):
        assert Tally(wins=1, losses=2).words() == "1 victoire, 2 défaites"
        assert label(two_moves, 3) == "3. gagner en 2"
        assert progress.summary(["a", "b", "c"]) == "1 sur 3 résolus, 1 manqués"
        assert Progress(BrowserStorage(DeniedStorage())).note.startswith("La progression n'est pas gardée ici")
        assert over_words(drawn) == f"Cette position est finie : Nulle ({say(drawn.outcome.reason)})."
    assert Tally(wins=1, losses=2).words() == "1 win, 2 losses"



def test_every_option_label_is_a_message_of_the_catalogs() -> None:
    """A label made up from the option's name never reached the catalogs (German players read
    'Size'): each game names its options' labels, and the template holds them."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    from pygame_core.registry import GAMES
    from ui.play.setup import fields

    template = read_po((Path(__file__).parents[2] / "ui/locale/messages.pot").open("rb"))
    for name in GAMES:
        spec = find_game(name)
        assert all(option.label and option.label in template for option in spec.options), name
    with speaking_french({"Size": "Taille", "First": "Commence"}):
        labels = {field.name: field.label for field in fields(find_game("susan"))}
    assert labels["size"] == "Taille" and labels["first"] == "Commence"
