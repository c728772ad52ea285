"""Share links: a whole game record in a URL fragment, small enough to paste anywhere.

The fragment never reaches a server, so the link works on a static site and keeps the game
private to whoever holds it. Its text is `r1` (format version 1; `r2` for a game with side lines), a
mode letter, a dot and the payload. The payload lists the game, the options that differ from the
defaults, an optional start position (rows, side to move and the position's facets, `slides=2`)
and the turns in canonical notation, each side line between `(` and `)` after the turn it
replaces (pygame_core.record's listing); mode `t` writes it as URL-safe text when it
is all plain characters (short games stay readable), mode `z` deflates it and writes base64url.
The encoder picks the shorter. Decoding checks sizes before inflating and replays every turn.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from pygame_core.errors import RecordError, quote, reads_outside_input, text_of
from pygame_core.game import GameState
from pygame_core.position import record_at
from pygame_core.record import (
    MAX_TURNS,
    LineReplay,
    Record,
    Start,
    canonical_side_lines,
    from_text,
    parse_options,
    replay_tree,
    start_state,
)
from pygame_core.registry import GAMES, find_game
from ui.i18n import N_, Text
from ui.play.saved_game import SavedGame, Seat

VERSION = 2   # the newest read; 1 is written for a game without side lines
MAX_CODE_CHARS = 60_000  # well above any real game, below what browsers cut URLs at
MAX_PAYLOAD_BYTES = 300_000
_PREFIX = re.compile(r"^r(\d{1,4})([a-z])\.")
_LINK_PREFIX = re.compile(r"^c\d{1,4}\.")
_TEXT_SAFE = re.compile(r"^[A-Za-z0-9.,=/-]*$")  # notation, option values, diagram rows
_LINE, _SPACE = "~", "_"  # text mode's stand-ins for newline and space (fragment-safe)


class ShareError(ValueError):
    """A share code could not be read; the message says why."""


def encode(record: Record) -> str:
    """The share code of a record that replays (RecordError otherwise), without the `#`."""
    main = replay_tree(record)
    spec = main.states[0].spec
    defaults = spec.resolve_options()
    options = spec.resolve_options(record.options)
    changed = " ".join(f"{k}={v}" for k, v in options.items() if v != defaults[k])
    turns = " ".join(_tokens(main))
    start = "" if record.start is None else " ".join(
        ("/".join(record.start.rows), record.start.to_move, *(f"{k}={v}" for k, v in record.start.facets)))
    payload = "\n".join((spec.name, changed, start, turns))
    version = 2 if main.side_lines else 1
    packed = "r%dz." % version + base64.urlsafe_b64encode(_deflate(payload.encode())).decode().rstrip("=")
    plain = payload.replace("\n", _LINE).replace(" ", _SPACE)
    if all(_TEXT_SAFE.match(part) for part in payload.replace("\n", " ").split(" ")) and len(plain) + 4 <= len(packed):
        return "r%dt." % version + plain
    return packed


def _tokens(line: LineReplay) -> list[str]:
    """A line's turns in canonical notation, each side line bracketed after the turn it replaces."""
    tokens = []
    for index, (state, actions) in enumerate(zip(line.states, line.actions, strict=False)):
        tokens.append(state.format_turn(actions))
        for side in line.side_lines:
            if side.first == line.first + index:
                tokens.extend(("(", *_tokens(side), ")"))
    return tokens


@reads_outside_input(ShareError, N_("the share link"))
def decode(code: str) -> Record:
    """The Record in a share code (with or without a leading `#`); ShareError otherwise."""
    if not isinstance(code, str):
        raise ShareError(N_("the share link is not text"))
    from urllib.parse import unquote  # only share links pay for it at start-up
    code = unquote(code.strip().removeprefix("#"))
    if len(code) > MAX_CODE_CHARS:
        raise ShareError(Text(N_("the share link is {length} characters long, more than {limit}"),
                              {"length": len(code), "limit": MAX_CODE_CHARS}))
    match = _PREFIX.match(code)
    if not match:
        raise ShareError(N_("this is not a share link of this site (it should start with r1)"))
    version, mode, body = int(match.group(1)), match.group(2), code[match.end():]
    if version > VERSION:
        raise ShareError(Text(N_("the share link is version {version}, newer than this page reads ({supported})"),
                              {"version": quote(version), "supported": VERSION}))
    if version < 1:
        raise ShareError(Text(N_("the share link version {version} does not exist"), {"version": quote(version)}))
    if mode == "t":
        payload = body.replace(_LINE, "\n").replace(_SPACE, " ")
    elif mode == "z":
        payload = _inflate(body)
    else:
        raise ShareError(Text(N_("the share link has an unknown form {form}"), {"form": repr(mode)}))
    record = _parse_payload(payload)
    try:
        main = replay_tree(record)
    except ValueError as exc:
        raise ShareError(Text(N_("the shared game does not load: {problem}"), {"problem": text_of(exc)})) from None
    return Record(record.game, record.options, record.turns, record.start, side_lines=canonical_side_lines(main))


