"""The game clock (ui.play.clock) and how a Session runs it: time charged per turn with the
increment, Undo giving the time back as a club would, a loss on time, pause, the clock in saves
and backups but never in a link, and a save's bad clock refused in words."""

from __future__ import annotations

import json

import pytest

from pygame_core.registry import find_game
from ui.play.clock import (
    CONTROLS, Clock, TimeControl, clock_data, clock_from_data, control_named, listing_line, shown_time)
from ui.play.confirm import question
from ui.play.player_input import play_text
from ui.play.saved_game import AI, FRIEND, HUMAN, Seat
from ui.play.session import Session, rematch
from ui.play.setup import CUSTOM_CLOCK, clock_value, read_clock
from ui.play.view import ending
from ui.saves import backup, correspondence, embed, share
from ui.saves.exporting import import_game, record_text
from ui.saves.savefile import SaveError, decode, encode

THREE_TWO = TimeControl(180, 2)


class FakeTime:
    """A wall clock the test moves by hand (ms)."""

    def __init__(self) -> None:
        self.ms = 1_700_000_000_000.0

    def __call__(self) -> float:
        return self.ms

    def wait(self, seconds: float) -> None:
        self.ms += seconds * 1000


def clocked(game: str = "susan", control: TimeControl = THREE_TWO,
            seats: tuple[Seat, ...] | None = None) -> tuple[Session, FakeTime]:
    session = Session(find_game(game), seats=seats)
    now = FakeTime()
    session.now = now
    session.start_clock(control)
    return session, now


def move(session: Session, text: str) -> None:
    assert play_text(session, text), session.message


def seconds_left(session: Session, seat: int) -> float:
    assert session.clock is not None
    return session.clock.time_left(seat, session.now()) / 1000


def test_the_offered_controls_are_named_as_clubs_write_them() -> None:
    assert [c.name for c in CONTROLS] == ["1+0", "3+2", "5+3", "10+5", "15+10", "30+0"]
    assert control_named("3+2") == THREE_TWO and control_named("") is None and control_named("9+9") is None


def test_shown_time_has_minutes_hours_and_tenths_when_low() -> None:
    assert shown_time(180_000) == "3:00" and shown_time(59_001) == "1:00"
    assert shown_time(3_723_000) == "1:02:03" and shown_time(9_449) == "9.4" and shown_time(0) == "0.0"


def test_a_turn_charges_the_mover_adds_the_increment_and_starts_the_next_seat() -> None:
    session, now = clocked()
    assert session.clock is not None and session.clock.running == 0
    now.wait(10)
    assert seconds_left(session, 0) == 170 and seconds_left(session, 1) == 180
    move(session, "e5")
    assert session.clock.running == 1
    assert seconds_left(session, 0) == 172   # 180 - 10 + 2
    now.wait(5)
    assert seconds_left(session, 1) == 175 and seconds_left(session, 0) == 172


def test_undo_gives_the_time_back_as_the_clocks_showed_before_the_move() -> None:
    session, now = clocked()
    now.wait(10)
    move(session, "e5")
    now.wait(20)
    move(session, "e4")
    now.wait(30)   # Black thinks, then takes back White's move
    assert session.undo()
    assert session.clock is not None and session.clock.running == 1
    assert seconds_left(session, 0) == 172 and seconds_left(session, 1) == 180
    assert session.undo()
    assert seconds_left(session, 0) == 180 and seconds_left(session, 1) == 180


def test_against_the_computer_only_the_person_is_timed_and_undo_takes_back_both_turns() -> None:
    session, now = clocked(seats=(Seat(HUMAN), Seat(AI, "easy")))
    now.wait(4)
    move(session, "e5")
    assert session.clock is not None and session.clock.running is None   # the computer thinks for free
    now.wait(60)
    session.play_turn(session.live.parse_turn("e4"))
    assert session.clock.running == 0 and seconds_left(session, 0) == 178 and seconds_left(session, 1) == 180
    now.wait(7)
    assert session.undo() and session.cursor == 0
    assert seconds_left(session, 0) == 180


def test_the_flag_falls_the_game_ends_on_time_and_undo_asks_first() -> None:
    session, now = clocked(control=TimeControl(60, 0))
    move(session, "e5")
    now.wait(59.9)
    assert not session.check_time()
    now.wait(0.2)
    assert session.check_time() and session.is_over
    shown = ending(session)
    assert shown is not None and shown.result == "Black wins" and shown.reason == "White loses on time."
    assert not play_text(session, "e4")
    asked = question("undo", session)
    assert asked is not None and "clocks return" in asked.text
    assert session.undo() and not session.is_over and seconds_left(session, 1) == 60


def test_undo_without_a_clock_asks_nothing() -> None:
    session = Session(find_game("susan"))
    move(session, "e5")
    assert question("undo", session) is None


def test_pause_stops_the_running_time_and_resume_goes_on() -> None:
    session, now = clocked()
    now.wait(5)
    session.pause_clock(True)
    assert session.clock is not None and session.clock.paused
    now.wait(600)
    assert seconds_left(session, 0) == 175 and not session.check_time()
    session.pause_clock(False)
    now.wait(5)
    assert seconds_left(session, 0) == 170


def test_a_save_keeps_the_clock_and_a_reload_counts_the_time_the_page_was_closed() -> None:
    session, now = clocked()
    now.wait(3)
    move(session, "e5")
    text = encode(session.to_saved())
    now.wait(42)   # the page is closed for 42 seconds
    again = Session.from_saved(decode(text))
    again.now = now
    assert again.clock == session.clock
    assert seconds_left(again, 1) == 180 - 42 and seconds_left(again, 0) == 179


