"""The Language switch (ui/page/language_switch.py): every language by its own name, the page's
shown; a choice is remembered and the page reloads without a `lang` in its address to override
it; where the browser refuses to remember, the address carries the choice and the game."""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from test_choice_memory import Backend, FullBackend
from pygame_core.registry import find_game
from ui.i18n import use_catalog
from ui.saves.share import decode
from ui.saves.storage import BrowserStorage

stub_browser_modules()
from ui.page.language_switch import LANGUAGE_KEY, LanguageSwitch, reload_address  # noqa: E402


class Location:
    """window.location: where the page went, and how."""

    def __init__(self, href: str) -> None:
        self.href = href
        self.went: list[tuple[str, str]] = []

    def replace(self, address: str) -> None:
        self.went.append(("replace", address))

    def reload(self) -> None:
        self.went.append(("reload", self.href))


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_catalog("en")


def a_page(href: str) -> Any:
    """The little of the page the switch uses: its document, window and game."""
    from ui.page.dom_helpers import Dom
    from ui.play.session import Session

    window = Window()
    window.location = Location(href)
    session = Session(find_game("susan"))
    for turn in ("c3", "d4"):
        session.play_turn(session.turn_start.parse_turn(turn))
    return types.SimpleNamespace(dom=Dom(Document(), window), session=session)


@pytest.mark.parametrize(("href", "lang", "address"), [
    ("http://site.test/", None, "http://site.test/"),
    ("http://site.test/?lang=fr", None, "http://site.test/"),
    ("http://site.test/?analysis=1&lang=fr&game=lisbon&lang=pt", None, "http://site.test/?analysis=1&game=lisbon"),
    ("http://site.test/games/?lang=%3Cscript%3E#c1.x.r1", None, "http://site.test/games/#c1.x.r1"),
    ("http://site.test/?lang=fr", "de", "http://site.test/?lang=de"),
    ("http://site.test/?theme=dark", "nl", "http://site.test/?theme=dark&lang=nl"),
])
def test_the_reload_drops_lang_from_the_address_unless_it_must_carry_it(href: str, lang: str | None,
                                                                        address: str) -> None:
    assert reload_address(href, lang) == address


def test_the_switch_lists_every_language_by_its_own_name_and_shows_the_page_s() -> None:
    use_catalog("pt")
    page = a_page("http://site.test/")
    switch = LanguageSwitch(page, BrowserStorage(Backend()))
    options = switch.select.children
    assert [(o.attributes["value"], o.textContent) for o in options] == [
        ("en", "English"), ("pt", "Português"), ("nl", "Nederlands"), ("de", "Deutsch"), ("es", "Español"),
        ("fr", "Français")]
    assert [o.attributes["lang"] for o in options] == ["en", "pt", "nl", "de", "es", "fr"]
    assert switch.select.value == "pt"


def test_a_choice_is_remembered_and_the_page_reloads_without_lang() -> None:
    page = a_page("http://site.test/?lang=fr")
    backend = Backend()
    switch = LanguageSwitch(page, BrowserStorage(backend))
    switch.select.fire("change", target=types.SimpleNamespace(value="de"))
    assert backend.items[LANGUAGE_KEY] == "de"
    assert page.dom.window.location.went == [("replace", "http://site.test/")]


def test_the_same_address_is_reloaded() -> None:
    page = a_page("http://site.test/#r1.abc")
    LanguageSwitch(page, BrowserStorage(Backend())).select.fire("change", target=types.SimpleNamespace(value="nl"))
    assert page.dom.window.location.went == [("reload", "http://site.test/#r1.abc")]


def test_the_language_already_spoken_or_an_unknown_one_changes_nothing() -> None:
    page = a_page("http://site.test/")
    backend = Backend()
    switch = LanguageSwitch(page, BrowserStorage(backend))
    for value in ("en", "<b>xx</b>"):
        switch.select.fire("change", target=types.SimpleNamespace(value=value))
    assert LANGUAGE_KEY not in backend.items and page.dom.window.location.went == []


@pytest.mark.parametrize("storage", [BrowserStorage(FullBackend()), BrowserStorage(None)], ids=["full", "denied"])
def test_where_the_choice_cannot_be_kept_the_address_carries_it_and_the_game(storage: BrowserStorage) -> None:
    page = a_page("http://site.test/?theme=dark")
    LanguageSwitch(page, storage).select.fire("change", target=types.SimpleNamespace(value="es"))
    [(how, address)] = page.dom.window.location.went
    base, fragment = address.split("#")
    assert (how, base) == ("replace", "http://site.test/?theme=dark&lang=es")
    assert decode(fragment).turns == ("c3", "d4")