def is_share_code(text: str) -> bool:
    """True when `text` (a fragment or a pasted string) is meant as a share code."""
    return bool(_PREFIX.match(text.strip().removeprefix("#")))


def is_link_code(text: str) -> bool:
    """True when `text` is meant as a game-by-link code (`c1.<id>.r1...`, read by
    ui.saves.correspondence): checked here so the page's boot need not import that module."""
    return bool(_LINK_PREFIX.match(text.strip().removeprefix("#")))


def link(page_url: str, record: Record) -> str:
    """The page's address (any old fragment dropped) with the record's share code."""
    return page_url.split("#", 1)[0] + "#" + encode(record)


def shared_game(code: str) -> SavedGame:
    """The game a share link opens: people in every seat, shown at its last move."""
    record = decode(code)
    players = start_state(record).num_players
    return SavedGame(record, tuple(Seat() for _ in range(players)), len(record.turns))


def _parse_payload(payload: str) -> Record:
    lines = payload.split("\n")
    if len(lines) != 4:
        raise ShareError(N_("the share link is damaged (wrong number of parts)"))
    name, options_text, start_text, turns_text = lines
    try:
        spec = find_game(name)
    except ValueError:
        raise ShareError(Text(N_("the share link names a game this site does not have: {name} (it has {games})"),
                              {"name": quote(name), "games": ", ".join(GAMES)})) from None
    try:
        options = parse_options(options_text)
    except RecordError as exc:
        raise ShareError(Text(N_("the share link's options do not read: {problem}"), {"problem": text_of(exc)})) from None
    try:
        options = spec.resolve_options(options)
    except ValueError as exc:
        raise ShareError(Text(N_("the share link's options are wrong: {problem}"),
                              {"problem": text_of(exc)})) from None
    start = None
    if start_text:   # rows, side to move, then the position's facets (none in links of before)
        rows, _, rest = start_text.partition(" ")
        to_move, *facets = rest.split(" ")
        pairs = [facet.partition("=") for facet in facets]
        if any(not sep or not key for key, sep, _ in pairs):
            raise ShareError(N_("the share link's start position is damaged"))
        start = Start(tuple(rows.split("/")), to_move, tuple((key, value) for key, _, value in pairs))
    tokens = turns_text.split()
    moves = sum(token not in ("(", ")") for token in tokens)
    if moves > MAX_TURNS:
        raise ShareError(Text(N_("the share link has {moves} moves, more than {limit}"),
                              {"moves": moves, "limit": MAX_TURNS}))
    if moves == len(tokens):
        return Record(spec.name, options, tuple(tokens), start)
    try:   # side lines, bracketed as in a listing: one token a line
        listed = from_text("\n".join(tokens), game=spec.name)
    except RecordError as exc:
        raise ShareError(Text(N_("the shared game does not load: {problem}"), {"problem": text_of(exc)})) from None
    return Record(spec.name, options, listed.turns, start, side_lines=listed.side_lines)


def _deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: no header or checksum
    return compressor.compress(data) + compressor.flush()


def _inflate(body: str) -> str:
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ShareError(N_("the share link is damaged (not base64url)")) from None
    inflater = zlib.decompressobj(-15)
    try:
        data = inflater.decompress(packed, MAX_PAYLOAD_BYTES)
    except zlib.error:
        raise ShareError(N_("the share link is damaged (it does not unpack)")) from None
    if inflater.unconsumed_tail:
        raise ShareError(Text(N_("the share link unpacks to more than {limit} bytes"), {"limit": MAX_PAYLOAD_BYTES}))
    if not inflater.eof:
        raise ShareError(N_("the share link is cut short"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareError(N_("the share link is damaged (not text)")) from None


def position_link(page_url: str, state: GameState) -> str:
    """The address that opens the analysis board on `state` (its query replaced by `analysis=1`)."""
    return page_url.split("#", 1)[0].split("?", 1)[0] + "?analysis=1#" + encode(record_at(state))
