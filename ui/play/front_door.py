"""The front door: whether a visit opens on it, and which seats each of its choices gives.

A first visit (no autosave, no share link, not an embed) opens on one block per game with two
choices: play the computer (at a level, you taking the first, the second or a random seat) or
play a friend on this device (every seat a person). The page (ui.page.front_door_dialog) only
shows the choices and starts the game through the page's one new-game path. Pure, and light:
the page's boot imports it for `opens_at_start`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

from ui.play.saved_game import AI, FRIEND, HUMAN, Seat

if TYPE_CHECKING:
    from pygame_core.game import GameSpec

RANDOM_SEAT = "random"


def opens_at_start(shared: bool, autosaved: bool) -> bool:
    """Whether the full page opens on the front door: only a first visit does (a share link
    and a game saved from last time each open on their game; an embed never asks, its query
    names the game)."""
    return not (shared or autosaved)


def seat_choices(spec: GameSpec) -> list[tuple[str, str]]:
    """(value, label) for "you play": each seat of the game's default set-up, then random."""
    from ui.play.setup import seat_labels
    labels = seat_labels(spec, {})
    return [(str(i), label) for i, label in enumerate(labels)] + [(RANDOM_SEAT, "Random")]


def computer_seats(players: int, yours: str, level: str,
                   pick: Callable[[int], int] = random.randrange) -> tuple[Seat, ...]:
    """You at seat `yours` ("0", "1", ... or "random"), the computer at `level` everywhere else."""
    return _around(players, yours, Seat(AI, level), pick)


def link_seats(players: int, yours: str, pick: Callable[[int], int] = random.randrange) -> tuple[Seat, ...]:
    """You at seat `yours`, a friend playing by link (ui.saves.correspondence) everywhere else."""
    return _around(players, yours, Seat(FRIEND), pick)


def _around(players: int, yours: str, other: Seat, pick: Callable[[int], int]) -> tuple[Seat, ...]:
    seat = pick(players) if yours == RANDOM_SEAT else int(yours)
    if not 0 <= seat < players:
        raise ValueError(f"no seat {yours!r} among {players}")
    return tuple(Seat(HUMAN) if i == seat else other for i in range(players))


def friend_seats(players: int) -> tuple[Seat, ...]:
    """Everyone a person at this device."""
    return (Seat(HUMAN),) * players


def default_players(spec: GameSpec) -> int:
    """How many seats the game has with its default options (what the front door starts)."""
    return len(spec.player_names(spec.resolve_options({})))
