"""Every feature on the trimmed standard library (issue 27): the built site loads only the
modules tools/stdlib_trim.py recorded, so one module missing from that list would break a
player's game with an ImportError. This tour runs each feature once in one page -- the
computer opening each of the four games (its worker), the coach's hint, Learn's puzzles
(fetched on first use), a named save, export and import, a share link and a reload -- and the
monitor fails it on any console error or uncaught exception (an ImportError is one)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.harness import wait_until_playable
from e2e.helpers import AI_TIMEOUT_MS, SOLVED_ID, type_move, wait_for_moves
from pygame_core.registry import GAME_NAMES
from tools.build import STDLIB_ARCHIVE
from tools.serve import SiteServer
from ui.page.puzzle_file import PUZZLE_URL

COACH_TIMEOUT_MS = 120_000


def requested(log: list[str], name: str) -> bool:
    return any(url.split("?")[0].endswith("/" + name) for url in log)


def go_ahead_if_asked(page: Page) -> None:
    """Say yes when the page asks before replacing the game on the board."""
    if page.locator("#confirm-go").is_visible():
        page.click("#confirm-go")


def start(page: Page, game: str, seats: list[str]) -> None:
    page.click("#new-game")
    page.select_option("#setup-game", game)
    for i, choice in enumerate(seats):
        page.select_option(f"#setup-seats select[name=seat{i}]", choice)
    page.click("#setup-start")
    go_ahead_if_asked(page)
    expect(page.locator("body")).to_have_attribute("data-game", game)


def test_every_feature_runs_on_the_trimmed_library(page: Page, site_server: SiteServer) -> None:
    log: list[str] = []
    page.on("request", lambda request: log.append(request.url))
    page.goto(site_server.url)
    wait_until_playable(page)
    assert requested(log, STDLIB_ARCHIVE), "the runtime loads the build's trimmed library"
    assert not requested(log, "python_stdlib.zip"), "and never Pyodide's whole one"
    assert not requested(log, PUZZLE_URL.removeprefix("./")), "the puzzles wait for Learn"

    page.click("#learn-button")   # Learn fetches the puzzle file now
    page.wait_for_selector("#learn-dialog[open]")
    page.click(f"#learn-dialog button[data-puzzle='{SOLVED_ID}']")
    go_ahead_if_asked(page)
    page.wait_for_function(f"document.getElementById('coach-bar').dataset.puzzle === '{SOLVED_ID}'")
    assert requested(log, PUZZLE_URL.removeprefix("./"))
    type_move(page, "e3")
    page.wait_for_function("document.getElementById('coach-bar').dataset.result === 'solved'")

    for game in GAME_NAMES:   # the computer opens every game: its worker imports the game's package
        start(page, game, ["easy", "human"])
        assert wait_for_moves(page, 1, AI_TIMEOUT_MS)[0].startswith("1. ")

    start(page, "susan", ["human", "human"])
    type_move(page, "e5")
    wait_for_moves(page, 1)
    page.click("#hint-button")   # the coach: its own worker
    page.wait_for_function("document.getElementById('board').dataset.hint", timeout=COACH_TIMEOUT_MS)

    page.wait_for_selector("#saves-panel", state="attached")
    page.evaluate("document.getElementById('saves-panel').open = true")
    page.fill("#save-name", "trimmed")
    page.click("#save-button")
    page.wait_for_function("[...document.querySelectorAll('#saves-list .save-name')]"
                           ".some(e => e.textContent === 'trimmed')")
    with page.expect_download() as download:
        page.click("#export-json")
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    page.fill("#import-text", exported)
    page.click("#import-button")
    go_ahead_if_asked(page)
    assert wait_for_moves(page, 1) == ["1. B e5"]
    page.click("#share-button")
    link = page.input_value("#share-link")
    assert link.startswith(site_server.url + "#r1")

    page.goto("about:blank")
    page.goto(link)   # a friend's link, then a reload resuming the autosave
    wait_until_playable(page)
    assert wait_for_moves(page, 1)[0] == "1. B e5"
    page.reload()
    wait_until_playable(page)
    assert wait_for_moves(page, 1)[0] == "1. B e5"
