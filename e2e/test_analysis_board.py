"""The analysis board (issue 39): `?analysis=1&game=GAME`, the position editor, a move on the
set-up position, its link opened in a fresh browser, Analyse from a game in one click, and the
editor on a phone by keyboard with axe reporting nothing."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.helpers import SOLVED_ID, open_puzzle, play, tap, violations, wait_for_moves
from pygame_core.game import GameState
from pygame_core.position import Draft
from pygame_core.registry import find_game
from tools.browser_harness import wait_until_playable, wait_until_ready
from tools.serve import SiteServer

# game -> (stones to place: (palette index, cell), facets to type, the move then played)
SETUPS = {
    "susan": ([(0, "e5"), (1, "d3")], {}, "a1"),
    "stymie": ([(0, "H8"), (1, "J8")], {"stones": "2"}, "a15"),
    "superstar": ([(0, "J10"), (1, "J11")], {}, "H4"),
    "lisbon": ([(0, "h13"), (1, "f10")], {"turn": "3"}, "a1"),
}


def set_up_state(game: str) -> GameState:
    """The position the test sets up through the editor."""
    draft = Draft(find_game(game), {})
    stones, facets, _ = SETUPS[game]
    for index, name in stones:
        cell = draft.board.cell(name)
        assert cell is not None
        draft.place(cell, draft.sides[index].symbol)
    for name, value in facets.items():
        draft.choose(name, value)
    return draft.state()


def expected_rows(game: str, move: str) -> str:
    """The position the test sets up, after `move`, as the analysis bar publishes it."""
    return "/".join(set_up_state(game).play_turn(move).position_rows())


def open_analysis(page: Page, server: SiteServer, game: str) -> None:
    page.goto(f"{server.url}?analysis=1&game={game}")
    wait_until_ready(page)
    expect(page.locator("#analysis-bar")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-game", game)


def open_editor(page: Page) -> None:
    page.click("#analysis-edit")
    expect(page.locator("#position-editor")).to_be_visible()


def place_stones(page: Page, game: str) -> None:
    """Place the game's set-up stones in the open editor by clicking."""
    for index, name in SETUPS[game][0]:
        page.check(f"#editor-stone-{index}")
        tap(page, name)


def set_up(page: Page, game: str) -> None:
    """Open the editor, place the stones by clicking, type the facets, leave with Done."""
    open_editor(page)
    place_stones(page, game)
    _, facets, _ = SETUPS[game]
    for name, value in facets.items():
        control = page.locator(f"#editor-facets [name={name}]")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
            control.dispatch_event("change")
    expect(page.locator("#editor-problems li")).to_have_count(0)
    page.click("#editor-done")
    expect(page.locator("#position-editor")).to_be_hidden()


def opens_fresh(page: Page, browser: Browser, rows: str) -> None:
    """Share the analysis board's position and open the link in a fresh browser: the same
    position, on the analysis board, with no front door."""
    page.click("#analysis-share")
    link = page.input_value("#analysis-link")
    assert "?analysis=1#r1" in link
    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(link)
        wait_until_ready(other)
        expect(other.locator("#analysis-bar")).to_be_visible()
        expect(other.locator("#analysis-bar")).to_have_attribute("data-position", rows)
        expect(other.locator("#front-door-dialog")).to_be_hidden()
    finally:
        fresh.close()


@pytest.mark.parametrize("game", list(SETUPS))
def test_set_up_play_share_and_open_in_a_fresh_browser(page: Page, site_server: SiteServer, browser: Browser,
                                                        game: str) -> None:
    open_analysis(page, site_server, game)
    set_up(page, game)
    move = SETUPS[game][2]
    play(page, move)
    opens_fresh(page, browser, expected_rows(game, move))


