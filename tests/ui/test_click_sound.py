"""The optional click: off by default, remembered, and made with WebAudio (faked here)."""

from __future__ import annotations

import types
from typing import Any

from fake_dom import Document, Window, stub_browser_modules
from test_choice_memory import Backend
from ui.saves.storage import BrowserStorage


class FakeAudio:
    """An AudioContext that counts the tones started."""

    def __init__(self) -> None:
        self.currentTime, self.state, self.destination, self.started = 0.0, "running", object(), 0

    def _param(self) -> Any:
        return types.SimpleNamespace(setValueAtTime=lambda *a: None, exponentialRampToValueAtTime=lambda *a: None)

    def createOscillator(self) -> Any:
        def start(at: float) -> None:
            self.started += 1
        return types.SimpleNamespace(type="", frequency=self._param(), connect=lambda node: None,
                                     start=start, stop=lambda at: None)

    def createGain(self) -> Any:
        return types.SimpleNamespace(gain=self._param(), connect=lambda node: None)


def sound(storage: BrowserStorage, audio: FakeAudio) -> Any:
    stub_browser_modules()
    from ui.page.click_sound import ClickSound
    from ui.page.dom_helpers import Dom

    window = Window()
    window.AudioContext = types.SimpleNamespace(new=lambda: audio)
    return ClickSound(Dom(Document(), window), storage)


def toggle(click: Any, on: bool) -> None:
    box = click.dom.by_id("sound")
    box.checked = on
    box.fire("change")


def test_off_by_default_then_on_and_remembered() -> None:
    storage, audio = BrowserStorage(Backend()), FakeAudio()
    first = sound(storage, audio)
    assert not first.on and first.dom.by_id("sound").checked is False
    first.placed(1)
    assert audio.started == 0
    toggle(first, True)
    assert audio.started == 1            # a sample on switching it on
    second = sound(storage, audio)       # the next visit
    assert second.on and second.dom.by_id("sound").checked is True
    second.placed(1)
    second.placed(0)
    assert audio.started == 2
    toggle(second, False)
    assert not sound(storage, audio).on


def test_a_throwing_storage_keeps_the_choice_for_this_visit() -> None:
    audio = FakeAudio()
    click = sound(BrowserStorage(Backend(throws=True)), audio)
    toggle(click, True)
    click.placed(2)
    assert click.on and audio.started == 2
