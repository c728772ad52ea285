"""A game clock for players at one device, as a frozen value: pure, so its arithmetic is tested
without a browser.

Times are whole milliseconds; `now` is the wall time (ms since 1970) the page reads from the
browser's Date.now(), so a clock saved while running keeps counting while the page is closed:
the time left of the seat to move is `left` minus what passed since `since`. `marks` holds the
times left when each turn of the game's line began (marks[0] at the start): Undo sets the clocks
back to the mark of the turn it returns to, as a club's arbiter would after a takeback.

Only people's seats are timed. The computer's thinking time runs no clock: its level sets how long
it thinks and a slow phone thinks slower, so charging it would make the computer lose on time for
the device's sake, not the player's; the person plays against their own clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Sequence

from pygame_core.record import MAX_TURNS

LOW_TIME_MS = 10_000   # the warning shows (and is said once) when a seat has this little left
MAX_BASE_S = 3 * 60 * 60
MAX_INCREMENT_S = 60


class TimeControl(NamedTuple):
    """Minutes each seat starts with (as seconds) and seconds added after each of its moves."""

    base_s: int
    increment_s: int

    @property
    def name(self) -> str:
        """'3+2': minutes plus increment seconds, as clubs write it (also the form's value)."""
        return f"{self.base_s // 60}+{self.increment_s}"


CONTROLS = tuple(TimeControl(minutes * 60, increment) for minutes, increment in
                 ((1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 0)))


def control_named(name: str) -> TimeControl | None:
    """The offered control called `name` ('3+2'); None for '' (no clock) or anything else."""
    return next((control for control in CONTROLS if control.name == name), None)


def wall_ms() -> float:
    """The wall time in ms (CPython's; the page hands the browser's Date.now instead)."""
    return time.time() * 1000


@dataclass(frozen=True)
class Clock:
    """Each seat's time left as of `since`, the seat whose time runs (None: no one's, as while the
    computer thinks or after the end), `since` None while paused, the marks Undo returns to, and
    the seat that lost on time."""

    control: TimeControl
    left: tuple[int, ...]
    running: int | None = None
    since: float | None = None
    marks: tuple[tuple[int, ...], ...] = ()
    flagged: int | None = None

    @classmethod
    def start(cls, control: TimeControl, players: int, running: int | None, now: float) -> "Clock":
        """A fresh clock: every seat has the base time, `running`'s time runs from `now`."""
        left = (control.base_s * 1000,) * players
        return cls(control, left, running, now, (left,))

    @property
    def turn(self) -> int:
        """The position the clock is at: the number of turns played on its line."""
        return len(self.marks) - 1

    @property
    def paused(self) -> bool:
        return self.running is not None and self.since is None and self.flagged is None

    def time_left(self, seat: int, now: float) -> int:
        """Ms left to `seat` at `now` (never below 0)."""
        left = self.left[seat]
        if seat == self.running and self.since is not None:
            left -= int(now - self.since)
        return max(0, left)

    def _charged(self, now: float) -> tuple[int, ...]:
        """The times left with what the running seat spent up to `now` taken off."""
        return tuple(self.time_left(seat, now) for seat in range(len(self.left)))

    def run(self, seat: int | None, now: float) -> "Clock":
        """Stop the running seat's time at `now` and start `seat`'s (None: nobody's); a paused
        clock stays paused."""
        return replace(self, left=self._charged(now), running=seat,
                       since=None if self.paused and seat is not None else now)

    def moved(self, turn: int, mover: int, running: int | None, now: float) -> "Clock":
        """Turn number `turn` (1-based) was played by `mover`: its time stops, the increment is
        added when its time was running, and `running`'s starts; the mark of turn `turn` + 1."""
        left = list(self._charged(now))
        if mover == self.running:
            left[mover] += self.control.increment_s * 1000
        times = tuple(left)
        return replace(self, left=times, running=running, since=now, marks=self.marks[:turn] + (times,),
                       flagged=None)

    def back_to(self, turn: int, running: int | None, now: float) -> "Clock":
        """The clocks as they were when turn `turn` + 1 began (Undo to `turn` turns played), the
        time of `running` going; on, past the last mark (Redo), the times stay as they are."""
        if turn < len(self.marks):
            return replace(self, left=self.marks[turn], running=running, since=now,
                           marks=self.marks[:turn + 1], flagged=None)
        left = self._charged(now)
        marks = self.marks + (left,) * (turn + 1 - len(self.marks))
        return replace(self, left=left, running=running, since=now, marks=marks, flagged=None)

    def pause(self, now: float) -> "Clock":
        return replace(self, left=self._charged(now), since=None) if self.since is not None else self

    def resume(self, now: float) -> "Clock":
        return replace(self, since=now) if self.since is None else self

    def out_of_time(self, now: float) -> int | None:
        """The running seat when its time is up at `now` (its flag fell), else None."""
        if self.flagged is None and self.running is not None and self.time_left(self.running, now) <= 0:
            return self.running
        return None

    def flag(self, seat: int, now: float) -> "Clock":
        """`seat` lost on time: every clock stops, its own at zero."""
        left = list(self._charged(now))
        left[seat] = 0
        return replace(self, left=tuple(left), running=None, since=now, flagged=seat)


def shown_time(ms: int) -> str:
    """'4:59', '1:02:03', and tenths under ten seconds ('9.4'), as chess clocks show them."""
    if ms < LOW_TIME_MS:
        tenths = ms // 100
        return f"{tenths // 10}.{tenths % 10}"
    seconds = (ms + 999) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def clock_data(clock: Clock) -> dict[str, Any]:
    """The clock as plain JSON data for a save (clock_from_data reads it back)."""
    return {"control": [clock.control.base_s, clock.control.increment_s], "left": list(clock.left),
            "running": clock.running, "since": clock.since, "marks": [list(mark) for mark in clock.marks],
            "flagged": clock.flagged}


def clock_from_data(data: Any, players: int) -> Clock:
    """The Clock in a save's plain data, every field checked; ValueError (no words for players:
    the save's decoder says which part failed) otherwise."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    base, increment = _ints(data.get("control"), 2)
    if not (0 < base <= MAX_BASE_S and 0 <= increment <= MAX_INCREMENT_S):
        raise ValueError("time control out of range")
    marks_data = data.get("marks")
    if not isinstance(marks_data, list) or not 0 < len(marks_data) <= MAX_TURNS + 1:
        raise ValueError("marks not a list")
    running, flagged = _seat(data.get("running"), players), _seat(data.get("flagged"), players)
    since = data.get("since")
    if since is not None and (not isinstance(since, (int, float)) or isinstance(since, bool) or since < 0):
        raise ValueError("since not a time")
    marks = tuple(_ints(mark, players) for mark in marks_data)
    return Clock(TimeControl(base, increment), _ints(data.get("left"), players), running,
                 None if since is None else float(since), marks, flagged)


def _ints(value: Any, count: int) -> tuple[int, ...]:
    """`count` non-negative whole numbers below a day's ms; ValueError otherwise."""
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 86_400_000 for n in value)):
        raise ValueError("not a list of times")
    return tuple(value)


def _seat(value: Any, players: int) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError("not a seat")
    return value



def listing_line(clock: Clock, names: Sequence[str], now: float) -> str:
    """The `# clock:` line an exported listing ends with (readers skip headers they do not
    know): the control, each seat's time left and a loss on time, e.g.
    '# clock: 3+2; left: Black 2:31, White 0:00; White loses on time'."""
    left = ", ".join(f"{name} {shown_time(clock.time_left(seat, now))}" for seat, name in enumerate(names))
    flag = f"; {names[clock.flagged]} loses on time" if clock.flagged is not None else ""
    return f"# clock: {clock.control.name}; left: {left}{flag}\n"