def test_an_impossible_position_is_named_and_done_refuses_it(page: Page, site_server: SiteServer) -> None:
    open_analysis(page, site_server, "lisbon")
    page.click("#analysis-edit")
    page.check("#editor-stone-0")
    tap(page, "h13", "a1")   # two Black stones on turn 1: Black has placed at most one before
    expect(page.locator("#editor-problems")).to_contain_text("Black has had no turn before turn 1, so can have no stones, but has 2 on the board.")
    page.click("#editor-done")
    expect(page.locator("#position-editor")).to_be_visible()


def test_a_bad_game_name_says_so(page: Page, site_server: SiteServer) -> None:
    page.goto(f"{site_server.url}?analysis=1&game=%3Cb%3Echess")
    wait_until_ready(page)
    expect(page.locator("#message")).to_contain_text("There is no game '<b>chess' to analyse; showing SUSAN")
    expect(page.locator("#analysis-bar")).to_be_visible()


def test_analyse_a_game_in_progress_in_one_click_and_close_gives_it_back(page: Page, site_server: SiteServer) -> None:
    page.goto(site_server.url)
    wait_until_playable(page)
    play(page, "e5", "d4")
    page.click("#analyse")
    expect(page.locator("#analysis-bar")).to_be_visible()
    expect(page.locator("#analysis-bar")).to_have_attribute(
        "data-position", "/".join(find_game("susan").new_game().play_turn("e5").play_turn("d4").position_rows()))
    play(page, "a1")   # a side line of the analysis, not of the game
    page.click("#analysis-close")
    expect(page.locator("#analysis-bar")).to_be_hidden()
    assert wait_for_moves(page, 2) == ["1. B e5", "2. W d4"]


def test_analyse_carries_the_game_up_to_the_move_shown_and_steps_back_through_it(page: Page,
                                                                                 site_server: SiteServer) -> None:
    """Issue 54 item 5: four moves played, the third shown, Analyse: the analysis board's move
    list holds moves one to three (it used to hold the position alone), and stepping back to
    move one shows that position (c3 is free again and takes a side line)."""
    page.goto(site_server.url)
    wait_until_playable(page)
    play(page, "e5", "d4", "c3", "f6")
    page.click("#moves button[data-cursor='3']")
    page.click("#analyse")
    expect(page.locator("#analysis-bar")).to_be_visible()
    assert wait_for_moves(page, 3) == ["1. B e5", "2. W d4", "3. B c3"]
    expect(page.locator("#moves [aria-current]")).to_have_attribute("data-cursor", "3")
    page.click("#moves button[data-cursor='1']")
    expect(page.locator("#moves [aria-current]")).to_have_attribute("data-cursor", "1")
    page.fill("#move-input", "c3")   # White's c3 on the position after 1. e5: a side line
    page.press("#move-input", "Enter")
    expect(page.locator("#moves li.side-line")).to_have_count(1)
    page.click("#analysis-close")
    expect(page.locator("#analysis-bar")).to_be_hidden()
    assert wait_for_moves(page, 4) == ["1. B e5", "2. W d4", "3. B c3", "4. W f6"]


def test_the_editor_on_a_phone_by_keyboard_with_no_axe_violations(browser: Browser, site_server: SiteServer) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        open_analysis(page, site_server, "susan")
        page.click("#analysis-edit")
        page.focus("#analysis-edit")
        reached = []
        for _ in range(40):   # Tab through the editor: every control is on the way
            page.keyboard.press("Tab")
            reached.append(page.evaluate("document.activeElement.id || document.activeElement.name"))
            if reached[-1] == "editor-done":
                break
        for control in ("editor-stone-0", "editor-to-move", "slides", "editor-empty", "editor-paste", "editor-done"):
            assert control in reached, reached
            box = page.locator(f"#{control}, [name={control}]").first.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.focus("#editor-stone-0")
        page.keyboard.press("ArrowRight")   # the radio group's next stone: White
        expect(page.locator("#editor-stone-1")).to_be_checked()
        page.focus("#board")
        for key in ("ArrowRight", "Enter"):   # the cursor appears on the middle cell, Enter places
            page.keyboard.press(key)
        expect(page.locator("#analysis-bar")).to_have_attribute("data-position", re.compile("o"))
        assert violations(page) == []
    finally:
        context.close()


