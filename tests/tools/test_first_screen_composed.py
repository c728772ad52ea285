"""The first screen's words hold each language's translation of the front door's texts composed
from parts ("Play the computer: SUSAN", "Black (moves first)"), which no single message
translates, so assets/i18n.mjs shows them translated before Python runs (issue 56)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog

from pygame_core.registry import all_games
from tools.first_screen import front_door, write_first_screen
from tools.i18n import PageWords, composed_translations, compile_language
from ui.i18n import current

PAGE = '<dialog id="front-door-dialog"><h2>Play a game</h2></dialog>'
FRENCH = {"Play a game": "Jouer une partie", "Play the computer": "Jouer contre l'ordinateur",
          "{choice}: {game}": "{choice} : {game}", "Black": "Noir", "{player} (moves first)": "{player} (joue en premier)",
          "New to {game}? Learn it in two minutes": "Vous découvrez {game} ? Apprenez-le en deux minutes"}


def french_catalog() -> Catalog:
    catalog = Catalog(locale="fr", fuzzy=False)
    for message, translation in FRENCH.items():
        catalog.add(message, translation, [("ui/play/front_door.py", 1)])
    return catalog


def test_the_texts_rendered_differently_are_paired_in_order() -> None:
    english = '<p aria-label="Play: A">Play</p><p>SUSAN</p><option>Black (moves first)</option>'
    french = '<p aria-label="Jouer : A">Jouer</p><p>SUSAN</p><option>Noir (joue en premier)</option>'
    assert composed_translations(english, french) == {
        "Play: A": "Jouer : A", "Play": "Jouer", "Black (moves first)": "Noir (joue en premier)"}


def test_the_first_screen_words_translate_the_door_s_composed_texts(tmp_path: Path) -> None:
    first = compile_language("fr", french_catalog(), tmp_path, PageWords.of(PAGE), rules=dict,
                             door=front_door, english_door=front_door())
    assert current().code == "en", "the build goes back to English"
    assert first["Play a game"] == "Jouer une partie", "a whole message, as before"
    assert first["Play the computer: SUSAN"] == "Jouer contre l'ordinateur : SUSAN"
    assert first["Play the computer: LISBON"] == "Jouer contre l'ordinateur : LISBON"
    assert first["Black (moves first)"] == "Noir (joue en premier)"
    assert first["New to STYMIE? Learn it in two minutes"] == "Vous découvrez STYMIE ? Apprenez-le en deux minutes"
    assert "Resume SUSAN" not in first, "a text the catalog leaves English is not sent"


def test_the_rules_templates_carry_the_game_s_title_not_english_words(tmp_path: Path) -> None:
    """Before boards.json has come, the first screen titles the rules from the template's
    data-title: the title alone, so it says "How to play {game}" in the page's language."""
    page = write_first_screen(tmp_path, (Path(__file__).resolve().parents[2] / "index.html").read_text())
    assert re.findall(r'<template[^>]*data-title="([^"]*)"', page) == [spec.title for spec in all_games()]
