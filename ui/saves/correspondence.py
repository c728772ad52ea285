"""Play by link: a correspondence game passed back and forth as links, with no server.

A game link is `c1.<game id>.<share code>`: the share code (ui.saves.share) carries the whole
record, the random id names the game, so that each player's device can tell a newer link of a
game it keeps from an older one or from one that rewrites its history. Integrity, not secrecy:
anyone holding the link can read the game, and nothing stops a player from editing a link, but
a link that changes an already-seen move is flagged and never merged (`arrive`).

Each device keeps its games by link as named saves (ui.saves.store) whose seats say who is
who: this device's player is the one HUMAN seat, the others are FRIEND seats. Pure: the page
(ui.page.link_panel) shows what these functions decide.
"""

from __future__ import annotations

import re
from html import escape
from typing import NamedTuple

from pygame_core.errors import as_text, quote, reads_outside_input, text_of
from pygame_core.game import GameState
from pygame_core.record import Record, replay, to_text
from pygame_core.registry import find_game
from ui.i18n import N_, Text, _, ngettext, say
from ui.play.saved_game import FRIEND, HUMAN, SavedGame, Seat, new_game_id
from ui.saves.exporting import diagram_text
from ui.saves.language_param import language_query, with_language
from ui.saves.savefile import SaveError, check_record
from ui.saves.store import names_text, whose_turn
from ui.saves.snippet import iframe_html
from ui.saves.share import MAX_CODE_CHARS, ShareError, decode as decode_share, encode as encode_share

VERSION = 1
_PREFIX = re.compile(r"^c(\d{1,4})\.([A-Za-z0-9_-]{1,32})\.")

# What a link is, next to the game this device keeps under its id (`arrive`).
NEW = "new"             # no game of this id here yet
SAME = "same"           # the same moves as the kept game
NEWER = "newer"         # the kept game's moves and more: the kept game moves on
OLDER = "older"         # fewer moves than the kept game, all of them the same: nothing rolls back
REWRITTEN = "rewritten"  # a different move where the kept game has one: flagged, never merged
FOR_YOU = "for-you"     # newer, but a new move is on this device's seat: flagged, never merged


class LinkError(ValueError):
    """A game link could not be read; the message says why."""


class LinkGame(NamedTuple):
    """What a game link carries: the game's id and its whole record (canonical notation)."""

    game_id: str
    record: Record


class Arrival(NamedTuple):
    """What opening a link does. `opened` is the game to show (for REWRITTEN and FOR_YOU: the
    kept game, unchanged); `separate` is, for those two only, the link's game as a game of its
    own; `ply` is the first move (1-based) where a rewritten link differs, or that it played
    for you."""

    kind: str
    opened: SavedGame
    separate: SavedGame | None = None
    ply: int = 0


def encode_link(game_id: str, record: Record) -> str:
    """The link code of a game (without the `#`); RecordError if the record does not replay."""
    if not _PREFIX.match(f"c{VERSION}.{game_id}."):
        raise ValueError(Text(N_("{value} is not a game id"), {"value": quote(game_id)}))
    return f"c{VERSION}.{game_id}.{encode_share(record)}"


def link_url(page_url: str, game_id: str, record: Record, language: str = "en") -> str:
    """The full page's address (query and old fragment dropped) opening the game by link, in
    `language`, the maker's page's (ui.saves.language_param: English adds nothing)."""
    return with_language(_base(page_url), language) + "#" + encode_link(game_id, record)


def embed_snippet(page_url: str, game_id: str, record: Record, title: str, language: str = "en") -> str:
    """An <iframe> for a blog post showing the game read-only at its current position, with
    its record (the embed reads the link from its fragment) and the position as `pos`, which
    the embed paints before its runtime starts (ui.board.sketch), in `language` as `link_url`.
    Every character of the code, of `pos` and of a known language's `lang` is URL-safe and
    `title` is a game's own title; the frame's title around it is in the player's language,
    escaped (a translation may hold a quote).
    Lazy: a frame far down the post loads only when the reader gets near it."""
    from ui.board.sketch import position_param
    position = position_param(record.game, replay(record)[-1])
    query = "&".join(part for part in ("embed=1", language_query(language), f"pos={position}") if part)
    return iframe_html(f"{_base(page_url)}?{query}#{encode_link(game_id, record)}",
                       escape(_("{game}, played by link", game=title), quote=True), lazy=True)


