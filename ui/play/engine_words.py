"""What the analysis panel says about an explanation (pygame_core.ai.explanation), in words.

Pure functions of the explanation and the position, so the words are tested under CPython;
ui.page.analysis_panel only puts them into the page.
"""

from __future__ import annotations

from typing import NamedTuple

from pygame_core.ai.explanation import Explanation, TopTurn, deep_enough
from pygame_core.game import GameState
from ui.i18n import _, ngettext, number, say

LINE_ARROW = " → "


def percent(value: float) -> int:
    return round(value * 100)


def evaluation_words(state: GameState, explanation: Explanation) -> str:
    """'Black to move: 62% (estimate)', or what the search proved."""
    if explanation.to_move < 0:
        return _("The game is over.")
    if explanation.exact:
        if explanation.winner < 0:
            return _("A draw with best play (proven).")
        winner = say(state.player_name(explanation.winner))
        if explanation.wins_in <= 1:
            if explanation.winner == explanation.to_move:
                return _("{player} wins with this move (proven).", player=winner)
            return _("{player} wins with their next move (proven).", player=winner)
        return ngettext("{player} wins by force within {n} of their moves (proven).",
                        "{player} wins by force within {n} of their moves (proven).", explanation.wins_in, player=winner)
    mover = say(state.player_name(explanation.to_move))
    return _("{player} to move: {percent}% chance to win (estimate).", player=mover, percent=percent(explanation.value))


def line_words(explanation: Explanation) -> str:
    """The best line, turn by turn: 'e5 → d4 → f6'."""
    return LINE_ARROW.join(explanation.line_turns)


class TopRow(NamedTuple):
    turn: str       # the turn in notation, as the button shows it
    figures: str    # its value and how much the search looked at it
    label: str      # the button's full name for a screen reader


def top_rows(explanation: Explanation) -> list[TopRow]:
    return [_row(turn) for turn in explanation.top]


def simulated_games(count: int, began: str = "") -> str:
    """'1,234 simulated games', or '... that began e5' for a wide turn's first stones."""
    if began:
        return ngettext("{count} simulated game that began {began}", "{count} simulated games that began {began}",
                        count, count=number(count), began=began)
    return ngettext("{count} simulated game", "{count} simulated games", count, count=number(count))


def _row(turn: TopTurn) -> TopRow:
    games = simulated_games(turn.visits, turn.basis)   # basis: a wide turn's first stones
    if turn.judged:
        value = _("{percent}% proven", percent=percent(turn.value)) if turn.proven else _("{percent}%", percent=percent(turn.value))
        figures = f"{value} · {games}"
    else:   # a share of a handful of playouts reads 100% or 0% by chance
        figures = _("{games}: too few to judge", games=games)
    return TopRow(turn.text, figures, _("Show {turn} on the board: {figures}", turn=turn.text, figures=figures))


def threats_words(state: GameState, explanation: Explanation) -> str:
    """Where the side not to move would win at once ('' when the game declares no threats)."""
    if explanation.threat_seat < 0:
        return ""
    name = say(state.player_name(explanation.threat_seat))
    if not explanation.threats:
        return _("{player} threatens no win in one.", player=name)
    cells = ", ".join(explanation.threats)
    return _("{player} threatens to win at {cells}.", player=name, cells=cells)


def progress_words(explanation: Explanation, refining: bool) -> str:
    """How far it has looked; a pause before it said enough (time ran out) says so."""
    if explanation.exact and explanation.to_move >= 0:
        done = _("proven")
    elif refining:
        done = _("refining…")
    elif explanation.to_move >= 0 and not deep_enough(explanation):
        done = _("paused before every move could be judged: Keep analysing goes on")
    else:
        done = _("paused")
    return f"{simulated_games(explanation.iterations)} · {done}"
