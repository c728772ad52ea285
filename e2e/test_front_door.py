"""The front door in Chromium: a first visit opens on it; "Play the computer" as the second
player gets a game the computer opens by itself; "Play a friend" a two-person game; a reload
resumes the autosave without it, and New game's "Quick start…" reaches it with Resume."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.harness import wait_until_ready
from tools.serve import SiteServer

AI_TIMEOUT_MS = 90_000   # the worker's first start competes with everything else on 2 cores


def door(page: Page, game: str):
    return page.locator(f'#front-door-dialog section[data-game="{game}"]')


def moves(page: Page) -> list[str]:
    return page.eval_on_selector_all("#moves button[data-cursor]", "bs => bs.slice(1).map(b => b.textContent)")


def test_a_first_visit_opens_on_the_front_door(page: Page, site_server: SiteServer) -> None:
    page.goto(site_server.url)
    wait_until_ready(page)
    dialog = page.locator("#front-door-dialog")
    expect(dialog).to_be_visible()
    for title in ("SUSAN", "STYMIE", "SUPERSTAR", "LISBON"):
        expect(dialog.get_by_role("heading", name=title)).to_be_visible()
    expect(door(page, "susan").locator(".front-door-level")).to_have_value("medium")
    expect(door(page, "susan").locator(".front-door-resume")).to_be_hidden()
    expect(page.get_by_role("button", name="Play the computer: SUSAN")).to_be_focused()


def test_play_the_computer_as_second_player_and_it_opens(page: Page, site_server: SiteServer) -> None:
    page.goto(site_server.url)
    wait_until_ready(page)
    susan = door(page, "susan")
    susan.locator(".front-door-seat").select_option("1")   # White, the second player
    susan.locator(".front-door-level").select_option("easy")
    susan.get_by_role("button", name="Play the computer: SUSAN").click()
    expect(page.locator("#front-door-dialog")).to_be_hidden()
    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 2",
                           timeout=AI_TIMEOUT_MS)
    assert moves(page)[0].startswith("1. B ")
    expect(page.locator("#status")).to_have_text("White to move.")
    stored = page.evaluate("JSON.parse(localStorage.getItem('abstract-games:autosave')).seats")
    assert stored == [{"kind": "ai", "level": "easy"}, {"kind": "human", "level": None}]


def test_play_a_friend_starts_a_two_person_game(page: Page, site_server: SiteServer) -> None:
    page.goto(site_server.url)
    wait_until_ready(page)
    door(page, "stymie").get_by_role("button", name="Play a friend on this device: STYMIE").click()
    expect(page.locator("#front-door-dialog")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-game", "stymie")
    for turn, count in (("d4", 1), ("e5", 2)):   # both seats are people: each move waits for a click
        page.fill("#move-input", turn)
        page.press("#move-input", "Enter")
        page.wait_for_function("n => document.querySelectorAll('#moves button[data-cursor]').length === n + 1",
                               arg=count)
    page.wait_for_timeout(500)
    assert len(moves(page)) == 2 and page.is_hidden("#thinking")


def test_a_reload_resumes_without_it_and_new_game_reaches_it(page: Page, site_server: SiteServer) -> None:
    page.goto(site_server.url)
    wait_until_ready(page)
    door(page, "susan").get_by_role("button", name="Play a friend on this device: SUSAN").click()
    page.fill("#move-input", "e5")
    page.press("#move-input", "Enter")
    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 2")
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#front-door-dialog")).to_be_hidden()
    assert moves(page) == ["1. B e5"]
    page.click("#new-game")
    page.click("#setup-front-door")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    resume = page.get_by_role("button", name="Resume SUSAN")
    expect(resume).to_be_visible()
    expect(door(page, "lisbon").locator(".front-door-resume")).to_be_hidden()
    resume.click()
    expect(page.locator("#front-door-dialog")).to_be_hidden()
    assert moves(page) == ["1. B e5"]


def test_the_keyboard_lands_on_the_board_when_the_door_closes(page: Page, site_server: SiteServer) -> None:
    """Issue 38.18a: after a choice, Escape or Resume the focus is on the board (not back at the
    top of the page, nine Tabs away): the arrow keys and Enter play at once."""
    page.goto(site_server.url)
    wait_until_ready(page)
    door(page, "susan").get_by_role("button", name="Play a friend on this device: SUSAN").click()
    expect(page.locator("#board")).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 2")
    for leave in ("Escape", "Resume"):
        page.click("#new-game")
        page.click("#setup-front-door")
        expect(page.locator("#front-door-dialog")).to_be_visible()
        if leave == "Escape":
            page.keyboard.press("Escape")
        else:
            page.get_by_role("button", name="Resume SUSAN").click()
        expect(page.locator("#front-door-dialog")).to_be_hidden()
        expect(page.locator("#board")).to_be_focused()
    assert len(moves(page)) == 1
