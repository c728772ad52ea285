"""The computer's workers boot when a game with a computer seat is shown, not at its first
turn, and after the frame that shows it (the page's first paint never waits for them)."""

from __future__ import annotations

from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.registry import find_game


class CountingClient:
    started = 0

    def __init__(self, **options: Any) -> None:
        pass

    def start_workers(self) -> Any:
        CountingClient.started += 1
        return StartedFuture()


class StartedFuture:
    def add_done_callback(self, fn: Any) -> None:
        pass


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Any:
    stub_browser_modules()
    import ui.ai_client
    from ui.page.play_page import PlayPage
    from ui.play.session import Session

    CountingClient.started = 0
    monkeypatch.setattr(ui.ai_client, "AiClient", CountingClient)
    window = Window()
    play_page = PlayPage(Document(), window, Session(find_game("susan")))
    window.run_frames()
    return play_page


def test_a_game_with_a_computer_seat_boots_the_workers_once_after_its_frame(page: Any) -> None:
    from ui.play.saved_game import AI, HUMAN, Seat
    from ui.play.session import Session

    window = page.dom.window
    assert window.timers == []   # two people: no worker
    page.start(Session(find_game("susan"), {}, (Seat(HUMAN), Seat(AI, "easy"))))   # the person moves first
    assert window.timers == [] and CountingClient.started == 0   # not before the frame that shows it
    window.run_frames()
    assert len(window.timers) == 1 and CountingClient.started == 0
    window.timers.pop()()
    assert CountingClient.started == 1 and page.session.turns == ()
    page.start(Session(find_game("stymie"), {}, (Seat(HUMAN), Seat(AI, "hard"))))
    window.run_frames()
    assert window.timers == []   # the client and its workers are kept for every later game
