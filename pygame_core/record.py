"""Game records: the options, an optional starting position and the turns, as text or JSON.

The text form follows the SUSAN manual's listing (`14 W  e5`) under a few `#` header lines; the
number and player letter of each line are optional when reading and checked when present. Both
forms carry a version so a future format can be told apart from a corrupted one. Reading never
trusts the input: every failure is a RecordError naming the turn, and nothing half-built escapes.

A record may hold side lines (ui.play.game_tree builds them from play): each replaces one turn of
the line above it and may hold side lines of its own. Version 2 is written only for records
that have them, so a record without side lines reads exactly as before in any older program.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple, Sequence

from .errors import MoveError, OptionsError, RecordError, quote, text_of
from .game import Action, GameState
from .jsontext import load_json
from .registry import find_game
from .translatable import N_, Text

FORMAT = "pygame_core-record"
VERSION = 2   # the newest version read; 1 is written when there are no side lines
MAX_TURNS = 5000  # far beyond any real game, all lines together; bounds a hostile record's work
MAX_DEPTH = 12   # side lines inside side lines; keeps a save within jsontext.MAX_DEPTH
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
class SideLine:
    """Turns played instead of turn `at` (1-based, numbered as in the whole game) of the line
    above and after; its own side lines branch at its later turns (at+1 and on)."""

    at: int
    turns: tuple[str, ...]
    side_lines: tuple["SideLine", ...] = ()
    labels: tuple[tuple[int | None, str | None], ...] = field(default=(), compare=False)


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
    side_lines: tuple[SideLine, ...] = ()   # sorted by `at`; side lines at the same turn in play order


class LineReplay(NamedTuple):
    """One line replayed: `states` from the position its first turn (number `first`) is played
    from to the position after its last, each turn's `actions`, and its side lines replayed."""

    first: int
    states: list[GameState]
    actions: list[tuple[Action, ...]]
    side_lines: list["LineReplay"]


def start_state(record: Record) -> GameState:
    """The state the record's first turn is played from."""
    try:
        spec = find_game(record.game)
        options = spec.resolve_options(record.options)
    except (ValueError, OptionsError) as exc:
        raise RecordError(text_of(exc)) from None
    if record.start is None:
        return spec.new_state(options)
    if spec.position is not None and (record.start.facets or spec.load_position is None):
        state: GameState = spec.position.read(options, record.start.rows, record.start.to_move,
                                              dict(record.start.facets))
        return state
    if spec.load_position is None:
        raise RecordError(Text(N_("{name} records cannot start from a position"), {"name": spec.name}))
    return spec.load_position(options, record.start.rows, record.start.to_move)


def replay(record: Record) -> list[GameState]:
    """States at the start of each turn: [start, after turn 1, ...]; RecordError on a bad turn."""
    return replay_with_actions(record)[0]


def replay_with_actions(record: Record) -> tuple[list[GameState], list[tuple[Action, ...]]]:
    """The states of `replay` and the actions of each turn, so that callers that need the
    actions (the page's last-move marker) never parse a turn's text again. Side lines are
    checked too (`replay_tree`)."""
    main = replay_tree(record)
    return main.states, main.actions


def replay_tree(record: Record) -> LineReplay:
    """The main line and every side line replayed and checked by the rules; RecordError naming
    the turn for a bad one, a side line that branches nowhere or repeats a turn already there.
    A record replayed a moment ago is not played again (`_REPLAYED`)."""
    key = _replay_key(record)
    if key in _REPLAYED:
        _REPLAYED[key] = _REPLAYED.pop(key)   # the most recent last
        return _copied(_REPLAYED[key])
    total = count_turns(record.turns, record.side_lines)
    if total > MAX_TURNS:
        raise RecordError(Text(N_("record has {total} turns, more than {max_turns}"),
            {"total": total, "max_turns": MAX_TURNS}))
    states, actions = _replay_line(start_state(record), record.turns, record.labels, 1)
    main = LineReplay(1, states, actions, [])
    main.side_lines.extend(_replay_side_lines(main, record.side_lines, 0))
    remember_replay(record, main)
    return main


# The last few records replayed, by value, and their replays. A game on its way in is read, checked
# and canonicalised (ui.saves.savefile), matched against a kept game (ui.saves.correspondence),
# shown (ui.play.session) and described (its link, its message), each from the same record: the
# rules play it once. A replay depends on nothing but the record's value, so an equal record may
# share it; each caller gets lists of its own.
_REPLAYED: dict[tuple[Any, ...], LineReplay] = {}
REPLAYS_KEPT = 4