def test_a_puzzle_opens_in_the_analysis_board_and_close_gives_its_position_back(page: Page,
                                                                                site_server: SiteServer) -> None:
    page.goto(site_server.url)
    wait_until_playable(page)
    open_puzzle(page, SOLVED_ID)
    page.click("#analyse")   # Analyse: the puzzle's position, open in the analysis board
    expect(page.locator("#analysis-bar")).to_be_visible()
    expect(page.locator("#analysis-bar")).to_have_attribute(
        "data-position", "...../....../......./..oo..../.x.xo..../.xxo..../......./....../.....")
    expect(page.locator("#coach-bar")).to_be_hidden()
    play(page, "a1")   # a try of one's own on the puzzle's position
    page.click("#analysis-close")
    expect(page.locator("#analysis-bar")).to_be_hidden()
    expect(page.locator("#moves button[data-cursor]")).to_have_count(1)


def test_a_position_that_is_over_shows_its_result(page: Page, site_server: SiteServer) -> None:
    board = find_game("susan").new_game().board
    centre = board.cell("e5")
    assert centre is not None
    open_analysis(page, site_server, "susan")
    page.click("#analysis-edit")
    page.check("#editor-stone-0")
    tap(page, *(board.names[n] for n in board.neighbours[centre]))
    page.check("#editor-stone-1")
    tap(page, "e5")
    page.select_option("#editor-to-move", "White")   # Black moved last: Black surrounded e5
    expect(page.locator("#editor-result")).to_have_text("This position is over: Black wins (Black surrounded e5).")
    page.click("#editor-done")
    expect(page.locator("body")).to_have_attribute("data-over", "yes")
    expect(page.locator("#game-over")).to_be_visible()
    for button in ("#rematch", "#review-start"):   # issue 54 item 7: no game behind them
        expect(page.locator(button)).to_be_hidden()


@pytest.mark.parametrize("game", list(SETUPS))
def test_set_up_analyse_play_a_side_line_share_and_open_it_fresh(page: Page, site_server: SiteServer,
                                                                 browser: Browser, game: str) -> None:
    """The issue's whole path in each game: set up a position, the computer's analysis of it
    (opened with the analysis board), a move played, a side line from the set-up position (the
    engine's own move where it offers a whole turn to play), the position shared and opened in
    a fresh browser."""
    open_analysis(page, site_server, game)
    set_up(page, game)
    expect(page.locator("#analysis")).to_be_visible()   # the engine's panel opens with the board
    page.wait_for_function("document.getElementById('analysis-pv').dataset.pv !== ''", timeout=60_000)
    start = set_up_state(game)
    legal = {start.action_text(a) for a in start.legal_actions()}
    assert (page.get_attribute("#analysis-pv", "data-pv") or "").split(" ")[0] in legal
    move = SETUPS[game][2]
    play(page, move)
    assert wait_for_moves(page, 1)[0].endswith(move)
    page.click("#moves button[data-cursor='0']")          # back to the set-up position
    page.wait_for_function("document.getElementById('analysis-pv').dataset.pv !== ''", timeout=60_000)
    rows = page.locator("#analysis-top li:not([hidden])")
    playable = [rows.nth(i) for i in range(rows.count())
                if rows.nth(i).locator(".analysis-play").is_visible()
                and (rows.nth(i).locator(".analysis-move").text_content() or "").split(",")[0] != move]
    if playable:
        playable[0].locator(".analysis-play").click()     # the engine's move, played from the panel
    else:                                                 # its turns are not whole yet: type another
        play(page, next(text for text in sorted(legal) if text != move))
    expect(page.locator("#moves li.side-line")).to_have_count(1)   # a side line; the first move kept
    expect(page.locator("#moves > li > button[data-node]").nth(1)).to_contain_text(move)
    side_move = (page.locator("#moves li.side-line button[data-node]").first.text_content() or "").split()[-1]
    opens_fresh(page, browser, "/".join(start.play_turn(side_move).position_rows()))   # the side line's position


