"""ui.page.board_pointer on its own: one press followed from down to up, reported as the
pressed cell and the cell let go on; a cancelled press or one let go off the board reports
nothing (the page's use of it, taps and drags, is in test_motion.py)."""

from __future__ import annotations

from typing import Any

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.registry import find_game
from test_motion import centre


def pointer_on_page() -> tuple[Any, Any, list[tuple[int | None, int]], list[str]]:
    stub_browser_modules()
    from ui.page.board_pointer import BoardPointer
    from ui.page.play_page import PlayPage
    from ui.play.session import Session

    page = PlayPage(Document(), Window(), Session(find_game("susan")))
    page.dom.window.run_frames()
    released: list[tuple[int | None, int]] = []
    pressed: list[str] = []
    return page, BoardPointer(page, lambda: pressed.append("down"), lambda a, b: released.append((a, b))), \
        released, pressed


def fire(page: Any, kind: str, name: str | None = None) -> None:
    x, y = centre(page, name) if name else (-500.0, -500.0)
    page.dom.by_id("board").fire(kind, clientX=x, clientY=y, button=0, pointerId=1)


def test_a_release_reports_where_the_press_began_and_ended() -> None:
    page, _, released, pressed = pointer_on_page()
    cell = page.session.live.board.cell
    fire(page, "pointerdown", "e5")
    fire(page, "pointerup", "e6")
    assert pressed == ["down"] and released == [(cell("e5"), cell("e6"))]


def test_a_cancelled_press_or_one_let_go_off_the_board_reports_nothing() -> None:
    page, _, released, _ = pointer_on_page()
    fire(page, "pointerdown", "e5")
    fire(page, "pointercancel", "e5")
    fire(page, "pointerup", "e5")                # the press was dropped: no release
    fire(page, "pointerdown", "e5")
    fire(page, "pointerup")                      # let go off the board
    assert released == []


def test_only_a_stone_that_may_slide_gets_a_ghost() -> None:
    page, pointer, _, _ = pointer_on_page()
    fire(page, "pointerdown", "e5")
    fire(page, "pointermove", "a1")              # an empty cell dragged: no ghost
    assert page.board.ghost is None
    pointer.allow_drag()
    assert page.dom.by_id("board").style.touchAction == ""   # no stone to slide yet
