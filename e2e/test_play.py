"""Playing in Chromium: a whole game of each of the four games by board clicks, the opponent,
undo/redo, refusals, keyboard-only play, the rules help and a phone-sized screen.

Cells are clicked at the centres the page publishes on the canvas (data-cells: cell name ->
[x, y] in CSS pixels from the canvas's top-left corner), never at hard-coded pixels.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.harness import TrafficMonitor
from e2e.helpers import AI_TIMEOUT_MS, boot, cells, moves, new_game, status, tap, wait_for_moves
from tools.serve import SiteServer


# --- helpers ---------------------------------------------------------------------------------


# --- one complete game of each ---------------------------------------------------------------

@pytest.mark.quick
def test_susan_surround_by_clicks(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan")
    tap(page, "a2", "a1", "b1", "i5")
    status(page).to_have_text("Black to move.")
    tap(page, "b2")   # a1's last empty neighbour
    status(page).to_have_text("Black wins: Black surrounded a1.")
    assert moves(page) == ["1. B a2", "2. W a1", "3. B b1", "4. W i5", "5. B b2"]
    expect(page.locator("body")).to_have_attribute("data-over", "yes")
    expect(page.locator("#resign")).to_be_disabled()


def test_stymie_size_3_triple_wins(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "stymie", {"size": "3"})
    tap(page, "C5")
    expect(page.locator("#swap")).to_be_visible()          # the pie offer on move 2
    tap(page, "A1")
    expect(page.locator("#swap")).to_be_hidden()
    page.click("#end-turn")
    tap(page, "C3", "C1")
    status(page).to_have_text("Vert to move, 2 pieces placed.")
    tap(page, "B2")                                          # square + two octagons: a triple
    status(page).to_have_text("Vert wins: Vert connected top to bottom.")
    assert moves(page) == ["1. V c5", "2. H a1", "3. V b2,c1,c3"]


def test_superstar_pass_pass_counts_the_score(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "superstar")
    tap(page, "A5")
    expect(page.locator("#score")).to_contain_text("Score White 1 – Black 5.5")
    expect(page.locator("#score table")).to_contain_text("White A5")
    page.click("#pass")
    expect(page.locator("#turn-note")).to_contain_text("another pass ends the game")
    page.click("#pass")
    page.click("#confirm-go")               # a pass that ends the game asks first
    status(page).to_have_text("Black wins: White 1 – Black 5.5.")
    assert moves(page) == ["1. W A5", "2. B pass", "3. W pass"]


def test_lisbon_edge_connection_across_row_h(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "lisbon")
    black = [["h1"], ["h2", "h16"], ["h3", "h15", "h8"], ["h4", "h14", "h7"], ["h5", "h13", "h9"],
             ["h6", "h12"], ["h10"], ["h11"]]
    white = ["a1", "a3", "a5", "a7", "p1", "p3", "p5"]
    allowed = [1, 2, 3, 4, 5, 6, 7, 8]      # stones Black may place on turns 1, 3, 5, ...
    for turn, stones in enumerate(black):
        before = len(moves(page))
        tap(page, *stones)
        if turn == len(black) - 1:
            break
        if len(stones) < allowed[turn]:      # fewer than allowed: the turn waits for End turn
            expect(page.locator("#turn-note")).to_contain_text("more stone")
            page.click("#end-turn")
        wait_for_moves(page, before + 1)
        tap(page, white[turn])
        page.click("#end-turn")
        wait_for_moves(page, before + 2)
    status(page).to_have_text("Black wins: Black connected near-opposite edge cells h16 and h1.")
    assert moves(page)[-1] == "15. B h11"


# --- the opponent ------------------------------------------------------------------------------

# What the page showed while the computer thought, noted as it happened: Easy may answer
# before a polling check would see the indicator at all.
WATCH_THINKING = """() => {
  window.__shown = {indicator: false, status: ""};
  const note = () => {
    if (!document.getElementById("thinking").hidden) window.__shown.indicator = true;
    const text = document.getElementById("status").textContent;
    if (text.includes("thinking")) window.__shown.status = text.trim();
  };
  new MutationObserver(note).observe(document.body, {attributes: true, childList: true, subtree: true,
                                                     characterData: true});
}"""


def test_game_against_the_opponent_with_undo(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan", seats=["human", "easy"])
    page.evaluate(WATCH_THINKING)
    tap(page, "e5")
    reply = wait_for_moves(page, 2, AI_TIMEOUT_MS)[1]
    assert page.evaluate("window.__shown") == {"indicator": True, "status": "White (computer) is thinking."}
    assert reply.startswith("2. W ")
    expect(page.locator("#thinking")).to_be_hidden()
    assert "%" in (page.text_content("#thinking-chances") or "")   # the win-rate estimate was shown
    assert (page.text_content("#thinking-label") or "").startswith("Computer's chances: ")

    free = next(name for name in ("e6", "d4", "f4", "a1", "i5") if not reply.endswith(" " + name))
    tap(page, free)
    wait_for_moves(page, 4, AI_TIMEOUT_MS)
    page.click("#undo")                 # one undo: the reply and my move
    status(page).to_have_text("Move 2 of 4. Black to move.")
    page.click("#redo")
    status(page).to_have_text("Black to move.")
    page.click("#resign")
    page.click("#confirm-go")
    status(page).to_have_text("White wins: Black resigned.")
    page.click("#rematch")                  # colours swap: the computer now opens as Black
    assert wait_for_moves(page, 1, AI_TIMEOUT_MS)[0].startswith("1. B ")
    status(page).to_have_text("White to move.")


def test_undo_cancels_the_opponents_search(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan", seats=["expert", "human"])    # thinks for up to 10 s a move
    expect(page.locator("#thinking")).to_be_visible()
    reply = wait_for_moves(page, 1, AI_TIMEOUT_MS)[0]
    free = next(name for name in ("e5", "d4") if not reply.endswith(" " + name))
    tap(page, free)
    expect(page.locator("#thinking")).to_be_visible()
    page.click("#undo")
    expect(page.locator("#thinking")).to_be_hidden()
    status(page).to_have_text("Move 1 of 2. White to move.")
    page.wait_for_timeout(3000)         # a cancelled search must not come back with a move
    assert len(moves(page)) == 2


# --- history, refusals, input methods -----------------------------------------------------------

def test_undo_redo_and_move_list_navigation(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan")
    tap(page, "e5", "a1", "e5", "e6")       # place, place, then slide e5 -> e6
    assert wait_for_moves(page, 3) == ["1. B e5", "2. W a1", "3. B e5-e6"]
    page.click("#undo")
    status(page).to_have_text("Move 2 of 3. Black to move.")
    page.click("#redo")
    status(page).to_have_text("White to move.")
    page.click("#moves button[data-cursor='1']")
    status(page).to_have_text("Move 1 of 3. White to move.")
    page.keyboard.press("End")
    status(page).to_have_text("White to move.")
    page.keyboard.press("Home")
    status(page).to_have_text("Start (3 moves recorded). Black to move.")
    page.keyboard.press("ArrowRight")
    status(page).to_have_text("Move 1 of 3. White to move.")
    tap(page, "i5")                          # playing from an earlier position drops the rest
    assert wait_for_moves(page, 2) == ["1. B e5", "2. W i5"]
    expect(page.locator("#redo")).to_be_disabled()


def test_illegal_clicks_are_refused_with_a_reason(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan")
    tap(page, "e5", "e5")
    expect(page.locator("#message")).to_have_text("e5 is occupied by Black.")
    assert moves(page) == ["1. B e5"]
    page.fill("#move-input", "<b>z9</b>")
    page.press("#move-input", "Enter")
    expect(page.locator("#message")).to_contain_text("<b>z9</b>")   # shown as text, not HTML
    assert page.locator("#message b").count() == 0

    new_game(page, "lisbon", replacing=True)
    tap(page, "h8", "a1", "a2")              # a2 would join a1, placed this turn
    expect(page.locator("#message")).to_contain_text("two stones of one turn may not end in the same group")
    expect(page.locator("#clear-turn")).to_be_visible()
    page.click("#clear-turn")
    status(page).to_have_text("White to move.")


def test_keyboard_only_play(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    expect(page.locator("#board")).to_be_focused()   # the front door left it there (its close event is async)
    page.click(".site-header h1")                                   # and Tab reaches it from the top
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board":
            break
    assert page.evaluate("document.activeElement.id") == "board"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("ArrowRight")        # the cursor appears in the middle: e5
    expect(page.locator("#board-cursor")).to_have_text("e5: empty")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board-cursor")).to_have_text("e6: empty")
    page.keyboard.press("Enter")
    wait_for_moves(page, 1)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    assert wait_for_moves(page, 2) == ["1. B e6", "2. W d4"]
    page.keyboard.press("Enter")             # the cursor cell is taken now
    expect(page.locator("#message")).to_have_text("d4 is occupied by White.")
    page.keyboard.press("Tab")               # on to the turn controls and the move box
    for _ in range(8):
        if page.evaluate("document.activeElement.id") == "move-input":
            break
        page.keyboard.press("Tab")
    page.keyboard.type("a1")
    page.keyboard.press("Enter")
    assert wait_for_moves(page, 3)[-1] == "3. B a1"


def test_rules_help_opens_with_a_diagram(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    page.click("#help-button")
    dialog = page.locator("#help-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#help-title")).to_have_text("How to play SUSAN")
    expect(dialog).to_contain_text("surrounded")
    assert page.evaluate("document.querySelector('#help-body canvas').width") > 100
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_stymie_rules_help_shows_the_solved_size_3_board(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "stymie", {"size": "3"})
    page.click("#help-button")
    dialog = page.locator("#help-dialog")
    expect(page.locator("#help-title")).to_have_text("How to play STYMIE")
    expect(dialog).to_contain_text("Solved boards")
    expect(dialog).to_contain_text("Size 3: only C3 wins for Vert if Horz does not swap")


def test_theme_follows_the_system_colour_scheme(page: Page, site_server: SiteServer) -> None:
    corner = "Array.from(document.getElementById('board').getContext('2d').getImageData(1, 1, 1, 1).data)"
    page.emulate_media(color_scheme="light")
    boot(page, site_server)
    light = page.evaluate(corner)
    page.emulate_media(color_scheme="dark")
    page.wait_for_function(f"JSON.stringify({corner}) !== JSON.stringify({light})")
    dark = page.evaluate(corner)
    assert sum(dark[:3]) < sum(light[:3])
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(251, 247, 239)"      # the page chrome follows too


# --- a phone ------------------------------------------------------------------------------------

@pytest.fixture
def phone(browser: Browser, monitor: TrafficMonitor):
    context = monitor.watch(browser.new_context(viewport={"width": 375, "height": 667}, device_scale_factor=2,
                                                is_mobile=True, has_touch=True))
    yield context.new_page()
    context.close()


def test_phone_board_fits_and_taps_land_on_their_cells(phone: Page, site_server: SiteServer) -> None:
    page = phone
    boot(page, site_server)
    box = page.locator("#board").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    assert box["width"] >= 300
    backing = page.evaluate("[document.getElementById('board').width, document.getElementById('board').clientWidth]")
    assert backing[0] == 2 * backing[1]      # crisp: backing store at the device pixel ratio
    for name in ("e5", "a1", "e5", "e6"):    # place, place, select e5, slide it to e6
        x, y = cells(page)[name]
        page.touchscreen.tap(box["x"] + x, box["y"] + y)
    assert wait_for_moves(page, 3) == ["1. B e5", "2. W a1", "3. B e5-e6"]
    new_game(page, "stymie", {"size": "12"}, replacing=True)
    expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "false")   # the whole board
    box = page.locator("#board").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 375
    x, y = cells(page)["B22"]                # a small square near the top-left corner
    page.touchscreen.tap(box["x"] + x, box["y"] + y)
    expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "true")    # too small: zoomed in
    box = page.locator("#board").bounding_box()   # around the tap: B22 is in view, big enough
    assert box is not None
    x, y = cells(page)["B22"]
    page.touchscreen.tap(box["x"] + x, box["y"] + y)
    assert re.fullmatch(r"1\. V b22", wait_for_moves(page, 1)[0])
