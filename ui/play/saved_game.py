"""What the page keeps of a game: the record plus who sits where and which move is shown.

This is the contract between the play UI (which builds and restores it) and the save, share and
embed code (which encodes it). It is plain data; encoding and validation live in the codecs.
"""

from __future__ import annotations

import secrets
from typing import NamedTuple

from pygame_core.record import Record
from ui.play.clock import Clock

HUMAN = "human"
AI = "ai"
FRIEND = "friend"   # a person on another device, playing by link (ui.saves.correspondence)


class Seat(NamedTuple):
    """One seat: a person at this device, the built-in opponent at a named level, or a friend
    who plays by link on another device (never moved for here)."""

    kind: str = HUMAN
    level: str | None = None


class SavedGame(NamedTuple):
    """record: game, options, optional start position and all turns played (redo included);
    seats: one per seat of the game; cursor: how many turns of the record are shown (the
    position in the move list, 0..len(record.turns)); name and saved_at: for named saves;
    game_id: names one game across tabs and saves ("" for games saved before ids existed);
    kept: saved automatically because another tab's autosave would have replaced it;
    opponent: the friend's name a player typed for a game played by link ("" if none);
    line: which line of the record's tree is followed, as (turn, continuation) pairs where it
    leaves a position's first continuation (ui.play.game_tree.GameTree.branches; () = the main
    line), the cursor counting turns along it."""

    record: Record
    seats: tuple[Seat, ...]
    cursor: int
    name: str = ""
    saved_at: str = ""
    game_id: str = ""
    kept: bool = False
    opponent: str = ""
    line: tuple[tuple[int, int], ...] = ()
    clock: Clock | None = None


def by_link(saved: SavedGame) -> bool:
    """Whether the game is played by link: some seat is a friend on another device."""
    return any(seat.kind == FRIEND for seat in saved.seats)


def new_game_id() -> str:
    """A random id for a new game (12 hex digits: collisions between one player's games are
    out of the question)."""
    return secrets.token_hex(6)