@pytest.mark.parametrize(("game", "empty", "inferred"), [
    ("stymie", "Pieces this turn may place: 1", "Pieces this turn may place: 2; Horz may swap now: no"),
    ("lisbon", "Turn number: 1", "Turn number: 3"),
])
def test_a_first_set_up_of_stones_alone_is_taken_with_the_settings_they_imply(
        page: Page, site_server: SiteServer, game: str, empty: str, inferred: str) -> None:
    """Issue 54 item 7: STYMIE's empty board used to be refused until "stones this turn may
    place" was set to 1, and LISBON's two stones until the turn number was typed: now the
    settings follow the stones, and the editor says what it took from them."""
    open_analysis(page, site_server, game)
    open_editor(page)
    place_stones(page, game)
    expect(page.locator("#editor-problems li")).to_have_count(0)
    expect(page.locator("#editor-inferred")).to_contain_text(inferred)
    page.click("#editor-empty")
    expect(page.locator("#editor-problems li")).to_have_count(0)   # STYMIE: the opening, 1 stone
    expect(page.locator("#editor-inferred")).to_contain_text(empty)
    place_stones(page, game)
    expect(page.locator("#editor-problems li")).to_have_count(0)
    page.click("#editor-done")
    expect(page.locator("#position-editor")).to_be_hidden()
    play(page, SETUPS[game][2])


def test_the_editors_options_stand_one_to_a_line(page: Page, site_server: SiteServer) -> None:
    """Issue 54 item 7: the SUSAN editor's options ran into each other on one line."""
    open_analysis(page, site_server, "susan")
    page.click("#analysis-edit")
    labels = page.locator("#editor-options label")
    assert labels.count() > 1
    boxes = [labels.nth(i).bounding_box() for i in range(labels.count())]
    for above, below in pairwise(boxes):
        assert above is not None and below is not None and below["y"] >= above["y"] + above["height"], boxes


def test_a_pasted_line_of_turns_is_read(page: Page, site_server: SiteServer) -> None:
    """Issue 54 item 7: the embed's `record` form pasted (`e5 d4 c3`) used to be read as one
    turn and refused."""
    open_analysis(page, site_server, "susan")
    page.click("#analysis-edit")
    page.fill("#editor-paste", "e5 d4 c3")
    page.click("#editor-read")
    expect(page.locator("#editor-problems li")).to_have_count(0)
    played = find_game("susan").new_game().play_turn("e5").play_turn("d4").play_turn("c3")
    expect(page.locator("#analysis-bar")).to_have_attribute("data-position", "/".join(played.position_rows()))


def test_the_plain_page_says_where_the_game_went_and_brings_it_back(page: Page, site_server: SiteServer) -> None:
    """Issue 54 item 8: after an analysis link, the plain address showed the analysis game and
    nothing said the player's game was in the saves list: the notice by the board says where it
    is, and "Bring it back" puts it on the board (and the kept copy leaves the list)."""
    page.goto(site_server.url)
    wait_until_playable(page)
    play(page, "e5", "d4")
    open_analysis(page, site_server, "stymie")
    page.goto(site_server.url)
    wait_until_ready(page)
    notice = page.locator("#kept-game-notice")
    expect(notice).to_contain_text("Your SUSAN game (2 moves) was kept when the analysis board opened: it is in "
                                   "the saves list as “Game kept while analysing”.")
    page.click("#kept-game-back")
    expect(page.locator("body")).to_have_attribute("data-game", "susan")
    assert wait_for_moves(page, 2) == ["1. B e5", "2. W d4"]
    expect(notice).to_contain_text("Your game is back on the board.")
    page.reload()
    wait_until_ready(page)
    assert wait_for_moves(page, 2) == ["1. B e5", "2. W d4"]
    expect(page.locator("#kept-game-notice")).to_have_count(0)
    page.click("#saves-panel summary")
    expect(page.locator("#saves-panel")).not_to_contain_text("Game kept while analysing")
