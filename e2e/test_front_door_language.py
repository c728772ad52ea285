"""Issue 56: the front door's texts composed from parts (a seat "Black (moves first)", a button's
name "Play the computer: SUSAN", "New to SUSAN? Learn it in two minutes") are in the page's
language from the first paint, before Python is there, and stay so once it has taken over.

The build writes the door in English; the first screen's words (inline in the page) hold each
language's translation of those texts, and the page's Python writes them again from its catalog.
The words expected are the real catalogs' (the built site's i18n/<code>.mo, read here through
ui.i18n), so the test follows the translators' wording; the runtime is held back by a route, so
"before Python" is a state the test controls. The move box's example ("e5 or f6-f7"), which
Python writes, comes from a made-up catalog: the moves stay as typed, the "or" is translated."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from e2e.harness import TrafficMonitor, wait_until_ready
from e2e.language_site import served_with
from e2e.helpers import HeldRuntime
from pygame_core.registry import GAME_NAMES, find_game
from tools.i18n import mo_of
from tools.serve import SiteServer
from ui.i18n import use_catalog
from ui.play.front_door import CHOICES, LEARN, RESUME, choice_name, learn_words, resume_name, seat_choices


def door_words(game: str) -> dict[str, object]:
    """What the game's block shows, composed in the language installed."""
    spec = find_game(game)
    return {"names": [choice_name(words, spec) for _kind, words in CHOICES] + [resume_name(spec)],
            "seats": [label for _value, label in seat_choices(spec)],
            "learn": learn_words(spec) if spec.lessons is not None else None}


def expected(built_site: Path, code: str) -> dict[str, dict[str, object]]:
    use_catalog(code, (built_site / "i18n" / f"{code}.mo").read_bytes())
    try:
        return {game: door_words(game) for game in GAME_NAMES}
    finally:
        use_catalog("en")


def shown(block: Locator) -> dict[str, object]:
    learn = block.locator(f".{LEARN}")
    return {"names": [block.locator(f".{kind}").get_attribute("aria-label") for kind, _words in CHOICES]
            + [block.locator(f".{RESUME}").get_attribute("aria-label")],
            "seats": block.locator(".front-door-seat option").all_text_contents(),
            "learn": learn.inner_text() if learn.count() else None}


def shown_door(page: Page) -> dict[str, dict[str, object]]:
    return {game: shown(page.locator(f'#front-door-dialog section[data-game="{game}"]')) for game in GAME_NAMES}


@pytest.mark.parametrize("code", ["pt", "de"])
def test_the_composed_texts_are_translated_before_python_and_after(page: Page, site_server: SiteServer,
                                                                   built_site: Path, code: str) -> None:
    words = expected(built_site, code)
    english = {game: door_words(game) for game in GAME_NAMES}
    assert words["susan"]["names"] != english["susan"]["names"], f"the {code} catalog translates the door"
    held = HeldRuntime(page)
    page.goto(f"{site_server.url}?lang={code}")
    page.wait_for_selector("#front-door-dialog[open]")
    assert page.get_attribute("body", "data-state") == "loading"
    assert shown_door(page) == words, "translated before Python"

    held.release()
    wait_until_ready(page)
    assert shown_door(page) == words, "and so once Python has the door"


def test_the_move_box_suggests_moves_as_typed_in_the_page_s_words(page: Page, built_site: Path, make_server,
                                                                    monitor: TrafficMonitor,
                                                                    tmp_path: Path) -> None:
    catalog = mo_of({"{move} or {another}": "{move} ou bien {another}"}, "fr")
    site = served_with({"fr": catalog}, built_site, tmp_path / "site", make_server, monitor)
    page.goto(f"{site.url}?lang=fr&game=susan")
    wait_until_ready(page)
    assert page.get_attribute("#move-input", "placeholder") == "e5 ou bien f6-f7"