@reads_outside_input(LinkError, N_("the game link"))
def decode_link(code: str) -> LinkGame:
    """The game in a link code (with or without `#`, URL-escaped or not); LinkError otherwise.
    The record is fully replayed and its turns written canonically, so two links of the same
    moves compare equal whatever notation their makers used."""
    if not isinstance(code, str):
        raise LinkError(N_("the game link is not text"))
    from urllib.parse import unquote
    code = unquote(code.strip().removeprefix("#"))
    if len(code) > MAX_CODE_CHARS:
        raise LinkError(Text(N_("the game link is {length} characters long, more than {limit}"),
                             {"length": len(code), "limit": MAX_CODE_CHARS}))
    match = _PREFIX.match(code)
    if not match:
        raise LinkError(N_("this is not a game link of this site (it should start with c1. and a game id)"))
    version = int(match.group(1))
    if version > VERSION:
        raise LinkError(Text(N_("the game link is version {version}, newer than this page reads ({supported})"),
                             {"version": quote(version), "supported": VERSION}))
    if version < 1:
        raise LinkError(Text(N_("the game link version {version} does not exist"), {"version": quote(version)}))
    try:
        record = check_record(decode_share(code[match.end():]))
    except (ShareError, SaveError) as exc:
        raise LinkError(Text(N_("the game in the link does not load: {problem}"),
                             {"problem": text_of(exc)})) from None
    return LinkGame(match.group(2), record)


def receiver_seat(record: Record) -> int:
    """The seat of whoever opens a new game's link: the player to move (the link goes to the
    one who plays next), or, when the game is over, the seat after the last mover's."""
    states = replay(record)
    final = states[-1]
    if not final.is_over or len(states) == 1:
        return final.to_move
    return (states[-2].to_move + 1) % final.num_players


def link_seats(players: int, mine: int) -> tuple[Seat, ...]:
    """You at seat `mine`, a friend by link everywhere else."""
    if not 0 <= mine < players:
        raise ValueError(Text(N_("no seat {seat} among {players}"), {"seat": mine, "players": players}))
    return tuple(Seat(HUMAN) if i == mine else Seat(FRIEND) for i in range(players))


def my_seat(saved: SavedGame) -> int | None:
    """This device's seat in a game by link (None if no person sits here)."""
    return next((i for i, seat in enumerate(saved.seats) if seat.kind == HUMAN), None)


def arrive(link: LinkGame, kept: SavedGame | None) -> Arrival:
    """What a link does to the game kept here under the same id (None: no such game)."""
    record = link.record
    if kept is None:
        players = replay(record)[0].num_players
        seats = link_seats(players, receiver_seat(record))
        return Arrival(NEW, SavedGame(record, seats, len(record.turns), game_id=link.game_id))
    ours, theirs = kept.record.turns, record.turns
    same_game = (kept.record.game == record.game and kept.record.start == record.start
                 and dict(kept.record.options) == dict(record.options))
    at_end = kept._replace(cursor=len(ours))
    if same_game and theirs == ours:
        return Arrival(SAME, at_end)
    if same_game and theirs[:len(ours)] == ours:
        states = replay(record)
        yours = next((ply for ply in range(len(ours) + 1, len(theirs) + 1)
                      if kept.seats[states[ply - 1].to_move].kind == HUMAN), 0)
        if not yours:
            return Arrival(NEWER, kept._replace(record=record, cursor=len(theirs)))
        return Arrival(FOR_YOU, at_end, _apart(link, kept.seats, kept), yours)
    if same_game and ours[:len(theirs)] == theirs:
        return Arrival(OLDER, at_end)
    ply = 0 if not same_game else next(i for i, (a, b) in enumerate(zip(ours, theirs, strict=False), start=1) if a != b)
    seats = kept.seats if same_game else arrive(link, None).opened.seats
    return Arrival(REWRITTEN, at_end, _apart(link, seats, kept), ply)


def _apart(link: LinkGame, seats: tuple[Seat, ...], kept: SavedGame) -> SavedGame:
    """The link's game as a game of its own: a new id, so it never merges with the kept one."""
    return SavedGame(link.record, seats, len(link.record.turns), game_id=new_game_id(), opponent=kept.opponent)


