"""Your record against the computer (issue 40.4): a game counts once when it ends while played
here (a win, a loss, a resignation as a loss, a draw), never again after undo and the same end,
a reload or a reopened save; games that are not one person against the computer at one level
do not count; a stored record that does not read whole (damaged, nested too deep, a newer
version's) is never written over: games are counted apart (issue 54.14); denied or full storage
never breaks a game."""

from __future__ import annotations

import json

from pygame_core.record import Record, Start
from pygame_core.registry import find_game
from test_storage import DeniedStorage, DictStorage, FullStorage
from ui.play.results import (APART_KEY, DRAW, LOSS, RESULTS_KEY, WIN, ResultsRecord, ResultsWatch, Tally, counted_result,
                             entries_data, level_note, level_option)
from ui.play.saved_game import AI, FRIEND, HUMAN, SavedGame, Seat
from ui.play.session import Session
from ui.play.tutorials import tutorials
from ui.saves.storage import BrowserStorage

# Black's a1 has one free neighbour, b2: White wins there at once (tools/browser_harness.DIAGRAM)
DIAGRAM = ("xo...", "o.....", ".......", "........", "....x....", "........", ".......", "......", ".....")
COMPUTER_BLACK = (Seat(AI, "hard"), Seat(HUMAN))


def diagram_game(seats=COMPUTER_BLACK, game_id: str = "aaaaaaaaaaaa") -> Session:
    """SUSAN, White (the person here) to move and win at b2."""
    record = Record("susan", {}, (), Start(DIAGRAM, "White"))
    return Session.from_saved(SavedGame(record, seats, 0, game_id=game_id))


def watched(session: Session, storage: BrowserStorage) -> tuple[ResultsRecord, ResultsWatch]:
    record = ResultsRecord(storage)
    watch = ResultsWatch(record)
    watch.started(session)
    session.after_move.append(watch.moved)
    return record, watch


def play(session: Session, text: str) -> None:
    session.play_turn(session.turn_start.parse_turn(text))


def test_a_win_counts_once_through_undo_the_same_end_and_a_reload() -> None:
    backend = DictStorage()
    session = diagram_game()
    record, watch = watched(session, BrowserStorage(backend))
    play(session, "b2")
    assert record.tally("susan", "hard") == Tally(wins=1)
    session.undo()
    play(session, "b2")          # the same end again: not a second win
    session.goto(0)
    session.goto(1)
    assert record.tally("susan", "hard") == Tally(wins=1)

    reloaded = Session.from_saved(session.to_saved())   # the autosave reopened: shown, not played
    again, _ = watched(reloaded, BrowserStorage(backend))
    reloaded.goto(0)
    reloaded.goto(1)
    assert again.tally("susan", "hard") == Tally(wins=1) and again.tally("susan", "easy") == Tally()
    assert json.loads(backend.items[RESULTS_KEY])["games"] == {"aaaaaaaaaaaa": ["susan", "hard", WIN]}


def test_a_resignation_is_a_loss_and_the_first_result_is_kept() -> None:
    session = Session(find_game("susan"), {}, (Seat(HUMAN), Seat(AI, "easy")))
    record, _ = watched(session, BrowserStorage(DictStorage()))
    play(session, "e5")
    play(session, "d4")
    assert record.tally("susan", "easy") == Tally()   # under way: nothing yet
    assert session.resign()
    assert record.tally("susan", "easy") == Tally(losses=1)
    session.undo()                # the resignation taken back, then made again
    assert session.resign()
    assert record.tally("susan", "easy") == Tally(losses=1)


def test_a_finished_game_merely_opened_is_not_counted() -> None:
    session = diagram_game()
    play(session, "b2")
    opened = Session.from_saved(session.to_saved())
    record, _ = watched(opened, BrowserStorage(DictStorage()))
    opened.goto(0)
    opened.goto(1)
    assert record.entries() == {}


def test_only_one_person_against_the_computer_at_one_level_counts() -> None:
    def result(seats):
        session = diagram_game(seats)
        play(session, "b2")
        return counted_result(session)

    assert result(COMPUTER_BLACK) == ("hard", WIN)
    assert result((Seat(HUMAN), Seat(AI, "easy"))) == ("easy", LOSS)   # the computer (White) won
    assert result((Seat(AI), Seat(HUMAN))) == ("medium", WIN)           # no level: the default
    for seats in ((Seat(HUMAN), Seat(HUMAN)), (Seat(FRIEND), Seat(HUMAN)), (Seat(AI, "easy"), Seat(AI, "hard"))):
        assert result(seats) is None
    session = Session(find_game("susan"), {"players": 3}, (Seat(HUMAN), Seat(AI, "easy"), Seat(AI, "hard")))
    play(session, "e5")
    assert session.resign() and session.is_over and counted_result(session) is None   # two levels


def test_a_draw_counts_as_a_draw() -> None:
    lesson = next(t for t in tutorials("susan") if t.id == "susan-six-slides")
    record = lesson.record
    session = Session.from_saved(SavedGame(record, (Seat(HUMAN), Seat(AI, "expert")), len(record.turns)))
    if session.live.to_move != 0:
        session = Session.from_saved(SavedGame(record, (Seat(AI, "expert"), Seat(HUMAN)), len(record.turns)))
    results, _ = watched(session, BrowserStorage(DictStorage()))
    play(session, lesson.solution.turns[0])
    assert session.outcome is not None and session.outcome.is_draw
    assert results.tally("susan", "expert") == Tally(draws=1)


