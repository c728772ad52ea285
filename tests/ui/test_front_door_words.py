"""The front door's texts composed from parts (the seats, the buttons' accessible names, Learn)
in the page's language once Python has the door (issue 56): the build writes the door in English,
and the page's Python writes those texts again from its catalog, so none stays English."""

from __future__ import annotations

from typing import Any

from fake_dom import Document, Window, stub_browser_modules
from tiny_catalog import speaking_french

from pygame_core.ai.levels import DEFAULT_LEVEL, LEVELS
from pygame_core.registry import all_games, find_game
from ui.play.front_door import front_door_html

FRENCH: dict[str | tuple[str, str], str | tuple[str, str]] = {
    "Black": "Noir", "{player} (moves first)": "{player} (joue en premier)", "Random": "Au hasard",
    "Play the computer": "Jouer contre l'ordinateur", "{choice}: {game}": "{choice} : {game}",
    "Resume {game}": "Reprendre {game}",
    "New to {game}? Learn it in two minutes": "Vous découvrez {game} ? Apprenez-le en deux minutes"}


def built_page() -> Any:
    """A page whose front door the build wrote, in English (as index.html ships it)."""
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.page.saves_panel import mount
    from ui.play.session import Session

    document, window = Document(), Window()
    document.getElementById("front-door-games").innerHTML = front_door_html(
        all_games(), [(each.name, each.label) for each in LEVELS.values()], DEFAULT_LEVEL, lambda spec: "")
    with speaking_french(FRENCH):
        page = PlayPage(document, window, Session(find_game("susan")))
        page.saves = mount(page)
        page.open_front_door()
    return page


def block(page: Any, game: str) -> Any:
    return page.dom.by_id("front-door-games").querySelector(f'section[data-game="{game}"]')


def test_python_writes_the_composed_texts_of_an_english_door_in_the_page_s_language() -> None:
    susan = block(built_page(), "susan")
    assert susan.querySelector(".front-door-computer").getAttribute("aria-label") == "Jouer contre l'ordinateur : SUSAN"
    assert susan.querySelector(".front-door-resume").getAttribute("aria-label") == "Reprendre SUSAN"
    seats = [option.textContent for option in susan.querySelector(".front-door-seat").querySelectorAll("option")]
    assert seats == ["Noir (joue en premier)", "White", "Au hasard"]
    assert susan.querySelector(".front-door-learn").textContent == \
        "Vous découvrez SUSAN ? Apprenez-le en deux minutes"