def remember_replay(record: Record, main: LineReplay) -> None:
    """Note that `record` replays as `main` (its checker wrote it from `main`: the canonical
    form of a record just replayed replays the same), so that it is not played again."""
    key = _replay_key(record)
    if key is None:
        return
    _REPLAYED.pop(key, None)
    _REPLAYED[key] = _copied(main)
    while len(_REPLAYED) > REPLAYS_KEPT:
        del _REPLAYED[next(iter(_REPLAYED))]


def _replay_key(record: Record) -> tuple[Any, ...] | None:
    """What a replay depends on: the game, options, start, turns and side lines, and the
    listing's labels (checked too); None where a value cannot be a key or a side line holds
    labels of its own (a pasted listing: replayed each time)."""
    if _has_labels(record.side_lines):
        return None
    try:
        key = (record.game, tuple(sorted(record.options.items())), record.start, record.turns, record.labels,
               record.side_lines)
        hash(key)
    except TypeError:
        return None
    return key


def _has_labels(side_lines: Sequence[SideLine]) -> bool:
    return any(side.labels or _has_labels(side.side_lines) for side in side_lines)


def _copied(line: LineReplay) -> LineReplay:
    """`line` with lists of its own (the states and actions themselves do not change)."""
    return LineReplay(line.first, list(line.states), list(line.actions), [_copied(side) for side in line.side_lines])


def count_turns(turns: Sequence[str], side_lines: Sequence[SideLine]) -> int:
    """The turns of a line and of all its side lines together."""
    return len(turns) + sum(count_turns(side.turns, side.side_lines) for side in side_lines)


def _replay_side_lines(line: LineReplay, side_lines: Sequence[SideLine], depth: int) -> list[LineReplay]:
    if side_lines and depth >= MAX_DEPTH:
        raise RecordError(Text(N_("side lines are nested more than {max_depth} deep"), {"max_depth": MAX_DEPTH}))
    lowest = line.first + (1 if depth else 0)   # a side line's own first turn has its siblings above
    highest = line.first + len(line.actions) - 1
    played: dict[int, set[str]] = {}
    replayed = []
    for side in side_lines:
        if not side.turns or not lowest <= side.at <= highest:
            raise RecordError(Text(N_("a side line at move {at} does not replace a move of the line it is in"),
                {"at": side.at}))
        before = line.states[side.at - line.first]
        states, actions = _replay_line(before, side.turns, side.labels, side.at)
        there = played.setdefault(side.at, {before.format_turn(line.actions[side.at - line.first])})
        text = before.format_turn(actions[0])
        if text in there:
            raise RecordError(Text(N_("{turn}: a side line repeats a move already played there"),
                {"turn": quote(side.turns[0])}), side.at)
        there.add(text)
        branch = LineReplay(side.at, states, actions, [])
        branch.side_lines.extend(_replay_side_lines(branch, side.side_lines, depth + 1))
        replayed.append(branch)
    return replayed


def _replay_line(state: GameState, turns: Sequence[str], labels: Sequence[tuple[int | None, str | None]],
                 first: int) -> tuple[list[GameState], list[tuple[Action, ...]]]:
    """The states and actions of `turns` played from `state`, the first numbered `first`."""
    states = [state]
    actions: list[tuple[Action, ...]] = []
    for index, text in enumerate(turns):
        number = first + index
        if state.is_over:
            raise RecordError(Text(N_("{text}: the game is already over"), {"text": quote(text)}), number)
        label_number, letter = labels[index] if index < len(labels) else (None, None)
        if label_number is not None and label_number != number:
            raise RecordError(Text(N_("{text}: numbered {label}, expected {number}"),
                {"text": quote(text), "label": label_number, "number": number}), number)
        if letter is not None and letter.upper() != state.player_letter(state.to_move).upper():
            raise RecordError(
                Text(N_("{text}: marked {letter}, but {side} ({side_letter}) is to move"),
                    {"text": quote(text), "letter": letter, "side": Text(state.player_name(state.to_move)),
                     "side_letter": state.player_letter(state.to_move)}), number)
        try:
            turn = tuple(state.parse_turn(text))
            for action in turn:  # parse_turn has checked the whole turn against the rules
                state = state.play_unchecked(action)
        except MoveError as exc:
            raise RecordError(exc.message, number) from None
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
    data: dict[str, Any] = {"format": FORMAT, "version": 2 if record.side_lines else 1, "game": record.game,
                            "options": dict(record.options), "turns": list(record.turns)}
    if record.start is not None:
        data["start"] = {"rows": list(record.start.rows), "to_move": record.start.to_move}
        if record.start.facets:
            data["start"]["facets"] = dict(record.start.facets)
    if record.hints:
        data["hints"] = list(record.hints)
    if record.side_lines:
        data["side_lines"] = _side_lines_data(record.side_lines)
    return data