def arrival_message(arrival: Arrival) -> str:
    """One sentence for the player about the link just opened (whose turn it is, the box says
    beside it: `turn_note`)."""
    moves = len(arrival.opened.record.turns)
    if arrival.kind == NEW:
        if not moves:
            return ngettext("Opened a game by link ({n} move).", "Opened a game by link ({n} moves).", moves)
        return ngettext("Opened a game by link ({n} move; {last}).", "Opened a game by link ({n} moves; {last}).",
                        moves, last=_last_move(arrival.opened))
    if arrival.kind == SAME:
        return ngettext("This link holds no new move ({n} move).", "This link holds no new move ({n} moves).", moves)
    if arrival.kind == NEWER:
        return _("The game moved on: {last}.", last=_last_move(arrival.opened))
    if arrival.kind == OLDER:
        return ngettext("This link is older than the game kept here ({n} move); the game was not rolled back.",
                        "This link is older than the game kept here ({n} moves); the game was not rolled back.", moves)
    theirs = arrival.separate.record.turns if arrival.separate else ()
    ours = arrival.opened.record.turns
    values = {"move": arrival.ply, "theirs": say(_turn(theirs, arrival.ply)), "ours": say(_turn(ours, arrival.ply))}
    if arrival.kind == FOR_YOU:
        before = replay(arrival.separate.record)[arrival.ply - 1] if arrival.separate else None
        if before is not None:
            return _("This link plays move {move} for you ({side}): {theirs}, a move not played here. It was not "
                     "merged: your game is shown as it was; the link can be opened as a separate game.",
                     side=say(before.player_name(before.to_move)), **values)
        return _("This link plays move {move} for you: {theirs}, a move not played here. It was not merged: your "
                 "game is shown as it was; the link can be opened as a separate game.", **values)
    if arrival.ply:
        return _("This link rewrites the game kept here (move {move} is {ours} here but {theirs} in the link). It "
                 "was not merged: your game is shown as it was; the link can be opened as a separate game.", **values)
    return _("This link rewrites the game kept here (it is a different game under the same id). It was not "
             "merged: your game is shown as it was; the link can be opened as a separate game.")


def turn_note(saved: SavedGame) -> str:
    """'Your move (Black)', 'Alice's move' or the result, as the saves list says it."""
    final = replay(saved.record)[-1]
    note = say(_result(final) if final.outcome is not None else whose_turn(saved, final))
    return note[:1].upper() + note[1:]


def message_text(saved: SavedGame, url: str) -> str:
    """The email or chat message for the link: the last move and the position as the games'
    manuals print them, the record as a listing (it imports back), and the link."""
    record = saved.record
    states = replay(record)
    final = states[-1]
    spec = find_game(record.game)
    lines = [ngettext("{game}, played by link: {n} move.", "{game}, played by link: {n} moves.", len(record.turns),
                      game=spec.title)]
    if record.turns:
        before = states[-2]
        lines.append(_("Last move: {number} {letter}  {move}  ({player})", number=len(record.turns),
                       letter=before.player_letter(before.to_move), move=record.turns[-1],
                       player=say(before.player_name(before.to_move))))
    lines.append(say(_result(final)) + "." if final.outcome is not None
                 else _("{player} to move.", player=say(final.player_name(final.to_move))))
    lines += ["", _("Position:"), diagram_text(final).rstrip("\n"), "", _("Record:"), to_text(record).rstrip("\n"), ""]
    lines.append(_("Open the game here: {url}", url=url))
    return "\n".join(lines) + "\n"


def _base(page_url: str) -> str:
    return page_url.split("#", 1)[0].split("?", 1)[0]


def _turn(turns: tuple[str, ...], ply: int) -> str:
    return quote(turns[ply - 1]) if ply <= len(turns) else N_("missing")


def _last_move(saved: SavedGame) -> str:
    states = replay(saved.record)
    before = states[-2]
    return _("{player} played {move}", player=say(before.player_name(before.to_move)), move=saved.record.turns[-1])


def _result(final: GameState) -> Text:
    outcome = final.outcome
    assert outcome is not None
    if outcome.is_draw:
        return Text(N_("Draw ({reason})"), {"reason": as_text(outcome.reason)})
    return Text(N_("{players} won ({reason})"),
                {"players": names_text(final, outcome.winners), "reason": as_text(outcome.reason)})
