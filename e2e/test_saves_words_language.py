"""Issue 56: a share link's failure reads as one whole sentence in the player's language (the
translators could not order "the share link names {problem}", a verb glued to another sentence).
The catalog is made up (tools.i18n.mo_of), so the test does not depend on a translator's words."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.harness import TrafficMonitor, wait_until_ready
from e2e.language_site import served_with
from tools.i18n import mo_of

UNKNOWN_GAME = "the share link names a game this site does not have: {name} (it has {games})"


def test_a_link_to_a_game_the_site_lacks_says_so_in_the_player_s_words(page: Page, built_site: Path, make_server,
                                                                         monitor: TrafficMonitor,
                                                                         tmp_path: Path) -> None:
    catalog = mo_of({UNKNOWN_GAME: "ce site n'a pas le jeu {name} que nomme le lien (il a {games})"}, "fr")
    site = served_with({"fr": catalog}, built_site, tmp_path / "site", make_server, monitor)
    page.goto(f"{site.url}?lang=fr#r1t.chess~~~e5")
    wait_until_ready(page)
    expect(page.locator("#message")).to_contain_text(
        "ce site n'a pas le jeu 'chess' que nomme le lien (il a susan, stymie, superstar, lisbon)")
