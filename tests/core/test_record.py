"""Records from outside (files, pastes, saves) are read strictly: every failure is a RecordError
that names the turn, and nothing half-read is returned."""

import json

import pytest

from pygame_core.errors import RecordError
from pygame_core.record import (FORMAT, MAX_TURNS, VERSION, Record, Start, from_json, from_text, from_turns,
                                one_line_of_turns, replay, to_json, to_text)

OPENING = ("d6", "b5", "c4")


def test_text_listing_round_trip_keeps_numbers_and_letters() -> None:
    record = Record("susan", {"size": 5}, OPENING)
    text = to_text(record)
    assert " 1 B  d6" in text and " 2 W  b5" in text
    again = from_text(text)
    assert (again.game, again.turns) == ("susan", OPENING)
    assert replay(again)[-1].position_rows() == replay(record)[-1].position_rows()


@pytest.mark.parametrize("listing, turn, words", [
    ("1 B d6\n3 W b5\n", 2, "numbered 3"),
    ("1 B d6\n2 B b5\n", 2, "marked B"),
    ("1 B d6\n2 W d6\n", 2, "d6"),
    ("1 B d6\n2 W zz9\n", 2, "zz9"),
])
def test_listing_errors_name_the_move(listing: str, turn: int, words: str) -> None:
    with pytest.raises(RecordError, match=f"move {turn}.*{words}"):
        replay(from_text(listing, game="susan"))


def test_moves_after_the_end_are_refused() -> None:
    win = "\n".join(["e2", "a1", "e4", "a5", "f2", "i1", "f3", "i5", "d3", "e9", "d4", "e1",
                     "e5", "h2", "f4", "b2", "b3", "e3"])
    states = replay(from_text(win, game="susan"))
    assert states[-1].is_over
    with pytest.raises(RecordError, match="already over"):
        replay(from_text(win + "\nc3", game="susan"))


def test_json_round_trip_with_start_position() -> None:
    rows = (".....", "......", ".......", "..oo....", ".x.xo....", ".xxo....", ".......", "......", ".....")
    record = Record("susan", {"size": 5}, ("e3",), Start(rows, "White"))
    again = from_json(to_json(record))
    assert again == record
    assert replay(again)[-1].outcome.winners == (1,)


@pytest.mark.parametrize("text, words", [
    ("", "not valid JSON"),
    ("[]", "not a game record"),
    (json.dumps({"format": FORMAT}), "no version"),
    (json.dumps({"format": FORMAT, "version": VERSION + 1, "game": "susan"}), "newer"),
    (json.dumps({"format": FORMAT, "version": True, "game": "susan"}), "no version"),
    (json.dumps({"format": FORMAT, "version": VERSION, "game": 3}), "names no game"),
    (json.dumps({"format": FORMAT, "version": VERSION, "game": "susan", "turns": "d6"}), "turns"),
    (json.dumps({"format": FORMAT, "version": VERSION, "game": "susan", "options": []}), "options"),
    (json.dumps({"format": FORMAT, "version": VERSION, "game": "susan", "start": {"rows": 5}}), "start"),
    ("[" * 100000, "not valid JSON"),
])
def test_malformed_json_is_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        from_json(text)


@pytest.mark.parametrize("record, words", [
    (Record("chess", {}, ()), "unknown game"),
    (Record("susan", {"size": 7}, ()), "size"),
    (Record("susan", {"colour": "red"}, ()), "no option"),
    (Record("susan", {}, ("d6",) * 6000), "more than"),
])
def test_bad_games_and_options_are_refused(record: Record, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        replay(record)


def test_text_without_a_game_is_refused() -> None:
    with pytest.raises(RecordError, match="which game"):
        from_text("1 B d6\n")


@pytest.mark.parametrize("text", ["[" * 40 + "]" * 40, '{"a":' * 40 + "1" + "}" * 40, "[" * 200000])
def test_deep_nesting_is_refused_before_parsing(text: str) -> None:
    """Inside Pyodide a deep parse overflows the WebAssembly stack and kills the interpreter."""
    with pytest.raises(RecordError, match="nested"):
        from_json(text)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    record = Record("susan", {}, ("d6",))
    text = to_json(record).replace('"options": {}', '"options": {}, "note": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\\\\""')
    assert from_json(text) == record


@pytest.mark.parametrize(("game", "text", "turns"), [
    ("susan", "e5 d4 c3", ("e5", "d4", "c3")),
    ("susan", " 1. e5  2. d4 ", ("e5", "d4")),   # move numbers left out
    ("lisbon", "f6 h7,h9 a1,a3", ("f6", "h7,h9", "a1,a3")),   # a turn of several stones: commas
])
def test_turns_separated_by_spaces_are_a_record(game: str, text: str, turns: tuple[str, ...]) -> None:
    """Issue 54 item 7: the embed's `record` form, pasted, is read (a listing reads it as one turn)."""
    assert one_line_of_turns(text)
    record = from_turns(text, game, {})
    assert record == Record(game, {}, turns)
    assert len(replay(record)) == len(turns) + 1


def test_only_one_line_of_several_words_may_be_turns_and_their_number_is_bounded() -> None:
    for text in ("e5", "1. e5\n2. d4", '{"game": "susan"}', "# game: susan e5"):
        assert not one_line_of_turns(text), text
    with pytest.raises(RecordError, match="more than 5000 moves"):
        from_turns("e5 " * (MAX_TURNS + 1), "susan", {})
    with pytest.raises(RecordError, match="move 2.*zz9"):
        replay(from_turns("e5 zz9", "susan", {}))
