"""The page's words say each thing once and in the game's own notation (issue 30.6)."""

from __future__ import annotations

from pygame_core.registry import find_game
from ui.play.session import Session
from ui.play.view import ending, status


def played(game: str, *turns: str) -> Session:
    session = Session(find_game(game))
    for text in turns:
        state = session.turn_start
        session.commit_turn(list(state.parse_turn(text)), state.play_turn(text))
    return session


def test_a_draw_by_slides_says_draw_once() -> None:
    session = played("susan", "e5", "a1", "e5-e6", "a1-a2", "e6-e5", "a2-a1", "e5-e6", "a1-a2")
    assert session.is_over and session.outcome.is_draw
    assert status(session) == "Draw: 6 slides in a row."
    assert ending(session) == ("Draw", "6 slides in a row.")


def test_the_hint_line_goes_when_the_position_changes() -> None:
    import asyncio

    from fake_dom import Document, Window, stub_browser_modules
    from test_coach import fake_client
    stub_browser_modules()
    from ui.page.coach_panel import CoachPanel
    from ui.page.play_page import PlayPage

    page = PlayPage(Document(), Window(), played("susan", "d6", "b5"))
    message = page.dom.by_id("coach-message")

    async def scenario() -> None:
        panel = CoachPanel(page, fake_client())
        page._dialogs["coach"] = panel
        panel.hint()
        while panel._task is not None:
            await asyncio.sleep(0)
        assert message.textContent.startswith("Hint: ")
        page.goto(1)                      # looking back (a review does the same)
        assert message.textContent == ""

    asyncio.run(scenario())
