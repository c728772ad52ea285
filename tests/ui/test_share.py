"""Share codes: every game round-trips through the fragment, and damaged codes are refused."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings

from pygame_core.record import Record, Start, from_text
from pygame_core.registry import find_game
from saves_helpers import GAME_SPECS, SEEDS, random_record, examples
from ui.saves.share import MAX_CODE_CHARS, ShareError, decode, encode, link, shared_game

MANUAL_GAME = Path(__file__).parents[1] / "core" / "fixtures" / "susan_manual_game.txt"
FRAGMENT_SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?")


def manual() -> Record:
    return from_text(MANUAL_GAME.read_text(), game="susan")


def same_game(a: Record, b: Record) -> bool:
    """Same game, options, start and turns, up to the spelling of each turn."""
    spec = find_game(a.game)
    if (spec.name, spec.resolve_options(a.options), a.start) != (b.game, spec.resolve_options(b.options), b.start):
        return False
    state = spec.new_game(a.options)
    for x, y in zip(a.turns, b.turns, strict=True):
        if state.parse_turn(x) != state.parse_turn(y):
            return False
        state = state.play_turn(x)
    return True


@settings(max_examples=examples(40), deadline=None)
@given(GAME_SPECS, SEEDS)
def test_round_trip_for_every_game(spec, seed) -> None:
    record = random_record(spec, seed)
    code = encode(record)
    assert set(code) <= FRAGMENT_SAFE
    assert same_game(decode(code), record)
    assert decode(code) == decode("#" + code)


def test_short_games_stay_readable_and_long_ones_are_packed() -> None:
    record = manual()
    short = encode(Record("susan", {}, record.turns[:4]))
    assert short == "r1t.susan~~~d6_b5_c4_b2"
    packed = encode(record)
    assert packed.startswith("r1z.") and len(packed) < 200
    assert same_game(decode(packed), record)


def test_slides_are_written_canonically_and_options_only_when_changed() -> None:
    record = Record("susan", {"size": 6, "first": "Black"}, ("d6", "b5", "d6 -> d7"))
    code = encode(record)
    assert "size=6" in code and "first" not in code and "d6-d7" in code
    assert decode(code).options["size"] == 6


def test_a_start_position_survives() -> None:
    spec = find_game("susan")
    rows = spec.new_game().play_turn("e5").position_rows()
    record = Record("susan", {}, ("d4",), Start(tuple(rows), "White"))
    assert decode(encode(record)) == Record("susan", spec.resolve_options(), ("d4",), record.start)


def test_the_shared_game_opens_at_its_last_move_with_people_in_every_seat() -> None:
    saved = shared_game(link("https://example.org/play/?x=1#old", manual()).split("#")[1])
    assert saved.cursor == 48 and len(saved.seats) == 2
    assert all(seat.kind == "human" for seat in saved.seats)
    assert link("https://example.org/#r1t.x", manual()).count("#") == 1


def packed(payload: bytes) -> str:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "r1z." + base64.urlsafe_b64encode(compressor.compress(payload) + compressor.flush()).decode()


@pytest.mark.parametrize("code, message", [
    ("", "not a share link"),
    ("#hello", "not a share link"),
    ("r3t.susan~~~d6", "newer than this page"),
    ("r0t.susan~~~d6", "does not exist"),
    ("r1q.susan~~~d6", "unknown form"),
    ("r1t.susan~~d6", "wrong number of parts"),
    ("r1t.chess~~~e4", "a game this site does not have"),
    ("r1t.susan~size=7~~d6", "size"),
    ("r1t.susan~size~~d6", "name=value"),
    ("r1t.susan~~~d6_d6", "move 2"),
    ("r1t.susan~~~z99", "move 1"),
    ("r1t.susan~~x/y_Black~d6", "does not load"),
    ("r1z.!!!!", "damaged"),
    ("r1z.AAAA", "cut short|damaged"),
    (encode(manual())[:-6], "cut short|damaged"),
    (packed(b"\0" * 400_000), "more than"),
    (packed(b"\xff\xfe"), "not text"),
    ("r1t." + "d6_" * MAX_CODE_CHARS, "more than"),
    ("r1t.susan~~~" + "_".join(["e5"] * 5001), "more than 5000"),
])
def test_damaged_codes_are_refused(code: str, message: str) -> None:
    with pytest.raises(ShareError, match=message):
        decode(code)
