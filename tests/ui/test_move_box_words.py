"""The move box's example ("e5 or f6-f7") in the page's language: the moves are notation and
stay as typed, the "or" is translated (issue 56)."""

from __future__ import annotations

from fake_dom import Document, Window, stub_browser_modules
from tiny_catalog import speaking_french

from pygame_core.presentation import move_examples
from pygame_core.registry import find_game


def test_the_example_is_english_in_the_core_and_keeps_its_moves() -> None:
    example = move_examples("e5", "f6-f7")
    assert example == "e5 or f6-f7" and example.values == {"move": "e5", "another": "f6-f7"}
    assert find_game("susan").presentation.example_move == example


def test_the_move_box_suggests_its_moves_in_the_page_s_language() -> None:
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.play.session import Session

    with speaking_french({"{move} or {another}": "{move} ou {another}"}):
        window = Window()
        page = PlayPage(Document(), window, Session(find_game("susan")))
        window.run_frames()
        assert page.dom.by_id("move-input").placeholder == "e5 ou f6-f7"
