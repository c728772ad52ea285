"""An optional click when a stone lands: off by default, the choice remembered in the browser's
storage, the sound made by WebAudio (no audio file to download). Loaded after the page is ready
(on its first animation frame), so it costs the boot nothing.
"""

from __future__ import annotations

from typing import Any

from ui.page.dom_helpers import Dom
from ui.saves.storage import BrowserStorage, StorageError

SOUND_KEY = "abstract-games:sound"


class ClickSound:
    """The "Sound" checkbox and the click it turns on."""

    def __init__(self, dom: Dom, storage: BrowserStorage | None = None) -> None:
        self.dom = dom
        self.storage = storage if storage is not None else BrowserStorage.for_page()
        self.on = self.storage.get(SOUND_KEY) == "on"
        self._audio: Any = None
        box = dom.by_id("sound")
        box.checked = self.on
        dom.on(box, "change", self._toggled)

    def _toggled(self, event: Any) -> None:
        self.on = bool(event.target.checked)
        try:
            self.storage.set(SOUND_KEY, "on" if self.on else "off")
        except StorageError:
            pass   # not remembered (a denying frame, a full store); the choice holds for this visit
        if self.on:
            self.click()   # a sample, and the gesture that lets the browser start the audio

    def placed(self, stones: int) -> None:
        """Stones just appeared on the board: one click (a multi-stone turn clicks per tap)."""
        if self.on and stones:
            self.click()

    def click(self) -> None:
        """A short wooden click: a falling triangle tone with a fast attack and decay."""
        audio = self._context()
        if audio is None:
            return
        start = audio.currentTime
        tone = audio.createOscillator()
        tone.type = "triangle"
        tone.frequency.setValueAtTime(1400, start)
        tone.frequency.exponentialRampToValueAtTime(420, start + 0.05)
        level = audio.createGain()
        level.gain.setValueAtTime(0.0001, start)
        level.gain.exponentialRampToValueAtTime(0.3, start + 0.004)
        level.gain.exponentialRampToValueAtTime(0.0001, start + 0.07)
        tone.connect(level)
        level.connect(audio.destination)
        tone.start(start)
        tone.stop(start + 0.08)

    def _context(self) -> Any:
        """The page's one AudioContext, made on first use; None where WebAudio is missing."""
        if self._audio is None:
            try:
                self._audio = self.dom.window.AudioContext.new()
            except Exception:
                self.on = False
                return None
        if str(self._audio.state) == "suspended":
            self._audio.resume()
        return self._audio
