"""Game-specific lines for the side panel: what the rules allow this turn and SUPERSTAR's count.

Each game exposes its own extra facts (LISBON's stones left, STYMIE's stone limit and swap,
SUPERSTAR's per-chain score); this module is the one place that reads them and words them,
so the session and the page stay game-agnostic. Pure: tested under CPython.
"""

from __future__ import annotations

from typing import NamedTuple


from pygame_core.game import SWAP, GameState


def turn_note(state: GameState) -> str:
    """A sentence about the turn in progress (empty when there is nothing to add)."""
    if state.is_over:
        return ""
    game = state.spec.name
    who = state.player_name(state.to_move)
    if game == "lisbon":
        left = state.stones_left            # type: ignore[attr-defined]
        allowed = state.stones_allowed      # type: ignore[attr-defined]
        placed = allowed - left
        if placed == 0:
            return f"{who} may place 1 to {allowed} stone{'s' if allowed > 1 else ''} this turn."
        return f"{left} more stone{'s' if left != 1 else ''} allowed this turn (up to {allowed}); or end the turn."
    if game == "stymie":
        limit = state.stone_limit           # type: ignore[attr-defined]
        placed = len(state.turn_actions)
        if placed:
            return "Add a stone to make a pair or triple, or end the turn."
        text = {1: f"{who} opens with a single stone.",
                2: f"{who} plays a single, or an octagon and an adjacent square.",
                3: f"{who} may play a single, a pair, or a triple (the opponent played a single)."}[limit]
        if SWAP in state.legal_actions():
            text += " Swap is allowed: take over Vert's stone and become Vert."
        return text
    if game == "superstar":
        passes = state.passes               # type: ignore[attr-defined]
        if passes:
            return f"{state.player_name(1 - state.to_move)} passed: another pass ends the game and counts it."
    return ""


class ChainRow(NamedTuple):
    """One scoring chain: its owner, where it is (a cell name), size, and points per capacity."""

    side: str
    where: str
    stones: int
    star: int
    superstar: int
    ring: int
    points: int


class ScoreTable(NamedTuple):
    totals: tuple[tuple[str, str], ...]   # (side, total as text)
    komi: str
    chains: tuple[ChainRow, ...]          # chains that score, best first


def score_table(state: GameState) -> ScoreTable | None:
    """SUPERSTAR's count of the shown position (live while playing); None for other games."""
    if state.spec.name != "superstar":
        return None
    score = state.score()                   # type: ignore[attr-defined]
    names = state.board.names
    rows = [ChainRow(state.player_name(chain.seat), names[min(chain.cells)], len(chain.cells),
                     chain.star, chain.superstar, chain.ring, chain.points)
            for chain in score.chains if chain.points]
    rows.sort(key=lambda r: (-r.points, r.side, r.where))
    totals = tuple((state.player_name(seat), f"{total:g}") for seat, total in enumerate(score.totals))
    return ScoreTable(totals, f"{score.komi:g}", tuple(rows))
