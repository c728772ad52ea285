"""axe-core (npm `axe-core`, read from node_modules) finds no accessibility violation at
1280x800 and 390x844: on the first screen (the front door), during play and on the end panel.

axe is run through Playwright's evaluate, which the page's content security policy does not
govern, so the page is tested under its own policy, unchanged.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.harness import wait_until_ready
from e2e.test_layout import screen  # noqa: F401  (the fixture: both viewports)
from e2e.test_play import new_game, tap
from tools.serve import SiteServer

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


def violations(page: Page) -> list[str]:
    """axe's violations of the whole document, one line each (rule, impact, first targets)."""
    assert AXE.exists(), f"{AXE} is missing: axe-core (npm, a dev dependency) is not installed"
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => `${v.id} (${v.impact}): ${v.help} at ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""")
    return list(found)


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
