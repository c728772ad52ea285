"""The engine explains (issue 39, item 3) in Chromium: in each game the Analyse toggle shows a best
line whose first action is legal (played through the page), "Keep analysing" refines it, a
SUSAN win in one is the top move, proven; stepping back and playing a top move makes an analysed
side line in two actions; on a phone, by keyboard, with axe finding nothing. Issue 54: the top
moves go by the values they show and the line begins with the first (3), it pauses only once the
line is three turns deep and the top moves judged (4), and the line and the threat are drawn on
the board (6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.harness import wait_until_playable
from e2e.helpers import cell_px, cells, moves, play, violations, wait_for_moves
from pygame_core.ai.baselines import winning_actions
from pygame_core.game import END_TURN, GameState
from pygame_core.record import Record, from_text, replay
from pygame_core.registry import GAME_NAMES, find_game
from tools.serve import SiteServer
from ui.board.theme import LIGHT
from ui.saves.share import encode

ANALYSIS_TIMEOUT_MS = 180_000   # the coach's worker starts on first use, on 2 busy cores
MANUAL = Path(__file__).resolve().parents[1] / "tests" / "core" / "fixtures" / "susan_manual_game.txt"
PV = "#analysis-pv"


def a_turn(state: GameState) -> str:
    """A legal whole turn from `state`, in notation: stones from the middle of the legal ones."""
    actions: list[int] = []
    after = state
    while True:
        legal = [a for a in after.legal_actions() if a >= 0] or [END_TURN]
        action = legal[len(legal) // 2]
        actions.append(action)
        before, after = after, after.play_unchecked(action)
        if after.outcome is not None or not after.turn_actions or after.to_move != before.to_move:
            return state.format_turn(actions)


def open_record(page: Page, server: SiteServer, record: Record) -> None:
    page.goto(f"{server.url}#{encode(record)}")
    wait_until_playable(page)
    wait_for_moves(page, len(record.turns))


def best_line(page: Page) -> list[str]:
    """The best line's actions, once the panel has one."""
    page.wait_for_function(f"document.querySelector('{PV}').dataset.pv !== ''", timeout=ANALYSIS_TIMEOUT_MS)
    return (page.get_attribute(PV, "data-pv") or "").split(" ")


def paused(page: Page) -> None:
    """Wait until the analysis has reached its depth and stopped."""
    expect(page.locator("#analysis-progress")).to_contain_text("paused", timeout=ANALYSIS_TIMEOUT_MS)


def iterations(page: Page) -> int:
    return int(page.get_attribute("#analysis", "data-iterations") or 0)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_is_analysed_its_line_is_legal_and_keep_analysing_refines(
        page: Page, site_server: SiteServer, game: str) -> None:
    first = find_game(game).new_game()
    open_record(page, site_server, Record(game, {}, (a_turn(first),)))
    second = a_turn(replay(Record(game, {}, (a_turn(first),)))[-1])
    play(page, second)   # a couple of moves: one by link, one typed
    state = replay(Record(game, {}, (a_turn(first), second)))[-1]
    toggle = page.locator("#analysis-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    line = best_line(page)
    assert line[0] in {state.action_text(a) for a in state.legal_actions()}   # a legal action, in notation
    expect(page.locator("#analysis-eval")).to_contain_text("%")
    expect(page.locator("#analysis-top li:not([hidden])")).to_have_count(3)
    page.check("#analysis-keep")
    before = iterations(page)
    page.wait_for_function(f"+document.getElementById('analysis').dataset.iterations > {before}",
                           timeout=ANALYSIS_TIMEOUT_MS)
    page.uncheck("#analysis-keep")
    paused(page)   # it stops at the next slice: the line and the rows hold still
    line = best_line(page)
    top = page.locator("#analysis-top li").first
    if top.locator(".analysis-play").is_visible():   # a whole turn: played through the page
        turn = top.locator(".analysis-move").text_content() or ""
        assert line[0] in turn.split(",")   # the line starts with the top move (a turn is written in canonical order)
        top.locator(".analysis-play").click()
        assert wait_for_moves(page, 3)[-1].endswith(turn)
        expect(page.locator("#analysis-eval")).not_to_have_text("Analysing…", timeout=ANALYSIS_TIMEOUT_MS)
        assert best_line(page)[0]   # the panel follows the new position
    page.click("#analysis-toggle")
    expect(page.locator("#analysis")).to_be_hidden()


def test_a_susan_win_in_one_is_the_top_move_and_proven(page: Page, site_server: SiteServer) -> None:
    record = Record("susan", {}, from_text(MANUAL.read_text(), game="susan").turns[:16] + ("e3",))
    state = replay(record)[-1]
    wins = {state.action_text(a) for a in winning_actions(state)}
    open_record(page, site_server, record)
    page.click("#analysis-toggle")
    line = best_line(page)
    assert line[0] in wins and len(line) == 1
    expect(page.locator("#analysis-eval")).to_have_text("White wins with this move (proven).",
                                                        timeout=ANALYSIS_TIMEOUT_MS)
    expect(page.locator("#analysis-top .analysis-move").first).to_have_text(line[0])
    expect(page.locator("#analysis-top .analysis-figures").first).to_contain_text("100% proven")


def test_from_a_game_in_progress_to_an_analysed_side_line_in_two_actions(page: Page, site_server: SiteServer) -> None:
    record = Record("susan", {}, ("e5", "d4", "f6"))
    open_record(page, site_server, record)
    page.click("#analysis-toggle")
    best_line(page)
    page.click("#moves button[data-cursor='2']")                      # action 1: step back
    expect(page.locator("#analysis-eval")).to_contain_text("Black to move", timeout=ANALYSIS_TIMEOUT_MS)
    paused(page)
    play_button = page.locator("#analysis-top .analysis-play").first
    turn = page.locator("#analysis-top .analysis-move").first.text_content() or ""
    play_button.click()                                                # action 2: play the engine's move
    expect(page.locator("#moves button[data-cursor]").last).to_have_text(f"3. B {turn}")
    assert len(moves(page)) == 3
    expect(page.locator("#analysis-eval")).to_contain_text("White to move", timeout=ANALYSIS_TIMEOUT_MS)
    assert best_line(page)[0]


def test_the_panel_on_a_phone_by_keyboard_with_no_axe_violations(browser, monitor, site_server: SiteServer) -> None:
    context = monitor.watch(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True))
    page = context.new_page()
    open_record(page, site_server, Record("lisbon", {}, ("f6",)))
    page.focus("#analysis-toggle")
    page.keyboard.press("Enter")
    expect(page.locator("#analysis-toggle")).to_have_attribute("aria-pressed", "true")
    best_line(page)
    paused(page)
    move = page.locator("#analysis-top .analysis-move").first
    turn = move.text_content() or ""
    move.focus()
    page.keyboard.press("Enter")
    expect(move).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#analysis")).to_have_attribute("data-shown", turn)   # drawn on the board
    page.focus("#analysis-keep")
    page.keyboard.press("Space")
    expect(page.locator("#analysis-keep")).to_be_checked()
    move.focus()
    before = iterations(page)
    page.wait_for_function(f"+document.getElementById('analysis').dataset.iterations > {before}",
                           timeout=ANALYSIS_TIMEOUT_MS)
    expect(move).to_be_focused()   # the rows are updated in place: the focus stays while it refines
    panel = page.locator("#analysis").bounding_box()
    assert panel is not None and panel["x"] >= 0 and panel["x"] + panel["width"] <= 390
    assert violations(page) == []
    context.close()


