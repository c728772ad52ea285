"""axe-core (npm `axe-core`, read from node_modules) finds no accessibility violation at
1280x800 and 390x844: on the first screen (the front door), during play and on the end panel.

axe is run through Playwright's evaluate, which the page's content security policy does not
govern, so the page is tested under its own policy, unchanged.
"""

from __future__ import annotations


from playwright.sync_api import Page, expect

from e2e.harness import wait_until_ready
from e2e.helpers import new_game, tap, violations
from tools.serve import SiteServer


def test_no_violations_on_the_front_door_in_play_and_at_the_end(screen: Page, site_server: SiteServer) -> None:  # noqa: F811
    page = screen
    page.goto(site_server.url)
    wait_until_ready(page)
    expect(page.locator("#front-door-dialog")).to_be_visible()
    assert violations(page) == [], "the front door"
    page.click("#front-door-close")
    new_game(page, "superstar")
    tap(page, "A5")
    page.click("#pass")
    expect(page.locator("#turn-note")).not_to_be_empty()
    assert violations(page) == [], "during play"
    new_game(page, "susan", replacing=True)
    tap(page, "a2", "a1", "b1", "i5")
    page.fill("#move-input", "zz9")                  # a refusal on screen
    page.press("#move-input", "Enter")
    expect(page.locator("#message")).not_to_be_empty()
    assert violations(page) == [], "a refusal"
    page.fill("#move-input", "b2")
    page.press("#move-input", "Enter")
    expect(page.locator("#game-over")).to_be_visible()
    assert violations(page) == [], "the end panel"
