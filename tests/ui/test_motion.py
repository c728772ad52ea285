"""Stones that just appeared grow in briefly; a dragged stone's ghost follows the pointer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.registry import find_game
from ui.board.motion import GROW_FROM, GROW_MS, MAX_GROWN, Placements


def test_a_new_stone_grows_to_full_size_and_then_stops() -> None:
    p = Placements()
    assert p.update([None, None, None], 0.0, animate=True) == ()        # the first paint: nothing new
    assert p.update([None, 1, None], 100.0, animate=True) == (1,)
    assert p.sizes(100.0) == {1: pytest.approx(GROW_FROM)} and p.active(100.0)
    half = p.sizes(100.0 + GROW_MS / 2)[1]
    assert GROW_FROM < half < 1.0
    assert p.sizes(100.0 + GROW_MS)[1] == pytest.approx(1.0) and not p.active(100.0 + GROW_MS)
    assert p.update([None, 1, None], 100.0 + GROW_MS, animate=True) == () and p.sizes(400.0) == {}
    assert p.grown == 1


def test_reduced_motion_still_reports_the_stone_but_does_not_grow_it() -> None:
    p = Placements()
    p.update([None, None], 0.0, animate=False)
    assert p.update([0, None], 10.0, animate=False) == (0,)
    assert p.sizes(10.0) == {} and not p.active(10.0) and p.grown == 0


def test_a_loaded_game_or_a_new_board_just_appears() -> None:
    p = Placements()
    p.update([None] * 20, 0.0, animate=True)
    assert p.update([0] * (MAX_GROWN + 1) + [None] * (19 - MAX_GROWN), 10.0, animate=True) == ()
    assert p.update([None] * 30, 20.0, animate=True) == ()             # another board
    assert not p.active(20.0)


def test_a_stone_taken_off_while_growing_is_forgotten() -> None:
    p = Placements()
    p.update([None, None], 0.0, animate=True)
    p.update([1, None], 10.0, animate=True)
    p.update([None, None], 20.0, animate=True)                          # undone
    assert p.sizes(20.0) == {}


# --- on the page (fake document) -------------------------------------------------------------

@pytest.fixture
def page() -> Any:
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.play.session import Session

    play_page = PlayPage(Document(), Window(), Session(find_game("susan")))
    play_page.dom.window.run_frames()
    return play_page


def centre(page: Any, name: str) -> tuple[float, float]:
    x, y = json.loads(page.dom.by_id("board").dataset.cells)[name]
    return x, y


def pointer(page: Any, kind: str, name: str, dx: float = 0.0) -> None:
    x, y = centre(page, name)
    page.dom.by_id("board").fire(kind, clientX=x + dx, clientY=y, button=0, pointerId=1)


def test_placing_grows_the_stone_over_a_few_frames(page: Any) -> None:
    pointer(page, "pointerdown", "e5")
    pointer(page, "pointerup", "e5")
    page.dom.window.run_frames()
    assert page.session.turns == ("e5",) and page.dom.by_id("board").dataset.grown == "1"


def test_a_dragged_stone_shows_its_ghost_and_slides_where_it_is_let_go(page: Any) -> None:
    for name in ("e5", "a1"):
        pointer(page, "pointerdown", name)
        pointer(page, "pointerup", name)
    page.dom.window.run_frames()
    assert page.dom.by_id("board").style.touchAction == "pinch-zoom"   # a finger may drag here
    pointer(page, "pointerdown", "e5")
    pointer(page, "pointermove", "e6")
    ghost = page.board.ghost
    assert ghost is not None and ghost.source == page.session.live.board.cell("e5")
    assert ghost.over == page.session.live.board.cell("e6") and ghost.over in ghost.targets
    page.dom.window.run_frames()
    pointer(page, "pointerup", "e6")
    page.dom.window.run_frames()
    assert page.board.ghost is None and page.session.turns == ("e5", "a1", "e5-e6")


def test_a_small_wobble_is_still_a_tap(page: Any) -> None:
    pointer(page, "pointerdown", "e5")
    pointer(page, "pointermove", "e5", dx=2)
    assert page.board.ghost is None
    pointer(page, "pointerup", "e5", dx=2)
    assert page.session.turns == ("e5",)
