"""Issue 56 item 5: a tour of the real site in each language, with the real catalogs, on a phone.

Per language a browser that prefers it (navigator.languages, Playwright's `locale`) opens the
front door, plays one turn against the computer (Easy) and sees its reply, reviews that game,
opens the New game form, the rules, reads LISBON's and STYMIE's notes on a turn under way to
their end in the status box, does SUSAN's first lesson with the lesson's own solution,
runs axe on the front door and the lesson, and at each step finds nothing wider than the 390 px
screen and no text of the catalog left in its English; then, offline, the page boots again in
that language. A page opened with `?lang=<code>` by an English browser shows the front door in it too.

The words expected are the built site's own catalogs (i18n/<code>.mo read through ui.i18n, the
rules through ui.play.help), never translations typed here; and each is checked to differ from
the English, so a language whose catalog is missing or untranslated fails rather than passes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo
from playwright.sync_api import Browser, Page, ViewportSize, expect

from e2e.harness import TrafficMonitor, wait_until_offline_ready, wait_until_ready
from e2e.helpers import (AI_TIMEOUT_MS, HeldRuntime, new_game, overflowing, status_box_end_in_view, tap, violations,
                         wait_for_moves)
from pygame_core.registry import GAME_NAMES, find_game
from tools.serve import SiteServer
from ui.i18n import LANGUAGES, _, say, use_catalog
from ui.play.coach import review_progress
from ui.play.help import help_html
from ui.play.tutorials import tutorials

PHONE: ViewportSize = {"width": 390, "height": 844}
REVIEW_TIMEOUT_MS = 180_000   # the coach's worker starts on first use, on 2 busy cores
GAME = "susan"
# Every text a player reads or hears on the page: each shown element's own words, its accessible
# name, title, placeholder and picture text, and the options of a shown list, whitespace folded;
# none from a part marked translate="no" (game names, moves).
SHOWN_TEXTS = """() => {
    const fold = (text) => (text || '').replace(/\\s+/g, ' ').trim();
    const shown = (e) => { const box = e.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility === 'visible'; };
    const texts = new Set();
    for (const element of document.body.querySelectorAll('*')) {
        if (element.closest('[translate="no"], script, style, template')) continue;
        const owner = element.tagName === 'OPTION' ? element.closest('select') : element;
        if (!owner || !shown(owner)) continue;
        texts.add(fold([...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent).join(' ')));
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.add(fold(element.getAttribute(name)));
    }
    texts.delete('');
    return [...texts];
}"""
PLACEHOLDER = re.compile(r"\{\w+\}")
FIRST_HEADING = re.compile(r"<h3[^>]*>(.*?)</h3>", re.S)
class Words:
    """The texts the page should show in one language: its built catalog, checked against English."""

    def __init__(self, built_site: Path, code: str) -> None:
        self.code = code
        self.mo = (built_site / "i18n" / f"{code}.mo").read_bytes()
        translated = [message for message in read_mo(BytesIO(self.mo)) if message.id and message.string
                      and message.string != message.id]
        english = [form for message in translated
                   for form in (message.id if isinstance(message.id, (list, tuple)) else [message.id])]
        # the catalog's English texts: whole ones as they are, composed ones as a pattern (values
        # any words), those with at least a word of their own (not "{game}: {title}")
        self.whole = {form for form in english if "{" not in form}
        self.composed = [composed_pattern(form) for form in english
                         if "{" in form and re.search(r"[A-Za-z]{3}", PLACEHOLDER.sub("", form))]

    def in_english(self, shown: str) -> bool:
        """Whether `shown` is one of the catalog's texts as English writes it."""
        return shown in self.whole or any(pattern.fullmatch(shown) for pattern in self.composed)

    @contextmanager
    def speaking(self, code: str) -> Iterator[None]:
        use_catalog(code, self.mo if code == self.code else None)
        try:
            yield
        finally:
            use_catalog("en")

    def __call__(self, make: Callable[[], str]) -> str:
        """`make()` (any composition of `_`, `say`, ...) in the language, failing when it is the English."""
        with self.speaking("en"):
            english = make()
        with self.speaking(self.code):
            translated = make()
        assert translated != english, f"the {self.code} catalog leaves {english!r} in English"
        return translated

    def text(self, message: str, **values: Any) -> str:
        return self(lambda: _(message, **values))


