"""Game records: the options, an optional starting position and the turns, as text or JSON.

The text form follows the SUSAN manual's listing (`14 W  e5`) under a few `#` header lines; the
number and player letter of each line are optional when reading and checked when present. Both
forms carry a version so a future format can be told apart from a corrupted one. Reading never
trusts the input: every failure is a RecordError naming the turn, and nothing half-built escapes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple, Sequence

from .errors import MoveError, OptionsError, RecordError, quote
from .game import Action, GameState
from .jsontext import load_json
from .registry import find_game

FORMAT = "pygame_core-record"
VERSION = 1
MAX_TURNS = 5000  # far beyond any real game; bounds the work a hostile record can cause
_HEADER = re.compile(r"^#\s*([a-z-]+)\s*:\s*(.*)$", re.IGNORECASE)
_NUMBER = re.compile(r"^([0-9]+)\.?$")
MAX_NUMBER_DIGITS = len(str(MAX_TURNS))
_MARK = re.compile(r"^\*[^*\s]*\*$")


class Start(NamedTuple):
    """A starting position other than the empty board: diagram rows, the side to move and
    the facets the game's position holds beyond them (`pygame_core/facets.py`; none in records
    written before the analysis board, which load as they always did)."""

    rows: tuple[str, ...]
    to_move: str
    facets: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Record:
    game: str
    options: Mapping[str, Any]
    turns: tuple[str, ...] = ()
    start: Start | None = None
    # (number, letter) as written in a listing; None where the listing left them out
    labels: tuple[tuple[int | None, str | None], ...] = field(default=(), compare=False)
    # the turns (1-based, ascending) played after the player asked the coach for a hint; the
    # turn after the last may be one (a hint taken, the move not made yet)
    hints: tuple[int, ...] = ()


def start_state(record: Record) -> GameState:
    """The state the record's first turn is played from."""
    try:
        spec = find_game(record.game)
        options = spec.resolve_options(record.options)
    except (ValueError, OptionsError) as exc:
        raise RecordError(str(exc)) from None
    if record.start is None:
        return spec.new_state(options)
    if spec.position is not None and (record.start.facets or spec.load_position is None):
        state: GameState = spec.position.read(options, record.start.rows, record.start.to_move,
                                              dict(record.start.facets))
        return state
    if spec.load_position is None:
        raise RecordError(f"{spec.name} records cannot start from a position")
    return spec.load_position(options, record.start.rows, record.start.to_move)


def replay(record: Record) -> list[GameState]:
    """States at the start of each turn: [start, after turn 1, ...]; RecordError on a bad turn."""
    return replay_with_actions(record)[0]


def replay_with_actions(record: Record) -> tuple[list[GameState], list[tuple[Action, ...]]]:
    """The states of `replay` and the actions of each turn, so that callers that need the
    actions (the page's last-move marker) never parse a turn's text again."""
    if len(record.turns) > MAX_TURNS:
        raise RecordError(f"record has {len(record.turns)} turns, more than {MAX_TURNS}")
    states = [start_state(record)]
    actions: list[tuple[Action, ...]] = []
    for number, text in enumerate(record.turns, start=1):
        state = states[-1]
        if state.is_over:
            raise RecordError(f"{quote(text)}: the game is already over", number)
        label_number, letter = record.labels[number - 1] if number <= len(record.labels) else (None, None)
        if label_number is not None and label_number != number:
            raise RecordError(f"{quote(text)}: numbered {label_number}, expected {number}", number)
        if letter is not None and letter.upper() != state.player_letter(state.to_move).upper():
            raise RecordError(
                f"{quote(text)}: marked {letter}, but {state.player_name(state.to_move)} "
                f"({state.player_letter(state.to_move)}) is to move", number)
        try:
            turn = tuple(state.parse_turn(text))
            for action in turn:  # parse_turn has checked the whole turn against the rules
                state = state.play_unchecked(action)
        except MoveError as exc:
            raise RecordError(str(exc), number) from None
        states.append(state)
        actions.append(turn)
    return states, actions


def from_actions(state: GameState, turns: Sequence[Sequence[int]]) -> list[str]:
    """Canonical notation for `turns` (lists of actions) played from `state`."""
    texts = []
    for actions in turns:
        texts.append(state.format_turn(actions))
        for action in actions:
            state = state.apply(action)
    return texts


# --- plain data and JSON ----------------------------------------------------------------------
# Inside the program a record travels as a Record or as its plain data (`to_data`); JSON text
# exists only at the edges: files, links, storage and worker messages.

def to_data(record: Record) -> dict[str, Any]:
    """The record as plain data (dicts, lists, str, numbers), ready for json.dumps or a worker."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": record.game,
                            "options": dict(record.options), "turns": list(record.turns)}
    if record.start is not None:
        data["start"] = {"rows": list(record.start.rows), "to_move": record.start.to_move}
        if record.start.facets:
            data["start"]["facets"] = dict(record.start.facets)
    if record.hints:
        data["hints"] = list(record.hints)
    return data


def from_data(data: Any) -> Record:
    """A Record from plain data as `to_data` writes it; RecordError for anything else."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not a game record")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("record has no version")
    if version > VERSION:
        raise RecordError(f"record version {quote(version)} is newer than this program reads ({VERSION})")
    game, options, turns = data.get("game"), data.get("options", {}), data.get("turns", [])
    if not isinstance(game, str):
        raise RecordError("record names no game")
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RecordError("record options are not a mapping")
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise RecordError("record turns are not a list of moves")
    start = data.get("start")
    if start is not None:
        rows, to_move = (start.get("rows"), start.get("to_move")) if isinstance(start, dict) else (None, None)
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows) or not isinstance(to_move, str):
            raise RecordError("record start position is malformed")
        start = Start(tuple(rows), to_move, checked_facets(start.get("facets", {})))
    return Record(game, options, tuple(turns), start, hints=checked_hints(data.get("hints", []), len(turns)))


