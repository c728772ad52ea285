"""SUPERSTAR's count reaches the page as numbers, not English text, so the page writes its totals
and the result as the player's language writes numbers (komi 5.5 is 5,5 in French): issue 56."""

from __future__ import annotations

from typing import Any

from tiny_catalog import speaking_french

from pygame_core.registry import find_game
from ui.i18n import say

FRENCH: dict[str | tuple[str, str], str | tuple[str, str]] = {
    "White": "Blanc", "Black": "Noir", "White {white} – Black {black}": "Blanc {white} – Noir {black}"}


def finished() -> Any:
    state = find_game("superstar").new_game().play_turn("A5")
    return state.play_turn("pass").play_turn("pass")


def test_the_totals_are_numbers() -> None:
    table = find_game("superstar").presentation.score_table(find_game("superstar").new_game())
    assert table is not None and table.totals == (("White", 0.0), ("Black", 5.5))


def test_the_result_is_english_in_the_core_and_french_on_a_french_page() -> None:
    state = finished()
    assert state.outcome.reason == "White 1 – Black 5.5"
    with speaking_french(FRENCH):
        assert say(state.outcome.reason) == "Blanc 1 – Noir 5,5"


def test_the_score_panel_writes_the_totals_in_french() -> None:
    from fake_dom import Document, Window, stub_browser_modules
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.play.session import Session

    with speaking_french(FRENCH):
        window = Window()
        page = PlayPage(Document(), window, Session(find_game("superstar")))
        window.run_frames()
        heading = page.dom.by_id("score").children[0].textContent
    assert heading.endswith("Blanc 0 – Noir 5,5")
