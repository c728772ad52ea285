"""Hints taken are part of the record (issue 17.1): kept through JSON and the text listing,
absent from old records, refused when they name turns the record does not have."""

from __future__ import annotations

import pytest

from pygame_core.errors import RecordError
from pygame_core.record import Record, from_data, from_json, from_text, replay, to_data, to_json, to_text

TURNS = ("d6", "b5", "c4")


def test_hints_round_trip_through_json_and_text() -> None:
    record = Record("susan", {}, TURNS, hints=(2, 4))   # 4: a hint for the move not made yet
    assert from_json(to_json(record)).hints == (2, 4)
    text = to_text(record)
    assert "# hints: 2 4" in text
    back = from_text(text)
    assert back.hints == (2, 4) and back.turns == TURNS
    assert len(replay(back)) == len(TURNS) + 1          # replay ignores hints


def test_records_without_hints_read_as_before() -> None:
    data = to_data(Record("susan", {}, TURNS))
    assert "hints" not in data                           # an old reader sees the same record
    assert from_data(data).hints == ()
    assert "hints" not in to_text(Record("susan", {}, TURNS))


@pytest.mark.parametrize("hints", [[0], [5], ["1"], [True], "1", [1.5]])
def test_hints_outside_the_record_are_refused(hints) -> None:
    data = to_data(Record("susan", {}, TURNS))
    data["hints"] = hints
    with pytest.raises(RecordError):
        from_data(data)


@pytest.mark.parametrize("line", ["# hints: x", "# hints: 9", "# hints: 0", "# hints: 99999999999"])
def test_bad_hint_headers_are_refused(line: str) -> None:
    with pytest.raises(RecordError):
        from_text(f"# game: susan\n{line}\n1. d6\n")