def checked_facets(facets: Any) -> tuple[tuple[str, str], ...]:
    """A start position's facets as (name, value) pairs; RecordError unless a mapping of short
    texts. (Records written before facets existed have none.)"""
    if not isinstance(facets, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= 40 and len(v) <= 400 for k, v in facets.items()):
        raise RecordError("record start position's facets are malformed")
    return tuple(facets.items())


def checked_hints(hints: Any, turns: int) -> tuple[int, ...]:
    """The hinted turns as a sorted tuple; RecordError unless whole numbers 1..turns+1.
    (Records written before hints existed have none: an absent list is empty.)"""
    if not isinstance(hints, list) or not all(isinstance(h, int) and not isinstance(h, bool) for h in hints):
        raise RecordError("record hints are not a list of turn numbers")
    if any(not 1 <= h <= turns + 1 for h in hints):
        raise RecordError(f"record hints name a turn outside 1..{turns + 1}")
    return tuple(sorted(set(hints)))


def to_json(record: Record) -> str:
    """The record as JSON text (files, links, storage)."""
    return json.dumps(to_data(record))


def from_json(text: str) -> Record:
    """A Record from JSON text; RecordError for anything that is not a record we can read."""
    try:
        data = load_json(text)
    except ValueError as exc:
        raise RecordError(f"not valid JSON ({exc})") from None
    return from_data(data)


# --- text listing -----------------------------------------------------------------------------

def to_text(record: Record) -> str:
    """The manual-style listing, with header lines and each turn numbered and lettered."""
    states = replay(record)
    lines = [f"# {FORMAT} v{VERSION}", f"# game: {record.game}",
             "# options: " + " ".join(f"{k}={v}" for k, v in record.options.items())]
    if record.start is not None:
        lines.append("# position: " + " / ".join(record.start.rows))
        lines.append(f"# to-move: {record.start.to_move}")
        if record.start.facets:
            lines.append("# facets: " + " ".join(f"{k}={v}" for k, v in record.start.facets))
    if record.hints:
        lines.append("# hints: " + " ".join(str(h) for h in record.hints))
    for number, (state, text) in enumerate(zip(states, record.turns, strict=False), start=1):
        lines.append(f"{number:>2} {state.player_letter(state.to_move)}  {text}")
    final = states[-1].outcome
    if final is not None:
        names = ", ".join(states[-1].player_name(p) for p in final.winners) or "nobody"
        lines.append(f"# result: {final.result} ({names}) {final.reason}")
    return "\n".join(lines) + "\n"


def from_text(text: str, game: str | None = None, options: Mapping[str, Any] | None = None,
              start: Start | None = None) -> Record:
    """A Record from a listing. Header lines may name the game, options and start position;
    `game`, `options` and `start` given here take precedence. Lines may be bare moves
    (`d6`), numbered (`1. d6`) or numbered and lettered (` 1 B  d6`); a trailing `*W*` result
    mark is ignored. Comments after `;` are dropped. Numbers and letters are checked by
    `replay`, which is also what validates the moves."""
    header: dict[str, str] = {}
    turns: list[str] = []
    labels: list[tuple[int | None, str | None]] = []
    for raw in text.splitlines():
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        header_match = _HEADER.match(line)
        if line.startswith("#"):
            if header_match:
                header[header_match.group(1).lower()] = header_match.group(2).strip()
            continue
        tokens = [t for t in line.split() if not _MARK.match(t)]
        number = None
        numbered = _NUMBER.match(tokens[0]) if tokens else None
        if numbered:
            if len(numbered.group(1)) > MAX_NUMBER_DIGITS:
                raise RecordError(f"move number {quote(numbered.group(1))} is larger than any game", len(turns) + 1)
            number = int(numbered.group(1))
            tokens = tokens[1:]
        letter = None
        if len(tokens) > 1 and len(tokens[0]) == 1 and tokens[0].isalpha():
            letter, tokens = tokens[0], tokens[1:]
        if not tokens:
            raise RecordError(f"line {quote(raw.strip())} has no move", len(turns) + 1)
        turns.append(" ".join(tokens))
        labels.append((number, letter))
    name = game or header.get("game")
    if not name:
        raise RecordError("the record does not say which game it is")
    merged: dict[str, Any] = parse_options(header.get("options", ""))
    merged.update(options or {})
    if start is None and "position" in header:
        start = Start(tuple(r.strip() for r in header["position"].split("/")), header.get("to-move", ""),
                      tuple(parse_options(header.get("facets", "")).items()))
    hints = header.get("hints", "").split()
    if not all(h.isdigit() and len(h) <= MAX_NUMBER_DIGITS for h in hints):
        raise RecordError(f"hints {quote(header['hints'])} are not turn numbers")
    return Record(name, merged, tuple(turns), start, tuple(labels), checked_hints([int(h) for h in hints], len(turns)))


def parse_options(text: str) -> dict[str, str]:
    """Options written as `name=value` words (`size=6 players=3`), values still text;
    RecordError for a word without `=`."""
    options = {}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep:
            raise RecordError(f"option {quote(item)} is not written as name=value")
        options[key] = value
    return options
