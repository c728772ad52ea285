"""The computer never thinks forever (issue 38, item 3): when its worker dies mid-think, or the
worker's script (ui/ai_worker.py) answers an HTTP error or never arrives, the page says "The
computer could not move." with a Retry button that starts a fresh worker; Undo and a new move
recover too.

The watchdog's bounds are minutes in play; the tests shorten them through the page's test knobs
`window.__opponentStartMs` (a worker's start) and `window.__opponentStepMs` (the margin over the
level's think time for one call), read at each start and each turn."""

from __future__ import annotations

import time
from typing import Callable

from playwright.sync_api import Browser, Page, Route

from e2e.harness import TrafficMonitor, wait_until_ready
from pygame_core.record import Record
from tools.browser_harness import AUTOSAVE
from tools.serve import SiteServer
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat
from ui.saves.savefile import encode

SHORT_MS = 4000     # the watchdog, shortened for the failures the test provokes
PATIENT_MS = 120_000   # for the starts that must succeed on a loaded machine
WORKER_SCRIPT = "**/ui/ai_worker.py"
FAILED = "#thinking-retry:visible"
NOTICED_S = 20   # a failed script load is known at once; this leaves room for a loaded machine

# Kills every opponent worker as soon as the search has reported progress: a death mid-think.
KILL_MID_THINK = """() => {
    const chances = document.getElementById("thinking-chances");
    new MutationObserver((_, observer) => {
        if (!chances.textContent.includes("%")) return;
        observer.disconnect();
        for (const tag of document.querySelectorAll('script[type="py"][worker]')) tag.xworker?.terminate();
        window.__killed = true;
    }).observe(chances, { childList: true, characterData: true, subtree: true });
}"""


def computer_plays_white(level: str) -> str:
    """A new SUSAN game: the player (Black) moves first, the computer answers (at Hard it
    searches for seconds: nothing wins at once on an empty board)."""
    return encode(SavedGame(Record("susan", {}), (Seat(HUMAN), Seat(AI, level)), 0))


def move_buttons(page: Page) -> int:
    return page.evaluate("document.querySelectorAll('#moves button[data-cursor]').length")


def play(page: Page, move: str) -> None:
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")


def open_game_against_the_computer(page: Page, url: str, start_ms: int, level: str = "easy",
                                   worker_script: Callable[[Route], None] | None = None) -> None:
    """Open a game against the computer, whose worker boots as the game is shown: the watchdog's
    bounds and `worker_script` (a route for its script, if given) are in place before."""
    page.add_init_script(f"window.__opponentStartMs = {start_ms}; window.__opponentStepMs = {SHORT_MS}")
    page.goto(url)
    wait_until_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [AUTOSAVE, computer_plays_white(level)])
    if worker_script is not None:
        page.route(WORKER_SCRIPT, worker_script)
    page.reload()
    wait_until_ready(page)


def expect_failure(page: Page, why: str = "", timeout_ms: int = 90_000) -> None:
    """The failure notice, saying `why` (in the player's words) when given."""
    page.wait_for_selector(FAILED, timeout=timeout_ms)
    words = page.inner_text("#thinking-text")
    assert words.startswith("The computer could not move") and why in words, words
    assert page.is_hidden("#thinking-meter")


def test_a_worker_that_dies_mid_think_is_reported_and_undo_with_a_new_move_recovers(
        page: Page, site_server: SiteServer) -> None:
    open_game_against_the_computer(page, site_server.url, PATIENT_MS, "hard")
    page.evaluate(KILL_MID_THINK)
    play(page, "d5")
    expect_failure(page)
    assert page.evaluate("window.__killed") is True and move_buttons(page) == 2   # the player's move stays
    page.click("#undo")
    assert page.is_hidden(FAILED)
    play(page, "d5")
    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 3", timeout=120_000)
    assert page.is_hidden(FAILED)


def test_a_worker_script_that_fails_or_never_arrives_is_reported_and_retry_recovers(
        browser: Browser, monitor: TrafficMonitor, site_server: SiteServer) -> None:
    # A first visit: nothing cached, no service worker between the page and the network.
    context = monitor.watch(browser.new_context(service_workers="block"))
    try:
        page = context.new_page()
        open_game_against_the_computer(page, site_server.url, SHORT_MS,
                                       worker_script=lambda route: route.fulfill(status=500, body="Server error"))
        play(page, "d5")
        expect_failure(page, "its program could not load (the server answered with an error)")
        assert move_buttons(page) == 2
        assert any("HTTP 500" in problem for problem in monitor.take_problems())

        held: list[Route] = []
        page.unroute(WORKER_SCRIPT)
        page.route(WORKER_SCRIPT, lambda route: held.append(route))   # never answered
        page.click("#thinking-retry")
        page.wait_for_selector(FAILED, state="hidden")
        expect_failure(page, "its program timed out while loading")
        assert held, "Retry started a fresh worker, which asked for its script again"

        monitor.take_problems()   # the failed workers' own errors; none from here on
        page.unroute(WORKER_SCRIPT)
        page.evaluate(f"window.__opponentStartMs = {PATIENT_MS}")
        page.click("#thinking-retry")
        page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 3",
                               timeout=120_000)
        assert page.is_hidden(FAILED)
    finally:
        context.close()


def test_a_worker_script_that_cannot_load_is_noticed_at_once_and_the_notice_says_so(
        browser: Browser, monitor: TrafficMonitor, site_server: SiteServer) -> None:
    """Issue 54, item 17: the script's request fails (a broken connection) and the watchdog keeps
    its real start bound (120 s): the computer's turn says at once that its program could not
    load, instead of "White is thinking…" for two minutes and no reason."""
    context = monitor.watch(browser.new_context(service_workers="block"))
    try:
        page = context.new_page()
        open_game_against_the_computer(page, site_server.url, PATIENT_MS,
                                       worker_script=lambda route: route.abort("connectionreset"))
        started = time.monotonic()
        play(page, "d5")
        expect_failure(page, "its program could not load (the connection failed)", timeout_ms=PATIENT_MS)
        assert time.monotonic() - started < NOTICED_S
        assert move_buttons(page) == 2
        monitor.take_problems()   # the failed request's own errors
    finally:
        context.close()