def _side_lines_data(side_lines: Sequence[SideLine]) -> list[dict[str, Any]]:
    """Side lines as nested plain data: [{"at": 3, "turns": [...], "side_lines": [...]}]."""
    found = []
    for side in side_lines:
        item: dict[str, Any] = {"at": side.at, "turns": list(side.turns)}
        if side.side_lines:
            item["side_lines"] = _side_lines_data(side.side_lines)
        found.append(item)
    return found


def _side_lines_from_data(value: Any, depth: int, budget: list[int]) -> tuple[SideLine, ...]:
    """Side lines from plain data, shape checked and bounded (`budget`: turns still allowed in
    all lines together); the moves are checked by `replay_tree`."""
    if not isinstance(value, list):
        raise RecordError(N_("record side lines are not a list"))
    if value and depth >= MAX_DEPTH:
        raise RecordError(Text(N_("side lines are nested more than {max_depth} deep"), {"max_depth": MAX_DEPTH}))
    found = []
    for item in value:
        at, turns = (item.get("at"), item.get("turns")) if isinstance(item, dict) else (None, None)
        if (not isinstance(at, int) or isinstance(at, bool) or not isinstance(turns, list) or not turns
                or not all(isinstance(t, str) for t in turns)):
            raise RecordError(N_("a record side line is not a move number and a list of moves"))
        budget[0] -= len(turns)
        if budget[0] < 0:
            raise RecordError(Text(N_("record has more than {max_turns} turns in all its lines"),
                {"max_turns": MAX_TURNS}))
        found.append(SideLine(at, tuple(turns), _side_lines_from_data(item.get("side_lines", []), depth + 1, budget)))
    return tuple(sorted(found, key=lambda side: side.at))


def canonical_side_lines(line: LineReplay) -> tuple[SideLine, ...]:
    """The side lines of a replayed line in canonical notation (`f6->f7` becomes `f6-f7`)."""
    return tuple(SideLine(side.first, tuple(state.format_turn(turn) for state, turn in zip(side.states, side.actions,
                                                                                           strict=False)),
                          canonical_side_lines(side))
                 for side in line.side_lines)