def test_a_backup_keeps_the_clock_and_a_link_or_an_embed_never_carries_it() -> None:
    session, now = clocked()
    move(session, "e5")
    saved = session.to_saved()
    restored = backup.read_backup(backup.backup_text([saved], None, "2026-11-28"))[0]
    assert restored.clock == saved.clock
    plain = Session(find_game("susan"))
    move(plain, "e5")
    assert share.encode(saved.record) == share.encode(plain.to_saved().record)
    assert share.shared_game(share.encode(saved.record)).clock is None
    url = "https://games.example/"
    assert embed.full_page_url(url, saved) == embed.full_page_url(url, plain.to_saved())
    assert correspondence.link_url(url, "g1", saved.record) == correspondence.link_url(url, "g1", plain.to_saved().record)


@pytest.mark.parametrize("bad", [
    "nonsense", {"control": [0, 2]}, {"control": [180, 2], "left": [1, 2, 3], "marks": [[1, 2]]},
    {"control": [180, 2], "left": [1, 2], "marks": [[1, 2]], "running": 5},
    {"control": [180, 2], "left": [-1, 2], "marks": [[1, 2]]},
    {"control": [180, 2], "left": [1, 2], "marks": [], "since": "yesterday"}])
def test_a_save_with_a_broken_clock_is_refused_in_words(bad: object) -> None:
    session, unused = clocked()
    data = json.loads(encode(session.to_saved()))
    data["clock"] = bad
    with pytest.raises(SaveError, match="clock does not read"):
        decode(json.dumps(data))


def test_clock_data_round_trips() -> None:
    clock = Clock.start(THREE_TWO, 3, 1, 5.0).moved(1, 1, 2, 2005.0)
    assert clock_from_data(json.loads(json.dumps(clock_data(clock))), 3) == clock


def test_the_form_refuses_a_clock_for_a_game_by_link_or_computers_alone() -> None:
    assert read_clock("", (Seat(),)) is None
    assert read_clock("5+3", (Seat(), Seat())) == TimeControl(300, 3)
    assert "by link" in str(read_clock("5+3", (Seat(), Seat(FRIEND))))
    assert "person" in str(read_clock("5+3", (Seat(AI, "easy"), Seat(AI, "easy"))))
    assert "Unknown clock" in str(read_clock("99+1", (Seat(),)))


def test_an_exported_listing_ends_with_the_clock_and_still_imports() -> None:
    session, now = clocked(control=TimeControl(60, 0))
    move(session, "e5")
    now.wait(61)
    assert session.check_time()
    assert session.clock is not None
    line = listing_line(session.clock, ["Black", "White"], now())
    assert line == "# clock: 1+0; left: Black 1:00, White 0.0; White loses on time\n"
    text = record_text(session.to_saved().record) + line
    assert import_game(text, "susan").record.turns == ("e5",)


def test_losing_on_time_to_the_computer_counts_as_a_loss_in_your_record() -> None:
    from test_storage import DictStorage
    from ui.play.results import ResultsRecord, ResultsWatch, Tally
    from ui.saves.storage import BrowserStorage

    session, now = clocked(control=TimeControl(60, 0), seats=(Seat(HUMAN), Seat(AI, "easy")))
    record = ResultsRecord(BrowserStorage(DictStorage()))
    watch = ResultsWatch(record)
    watch.started(session)
    session.after_move.append(watch.moved)
    move(session, "e5")
    session.play_turn(session.live.parse_turn("e4"))
    assert record.tally("susan", "easy") == Tally()
    now.wait(61)
    assert session.check_time()
    assert record.tally("susan", "easy") == Tally(losses=1)


def test_a_flag_that_falls_after_an_undo_ends_the_game_where_it_is_shown() -> None:
    session, now = clocked(control=TimeControl(60, 0))
    move(session, "e5")
    move(session, "e4")
    assert session.undo() and not session.at_end   # White's e4 waits as Redo's move
    now.wait(61)
    assert session.check_time() and session.is_over and session.cursor == 1
    shown = ending(session)
    assert shown is not None and shown.reason == "White loses on time."
    assert not play_text(session, "d4") and not session.ready()
    assert session.undo() and not session.is_over and seconds_left(session, 1) == 60


def test_a_rematch_keeps_the_time_control_with_full_times() -> None:
    session, now = clocked(control=TimeControl(300, 3))
    move(session, "e5")
    now.wait(30)
    again = rematch(session)
    assert again.clock is not None and again.clock.control == TimeControl(300, 3)
    assert again.clock.left == (300_000, 300_000) and again.clock.running == 0


def test_a_custom_clock_is_read_from_its_minutes_and_seconds_or_refused_in_words() -> None:
    people = (Seat(), Seat())
    assert read_clock("custom", people, "7", "4") == TimeControl(420, 4)
    for minutes, increment in (("0", "5"), ("181", "0"), ("10", "61"), ("ten", "5"), ("2.5", "1"), ("", "")):
        refusal = read_clock("custom", people, minutes, increment)
        assert isinstance(refusal, str) and refusal.startswith("A custom clock takes whole minutes from 1 to 180")
    assert clock_value(None) == "" and clock_value(TimeControl(180, 2)) == "3+2"
    assert clock_value(TimeControl(420, 4)) == CUSTOM_CLOCK
