"""Issue 30, item 5: nothing in the side panel moves when the computer starts or stops thinking
(the "thinking" slot keeps its place in a game with a computer seat), and turning on the
coach's Evaluation does not shrink or move the board (its bar sits in the Coach box). On a
phone the status box over the board shows all its text, and moves the board once at most."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from e2e.helpers import AI_TIMEOUT_MS, boot, new_game, play, tap, wait_for_moves

from pygame_core.random_play import random_turns
from pygame_core.registry import find_game
from tools.browser_harness import wait_until_playable
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


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["stymie", "lisbon"])
def test_on_a_phone_the_status_box_shows_its_whole_text(page: Page, site_server: SiteServer, game: str,
                                                        lang: str) -> None:
    """At 390 px a rule note under the status (STYMIE's swap, LISBON's stones) can take more
    lines than the box's phone height: the box grows to show it (it hid the rest behind a
    scroll before, in English too), and the board under it moves once at most in the game."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_server.url}?lang={lang}")
    wait_until_playable(page)
    new_game(page, game, seats=["human", "human"])
    state = find_game(game).new_game()
    board_tops = set()
    for played, actions in enumerate([[]] + random_turns(state, random.Random(game), 6)):
        if actions:
            play(page, state.format_turn(actions))
            for action in actions:
                state = state.apply(action)
        needed, shown = page.evaluate("(b => [b.scrollHeight, b.clientHeight])(document.getElementById('board-status'))")
        assert needed <= shown, f"after {played} turns the status box shows {shown} px of {needed}"
        board_tops.add(boxes(page, ("#board-frame",))["#board-frame"][1])
    assert len(board_tops) <= 2, f"the board moved {len(board_tops) - 1} times"