def from_data(data: Any) -> Record:
    """A Record from plain data as `to_data` writes it; RecordError for anything else."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(N_("not a game record"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(N_("record has no version"))
    if version > VERSION:
        raise RecordError(Text(N_("record version {version} is newer than this program reads ({newest})"),
            {"version": quote(version), "newest": VERSION}))
    game, options, turns = data.get("game"), data.get("options", {}), data.get("turns", [])
    if not isinstance(game, str):
        raise RecordError(N_("record names no game"))
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RecordError(N_("record options are not a mapping"))
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise RecordError(N_("record turns are not a list of moves"))
    start = data.get("start")
    if start is not None:
        rows, to_move = (start.get("rows"), start.get("to_move")) if isinstance(start, dict) else (None, None)
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows) or not isinstance(to_move, str):
            raise RecordError(N_("record start position is malformed"))
        start = Start(tuple(rows), to_move, checked_facets(start.get("facets", {})))
    if len(turns) > MAX_TURNS:
        raise RecordError(Text(N_("record has {count} turns, more than {max_turns}"),
            {"count": len(turns), "max_turns": MAX_TURNS}))
    side_lines = _side_lines_from_data(data.get("side_lines", []), 0, [MAX_TURNS - len(turns)])
    return Record(game, options, tuple(turns), start, hints=checked_hints(data.get("hints", []), len(turns)),
                  side_lines=side_lines)


def checked_facets(facets: Any) -> tuple[tuple[str, str], ...]:
    """A start position's facets as (name, value) pairs; RecordError unless a mapping of short
    texts. (Records written before facets existed have none.)"""
    if not isinstance(facets, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= 40 and len(v) <= 400 for k, v in facets.items()):
        raise RecordError(N_("record start position's facets are malformed"))
    return tuple(facets.items())


def checked_hints(hints: Any, turns: int) -> tuple[int, ...]:
    """The hinted turns as a sorted tuple; RecordError unless whole numbers 1..turns+1.
    (Records written before hints existed have none: an absent list is empty.)"""
    if not isinstance(hints, list) or not all(isinstance(h, int) and not isinstance(h, bool) for h in hints):
        raise RecordError(N_("record hints are not a list of turn numbers"))
    if any(not 1 <= h <= turns + 1 for h in hints):
        raise RecordError(Text(N_("record hints name a turn outside 1..{last}"), {"last": turns + 1}))
    return tuple(sorted(set(hints)))


def to_json(record: Record) -> str:
    """The record as JSON text (files, links, storage)."""
    return json.dumps(to_data(record))


def from_json(text: str) -> Record:
    """A Record from JSON text; RecordError for anything that is not a record we can read."""
    try:
        data = load_json(text)
    except ValueError as exc:
        raise RecordError(Text(N_("not valid JSON ({detail})"), {"detail": text_of(exc)})) from None
    return from_data(data)


# --- text listing -----------------------------------------------------------------------------

def to_text(record: Record) -> str:
    """The manual-style listing, with header lines and each turn numbered and lettered; a side
    line follows the turn it replaces, indented, between `(` and `)`."""
    main = replay_tree(record)
    lines = [f"# {FORMAT} v{2 if record.side_lines else 1}", f"# game: {record.game}",
             "# options: " + " ".join(f"{k}={v}" for k, v in record.options.items())]
    if record.start is not None:
        lines.append("# position: " + " / ".join(record.start.rows))
        lines.append(f"# to-move: {record.start.to_move}")
        if record.start.facets:
            lines.append("# facets: " + " ".join(f"{k}={v}" for k, v in record.start.facets))
    if record.hints:
        lines.append("# hints: " + " ".join(str(h) for h in record.hints))
    lines.extend(_listed(main, record.turns, record.side_lines, 0))
    final = main.states[-1].outcome
    if final is not None:
        names = ", ".join(main.states[-1].player_name(p) for p in final.winners) or "nobody"
        lines.append(f"# result: {final.result} ({names}) {final.reason}")
    return "\n".join(lines) + "\n"


def _listed(line: LineReplay, turns: Sequence[str], side_lines: Sequence[SideLine], depth: int) -> list[str]:
    """The listing lines of one line (`depth` side lines deep) with its side lines inside."""
    pad = "    " * depth
    lines = []
    for index, (state, text) in enumerate(zip(line.states, turns, strict=False)):
        number = line.first + index
        lines.append(f"{pad}{number:>2} {state.player_letter(state.to_move)}  {text}")
        for side, replayed in zip(side_lines, line.side_lines, strict=True):
            if side.at == number:
                inner = _listed(replayed, side.turns, side.side_lines, depth + 1)
                inner[0] = f"{pad}  ( {inner[0].lstrip()}"
                inner[-1] += " )"
                lines.extend(inner)
    return lines


class _OpenLine:
    """A line being read from a listing: where it branches, its turns so far, its side lines."""

    def __init__(self, at: int) -> None:
        self.at = at
        self.turns: list[str] = []
        self.labels: list[tuple[int | None, str | None]] = []
        self.side_lines: list[SideLine] = []

    @property
    def next_number(self) -> int:
        return self.at + len(self.turns)


def from_text(text: str, game: str | None = None, options: Mapping[str, Any] | None = None,
              start: Start | None = None) -> Record:
    """A Record from a listing. Header lines may name the game, options and start position;
    `game`, `options` and `start` given here take precedence. Lines may be bare moves
    (`d6`), numbered (`1. d6`) or numbered and lettered (` 1 B  d6`); a trailing `*W*` result
    mark is ignored. Comments after `;` are dropped. A `(` before a line's move opens a side
    line replacing the turn above it, a `)` after a move closes one. Numbers and letters are
    checked by `replay`, which is also what validates the moves."""
    header: dict[str, str] = {}
    lines = [_OpenLine(1)]
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
        bracketed = tokens[:1] == ["("] or tokens[-1:] == [")"]
        while tokens[:1] == ["("]:
            tokens = tokens[1:]
            _open_side_line(lines)
        closing = 0
        while tokens[-1:] == [")"]:
            tokens, closing = tokens[:-1], closing + 1
        if tokens or not bracketed:
            _read_turn(lines[-1], tokens, raw)
        for _ in range(closing):
            _close_side_line(lines)
    if len(lines) > 1:
        raise RecordError(Text(N_("the side line at move {at} is not closed with )"), {"at": lines[-1].at}))
    turns, labels = lines[0].turns, lines[0].labels
    name = game or header.get("game")
    if not name:
        raise RecordError(N_("the record does not say which game it is"))
    merged: dict[str, Any] = parse_options(header.get("options", ""))
    merged.update(options or {})
    if start is None and "position" in header:
        start = Start(tuple(r.strip() for r in header["position"].split("/")), header.get("to-move", ""),
                      tuple(parse_options(header.get("facets", "")).items()))
    hints = header.get("hints", "").split()
    if not all(h.isdigit() and len(h) <= MAX_NUMBER_DIGITS for h in hints):
        raise RecordError(Text(N_("hints {hints} are not turn numbers"), {"hints": quote(header["hints"])}))
    return Record(name, merged, tuple(turns), start, tuple(labels), checked_hints([int(h) for h in hints], len(turns)),
                  tuple(lines[0].side_lines))


def one_line_of_turns(text: str) -> bool:
    """Whether `text` may be turns separated by spaces on one line (the embed's `record` form),
    for a reader to try when it does not read as a listing (whose line is one turn)."""
    stripped = text.strip()
    return "\n" not in stripped and not stripped.startswith(("{", "#")) and len(stripped.split()) > 1


def from_turns(text: str, game: str, options: Mapping[str, Any]) -> Record:
    """A Record from turns separated by spaces (`e5 d4 c3`; a turn of several stones is written
    with commas, `f6,h7`), move numbers such as `1.` left out; the turns are checked by `replay`."""
    turns = tuple(token for token in text.split() if not (_NUMBER.match(token) and token.endswith(".")))
    if len(turns) > MAX_TURNS:
        raise RecordError(Text(N_("the record has more than {max_turns} moves"), {"max_turns": MAX_TURNS}))
    return Record(game, dict(options), turns)


def _read_turn(line: _OpenLine, tokens: list[str], raw: str) -> None:
    """One turn of a listing, `tokens` being its words: optional number, optional letter, move."""
    number = None
    numbered = _NUMBER.match(tokens[0]) if tokens else None
    if numbered:
        if len(numbered.group(1)) > MAX_NUMBER_DIGITS:
            raise RecordError(Text(N_("move number {number} is larger than any game"),
                {"number": quote(numbered.group(1))}), line.next_number)
        number = int(numbered.group(1))
        tokens = tokens[1:]
    letter = None
    if len(tokens) > 1 and len(tokens[0]) == 1 and tokens[0].isalpha():
        letter, tokens = tokens[0], tokens[1:]
    if not tokens:
        raise RecordError(Text(N_("line {line} has no move"), {"line": quote(raw.strip())}), line.next_number)
    line.turns.append(" ".join(tokens))
    line.labels.append((number, letter))


def _open_side_line(lines: list[_OpenLine]) -> None:
    """A `(`: a side line replacing the last turn read of the line being read."""
    parent = lines[-1]
    if len(parent.turns) < (1 if len(lines) == 1 else 2):
        raise RecordError(N_("a side line ( comes before a move of its line it could replace"), parent.next_number)
    if len(lines) > MAX_DEPTH:
        raise RecordError(Text(N_("side lines are nested more than {max_depth} deep"), {"max_depth": MAX_DEPTH}))
    lines.append(_OpenLine(parent.next_number - 1))


def _close_side_line(lines: list[_OpenLine]) -> None:
    """A `)`: the side line being read ends and goes into the line above it."""
    if len(lines) == 1:
        raise RecordError(N_("a ) closes no side line"))
    done = lines.pop()
    if not done.turns:
        raise RecordError(Text(N_("the side line at move {at} has no moves"), {"at": done.at}), done.at)
    lines[-1].side_lines.append(SideLine(done.at, tuple(done.turns), tuple(done.side_lines), tuple(done.labels)))


def parse_options(text: str) -> dict[str, str]:
    """Options written as `name=value` words (`size=6 players=3`), values still text;
    RecordError for a word without `=`."""
    options = {}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep:
            raise RecordError(Text(N_("option {item} is not written as name=value"), {"item": quote(item)}))
        options[key] = value
    return options
