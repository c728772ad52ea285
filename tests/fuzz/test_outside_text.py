"""Adversarial fuzz of every reader of outside text (issue 14): record listings, JSON records,
save files, share links, embed addresses, imports, option values and typed moves. Whatever the
text, a reader returns or raises a ValueError whose message is short and says something; never
another exception, never a traceback for the player. Runs in CPython and in Pyodide (a modest
count); `make fuzz` runs FUZZ_EXAMPLES=2000 and prints the figures.

The strategies aim at what broke before: huge integers (float() overflow, int() past 4300
digits), deep nesting (the WebAssembly stack), long runs of escapes, spaces and newlines
(quadratic regexes), non-ASCII digits, lone surrogates; spliced into valid texts so that the
readers get past their first checks.
"""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from pygame_core.record import Record, from_json, from_text, replay, to_json, to_text
from pygame_core.registry import GAME_NAMES, find_game
from ui.play.saved_game import SavedGame, Seat
from ui.saves.backup import backup_text, read_backup
from ui.saves.correspondence import decode_link, encode_link
from ui.saves.embed import parse_embed
from ui.saves.exporting import import_game
from ui.saves.savefile import decode as decode_save, encode as encode_save
from ui.saves.share import decode as decode_share, encode as encode_share

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", min(60, settings.default.max_examples)))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
MESSAGE_LIMIT = 400  # characters: a message quotes an excerpt, never the input

SAMPLES = {
    "susan": ("d6", "b5", "f6-f7"), "stymie": ("c3", "b2,b1", "swap"),
    "superstar": ("A5", "J10", "pass"), "lisbon": ("h8", "f6,h7", "end"),
}
VALID_RECORDS = [Record(game, {}, SAMPLES[game][:1]) for game in GAME_NAMES]
VALID_TEXTS = ([to_text(r) for r in VALID_RECORDS] + [to_json(r) for r in VALID_RECORDS]
               + [encode_save(SavedGame(r, (Seat(), Seat()), 1)) for r in VALID_RECORDS]
               + [encode_share(r) for r in VALID_RECORDS])
BACKUPS = [backup_text([SavedGame(r, (Seat(), Seat()), 1, name="a")], None, "2026-11-25") for r in VALID_RECORDS]
LINK_CODES = [encode_link("0123456789ab", r) for r in VALID_RECORDS]   # games by link

HOSTILE = st.one_of(
    st.integers(300, 6000).map(lambda n: "9" * n),                       # huge integers
    st.integers(30, 3000).map(lambda n: "[" * n),                        # deep nesting
    st.integers(30, 3000).map(lambda n: "{" * n),
    st.integers(100, 20000).map(lambda n: '\\"' * n),                   # escapes
    st.integers(100, 20000).map(lambda n: "\n" * n),                    # newlines
    st.integers(100, 20000).map(lambda n: " " * n),                     # spaces
    st.sampled_from(["٦", "𝟔", "６", "⑥", "1e400", "-0", "nan", "inf", "0x10", "1_000"]),  # digits that are not ASCII
    st.sampled_from(["\ud800", "\udfff", "a\ud83dz"]),                  # lone surrogates
    st.sampled_from(['"', "\\", "#", "~", "=", "/", ",", "-", ">", "\x00", "é"]),
)


@st.composite
def hostile_text(draw: st.DrawFn, bases: list[str] = VALID_TEXTS) -> str:
    """A valid text of some reader with hostile pieces spliced in, or hostile pieces alone."""
    text = draw(st.sampled_from(bases + [""]))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(HOSTILE) + text[at + draw(st.integers(0, 3)):]
    return text


def clean(reader, *args) -> None:  # type: ignore[no-untyped-def]
    try:
        reader(*args)
    except ValueError as exc:
        message = str(exc)
        assert message.strip() and len(message) <= MESSAGE_LIMIT, (type(exc).__name__, message[:200])


@FUZZ
@given(hostile_text(LINK_CODES))
def test_game_links(text: str) -> None:
    clean(decode_link, text)
    clean(decode_link, "#" + text)


@FUZZ
@given(hostile_text())
def test_record_listings(text: str) -> None:
    clean(lambda t: replay(from_text(t, game="susan")), text)


@FUZZ
@given(hostile_text())
def test_json_records(text: str) -> None:
    clean(lambda t: replay(from_json(t)), text)


@FUZZ
@given(hostile_text())
def test_save_files(text: str) -> None:
    clean(decode_save, text)


@FUZZ
@given(hostile_text(BACKUPS + VALID_TEXTS))
def test_backup_files(text: str) -> None:
    clean(read_backup, text)


@FUZZ
@given(hostile_text())
def test_share_links(text: str) -> None:
    clean(decode_share, text)


@FUZZ
@given(hostile_text(), st.sampled_from(GAME_NAMES))
def test_imports(text: str, game: str) -> None:
    clean(import_game, text, game)


@FUZZ
@given(st.dictionaries(st.sampled_from(["game", "size", "komi", "players", "seats", "level", "record", "move",
                                        "theme", "embed", "variant"]), hostile_text(), max_size=5),
       hostile_text())
def test_embed_addresses_never_raise(params: dict[str, str], fragment: str) -> None:
    query = "embed=1&" + "&".join(f"{key}={value}" for key, value in params.items())
    config = parse_embed(query, fragment, ("easy", "medium"), "medium")
    assert all(len(message) <= MESSAGE_LIMIT for message in config.messages)


@FUZZ
@given(st.sampled_from(GAME_NAMES), st.one_of(hostile_text(), st.integers(), st.floats(), st.booleans(),
                                              st.none(), st.lists(st.integers(), max_size=2)))
def test_option_values(game: str, value: object) -> None:
    spec = find_game(game)
    for option in spec.options:
        clean(spec.resolve_options, {option.name: value})


@FUZZ
@given(st.sampled_from(GAME_NAMES), hostile_text())
def test_typed_moves(game: str, text: str) -> None:
    state = find_game(game).new_game()
    clean(state.play_turn, text)
    clean(state.play_turn, SAMPLES[game][0] + text)


def test_the_valid_texts_read_back() -> None:
    """Guards the strategies: the texts they start from are valid for their readers."""
    for record in VALID_RECORDS:
        assert len(replay(from_json(to_json(record)))) == 2   # the start, and after its one whole turn
    assert json.loads(VALID_TEXTS[-5])["format"] == "pygame-site-save"
    assert [len(read_backup(text)) for text in BACKUPS] == [1] * len(VALID_RECORDS)
    assert [decode_link(code).record.turns for code in LINK_CODES] == [r.turns for r in VALID_RECORDS]
