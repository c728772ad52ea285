"""What the analysis panel says about an explanation (pygame_core.ai.explanation), in words.

Pure functions of the explanation and the position, so the words are tested under CPython;
ui.page.analysis_panel only puts them into the page.
"""

from __future__ import annotations

from typing import NamedTuple

from pygame_core.ai.explanation import Explanation, TopTurn, deep_enough
from pygame_core.game import GameState

LINE_ARROW = " → "


def percent(value: float) -> int:
    return round(value * 100)


def evaluation_words(state: GameState, explanation: Explanation) -> str:
    """'Black to move: 62% (estimate)', or what the search proved."""
    if explanation.to_move < 0:
        return "The game is over."
    if explanation.exact:
        if explanation.winner < 0:
            return "A draw with best play (proven)."
        winner = state.player_name(explanation.winner)
        if explanation.wins_in <= 1:
            now = "wins with this move" if explanation.winner == explanation.to_move else "wins with their next move"
            return f"{winner} {now} (proven)."
        return f"{winner} wins by force within {explanation.wins_in} of their moves (proven)."
    mover = state.player_name(explanation.to_move)
    return f"{mover} to move: {percent(explanation.value)}% chance to win (estimate)."


def line_words(explanation: Explanation) -> str:
    """The best line, turn by turn: 'e5 → d4 → f6'."""
    return LINE_ARROW.join(explanation.line_turns)


class TopRow(NamedTuple):
    turn: str       # the turn in notation, as the button shows it
    figures: str    # its value and how much the search looked at it
    label: str      # the button's full name for a screen reader


def top_rows(explanation: Explanation) -> list[TopRow]:
    return [_row(turn) for turn in explanation.top]


def _row(turn: TopTurn) -> TopRow:
    games = "simulated game" if turn.visits == 1 else "simulated games"
    if turn.judged:
        figures = f"{percent(turn.value)}%" + (" proven" if turn.proven else "") + f" · {turn.visits:,} {games}"
        if turn.basis:   # a wide turn: the games that began with its first stones
            figures += f" that began {turn.basis}"
    else:   # a share of a handful of playouts reads 100% or 0% by chance
        figures = f"{turn.visits:,} {games}" + (f" that began {turn.basis}" if turn.basis else "") + ": too few to judge"
    return TopRow(turn.text, figures, f"Show {turn.text} on the board: {figures}")


def threats_words(state: GameState, explanation: Explanation) -> str:
    """Where the side not to move would win at once ('' when the game declares no threats)."""
    if explanation.threat_seat < 0:
        return ""
    name = state.player_name(explanation.threat_seat)
    if not explanation.threats:
        return f"{name} threatens no win in one."
    cells = ", ".join(explanation.threats)
    return f"{name} threatens to win at {cells}."


def progress_words(explanation: Explanation, refining: bool) -> str:
    """How far it has looked; a pause before it said enough (time ran out) says so."""
    games = "simulated game" if explanation.iterations == 1 else "simulated games"
    if explanation.exact and explanation.to_move >= 0:
        done = "proven"
    elif refining:
        done = "refining…"
    elif explanation.to_move >= 0 and not deep_enough(explanation):
        done = "paused before every move could be judged: Keep analysing goes on"
    else:
        done = "paused"
    return f"{explanation.iterations:,} {games} · {done}"
