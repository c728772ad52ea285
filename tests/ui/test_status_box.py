"""The status box over the board (ui.page.side_panel): a fixed height so the board does not move
as lines come and go, grown once to show text that needs more, and back to its height when
another game starts."""

from __future__ import annotations

from typing import Any

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.registry import find_game


def side_panel() -> tuple[Any, Any]:
    stub_browser_modules()
    from ui.page.dom_helpers import Dom
    from ui.page.side_panel import SidePanel

    document = Document()
    return SidePanel(Dom(document, Window())), document.getElementById("board-status")


def test_the_box_grows_to_show_a_note_that_does_not_fit_and_stays_that_tall_for_the_game() -> None:
    from ui.play.session import Session

    panel, box = side_panel()
    game = Session(find_game("stymie"))
    box.clientHeight = box.scrollHeight = 53
    panel.update(game, thinking=False)
    assert box.style.height == ""                   # it fits: the stylesheet's height stands
    box.scrollHeight = 100                          # the swap note takes three lines on a phone
    panel.update(game, thinking=False)
    assert box.style.height == "100px"
    box.clientHeight, box.scrollHeight = 100, 60    # a shorter note: the box does not shrink mid-game
    panel.update(game, thinking=False)
    assert box.style.height == "100px"
    panel.update(Session(find_game("susan")), thinking=False)
    assert box.style.height == ""                   # another game: the stylesheet's height again
