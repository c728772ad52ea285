"""One name, one player: the check `ratings` and `report` make before they count any game.

A row names its players by spec (`mcts:level=hard`) and, since results format 2, records what
each one resolved to (`players`, ladder.provenance). Rows of one game whose seat has the same
name but a different resolved player are two players under one name: they are refused, never
merged, whatever `--same` made of the names. Rows written before format 2 cannot say what
played; their seats are named NAME + UNRECORDED, a player of its own, so an old run is never
counted as today's player of the same spec (old rows of one name still count as one player
among themselves: nothing tells them apart).
"""

from __future__ import annotations

import json
from typing import Any, Iterable

UNRECORDED = " (unrecorded)"


class MixedPlayers(ValueError):
    """Rows that give one name to players that resolved differently."""


def labelled(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records with unrecorded seats renamed NAME + UNRECORDED; MixedPlayers when one name
    (in one game) stands for two resolved players, ValueError for a row whose `players` do not
    match its seats."""
    seen: dict[tuple[str, str], dict[str, tuple[dict[str, Any], int]]] = {}
    out = []
    for record in records:
        resolved = record.get("players")
        if resolved is None:
            out.append(dict(record, seats=[seat + UNRECORDED for seat in record["seats"]]))
            continue
        if not isinstance(resolved, list) or len(resolved) != len(record["seats"]):
            raise ValueError(f"a {record['game']} row (pair {record['pair']}) records players for other seats "
                             "than it names: not a ladder game record")
        for name, player in zip(record["seats"], resolved, strict=True):
            key = json.dumps(player, sort_keys=True)
            kinds = seen.setdefault((record["game"], name), {})
            first, count = kinds.get(key, (player, 0))
            kinds[key] = (first, count + 1)
        out.append(record)
    for (game, name), kinds in seen.items():
        if len(kinds) > 1:
            raise MixedPlayers(_mixed_message(game, name, list(kinds.values())))
    return out


def spec_of(name: str) -> str:
    """The spec of a (possibly labelled) player name."""
    return name[:-len(UNRECORDED)] if name.endswith(UNRECORDED) else name


def _mixed_message(game: str, name: str, kinds: list[tuple[dict[str, Any], int]]) -> str:
    (first, first_count), (second, second_count) = kinds[0], kinds[1]
    differ = ", ".join(f"{path} {a!r} / {b!r}" for path, a, b in differences(first, second)[:4])
    more = f" (and {len(kinds) - 2} more)" if len(kinds) > 2 else ""
    return (f"{game}: {name!r} names {len(kinds)} different players{more}: seats of {first_count} "
            f"and {second_count} games differ in {differ}. Their games cannot be counted as one "
            "player's (--same does not change that): rate the files apart")


def differences(a: Any, b: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Where two resolved players differ: (dotted key, a's value, b's value), keys in order."""
    if isinstance(a, dict) and isinstance(b, dict):
        found = []
        for key in sorted(set(a) | set(b)):
            found += differences(a.get(key), b.get(key), f"{path}.{key}" if path else key)
        return found
    return [] if a == b else [(path or "player", a, b)]