def composed_pattern(message: str) -> re.Pattern[str]:
    """`message` with any words in its placeholders: "{player} to move." matches "Black to move."."""
    parts = PLACEHOLDER.split(message)
    return re.compile("(.+)".join(re.escape(part) for part in parts))


def first_heading(html: str) -> str:
    found = FIRST_HEADING.search(html)
    assert found is not None, "the rules have a section heading"
    return found.group(1)


def nothing_overflows(page: Page, where: str) -> None:
    found = overflowing(page, PHONE["width"])
    assert found == [], f"wider than {PHONE['width']} px {where}: {found}"


def nothing_in_english(page: Page, words: Words, where: str) -> None:
    """No text shown is a message of the catalog left in English (one it translates)."""
    english = sorted(text for text in page.evaluate(SHOWN_TEXTS) if words.in_english(text))
    assert english == [], f"in English {where} ({words.code}): {english}"


def looked_at(page: Page, words: Words, where: str) -> None:
    nothing_overflows(page, where)
    nothing_in_english(page, words, where)


def check_front_door(page: Page, words: Words) -> None:
    expect(page.locator("#front-door-dialog")).to_be_visible()
    expect(page.locator("#front-door-title")).to_have_text(words.text("Play a game"))
    expect(page.locator("#front-door-close")).to_have_text(words.text("Just show the board"))
    block = page.locator(f'#front-door-dialog section[data-game="{GAME}"]')
    expect(block.locator(".front-door-computer")).to_have_text(words.text("Play the computer"))


def play_a_turn(page: Page, words: Words) -> None:
    """Easy computer, you Black: your stone, its reply, and the status line says it is yours again."""
    block = page.locator(f'#front-door-dialog section[data-game="{GAME}"]')
    block.locator(".front-door-level").select_option("easy")
    block.locator(".front-door-seat").select_option("0")
    block.locator(".front-door-computer").click()
    expect(page.locator("#front-door-dialog")).to_be_hidden()
    tap(page, "e5")
    wait_for_moves(page, 2, timeout=AI_TIMEOUT_MS)
    you = find_game(GAME).new_game().player_name(0)
    expect(page.locator("#status")).to_have_text(words(lambda: _("{player} to move.", player=say(you))))


def new_game_form(page: Page, words: Words) -> None:
    """The New game form with each game's options and seats: the site's longest labels."""
    page.click("#new-game")
    page.wait_for_selector("#new-game-dialog[open]")
    for game in GAME_NAMES:
        page.select_option("#setup-game", game)
        looked_at(page, words, f"in the New game form for {game}")
    page.click("#setup-cancel")
    expect(page.locator("#new-game-dialog")).to_be_hidden()


def review(page: Page, words: Words) -> None:
    """The coach's review of the two turns: its closing line in the language."""
    page.click("#review-button")
    page.select_option("#review-depth", "quick")
    expect(page.locator("#review")).to_have_attribute("data-done", "1", timeout=REVIEW_TIMEOUT_MS)
    expect(page.locator("#review-progress")).to_have_text(words(lambda: review_progress(3, 3, "quick", True)))
    looked_at(page, words, "with the review open")
    page.click("#review-close")


def read_rules(page: Page, words: Words) -> None:
    spec = find_game(GAME)
    page.click("#help-button")
    expect(page.locator("#help-title")).to_have_text(words.text("How to play {game}", game=spec.title))
    heading = words(lambda: first_heading(help_html(spec, lambda diagram: "")))
    expect(page.locator("#help-dialog h3").first).to_have_text(heading)
    looked_at(page, words, "with the rules open")
    page.click("#help-close")


