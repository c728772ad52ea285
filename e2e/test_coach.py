"""The coach in Chromium (issue 17.1-3): a hint is drawn and not played (and kept in the
autosave), the evaluation bar shows with its label, and a review of a known game with a
planted blunder marks it, lists the better turn and jumps through the graph."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.harness import wait_until_playable
from pygame_core.record import Record, from_text
from tools.serve import SiteServer
from ui.saves.share import encode

COACH_TIMEOUT_MS = 180_000   # the coach's worker starts on first use, on 2 busy cores
MANUAL = Path(__file__).resolve().parents[1] / "tests" / "core" / "fixtures" / "susan_manual_game.txt"
AUTOSAVE = "abstract-games:autosave"


def planted() -> Record:
    """The manual's first 16 turns, then Black's e3, which lets White surround at once."""
    return Record("susan", {}, from_text(MANUAL.read_text(), game="susan").turns[:16] + ("e3",))


def moves(page: Page) -> list[str]:
    return page.eval_on_selector_all("#moves button[data-cursor]", "bs => bs.slice(1).map(b => b.textContent)")


def test_hint_is_shown_on_the_board_and_not_played(page: Page, site_server: SiteServer) -> None:
    page.goto(site_server.url)
    wait_until_playable(page)
    page.fill("#move-input", "e5")
    page.press("#move-input", "Enter")
    expect(page.locator("#status")).to_have_text("White to move.")
    page.click("#hint-button")
    page.wait_for_function("document.getElementById('board').dataset.hint", timeout=COACH_TIMEOUT_MS)
    hinted = page.get_attribute("#board", "data-hint")
    expect(page.locator("#coach-message")).to_have_text(f"Hint: {hinted}, shown on the board (not played).")
    assert moves(page) == ["1. B e5"]                          # nothing was played
    expect(page.locator("#status")).to_have_text("White to move.")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{AUTOSAVE}')"))
    assert saved["record"]["hints"] == [2]                     # the record notes the hint
    page.fill("#move-input", "a1")
    page.press("#move-input", "Enter")
    expect(page.locator("#board")).to_have_attribute("data-hint", "")   # gone once the game moves on


def test_evaluation_bar_is_labelled_and_filled(page: Page, site_server: SiteServer) -> None:
    page.goto(site_server.url)
    wait_until_playable(page)
    expect(page.locator("#eval-bar")).to_be_hidden()
    page.check("#eval-toggle")
    bar = page.locator("#eval-bar")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("Chances to win (coach's estimate):")
    expect(page.locator("#eval-words")).to_contain_text("Black ", timeout=COACH_TIMEOUT_MS)
    expect(page.locator("#eval-words")).to_contain_text("%")
    expect(bar).to_have_attribute("data-position", "0", timeout=COACH_TIMEOUT_MS)   # the search finished
    expect(page.locator("#eval-track .eval-part")).to_have_count(2)
    page.click("#eval-bar summary")
    expect(page.locator("#eval-explained")).to_contain_text("a draw counts half")
    page.uncheck("#eval-toggle")
    expect(bar).to_be_hidden()


def test_review_marks_the_planted_blunder(page: Page, site_server: SiteServer) -> None:
    page.goto(f"{site_server.url}#{encode(planted())}")
    wait_until_playable(page)
    assert len(moves(page)) == 17
    page.click("#review-button")
    page.select_option("#review-depth", "quick")               # restarts the review, quicker
    review = page.locator("#review")
    expect(review).to_have_attribute("data-done", "1", timeout=COACH_TIMEOUT_MS)
    expect(page.locator("#review-progress")).to_have_text("Reviewed all 18 positions (quick, 200 simulated games a position).")
    assert "17" in (review.get_attribute("data-mistakes") or "").split()
    mistake = page.locator("#review-mistakes button[data-turn='17']")
    expect(mistake).to_contain_text("17. Black e3: this loses by force (proven), where ")
    expect(page.locator("#eval-bar")).to_be_visible()          # always on in a review
    expect(page.locator("#eval-words")).to_have_text("certain: White wins")
    mistake.click()
    expect(page.locator("#status")).to_contain_text("Move 16 of 17.")
    expect(page.locator("#eval-words")).to_contain_text("%")
    box = page.locator("#review-graph").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 2, box["y"] + box["height"] / 2)   # the graph's left edge: the start
    expect(page.locator("#status")).to_contain_text("Start (17 moves recorded).")
    page.click("#review-close")
    expect(review).to_be_hidden()


def test_the_end_panels_review_button_starts_the_coachs_review(page: Page, site_server: SiteServer) -> None:
    finished = Record("susan", {}, planted().turns + ("e4",))   # White surrounds e3
    page.goto(f"{site_server.url}#{encode(finished)}")
    wait_until_playable(page)
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#review")).to_be_hidden()
    page.click("#review-start")
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review-progress")).to_contain_text("19 positions")
    expect(page.locator("#status")).to_contain_text("Start (18 moves recorded).")
    expect(page.locator("#review")).to_have_attribute("data-done", "1", timeout=COACH_TIMEOUT_MS)
    assert "17" in (page.get_attribute("#review", "data-mistakes") or "").split()


def test_the_review_flags_a_missed_win_in_one(page: Page, site_server: SiteServer) -> None:
    missed = Record("susan", {}, planted().turns + ("a1",))   # White had e4, surrounding e3 at once
    page.goto(f"{site_server.url}#{encode(missed)}")
    wait_until_playable(page)
    page.click("#review-button")
    page.select_option("#review-depth", "quick")
    # (the line's words while it runs are tests/ui/test_coach.py's: a quick review can be done
    # before a poll sees them, as in one CI run)
    review = page.locator("#review")
    expect(review).to_have_attribute("data-done", "1", timeout=COACH_TIMEOUT_MS)
    expect(page.locator("#review-progress")).to_contain_text("Reviewed all 19 positions")
    assert {"17", "18"} <= set((review.get_attribute("data-mistakes") or "").split())
    expect(page.locator("#review-mistakes button[data-turn='18']")).to_have_text(
        "18. White a1: missed a win: e4 wins (proven)")
    expect(page.locator("#review-mistakes .review-verdict")).to_contain_text("proven")


def test_a_clean_game_s_review_gives_its_verdict(page: Page, site_server: SiteServer) -> None:
    """Issue 38.9: a review that found no mistake stopped on "cannot access local variable
    'state'", with no verdict and #review[data-done] never set."""
    page.goto(f"{site_server.url}#{encode(Record('susan', {}, ('e5', 'd4')))}")
    wait_until_playable(page)
    page.click("#review-button")
    page.select_option("#review-depth", "quick")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-done", "1", timeout=COACH_TIMEOUT_MS)
    assert review.get_attribute("data-mistakes") == ""
    expect(page.locator("#review-mistakes .review-verdict")).to_contain_text("No turn lost 15 points or more")
    expect(page.locator("#coach-message")).to_have_text("")
