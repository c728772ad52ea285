"""Issue 56: the Language switch beside Theme, and the language on the links a page makes.

A player on a French page (`?lang=fr`) with a game under way picks Deutsch: the page reloads in
German (`<html lang="de">`, the page's Python speaking it), with the game kept and no `lang` left
in the address to override the choice, and stays German on the next visit. A game by link opened
on a page whose player chose French offers embed code that opens a French board (`lang=fr`).

The site's catalogs for the page's Python are replaced here by small made-up ones, so the test
sees a Python text translated without depending on how a translator words it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.harness import TrafficMonitor, start_embed, wait_until_playable, wait_until_ready
from e2e.helpers import box, moves, play
from e2e.language_site import mo_bytes, served_with
from pygame_core.record import Record
from pygame_core.registry import find_game
from tools.serve import SiteServer
from ui.saves.correspondence import encode_link

LANGUAGE_KEY = "abstract-games:language"   # ui/page/language_switch.py
TO_MOVE = "{player} to move."              # ui/play/view.py: the status line under the board
CATALOGS = {"de": {TO_MOVE: "{player} ist am Zug."}, "fr": {TO_MOVE: "Au tour de {player}."}}


@pytest.fixture
def site(built_site: Path, tmp_path: Path, make_server, monitor: TrafficMonitor) -> SiteServer:
    """The built site with the made-up German and French catalogs for the page's Python."""
    catalogs = {code: mo_bytes(code, messages) for code, messages in CATALOGS.items()}
    return served_with(catalogs, built_site, tmp_path / "site", make_server, monitor)


def cells_played(page: Page) -> list[str]:
    """The moves' cells, which read the same in every language."""
    return [entry.split()[-1] for entry in moves(page)]


def test_choosing_deutsch_reloads_the_page_in_german_and_keeps_the_game(page: Page, site: SiteServer) -> None:
    page.goto(site.url + "?lang=fr")
    wait_until_playable(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#language")).to_have_value("fr")
    expect(page.locator("#status")).to_contain_text("Au tour de")
    assert page.eval_on_selector_all("#language option", "os => os.map(o => o.textContent)") == [
        "English", "Português", "Nederlands", "Deutsch", "Español", "Français"]
    play(page, "c3", "d4")

    with page.expect_navigation():
        page.select_option("#language", "de")
    wait_until_ready(page)
    assert page.url == site.url                      # no lang left to override the choice
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#language")).to_have_value("de")
    expect(page.locator("#status")).to_contain_text("ist am Zug")   # the page's Python speaks German
    assert page.is_hidden("#language-notice")
    assert cells_played(page) == ["c3", "d4"]       # the game in progress, kept by the autosave
    assert page.evaluate(f"localStorage.getItem('{LANGUAGE_KEY}')") == "de"

    page.reload()                                    # the choice is remembered
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#status")).to_contain_text("ist am Zug")
    assert cells_played(page) == ["c3", "d4"]


def test_the_embed_code_made_on_a_french_page_opens_a_french_board(page: Page, site: SiteServer) -> None:
    record = Record("susan", find_game("susan").resolve_options({}), ("d6",))
    page.add_init_script(f"localStorage.setItem('{LANGUAGE_KEY}', 'fr')")   # the player chose French
    page.goto(site.url + "#" + encode_link("g7Hx2", record))
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#link-panel")).to_be_visible()
    embed = page.input_value("#link-embed")
    assert f'src="{site.url}?embed=1&lang=fr&pos=susan-' in embed
    play(page, "c3")                                 # the friend's turn: the link to send them
    expect(page.locator("#link-send")).to_be_visible()
    assert page.input_value("#link-url").startswith(site.url + "?lang=fr#c1.g7Hx2.")

    page.goto(embed.split('src="', 1)[1].split('"', 1)[0])   # the board in a blog post
    start_embed(page.main_frame)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#status")).to_contain_text("Au tour de")
    expect(page.locator("#language")).to_be_hidden()          # an embed shows no switch
    assert page.eval_on_selector("#language", "select => select.options.length") == 0
    assert f"{site.url}?lang=fr#r" in (page.get_attribute("#embed-full-page", "href") or "")


def test_a_damaged_catalog_leaves_the_page_s_python_english_with_one_notice(
        page: Page, built_site: Path, tmp_path: Path, make_server, monitor: TrafficMonitor) -> None:
    damaged = mo_bytes("de", CATALOGS["de"])[:40]   # cut short, as by a broken download
    site = served_with({"de": damaged}, built_site, tmp_path / "site", make_server, monitor)
    page.goto(site.url + "?lang=de")
    wait_until_playable(page)
    expect(page.locator("#language-notice")).to_have_text(
        "Deutsch could not be loaded in full, so some of the page is in English for now. "
        "Reload the page to try again.")
    expect(page.locator("#status")).to_contain_text("to move")   # the page's Python speaks English
    play(page, "c3")                                             # and the page plays on


def test_on_a_phone_the_switch_fits_beside_theme_in_a_long_language(phone: Page, site: SiteServer) -> None:
    """Four toggles do not fit one row at 390 px: they wrap, and nothing makes the page wider."""
    phone.goto(site.url + "?lang=pt")
    wait_until_playable(phone)
    language = box(phone, "#language")
    assert language["x"] >= 0 and language["x"] + language["width"] <= 390
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    expect(phone.locator("#language")).to_be_in_viewport()