def turn_notes(page: Page, words: Words) -> None:
    """LISBON's and STYMIE's notes on a turn under way (the longest a player meets turn after
    turn), in the language, readable to their end in the status box; then a fresh SUSAN game."""
    for game, turns in (("lisbon", ("h1", "h2")), ("stymie", ("H8", "A1"))):
        new_game(page, game, seats=["human", "human"], replacing=True)
        state = find_game(game).new_game().play_turn(turns[0])
        state = state.apply(state.parse_turn(turns[1])[0])
        tap(page, *turns)
        note = state.spec.presentation.turn_note(state)
        expect(page.locator("#turn-note")).to_have_text(words(lambda note=note: say(note)))
        assert status_box_end_in_view(page), f"{game}'s turn note cannot be read to its end in {words.code}"
        looked_at(page, words, f"with a {game} turn under way")
    new_game(page, GAME, replacing=True)


def first_lesson(page: Page, words: Words) -> None:
    """SUSAN's lesson 1 from Learn, answered with its own solution, explained in the language."""
    lesson = tutorials(GAME)[0]
    page.click("#learn-button")
    page.wait_for_selector("#learn-dialog[open]")
    looked_at(page, words, "with Learn open")
    page.click(f"#learn-dialog button[data-lesson='{lesson.id}']")
    page.wait_for_function("id => document.getElementById('coach-bar').dataset.lesson === id", arg=lesson.id)
    expect(page.locator("#coach-goal")).to_have_text(words(lambda: say(lesson.text)))
    tap(page, *lesson.solution.turns[0].split(","))
    page.wait_for_function("document.getElementById('coach-bar').dataset.result === 'right'")
    expect(page.locator("#coach-note")).to_contain_text(words(lambda: say(lesson.solution.why)))
    looked_at(page, words, "with the lesson solved")


@pytest.mark.parametrize("code", [language.code for language in LANGUAGES if language.code != "en"])
def test_the_site_in_each_language_on_a_phone_and_offline(browser: Browser, monitor: TrafficMonitor,
                                                          site_server: SiteServer, built_site: Path,
                                                          code: str) -> None:
    words = Words(built_site, code)
    began = time.monotonic()

    by_query = monitor.watch(browser.new_context(viewport=PHONE, locale="en-US"))
    page = by_query.new_page()
    HeldRuntime(page)   # the front door's words come before Python: no need to boot it here
    page.goto(f"{site_server.url}?lang={code}")
    expect(page.locator("html")).to_have_attribute("lang", code)
    check_front_door(page, words)
    by_query.close()

    preferring = monitor.watch(browser.new_context(viewport=PHONE, locale=code, is_mobile=True, has_touch=True))
    page = preferring.new_page()
    page.goto(site_server.url)
    expect(page.locator("html")).to_have_attribute("lang", code)
    check_front_door(page, words)
    wait_until_ready(page)
    check_front_door(page, words)
    looked_at(page, words, "on the front door")
    assert violations(page) == [], f"axe on the front door in {code}"
    play_a_turn(page, words)
    looked_at(page, words, "after a turn against the computer")
    new_game_form(page, words)
    review(page, words)
    read_rules(page, words)
    turn_notes(page, words)
    first_lesson(page, words)
    assert violations(page) == [], f"axe in the lesson in {code}"

    wait_until_offline_ready(page)
    preferring.set_offline(True)
    page.reload()
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator("#new-game")).to_have_text(words.text("New game"))
    expect(page.locator("#help-button")).to_have_text(words.text("Rules"))
    page.click("#learn-button")   # the page's Python, with its catalog from the offline copy
    expect(page.locator("#learn-close")).to_have_text(words.text("Close"))
    preferring.close()
    print(f"\n{code}: the tour took {time.monotonic() - began:.1f} s")
