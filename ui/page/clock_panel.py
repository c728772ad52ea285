"""The game clock on the page: each timed seat's time by its name, the running one highlighted,
Pause/Resume, the low-time warning and the flag's fall.

The arithmetic is ui.play.clock's and the Session's (which charges a turn's time and gives it
back on Undo); this part only reads the browser's wall time (Date.now, so a test's fake clock
drives it too), ticks a few times a second and shows what it reads.
"""

from __future__ import annotations

from typing import Any

from ui.i18n import _, ngettext, say
from ui.page.page_api import Page
from ui.play.clock import LOW_TIME_MS, shown_time
from ui.play.saved_game import HUMAN
from ui.play.session import Session

TICK_MS = 200


class ClockPanel:
    """The #clock box under the game's status, rebuilt for each game that has a clock."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = dom = page.dom
        self.box = dom.by_id("clock")
        self.pause_button = dom.by_id("clock-pause")
        self._times: dict[int, Any] = {}   # seat -> its time's element
        self._rows: dict[int, Any] = {}
        self._warned: set[int] = set()     # seats whose low time was said (once each)
        # the low-time warning the status line carries while its seat runs: worded once, when
        # first said, so the live region does not re-announce it with every second
        self.warning = ""
        self._warning_seat: int | None = None
        dom.on_click(self.pause_button, self._toggle_pause)
        page.on_new_session.append(self._new_session)
        page.after_move.append(lambda session: self.update())
        dom.window.setInterval(dom.proxy(self._tick), TICK_MS)
        self._new_session(page.session)

    def _now(self) -> float:
        return float(self.dom.window.Date.now())

    def _new_session(self, session: Session) -> None:
        """One row per person's seat for a clocked game; the box hides for a game without."""
        session.now = self._now
        self._warned = set()
        self.warning, self._warning_seat = "", None
        seats = self.dom.by_id("clock-seats")
        seats.replaceChildren()
        self._times, self._rows = {}, {}
        self.box.hidden = session.clock is None
        if session.clock is None:
            return
        for seat, kind in enumerate(session.seats):
            if kind.kind != HUMAN:
                continue
            row = self.dom.make("p", seats, "", class_="clock-seat")
            self.dom.make("span", row, say(session.live.player_name(seat)), class_="clock-name")
            self._times[seat] = self.dom.make("span", row, "", class_="clock-time", role="timer")
            self._rows[seat] = row
        self.update()

    def _tick(self) -> None:
        session = self.page.session
        if session.clock is None:
            return
        session.now = self._now
        if session.check_time():   # the flag fell: the game ends (saved like a move)
            self.page.refresh()
        self.update()

    def update(self) -> None:
        """Each seat's time, the running one marked, the low-time warning said once per seat."""
        session = self.page.session
        clock = session.clock
        if clock is None or not self._times:
            return
        now = self._now()
        for seat, element in self._times.items():
            left = clock.time_left(seat, now)
            running = seat == clock.running and not clock.paused
            element.textContent = shown_time(left)
            self._rows[seat].classList.toggle("clock-running", running)
            self._rows[seat].classList.toggle("clock-low", left < LOW_TIME_MS)
            if running and left < LOW_TIME_MS and seat not in self._warned:
                self._warn(session, seat, left)
            elif left >= LOW_TIME_MS:
                self._warned.discard(seat)
        if self._warning_seat is not None and (
                clock.running != self._warning_seat
                or clock.time_left(self._warning_seat, now) >= LOW_TIME_MS):
            self.warning, self._warning_seat = "", None   # its turn ended, or Undo gave time back
            self.page.refresh()
        self.pause_button.textContent = _("Resume") if clock.paused else _("Pause")
        self.pause_button.disabled = clock.running is None

    def _warn(self, session: Session, seat: int, left: int) -> None:
        """Say once that a seat runs low: the side panel puts it after the game's status, in
        the status line (a polite live region), and keeps it there on every redraw."""
        self._warned.add(seat)
        seconds = (left + 999) // 1000
        self.warning = ngettext("{player} has {n} second left.", "{player} has {n} seconds left.", seconds,
                                player=say(session.live.player_name(seat)))
        self._warning_seat = seat
        self.page.refresh()

    def _toggle_pause(self) -> None:
        clock = self.page.session.clock
        if clock is not None:
            self.page.session.pause_clock(not clock.paused)
            self.update()
            self.page.refresh()
