"""Fuzz every reader of outside data: damaged saves, share codes, records, imports and embed
addresses may only end in a ValueError with a message (or, for embeds, in messages), never in
any other exception. SAVES_FUZZ_EXAMPLES=5000 runs a longer fuzz than the default."""

from __future__ import annotations

import json
import os
from urllib.parse import urlencode

from hypothesis import HealthCheck, given, settings, strategies as st

from pygame_core.record import from_json, from_text, replay, to_json, to_text
from pygame_core.registry import GAME_NAMES
from saves_helpers import GAME_SPECS, SEEDS, examples, random_record
from ui.play.saved_game import SavedGame, Seat
from ui.saves.embed import parse_embed
from ui.saves.exporting import import_game
from ui.saves.savefile import decode as decode_save, encode as encode_save
from ui.saves.share import decode as decode_share, encode as encode_share

FUZZ = settings(max_examples=int(os.environ.get("SAVES_FUZZ_EXAMPLES", examples(80))), deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = list(GAME_NAMES)


@st.composite
def mutated(draw, encoder):
    """A valid encoding of a random game, then cut, spliced, or with characters changed."""
    record = random_record(draw(GAME_SPECS), draw(SEEDS), 12)
    text = encoder(record)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["cut", "insert", "replace", "delete"]))
        piece = draw(st.text(alphabet=st.sampled_from(list(text) + list('{}[]",:0-9~_.\\\x00é')), max_size=6))
        if how == "cut":
            text = text[:at]
        elif how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "replace":
            text = text[:at] + piece + text[at + len(piece):]
        else:
            text = text[:at] + text[at + len(piece):]
    return text


def only_clean_errors(reader, text) -> None:
    try:
        reader(text)
    except ValueError as exc:
        assert str(exc).strip(), f"{type(exc).__name__} without a message"


def save_of(record) -> str:
    players = replay(record)[0].num_players
    return encode_save(SavedGame(record, (Seat(),) * players, len(record.turns)))


@FUZZ
@given(mutated(save_of))
def test_save_decoding(text) -> None:
    only_clean_errors(decode_save, text)


@FUZZ
@given(mutated(encode_share))
def test_share_decoding(text) -> None:
    only_clean_errors(decode_share, text)


@FUZZ
@given(mutated(to_json))
def test_record_json(text) -> None:
    only_clean_errors(lambda t: replay(from_json(t)), text)


@FUZZ
@given(mutated(to_text), st.sampled_from(NAMES))
def test_record_text_and_import(text, game) -> None:
    only_clean_errors(lambda t: replay(from_text(t, game=game)), text)
    only_clean_errors(lambda t: import_game(t, game), text)


@FUZZ
@given(st.one_of(mutated(save_of), mutated(to_json), mutated(encode_share), st.text(max_size=300)),
       st.sampled_from(NAMES))
def test_import_of_anything(text, game) -> None:
    only_clean_errors(lambda t: import_game(t, game), text)


@FUZZ
@given(st.dictionaries(
    st.sampled_from(["embed", "game", "size", "komi", "players", "variant", "seats", "level", "record",
                     "move", "theme", "x"]),
    st.one_of(st.sampled_from(NAMES + ["human,ai", "ai:easy,human,ai", "dark", "6", "5.5", "-3", ""]),
              st.text(max_size=30)), max_size=8),
       st.one_of(st.just(""), mutated(encode_share)))
def test_embed_addresses(params, fragment) -> None:
    config = parse_embed(urlencode(params), fragment, ("easy", "strong"))
    assert 0 <= config.saved.cursor <= len(config.saved.record.turns)
    replay(config.saved.record)
    assert len(config.saved.seats) == replay(config.saved.record)[0].num_players
    json.dumps(config.messages)
