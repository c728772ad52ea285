"""Issue 30, item 8: links in an open tab. A share link pasted into the address bar of an open
tab opens its game (the game in progress kept once); a share link opened in a second tab keeps
the first tab's game as one save, not two; a link whose record does not replay says what is
wrong by the board, and the front door does not open over it."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect

from e2e.harness import wait_until_ready
from e2e.helpers import SAVE_PREFIX, boot_with_saves, moves, new_susan_game, play, wait_for_moves

# move 2 plays on an occupied cell; the long one runs one slide past the draw (6 slides in a row)
OCCUPIED = "#r1t.susan~~~e5_e5"
PAST_THE_DRAW = "#r1t.susan~~~e5_b2_e5-e6_b2-b3_e6-e5_b3-b2_e5-e6_b2-b3_e6-e5"
BAD_GAME_LINK = "#c1.0123456789ab.t.susan~~~e5_e5"


def saves_with_turns(page: Page, turns: list[str]) -> int:
    stored = page.evaluate(f"Object.entries(localStorage).filter(([k]) => k.startsWith('{SAVE_PREFIX}'))"
                           ".map(([k, v]) => v)")
    return sum(json.loads(text)["record"]["turns"] == turns for text in stored)


def board_message(page: Page) -> str:
    return page.text_content("#message") or ""


def test_a_share_link_pasted_into_an_open_tab_opens_its_game(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "e5", "e4")
    page.evaluate("location.hash = '#r1t.susan~~~d6'")      # what pasting it in the address bar does
    assert wait_for_moves(page, 1) == ["1. B d6"]
    assert "#" not in page.url
    page.wait_for_function("document.getElementById('saves-list').textContent.includes('before a shared link')")
    assert saves_with_turns(page, ["e5", "e4"]) == 1


def test_a_share_link_in_a_second_tab_keeps_the_game_in_progress_once(context: BrowserContext, site_server) -> None:
    first = context.new_page()
    boot_with_saves(first, site_server.url)
    new_susan_game(first)
    play(first, "e5", "e4")
    second = context.new_page()
    boot_with_saves(second, site_server.url + "#r1t.susan~~~d6")
    assert wait_for_moves(second, 1) == ["1. B d6"]
    second.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length >= 1")
    second.wait_for_timeout(500)    # the second tab's first autosave has run
    assert saves_with_turns(second, ["e5", "e4"]) == 1
    play(first, "d4")               # the first tab goes on: its game and the shared one each kept once
    assert saves_with_turns(first, ["e5", "e4"]) == 1 and saves_with_turns(first, ["d6"]) == 1


def test_a_share_link_that_does_not_replay_says_so_by_the_board(page: Page, site_server) -> None:
    for link, words in ((OCCUPIED, "e5 is occupied"), (PAST_THE_DRAW, "the game is already over"),
                        (BAD_GAME_LINK, "The game link could not be opened")):
        page.goto("about:blank")
        page.goto(site_server.url + link)            # a first visit: no autosave yet
        wait_until_ready(page)
        expect(page.locator("#message")).to_contain_text(words)
        assert "could not be opened" in board_message(page)
        assert not page.is_visible("#front-door-dialog")   # the explanation is not covered
        assert moves(page) == []


def test_a_bad_share_link_pasted_into_an_open_tab_leaves_the_game_and_says_why(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "e5", "e4")
    page.evaluate(f"location.hash = '{PAST_THE_DRAW}'")
    expect(page.locator("#message")).to_contain_text("the game is already over")
    assert moves(page) == ["1. B e5", "2. W e4"]
    play(page, "d4")                                   # the message was for that moment only
    assert board_message(page) == ""
