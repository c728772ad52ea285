"""The game clock as players meet it (ui.page.clock_panel): a hot-seat game started with a clock
from the New game form, Undo that asks and gives the time back, the low-time warning said in the
status line, the loss on time; a reload that keeps the time that passed; Pause. Time is
Playwright's fake clock (page.clock): installed before the page opens, it flows as usual and
fast_forward jumps it, so no test waits real minutes.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from e2e.harness import wait_until_playable
from e2e.helpers import AI_TIMEOUT_MS, play, violations, wait_for_moves
from tools.serve import SiteServer

GAMES = ("susan", "stymie", "superstar", "lisbon")


def clocked_game(page: Page, game: str, control: str) -> None:
    """Start a game of people only with the clock `control` ('1+0') from the New game form."""
    page.click("#new-game")
    page.select_option("#setup-game", game)
    page.select_option("#setup-clock", control)
    page.click("#setup-start")
    expect(page.locator("body")).to_have_attribute("data-game", game)
    expect(page.locator("#clock")).to_be_visible()


def seat_time(page: Page, seat: int) -> str:
    return page.locator("#clock-seats .clock-seat .clock-time").nth(seat).text_content() or ""


def seconds(shown: str) -> float:
    """'4:35' -> 275, '9.4' -> 9.4."""
    if ":" in shown:
        minutes, secs = shown.split(":")
        return int(minutes) * 60 + int(secs)
    return float(shown)


def test_a_hot_seat_game_is_lost_on_time_after_undo_gives_the_time_back(
        screen: Page, site_server: SiteServer) -> None:
    page = screen
    page.clock.install()
    page.goto(site_server.url)
    wait_until_playable(page)
    page.click("#new-game")
    page.select_option("#setup-clock", "custom")
    expect(page.locator("#setup-clock-minutes")).to_be_visible()
    assert violations(page) == [], "the New game form with a custom clock"
    page.click("#setup-cancel")
    clocked_game(page, "susan", "1+0")
    rows = page.locator("#clock-seats .clock-seat")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_class(re.compile("clock-running"))
    assert violations(page) == [], "the clock in play"
    play(page, "e5")
    expect(rows.nth(1)).to_have_class(re.compile("clock-running"))
    page.clock.fast_forward(20_000)
    expect(page.locator("#clock-seats .clock-time").nth(1)).to_have_text(re.compile(r"^0:[34]\d$"))
    play(page, "e4")
    page.clock.fast_forward(5_000)
    page.click("#undo")
    expect(page.locator("#confirm-text")).to_contain_text("clocks return to what they showed before it")
    page.click("#confirm-go")
    expect(rows.nth(1)).to_have_class(re.compile("clock-running"))
    assert seconds(seat_time(page, 1)) >= 55, "White's time is given back"
    page.clock.fast_forward(seconds(seat_time(page, 1)) * 1000 - 8_000)
    warning = re.compile(r"White has \d+ seconds? left\.")
    expect(page.locator("#status")).to_contain_text(warning)
    expect(rows.nth(1)).to_have_class(re.compile("clock-low"))
    for _ in ("pause", "resume"):   # each redraws the status line: the warning stays in it
        page.click("#clock-pause")
        expect(page.locator("#status")).to_contain_text(warning)
    page.clock.fast_forward(12_000)
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#game-over-result")).to_have_text("Black wins")
    expect(page.locator("#game-over-reason")).to_have_text("White loses on time.")
    expect(page.locator("#clock-seats .clock-time").nth(1)).to_have_text("0.0")
    assert violations(page) == [], "the clock at the end"


def test_a_clocked_game_keeps_the_time_that_passed_over_a_reload_in_every_game(
        page: Page, site_server: SiteServer) -> None:
    page.clock.install()
    page.goto(site_server.url)
    wait_until_playable(page)
    for game in GAMES:
        clocked_game(page, game, "5+3")
        expect(page.locator("#clock-seats .clock-seat").nth(0)).to_have_class(re.compile("clock-running"))
        page.clock.fast_forward(40_000)
        expect(page.locator("#clock-seats .clock-time").nth(0)).to_have_text(re.compile(r"^4:[01]\d$"))
        page.reload()
        wait_until_playable(page)
        expect(page.locator("body")).to_have_attribute("data-game", game)
        page.clock.fast_forward(30_000)   # a reload restarts no clock: 70 s are gone in all
        expect(page.locator("#clock-seats .clock-time").nth(0)).to_have_text(re.compile(r"^3:[2-4]\d$"))
        page.click("#clock-pause")
        expect(page.locator("#clock-pause")).to_have_text("Resume")
        before = seconds(seat_time(page, 0))
        page.clock.fast_forward(120_000)
        page.wait_for_timeout(300)
        assert seconds(seat_time(page, 0)) == before, "paused: the time stands still"
        page.click("#clock-pause")
        expect(page.locator("#clock-pause")).to_have_text("Pause")
    assert violations(page) == [], "the clock on a phone"


def test_against_the_computer_only_the_person_has_a_clock(page: Page, site_server: SiteServer) -> None:
    page.clock.install()
    page.goto(site_server.url)
    wait_until_playable(page)
    page.click("#new-game")
    page.select_option("#setup-game", "susan")
    page.select_option("#setup-seats select[name=seat1]", "easy")
    page.select_option("#setup-clock", "3+2")
    page.click("#setup-start")
    rows = page.locator("#clock-seats .clock-seat")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("Black")
    play(page, "e5")
    wait_for_moves(page, 2, timeout=AI_TIMEOUT_MS)   # the computer's reply, on no clock
    expect(rows.nth(0)).to_have_class(re.compile("clock-running"))
    assert 175 <= seconds(seat_time(page, 0)) <= 182, "the increment added, the computer's thinking not charged"


# a way to take the game off the board: (the clicks that do, the element then shown, its Close)
AWAY = {
    "learn": (("#learn-button", "#learn-dialog button.learn-guided"), "#coach-bar", "#coach-close"),
    "analysis": (("#analyse",), "#analysis-bar", "#analysis-close"),
}


@pytest.mark.parametrize("away", list(AWAY))
def test_a_minute_away_from_a_clocked_game_costs_it_no_time(page: Page, site_server: SiteServer, away: str) -> None:
    """Learn and the analysis board take the game off the board: its clock stops there and
    runs again on Close."""
    clicks, shown, close = AWAY[away]
    page.clock.install()
    page.goto(site_server.url)
    wait_until_playable(page)
    clocked_game(page, "stymie", "3+2")
    page.clock.fast_forward(10_000)
    before = seat_time(page, 0)
    for selector in clicks:
        page.click(selector)
    expect(page.locator(shown)).to_be_visible()
    expect(page.locator("#clock")).to_be_hidden()
    page.clock.fast_forward(60_000)
    page.click(close)
    expect(page.locator("#clock-seats .clock-seat").nth(0)).to_have_class(re.compile("clock-running"))
    assert abs(seconds(seat_time(page, 0)) - seconds(before)) <= 1, f"the minute away ({away}) was not charged"
