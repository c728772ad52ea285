"""The save codec: every game round-trips, and every kind of damage is one clean SaveError."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pygame_core.record import Record, from_text
from pygame_core.registry import find_game
from saves_helpers import GAME_SPECS, SEEDS, random_record, examples
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat
from ui.saves.savefile import MAX_CHARS, SaveError, decode, encode

MANUAL_GAME = Path(__file__).parents[1] / "core" / "fixtures" / "susan_manual_game.txt"
LEVELS = ("easy", "medium", "strong")


def saved_game(record: Record, cursor: int | None = None) -> SavedGame:
    players = find_game(record.game).new_game(record.options).num_players
    seats = tuple(Seat(AI, LEVELS[i % 3]) if i % 2 else Seat(HUMAN) for i in range(players))
    return SavedGame(record, seats, len(record.turns) if cursor is None else cursor,
                     "My game", "2026-11-03T10:20:30Z")


def manual_save() -> SavedGame:
    return saved_game(from_text(MANUAL_GAME.read_text(), game="susan"), cursor=30)


def fields() -> dict:
    return json.loads(encode(manual_save()))


@settings(max_examples=examples(60), deadline=None)
@given(GAME_SPECS, SEEDS, st.data())
def test_round_trip_for_every_game(spec, seed, data) -> None:
    record = random_record(spec, seed)
    saved = saved_game(record, data.draw(st.integers(0, len(record.turns))))
    assert decode(encode(saved), LEVELS) == saved


def test_manual_game_round_trips_and_keeps_its_cursor() -> None:
    back = decode(encode(manual_save()), LEVELS)
    assert back.cursor == 30 and len(back.record.turns) == 48
    assert back.seats[1] == Seat(AI, "medium")
    assert back.record.turns[22] == "f6-f7"  # the manual's f6->f7, in canonical notation


def test_options_come_back_resolved_and_the_name_canonical() -> None:
    data = fields()
    data["record"]["game"], data["record"]["options"] = "SUSAN", {"size": "5"}
    back = decode(json.dumps(data))
    assert back.record.game == "susan"
    assert back.record.options == find_game("susan").resolve_options()


def damaged(change) -> str:
    data = fields()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("text, message", [
    ("", "not valid JSON"),
    ("{", "not valid JSON"),
    ("[]", "not a saved game"),
    ('{"format": "other"}', "not a saved game"),
    ("[" * 100_000, "not valid JSON"),
    (" " * (MAX_CHARS + 1), "more than"),
    (damaged(lambda d: d.update(version=2)), "newer than this page reads"),
    (damaged(lambda d: d.update(version="1")), "version"),
    (damaged(lambda d: d.update(version=True)), "version"),
    (damaged(lambda d: d.pop("record")), "no game record"),
    (damaged(lambda d: d["record"].update(game="chess")), "unknown game"),
    (damaged(lambda d: d["record"].update(options={"size": 7})), "size"),
    (damaged(lambda d: d["record"].update(options={"colour": "red"})), "colour"),
    (damaged(lambda d: d["record"].update(options={str(i): 1 for i in range(40)})), "options"),
    (damaged(lambda d: d["record"].update(version=9)), "newer"),
    (damaged(lambda d: d["record"]["turns"].__setitem__(4, "z99")), "move 5"),
    (damaged(lambda d: d["record"]["turns"].__setitem__(4, "e5" * 200)), "move 5"),
    (damaged(lambda d: d["record"]["turns"].__setitem__(4, 5)), "turns"),
    (damaged(lambda d: d["record"]["turns"].append("a1")), "already over"),
    (damaged(lambda d: d.update(seats=[{"kind": "human"}])), "1 seats"),
    (damaged(lambda d: d.update(seats={"kind": "human"})), "no seats"),
    (damaged(lambda d: d["seats"].__setitem__(1, {"kind": "ai", "level": "godlike"})), "seat 2"),
    (damaged(lambda d: d["seats"].__setitem__(1, {"kind": "robot", "level": "easy"})), "seat 2"),
    (damaged(lambda d: d["seats"].__setitem__(0, {"kind": "human", "level": "easy"})), "seat 1"),
    (damaged(lambda d: d["seats"].__setitem__(0, "human")), "seat 1"),
    (damaged(lambda d: d.update(cursor=49)), "between 0 and 48"),
    (damaged(lambda d: d.update(cursor=-1)), "between 0 and 48"),
    (damaged(lambda d: d.update(cursor=3.0)), "move position"),
    (damaged(lambda d: d.update(name="x" * 81)), "name"),
    (damaged(lambda d: d.update(name="a\nb")), "name"),
    (damaged(lambda d: d.update(saved_at="yesterday")), "date"),
])
def test_damage_is_reported_not_loaded(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        decode(text, LEVELS)


def test_truncated_saves_never_load() -> None:
    text = encode(manual_save())
    for cut in range(0, len(text), 7):
        with pytest.raises(SaveError):
            decode(text[:cut], LEVELS)


def test_any_short_level_name_is_accepted_when_the_page_gives_no_list() -> None:
    assert decode(damaged(lambda d: d["seats"].__setitem__(1, {"kind": "ai", "level": "godlike"}))).seats[1].level == "godlike"
    with pytest.raises(SaveError, match="seat 2"):
        decode(damaged(lambda d: d["seats"].__setitem__(1, {"kind": "ai", "level": "<b>x</b>"})))