def test_a_damaged_record_reads_as_empty_and_bad_entries_are_left_out() -> None:
    backend = DictStorage()
    record = ResultsRecord(BrowserStorage(backend))
    for text in ("{", "[]", "null", '{"version": 1, "games": 3}', '{"version": 2, "games": {}}', "[" * 5000,
                 "[" * 100_000 + "]" * 100_000):
        backend.items[RESULTS_KEY] = text
        assert record.entries() == {} and record.tally("susan", "hard") == Tally()
        assert record.unread
    backend.items[RESULTS_KEY] = json.dumps({"version": 1, "games": {
        "good": ["susan", "hard", "win"], "bad-result": ["susan", "hard", "maybe"], "short": ["susan"],
        "numbers": ["susan", 3, "win"], "x" * 41: ["susan", "hard", "win"]}})
    assert record.entries() == {"good": ("susan", "hard", WIN)}
    assert record.unread.startswith("Your earlier record against the computer here is damaged")
    kept = backend.items[RESULTS_KEY]
    assert record.add("next", "susan", "hard", LOSS)   # counting goes on, apart: the damaged record stays
    assert backend.items[RESULTS_KEY] == kept
    assert record.tally("susan", "hard") == Tally(1, 1, 0)


NEWER_RECORD = json.dumps({"version": 2, "games": {f"game{n}": {"game": "susan", "won": True} for n in range(7)}})


def test_a_newer_versions_record_is_never_written_over_and_games_are_counted_apart() -> None:
    backend = DictStorage()
    backend.items[RESULTS_KEY] = NEWER_RECORD
    session = diagram_game()
    record, _ = watched(session, BrowserStorage(backend))
    assert "written by a newer version of this page" in record.unread
    play(session, "b2")
    assert backend.items[RESULTS_KEY] == NEWER_RECORD   # the 7 games are still there, byte for byte
    assert json.loads(backend.items[APART_KEY])["games"] == {"aaaaaaaaaaaa": ["susan", "hard", WIN]}
    assert record.tally("susan", "hard") == Tally(wins=1)
    assert record.merge({"b": ("lisbon", "easy", LOSS), "aaaaaaaaaaaa": ("susan", "hard", LOSS)}) == 1  # a restore
    assert backend.items[RESULTS_KEY] == NEWER_RECORD and record.tally("lisbon", "easy") == Tally(losses=1)
    assert level_note("Easy", "quick", Tally(1, 0, 0), record.unread) == (
        "Easy: quick. Your earlier record against the computer here was written by a newer version of this page: "
        "it is kept as it is, and games finished now are counted apart. Counted since: 1 win, 0 losses.")


def test_games_counted_apart_join_the_record_once_it_reads_again_and_nothing_unread_is_written_over() -> None:
    backend = DictStorage()
    record = ResultsRecord(BrowserStorage(backend))
    backend.items[RESULTS_KEY] = "{"
    assert record.add("a", "susan", "hard", WIN)
    del backend.items[RESULTS_KEY]   # the damaged record deleted (by hand, or a newer version's reset)
    assert record.add("b", "susan", "hard", LOSS)
    assert APART_KEY not in backend.items and record.unread == ""
    assert json.loads(backend.items[RESULTS_KEY])["games"] == {"a": ["susan", "hard", WIN], "b": ["susan", "hard", LOSS]}

    backend.items[RESULTS_KEY], backend.items[APART_KEY] = NEWER_RECORD, "[" * 100_000
    assert not record.add("c", "susan", "hard", WIN)   # neither reads: neither is written over
    assert backend.items[RESULTS_KEY] == NEWER_RECORD and backend.items[APART_KEY] == "[" * 100_000


def test_denied_storage_keeps_the_record_for_the_visit_and_full_storage_leaves_it_as_it_was() -> None:
    denied = diagram_game()
    record, _ = watched(denied, BrowserStorage(DeniedStorage()))
    play(denied, "b2")
    assert denied.is_over and record.tally("susan", "hard") == Tally(wins=1)

    backend = FullStorage()
    backend.items[RESULTS_KEY] = json.dumps(entries_data({"old": ("susan", "hard", DRAW)}))
    full = diagram_game()
    record, _ = watched(full, BrowserStorage(backend))
    play(full, "b2")   # the game ends as ever; the record simply is not updated
    assert full.is_over and record.tally("susan", "hard") == Tally(draws=1)


def test_merging_adds_only_games_not_counted_here() -> None:
    record = ResultsRecord(BrowserStorage(DictStorage()))
    record.add("a", "susan", "hard", WIN)
    assert record.merge({"a": ("susan", "hard", LOSS), "b": ("lisbon", "easy", LOSS)}) == 1
    assert record.merge({"a": ("susan", "hard", LOSS), "b": ("lisbon", "easy", LOSS)}) == 0
    assert record.tally("susan", "hard") == Tally(wins=1) and record.tally("lisbon", "easy") == Tally(losses=1)


def test_the_words_next_to_a_level() -> None:
    assert Tally(3, 1, 0).words() == "3 wins, 1 loss"
    assert Tally(1, 0, 2).words() == "1 win, 0 losses, 2 draws"
    assert Tally(0, 0, 1).words() == "1 draw" and Tally().words() == ""
    assert level_option("Hard", Tally(3, 1, 0)) == "Hard — you: 3 wins, 1 loss"
    assert level_option("Hard", Tally()) == "Hard"
    assert level_note("Hard", "thinks up to 4 s", Tally(0, 2, 0)) == "Hard: thinks up to 4 s. You: 0 wins, 2 losses."
