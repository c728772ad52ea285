"""Issue 56: a French player meets the page's parts in French: the analysis board's bar and what
it says (a text with the game's name in it), the rules dialog's title and Learn.

The site's French catalog for the page's Python is replaced here by a small made-up one, so the
test sees the texts translated without depending on how a translator words them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.harness import TrafficMonitor
from e2e.language_site import mo_bytes, served_with
from tools.browser_harness import wait_until_ready
from tools.serve import SiteServer

FRENCH = {
    "Analysis board": "Plateau d'analyse",
    "Edit position": "Modifier la position",
    "An empty {game} board: Edit position sets one up.": "Un plateau {game} vide : Modifier la position en prépare un.",
    "How to play {game}": "Comment jouer à {game}",
    "Learn": "Apprendre",
    "Guided replays": "Parties commentées",
}


@pytest.fixture
def site(built_site: Path, tmp_path: Path, make_server, monitor: TrafficMonitor) -> SiteServer:
    """The built site with the made-up French catalog for the page's Python."""
    return served_with({"fr": mo_bytes("fr", FRENCH)}, built_site, tmp_path / "site", make_server, monitor)


def test_the_analysis_board_the_rules_and_learn_speak_french(page: Page, site: SiteServer) -> None:
    page.goto(site.url + "?analysis=1&game=susan&lang=fr")
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#analysis-board-title")).to_have_text("Plateau d'analyse")
    expect(page.locator("#analysis-edit")).to_have_text("Modifier la position")
    expect(page.locator("#analysis-message")).to_have_text("Un plateau SUSAN vide : Modifier la position en prépare un.")

    page.click("#help-button")
    expect(page.locator("#help-title")).to_have_text("Comment jouer à SUSAN")
    page.click("#help-close")

    page.click("#learn-button")
    expect(page.locator("#learn-title")).to_have_text("Apprendre")
    expect(page.locator("#learn-dialog h3", has_text="Parties commentées")).to_be_visible()
