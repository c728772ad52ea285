"""Issue 56: the play page's own texts in the player's language. A player on a French page
(`?lang=fr`) plays a move: the move list, the saves panel and its status line speak French (a
plural among them), and the line under the status that has nothing to say stays empty (gettext's
translation of an empty text is the catalog's header, which it showed there before).

The site's French catalog for the page's Python is replaced by a small made-up one, so the test
does not depend on how a translator words a message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.harness import TrafficMonitor, wait_until_playable
from e2e.helpers import play
from e2e.language_site import mo_bytes
from e2e.language_site import served_with
from tools.serve import SiteServer

FRENCH = {
    "Start": "Début",
    "Saves, sharing and export": "Parties, partage et export",
    "Make share link": "Créer un lien de partage",
    ("Share link ready to copy ({n} character).", "Share link ready to copy ({n} characters)."):
        ("Lien prêt à copier ({n} caractère).", "Lien prêt à copier ({n} caractères)."),
    ("Share link copied ({n} character).", "Share link copied ({n} characters)."):
        ("Lien de partage copié ({n} caractère).", "Lien de partage copié ({n} caractères)."),
}


@pytest.fixture
def french_site(built_site: Path, tmp_path: Path, make_server, monitor: TrafficMonitor) -> SiteServer:
    """The built site with the made-up French catalog for the page's Python."""
    return served_with({"fr": mo_bytes("fr", FRENCH)}, built_site, tmp_path / "site", make_server, monitor)


def test_a_french_page_shows_the_move_list_and_saves_panel_in_french(page: Page, french_site: SiteServer) -> None:
    page.goto(french_site.url + "?lang=fr")
    wait_until_playable(page)
    play(page, "c3")
    expect(page.locator("#moves button").first).to_have_text("Début")
    expect(page.locator("#message")).to_have_text("")   # not the catalog's header
    page.click("#saves-panel > summary")
    expect(page.locator("#saves-panel > summary")).to_have_text("Parties, partage et export")
    expect(page.locator("#share-button")).to_have_text("Créer un lien de partage")
    page.click("#share-button")   # ready to copy, then copied where the browser lets the page copy
    characters = len(page.input_value("#share-link"))
    expect(page.locator("#saves-status")).to_have_text(re.compile(
        rf"^Lien (prêt à copier|de partage copié) \({characters} caractères\)\.$"))
