"""The first five minutes (issue 15): nothing is lost to one click (resign, a game-ending pass
and a new game over a game in progress ask first in the page's own dialog; Cancel changes
nothing), the end-of-game panel, seats shown by name and plain words."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.harness import wait_until_playable
from e2e.helpers import boot, moves, new_game, status, tap
from tools.serve import SiteServer


def ask(page: Page, button: str, text: str) -> None:
    """Click `button` and expect the question dialog saying `text`."""
    page.click(button)
    expect(page.locator("#confirm-dialog")).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text(text)


def cancel(page: Page) -> None:
    page.click("#confirm-cancel")
    expect(page.locator("#confirm-dialog")).to_be_hidden()


def test_resign_asks_first_and_cancel_leaves_the_game(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan")
    expect(page.locator("#resign")).to_be_disabled()   # no move yet: nothing to resign from
    tap(page, "e5")
    expect(page.locator("#resign")).to_be_enabled()
    ask(page, "#resign", "White gives up and the game ends: Black wins.")
    cancel(page)
    status(page).to_have_text("White to move.")
    expect(page.locator("body")).to_have_attribute("data-over", "no")
    ask(page, "#resign", "White gives up")
    page.click("#confirm-go")
    status(page).to_have_text("Black wins: White resigned.")


def test_a_pass_that_ends_the_game_asks_with_the_result(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "superstar")
    tap(page, "A5")
    page.click("#pass")                       # the first pass ends nothing: no question
    expect(page.locator("#turn-note")).to_contain_text("another pass ends the game")
    ask(page, "#pass", "Passing now ends the game: White 1 – Black 5.5. Black wins.")
    cancel(page)
    status(page).to_have_text("White to move.")
    assert moves(page) == ["1. W A5", "2. B pass"]
    page.fill("#move-input", "pass")          # typed, the same question
    page.press("#move-input", "Enter")
    expect(page.locator("#confirm-text")).to_contain_text("Passing now ends the game")
    cancel(page)
    assert moves(page) == ["1. W A5", "2. B pass"]
    ask(page, "#pass", "Passing now ends the game")
    page.click("#confirm-go")
    status(page).to_have_text("Black wins: White 1 – Black 5.5.")


def test_a_new_game_over_a_game_in_progress_asks_first(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan")
    tap(page, "e5", "a1")
    page.click("#new-game")
    page.select_option("#setup-game", "stymie")
    ask(page, "#setup-start", "(2 moves, not finished)")
    cancel(page)
    expect(page.locator("body")).to_have_attribute("data-game", "susan")
    assert moves(page) == ["1. B e5", "2. W a1"]
    page.click("#new-game")
    page.select_option("#setup-game", "stymie")
    ask(page, "#setup-start", "not finished")
    page.click("#confirm-go")
    expect(page.locator("body")).to_have_attribute("data-game", "stymie")
    assert moves(page) == []


# --- the end of a game ---------------------------------------------------------------------------

def type_moves(page: Page, *turns: str) -> None:
    for turn in turns:
        page.fill("#move-input", turn)
        page.press("#move-input", "Enter")


def test_the_end_of_game_panel_after_typed_moves(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan")
    panel = page.locator("#game-over")
    type_moves(page, "a2", "a1", "b1", "i5")
    expect(panel).to_be_hidden()
    page.fill("#move-input", "zz9")               # a refusal, stale once the game ends
    page.press("#move-input", "Enter")
    expect(page.locator("#message")).not_to_be_empty()
    type_moves(page, "b2")
    expect(panel).to_be_visible()
    expect(page.locator("#game-over-result")).to_have_text("Black wins")
    expect(page.locator("#game-over-reason")).to_have_text("Black surrounded a1.")
    expect(page.locator("#message")).to_be_empty()
    page.click("#share-game")                     # the saves panel's own share link
    expect(page.locator("#share-link")).to_be_visible()
    assert "#r1" in page.input_value("#share-link")
    page.click("#review-start")
    status(page).to_have_text("Start (5 moves recorded). Black to move.")
    expect(panel).to_be_visible()                 # still there while reviewing
    page.click("#nav-next")
    status(page).to_have_text("Move 1 of 5. White to move.")
    page.click("#rematch")                        # a finished game: no question
    expect(panel).to_be_hidden()
    assert moves(page) == []
    status(page).to_have_text("Black to move.")


def test_the_seats_are_named_in_the_panel(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    expect(page.locator("#seats-line")).to_have_text("Player 1 — Black · Player 2 — White")
    new_game(page, "susan", seats=["human", "easy"])
    expect(page.locator("#seats-line")).to_have_text("You — Black · Computer (easy) — White")


def test_options_and_the_meter_speak_plain_words(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    page.click("#new-game")
    expect(page.locator("#setup-options")).to_contain_text("with 3 or 4, Red and then Blue join")
    expect(page.locator("#setup-options")).to_contain_text("the first to surround another player's stone wins at once")
    page.click("#setup-cancel")
    label = page.locator("#thinking-label")
    expect(label).to_contain_text("Computer's chances:")     # a visible name for the meter
    assert page.evaluate("document.getElementById('thinking-meter').labels.length") == 1


def test_each_game_gets_back_its_own_last_choices(page: Page, site_server: SiteServer) -> None:
    """Options never carry from one game to another; each game's come back, after a reload too."""
    boot(page, site_server)
    new_game(page, "susan", {"size": "6", "players": "4"}, seats=["human", "easy", "human", "human"])
    page.click("#new-game")
    page.select_option("#setup-game", "stymie")          # never chosen: its defaults
    expect(page.locator("#setup-options [name=size]")).to_have_value("8")
    expect(page.locator("#setup-seats select")).to_have_count(2)
    page.select_option("#setup-options [name=size]", "5")
    page.click("#setup-start")
    expect(page.locator("body")).to_have_attribute("data-game", "stymie")
    page.reload()
    wait_until_playable(page)
    page.click("#new-game")
    page.select_option("#setup-game", "susan")
    expect(page.locator("#setup-options [name=size]")).to_have_value("6")
    expect(page.locator("#setup-options [name=players]")).to_have_value("4")
    expect(page.locator("#setup-seats select[name=seat1]")).to_have_value("easy")


def test_a_stymie_single_in_one_gesture(page: Page, site_server: SiteServer) -> None:
    """A second tap on the stone just placed ends the turn: no trip to End turn."""
    boot(page, site_server)
    new_game(page, "stymie")
    tap(page, "G7")                              # the opening single ends by itself
    tap(page, "A15")
    expect(page.locator("#turn-note")).to_contain_text("or the piece again")
    tap(page, "A15")
    status(page).to_have_text("Vert to move.")
    assert moves(page) == ["1. V g7", "2. H a15"]
