"""Self-play games whose positions the searches then label: reproducible from (seed, index),
each game opened by a few uniformly random turns so that games differ, then played by two
copies of a search player (medium or stronger). Two-player SUSAN on the default board only.

A position is kept as the side to move sees it: a cell string with `m` for its stones, `t` for
the other side's and `.` for empty, plus the slide counter. SUSAN's rules do not care which
colour moves, so a position and its colour swap (the other side to move) are one position.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, NamedTuple

from pygame_core.ai.player import make_player
from pygame_core.games.susan.board import EMPTY
from pygame_core.games.susan.state import Setup, SusanState
from pygame_core.registry import find_game

from .. import jsonl
from .symmetry import canonical

GAME = "susan"
OPTIONS = {"size": 5, "players": 2}
MINE, THEIRS, EMPTY_CHAR = "m", "t", "."


@dataclass(frozen=True)
class GameJob:
    """One self-play game as plain, picklable data."""

    seed: int
    index: int
    player: str
    random_turns: int


class Position(NamedTuple):
    """A distinct position: its key (canonical cells and slide counter), the first game that
    reached it (for the hold-out by game) and the cells as that game saw them."""

    key: str
    game: int
    cells: str
    slides: int


def relative_cells(state: SusanState) -> str:
    me = state.to_move
    return "".join(EMPTY_CHAR if s == EMPTY else (MINE if s == me else THEIRS) for s in state.cells)


def state_of(cells: str, slides: int) -> SusanState:
    """A two-player state with `cells` (relative to the side to move) and seat 0 to move."""
    seats = {MINE: 0, THEIRS: 1, EMPTY_CHAR: EMPTY}
    return SusanState(Setup.of(OPTIONS), tuple(seats[ch] for ch in cells), 0, slides, (0, 1), 0, None)


def play(job: GameJob) -> dict[str, Any]:
    """Play one game; its record: every undecided position after the first move, in order."""
    spec = find_game(GAME)
    started = time.process_time()
    opening = random.Random(f"value-{job.seed}-{job.index}-opening")
    players = [make_player(job.player, spec, random.Random(f"value-{job.seed}-{job.index}-{seat}"),
                           time.process_time) for seat in (0, 1)]
    state = spec.new_game(OPTIONS)
    positions = []
    ply = 0
    while state.outcome is None:
        if ply >= 1:
            assert isinstance(state, SusanState)
            positions.append({"ply": ply, "cells": relative_cells(state), "slides": state.consecutive_slides})
        if ply < job.random_turns:
            actions = state.legal_actions()
            turn = [actions[opening.randrange(len(actions))]]
        else:
            turn = players[state.to_move].choose_turn(state)
        for action in turn:
            state = state.apply(action)
        ply += 1
    assert state.outcome is not None
    return {"seed": job.seed, "index": job.index, "player": job.player, "random_turns": job.random_turns,
            "winners": list(state.outcome.winners), "positions": positions,
            "cpu_s": round(time.process_time() - started, 2)}


def pending(jobs: Iterable[GameJob], path: str | Path) -> list[GameJob]:
    """The jobs whose game the file does not hold yet."""
    known = {(r["seed"], r["index"], r["player"], r["random_turns"]) for r in jsonl.read(path)}
    return [job for job in jobs if (job.seed, job.index, job.player, job.random_turns) not in known]


def distinct_positions(path: str | Path) -> list[Position]:
    """The games' positions, one per key, from the first game (by index) that reached it."""
    board = Setup.of(OPTIONS).board
    seen: dict[str, Position] = {}
    for record in sorted(jsonl.read(path), key=lambda r: (r["seed"], r["index"])):
        for item in record["positions"]:
            key = f"{canonical(board, item['cells'])}/{item['slides']}"
            if key not in seen:
                seen[key] = Position(key, record["index"], item["cells"], item["slides"])
    return list(seen.values())
