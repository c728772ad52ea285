"""The core's texts in the player's language: move errors, outcomes, rules help and names are
marked in pygame_core and come out translated through ui.i18n.say once a catalog is installed."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from pygame_core.ai.levels import LEVELS
from pygame_core.errors import IllegalMoveError
from pygame_core.facets import whole_number
from pygame_core.games.susan.position import SLIDES
from pygame_core.puzzles.catalog import root_state, shipped
from pygame_core.registry import find_game
from ui.i18n import say, use_catalog

FRENCH = {
    "{cell} is occupied by {side}": "{cell} est occupée par {side}",
    "Black": "Noir",
    "White": "Blanc",
    "{move}: {reason}": "{move} : {reason}",
    "{side} surrounded {cells}": "{side} a encerclé {cells}",
    "Your turn": "À vous de jouer",
    "Vert": "Vertical",
    "Slides in a row": "Glissements d'affilée",
    "{side} passed: another pass ends the game and counts it.": "{side} a passé : un autre passe finit la partie.",
    "Black's total includes komi {komi}.": "Le total de Noir comprend un komi de {komi}.",
    "{side} to play and win in {moves}": "{side} joue et gagne en {moves}",
    "{side} to play and win": "{side} joue et gagne",
    "{goal}, with {cells} already placed this turn: place the rest": "{goal} ; déjà posées : {cells}",
    "{items} and {last}": "{items} et {last}",
    "Expert": "Expert·e",
    "{facet} must be a whole number from {low} to {high}, not {value}":
        "{facet} : un nombre entier de {low} à {high}, pas {value}",
}
PLURALS = {("{n} more stone allowed; to stop, tap End turn or the last stone again.",
            "{n} more stones allowed; to stop, tap End turn or the last stone again."): ("encore {n} pierre", "encore {n} pierres"),
           ("{n} slide in a row", "{n} slides in a row"): ("{n} glissement d'affilée", "{n} glissements d'affilée"),
           ("{side} may place at most {n} stone on turn {turn}", "{side} may place at most {n} stones on turn {turn}"):
           ("{side} peut poser au plus {n} pierre au tour {turn}", "{side} peut poser au plus {n} pierres au tour {turn}")}


@pytest.fixture
def french() -> Iterator[None]:
    catalog = Catalog(locale="fr")
    for english, french in FRENCH.items():
        catalog.add(english, french)
    for ids, forms in PLURALS.items():
        catalog.add(ids, forms)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    use_catalog("fr", buffer.getvalue())
    yield
    use_catalog("en")


def test_a_refused_move_is_said_in_the_players_language(french: None) -> None:
    state = find_game("susan").new_game().play_turn("e5")
    with pytest.raises(IllegalMoveError) as caught:
        state.play_turn("e5")
    assert say(caught.value.reason) == "e5 est occupée par Noir"
    assert say(caught.value.message) == "'e5' : e5 est occupée par Noir"


def test_a_count_in_a_reason_takes_the_languages_plural(french: None) -> None:
    state = find_game("lisbon").new_game().play_turn("f6")
    with pytest.raises(IllegalMoveError) as caught:
        state.play_turn("c3,h8,k10")
    assert say(caught.value.reason) == "Blanc peut poser au plus 2 pierres au tour 2"


def test_an_outcome_and_the_rules_and_the_names_are_translated(french: None) -> None:
    state = find_game("susan").new_game()
    for move in "e5 d4 a1 d5 a2 e4 a3 e6 a4 f4 b1 f5".split():
        state = state.play_turn(move)
    assert state.outcome is not None and say(state.outcome.reason) == "Blanc a encerclé e5"
    stymie = find_game("stymie")
    assert stymie.presentation.help is not None and say(stymie.presentation.help.sections[0].heading) == "À vous de jouer"
    assert say(stymie.player_names({})[0]) == "Vertical"
    assert say(SLIDES.label) == "Glissements d'affilée"


def test_the_notes_about_the_turn_and_the_count_are_translated(french: None) -> None:
    superstar = find_game("superstar").new_game().play_turn("pass")
    assert say(superstar.spec.presentation.turn_note(superstar)) == "Blanc a passé : un autre passe finit la partie."
    table = superstar.spec.presentation.score_table(superstar)
    assert table is not None and say(table.note) == "Le total de Noir comprend un komi de 5,5."   # the number as French writes it
    lisbon = find_game("lisbon").new_game().play_turn("f6")
    lisbon = lisbon.apply(lisbon.parse_turn("c3")[0])   # one stone of two: the turn goes on
    assert say(lisbon.spec.presentation.turn_note(lisbon)) == "encore 1 pierre"


def test_a_puzzles_goal_and_a_levels_name_are_translated(french: None) -> None:
    pending = next(puzzle for puzzle in shipped() if len(puzzle.pending) > 1 and puzzle.kind == "win")
    state = root_state(pending)
    side = say(state.player_name(state.to_move))
    cells = ", ".join(pending.pending[:-1]) + " et " + pending.pending[-1]
    goal = f"{side} joue et gagne" + ("" if pending.moves == 1 else f" en {pending.moves}")
    assert say(pending.goal_text(state)) == f"{goal} ; déjà posées : {cells}"
    assert say(LEVELS["expert"].label) == "Expert·e"


def test_a_position_problem_names_its_facet_in_the_language(french: None) -> None:
    problems: list[str] = []
    whole_number({"slides": "7"}, SLIDES, 0, 6, problems)
    assert problems == ["slides in a row must be a whole number from 0 to 6, not '7'"]
    assert say(problems[0]) == "Glissements d'affilée : un nombre entier de 0 à 6, pas '7'"


def test_english_stays_the_english(french: None) -> None:
    use_catalog("en")
    state = find_game("susan").new_game().play_turn("e5")
    with pytest.raises(IllegalMoveError) as caught:
        state.play_turn("e5")
    assert say(caught.value.reason) == caught.value.reason == "e5 is occupied by Black"


