"""The save file: a SavedGame as versioned JSON, and a decoder that trusts nothing.

A save comes back from local storage or from a file the player picked, so decoding checks every
field (types, sizes, the game and its options, one seat per player, known AI levels, the cursor)
and replays the record before anything is returned. Any failure is one SaveError with a message
for the player; a save is either loaded whole or not at all.
"""

from __future__ import annotations

import json
import re
from typing import Any, Collection, TypeGuard

from pygame_core.errors import quote, reads_outside_input, text_of
from pygame_core.jsontext import load_json
from pygame_core.record import (
    MAX_TURNS, Record, canonical_side_lines, from_data, remember_replay, replay_tree, start_state, to_data)
from ui.i18n import N_, Text
from ui.play.clock import Clock, clock_data, clock_from_data
from ui.play.game_tree import GameTree
from ui.play.saved_game import AI, FRIEND, HUMAN, SavedGame, Seat

FORMAT = "pygame-site-save"
VERSION = 1
MAX_CHARS = 400_000  # a 5000-turn record of long LISBON turns still fits
MAX_TURN_CHARS = 200
MAX_NAME_CHARS = 80
MAX_OPTIONS = 16
_LEVEL = re.compile(r"^[a-z0-9][a-z0-9_-]{0,23}$")
_SAVED_AT = re.compile(r"^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d{1,6})?)?(Z|[+-]\d\d:\d\d)?)?$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class SaveError(ValueError):
    """A save could not be read; the message says why, in words a player can act on."""


def encode(saved: SavedGame) -> str:
    """The save as JSON text (the record keeps its own format and version inside)."""
    return json.dumps(save_data(saved), separators=(",", ":"))


def save_data(saved: SavedGame) -> dict[str, Any]:
    """The save as plain JSON data (what `encode` writes; a backup holds a list of them). A
    game shown on a side line has `line` (ui.play.saved_game.SavedGame.line), a clocked game
    `clock` (ui.play.clock.clock_data); others not."""
    line = {"line": [list(branch) for branch in saved.line]} if saved.line else {}
    clock = {"clock": clock_data(saved.clock)} if saved.clock is not None else {}
    return {
        "format": FORMAT,
        "version": VERSION,
        "record": to_data(saved.record),
        "seats": [{"kind": s.kind, "level": s.level} for s in saved.seats],
        "cursor": saved.cursor,
        "name": saved.name,
        "saved_at": saved.saved_at,
        "game_id": saved.game_id,
        "kept": saved.kept,
        "opponent": saved.opponent,
        **line,
        **clock,
    }


@reads_outside_input(SaveError, N_("the save"))
def decode(text: str, levels: Collection[str] | None = None) -> SavedGame:
    """The SavedGame in `text`, fully checked and replayed; SaveError otherwise.

    `levels` lists the AI levels this page offers; None accepts any short level name.
    The record comes back with the game's canonical name and fully resolved options.
    """
    if not isinstance(text, str):
        raise SaveError(N_("the save is not text"))
    if len(text) > MAX_CHARS:
        raise SaveError(Text(N_("the save is {length} characters long, more than {limit}"),
                             {"length": len(text), "limit": MAX_CHARS}))
    try:
        data = load_json(text)
    except ValueError as exc:
        raise SaveError(Text(N_("the save is not valid JSON ({problem})"), {"problem": text_of(exc)})) from None
    return saved_from_data(data, levels)


@reads_outside_input(SaveError, N_("the save"))
def saved_from_data(data: Any, levels: Collection[str] | None = None) -> SavedGame:
    """The SavedGame in plain JSON data (one save of a file or of a backup), fully checked."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(N_("this is not a saved game"))
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise SaveError(N_("the save has no valid version number"))
    if version > VERSION:
        raise SaveError(Text(N_("the save is format version {version}, newer than this page reads ({supported})"),
                             {"version": quote(version), "supported": VERSION}))
    record = checked_record(data.get("record"))
    seats = _seats(data.get("seats"), start_state(record).num_players, levels)
    line, length = _line(data.get("line", []), record)
    cursor = data.get("cursor")
    if not _is_int(cursor) or not 0 <= cursor <= length:
        raise SaveError(Text(N_("the save's move position {value} is not between 0 and {length}"),
                             {"value": quote(cursor), "length": length}))
    name = _text_field(data, "name", MAX_NAME_CHARS)
    saved_at = _text_field(data, "saved_at", 40)
    if saved_at and not _SAVED_AT.match(saved_at):
        raise SaveError(Text(N_("the save's date {value} is not an ISO date"), {"value": quote(saved_at)}))
    game_id = _text_field(data, "game_id", 32)
    if game_id and not _GAME_ID.match(game_id):
        raise SaveError(Text(N_("the save's game id {value} is not an id"), {"value": quote(game_id)}))
    kept = data.get("kept", False)
    if not isinstance(kept, bool):
        raise SaveError(N_("the save's 'kept' mark is not true or false"))
    opponent = _text_field(data, "opponent", MAX_NAME_CHARS)
    return SavedGame(record, seats, cursor, name, saved_at, game_id, kept, opponent, line, _clock(data, len(seats)))


def _clock(data: dict, players: int) -> Clock | None:
    """The save's clock (None when it has none), checked whole."""
    if data.get("clock") is None:
        return None
    try:
        return clock_from_data(data["clock"], players)
    except ValueError:
        raise SaveError(N_("the save's clock does not read: its times are not times of this game's players")) from None


def _line(value: Any, record: Record) -> tuple[tuple[tuple[int, int], ...], int]:
    """The line of the record's tree a save shows (checked to be one) and its length in turns."""
    if (not isinstance(value, list) or len(value) > MAX_TURNS
            or not all(isinstance(b, list) and len(b) == 2 and all(_is_int(n) for n in b) for b in value)):
        raise SaveError(N_("the save's shown line is not a list of move numbers and lines"))
    line = tuple((turn, index) for turn, index in value)
    if not line:
        return line, len(record.turns)
    tree = GameTree.replayed(record)
    if not tree.follow(line):
        raise SaveError(N_("the save's shown line is not one of the game's lines"))
    return line, tree.length


@reads_outside_input(SaveError, N_("the game record"))
def checked_record(value: Any) -> Record:
    """A Record from its plain data (as `record.to_data` writes it), fully checked by
    `check_record`; SaveError naming the problem otherwise."""
    if not isinstance(value, dict):
        raise SaveError(N_("the save holds no game record"))
    options = value.get("options", {})
    if isinstance(options, dict) and len(options) > MAX_OPTIONS:
        raise SaveError(Text(N_("the record has {count} options, more than {limit}"),
                             {"count": len(options), "limit": MAX_OPTIONS}))
    try:
        record = from_data(value)
    except ValueError as exc:  # RecordError
        raise SaveError(Text(N_("the game record does not load: {problem}"), {"problem": text_of(exc)})) from None
    return check_record(record)


def check_record(record: Record) -> Record:
    """`record` with sizes capped and every turn replayed (numbers and letters of a listing
    checked too), returned with the game's canonical name, resolved options and turns in
    canonical notation (`f6->f7` becomes `f6-f7`); SaveError otherwise. Shared by saves,
    imported files and pasted listings. The replay is handed on (pygame_core.record's
    remember_replay): showing or matching the checked record does not play it again."""
    for number, turn in enumerate(record.turns, start=1):
        if len(turn) > MAX_TURN_CHARS or _CONTROL.search(turn):
            raise SaveError(Text(N_("move {number} of the record is not a move ({move})"),
                                 {"number": number, "move": quote(turn)}))
    if len(record.options) > MAX_OPTIONS:
        raise SaveError(Text(N_("the record has {count} options, more than {limit}"),
                             {"count": len(record.options), "limit": MAX_OPTIONS}))
    try:
        main = replay_tree(record)
    except ValueError as exc:  # RecordError, and OptionsError/ValueError from the game itself
        raise SaveError(Text(N_("the game record does not load: {problem}"), {"problem": text_of(exc)})) from None
    spec = main.states[0].spec
    turns = tuple(state.format_turn(turn) for state, turn in zip(main.states, main.actions, strict=False))
    checked = Record(spec.name, spec.resolve_options(record.options), turns, record.start, hints=record.hints,
                     side_lines=canonical_side_lines(main))
    remember_replay(checked, main)   # the game on its way in is played once (session, link, index)
    return checked


def _seats(value: Any, players: int, levels: Collection[str] | None) -> tuple[Seat, ...]:
    if not isinstance(value, list) or len(value) != players:
        count = len(value) if isinstance(value, list) else "no"
        raise SaveError(Text(N_("the save has {count} seats; this game has {players} players"),
                             {"count": count, "players": players}))
    seats = []
    for number, item in enumerate(value, start=1):
        kind = item.get("kind") if isinstance(item, dict) else None
        level = item.get("level") if isinstance(item, dict) else None
        if kind in (HUMAN, FRIEND) and level is None:
            seats.append(Seat(kind))
        elif kind == AI and isinstance(level, str) and _known_level(level, levels):
            seats.append(Seat(AI, level))
        else:
            raise SaveError(Text(N_("seat {number} of the save is not a person, a friend or a known computer level"),
                                 {"number": number}))
    return tuple(seats)


def _known_level(level: str, levels: Collection[str] | None) -> bool:
    return level in levels if levels is not None else bool(_LEVEL.match(level))


_NOT_SHORT_TEXT = {   # _text_field's refusal, one whole sentence per field
    "name": N_("the save's name is not a short line of text"),
    "saved_at": N_("the save's saved at is not a short line of text"),
    "game_id": N_("the save's game id is not a short line of text"),
    "opponent": N_("the save's opponent is not a short line of text"),
}


def _text_field(data: dict, key: str, limit: int) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > limit or _CONTROL.search(value):
        raise SaveError(_NOT_SHORT_TEXT[key])
    return value


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