def some_turns(game: str, count: int) -> tuple[str, ...]:
    """`count` whole turns of `a_turn` from the opening."""
    state, turns = find_game(game).new_game(), []
    for _ in range(count):
        turns.append(a_turn(state))
        state = state.play_turn(turns[-1])
    return tuple(turns)


def test_the_top_moves_go_by_their_figures_and_it_pauses_deep_and_judged(page: Page, site_server: SiteServer) -> None:
    """Issue 54.3-4 in STYMIE: "Best line: j2,k3" above "j2,k3 14% · 21" above "j2,k1 45% · 20", and a
    pause at ~800 simulated games with every move "too few to judge" and a line one turn long."""
    open_record(page, site_server, Record("stymie", {}, some_turns("stymie", 4)))
    page.click("#analysis-toggle")
    best_line(page)
    paused(page)
    rows = page.locator("#analysis-top li:not([hidden])")
    expect(rows).to_have_count(3)
    figures = rows.locator(".analysis-figures").all_text_contents()
    turns = rows.locator(".analysis-move").all_text_contents()
    assert all("%" in f and "too few" not in f for f in figures), figures   # all three judged
    shares = [int(f.split("%")[0]) for f in figures]
    assert shares == sorted(shares, reverse=True), figures   # the order of the values shown
    line = (page.text_content(PV) or "").split(" → ")
    assert line[0] == turns[0] and len(line) >= 3, line   # the line begins with the first row, 3 turns deep
    assert iterations(page) > 800
    expect(page.locator("#analysis-progress")).not_to_contain_text("before every move could be judged")


def pixel(page: Page, point: tuple[float, float]) -> list[int]:
    return page.evaluate("([x, y]) => [...document.getElementById('board').getContext('2d')"
                         ".getImageData(x * devicePixelRatio, y * devicePixelRatio, 1, 1).data].slice(0, 3)",
                         list(point))


def near(colour: list[int], fill: str) -> bool:
    wanted = [int(fill[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= 40 for a, b in zip(colour, wanted, strict=True))


def test_the_best_line_and_the_threat_are_marked_on_the_board(page: Page, site_server: SiteServer) -> None:
    """Issue 54.6: the best line and the threat were text only. The manual's game after 22 turns:
    White threatens to surround at e6; Black is to move."""
    turns = from_text(MANUAL.read_text(), game="susan").turns[:22]
    state = replay(Record("susan", {}, turns))[-1]
    open_record(page, site_server, Record("susan", {}, turns))
    page.click("#analysis-toggle")
    best_line(page)
    paused(page)
    first = best_line(page)[0]   # the line it paused on
    page.wait_for_function("(document.getElementById('analysis').dataset.marks || '').startsWith('1 ')",
                           timeout=ANALYSIS_TIMEOUT_MS)
    marks = page.get_attribute("#analysis", "data-marks") or ""
    assert marks.startswith(f"1 {first} · 2 ") and marks.endswith("threat e6"), marks
    size, centres = cell_px(page), cells(page)
    x, y = centres[first.split("-")[-1]]   # a placement, or where a slide arrives
    assert near(pixel(page, (x, y - 0.18 * size)), LIGHT.stone(state.player_name(0), 0).fill)   # Black's numbered stone
    x, y = centres["e6"]
    assert near(pixel(page, (x + 0.12 * size, y + 0.12 * size)), LIGHT.stone(state.player_name(1), 1).fill)  # White's cross
    page.click("#analysis-toggle")
    expect(page.locator("#analysis")).to_have_attribute("data-marks", "")   # closed: the board is the game's alone
