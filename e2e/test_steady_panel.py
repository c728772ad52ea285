"""Issue 30, item 5: nothing in the side panel moves when the computer starts or stops thinking
(the "thinking" slot keeps its place in a game with a computer seat), and turning on the
coach's Evaluation does not shrink or move the board (its bar sits in the Coach box)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from e2e.helpers import AI_TIMEOUT_MS, boot, new_game, tap, wait_for_moves

from tools.serve import SiteServer

SECTIONS = ("#seats-line", "#thinking", "#coach", "#move-form", ".moves-box")


def boxes(page: Page, selectors: tuple[str, ...]) -> dict[str, tuple[float, float, float, float]]:
    """Each element's box (x, y, width, height) in document coordinates, rounded to 0.1 px."""
    return page.evaluate("""sels => Object.fromEntries(sels.map(s => {
        const r = document.querySelector(s).getBoundingClientRect();
        return [s, [r.x + scrollX, r.y + scrollY, r.width, r.height].map(v => Math.round(v * 10) / 10)];
    }))""", list(selectors))


@pytest.mark.quick
def test_the_side_panel_stays_put_during_a_computer_turn(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, site_server)
    new_game(page, "susan", seats=["human", "easy"])
    before = boxes(page, SECTIONS + ("#board-frame",))
    tap(page, "e5")
    page.wait_for_function("!document.getElementById('thinking').hidden", timeout=AI_TIMEOUT_MS)
    thinking = boxes(page, SECTIONS + ("#board-frame",))
    wait_for_moves(page, 2, AI_TIMEOUT_MS)
    expect(page.locator("#thinking")).to_be_hidden()
    after = boxes(page, SECTIONS + ("#board-frame",))
    for name in SECTIONS[:-1] + ("#board-frame",):
        assert before[name] == thinking[name] == after[name], name
    # the move list grows by a move: only its top must stay
    assert before[".moves-box"][:2] == thinking[".moves-box"][:2] == after[".moves-box"][:2]


def test_turning_on_evaluation_keeps_the_board_as_it_was(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, site_server)
    tap(page, "e5")
    wait_for_moves(page, 1)
    before = boxes(page, ("#board-frame", "#board"))
    page.check("#eval-toggle")
    expect(page.locator("#eval-bar")).to_be_visible()
    page.wait_for_timeout(300)   # a resize would have run by now
    assert boxes(page, ("#board-frame", "#board")) == before
