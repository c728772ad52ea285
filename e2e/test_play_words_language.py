"""Issue 56: a French player reads the play words in French: the status line under the board
(the side to move, the position shown), and why a tap is refused, in the rules' own words (the
core's Text, with the cell and the side's name put in).

The site's French catalog for the page's Python is replaced by a small made-up one, so the test
sees the texts translated without depending on how a translator words them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.harness import TrafficMonitor
from e2e.helpers import play, tap
from e2e.language_site import mo_bytes, served_with
from tools.browser_harness import wait_until_ready
from tools.serve import SiteServer

FRENCH = {
    "Black": "Noir",
    "White": "Blanc",
    "{player} to move.": "Au tour de {player}.",
    "Move {move} of {moves}.": "Coup {move} sur {moves}.",
    "{cell} is occupied by {side}": "{cell} est occupée par {side}",
}


@pytest.fixture
def site(built_site: Path, tmp_path: Path, make_server, monitor: TrafficMonitor) -> SiteServer:
    """The built site with the made-up French catalog for the page's Python."""
    return served_with({"fr": mo_bytes("fr", FRENCH)}, built_site, tmp_path / "site", make_server, monitor)


def test_the_status_line_and_a_refused_tap_speak_french(page: Page, site: SiteServer) -> None:
    page.goto(site.url + "?lang=fr")
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.locator('#front-door-dialog section[data-game="susan"] .front-door-friend').click()
    expect(page.locator("#status")).to_have_text("Au tour de Noir.")
    play(page, "e5", "d4")
    expect(page.locator("#status")).to_have_text("Au tour de Noir.")

    tap(page, "d4")   # White's stone, Black to move: the rules refuse it, naming the side in French
    expect(page.locator("#message")).to_have_text("d4 est occupée par Blanc.")

    page.click("#moves button[data-cursor='1']")
    expect(page.locator("#status")).to_have_text("Coup 1 sur 2. Au tour de Blanc.")
