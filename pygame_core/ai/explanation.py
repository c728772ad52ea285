"""What the engine says about a position, as plain data: the best line, the evaluation, the top
three turns and the threats. Pure (no search here), so the page reads the worker's answers
without loading the search; `explain` fills it from a search tree.

A turn is the unit a player thinks in, so the top moves are whole turns (a LISBON or STYMIE
turn of several stones is one entry, completed along the search's best continuation) and the
best line is a sequence of whole turns. The line is also kept as its atomic actions in the
game's notation (`line_text`, END_TURN written as the game writes it), which is what the page
exposes as `data-pv`: replaying those actions one by one from the position is always legal.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from ..game import Action

JUDGED_VISITS = 20   # a turn's value rests on at least this many simulated games to be judged
                     # (ranked by it and shown as a percentage); fewer read 0% or 100% by chance
DEEP_LINE_TURNS = 3  # an analysis pauses once its best line is this many turns deep and its
                     # top turns are judged (`deep_enough`)


class TopTurn(NamedTuple):
    """One of the position's best turns as the search sees it, with its own figures (the games
    played through exactly its stones); ordered as `turn_ranking` says."""

    actions: tuple[Action, ...]
    text: str                  # the turn in notation (a stone-by-stone turn the search has not
                               # finished yet ends with "…")
    visits: int
    value: float               # the mover's expected reward after it, 0..1 (proven when `proven`)
    proven: bool
    basis: str = ""            # "": the figures are the turn's own; else the first stones they are
                               # about (a wide turn whose own games are too few), in notation

    @property
    def judged(self) -> bool:
        """Whether its value rests on enough games to be shown and ranked by."""
        return self.proven or self.visits >= JUDGED_VISITS


class Explanation(NamedTuple):
    to_move: int               # the seat to move; -1 once the game is over
    value: float               # the mover's expected reward, 0..1 (the search's average)
    exact: bool                # proven by the search (or the game is over)
    winner: int                # once proven: the winning seat, -1 for a draw or while unproven
    wins_in: int               # once proven won: the winner's own turns to the win (1 = next turn)
    line: tuple[Action, ...]   # the principal variation, action by action
    line_text: tuple[str, ...]  # each of its actions in notation
    line_turns: tuple[str, ...]  # the same line, turn by turn, in notation
    top: tuple[TopTurn, ...]   # the best turns, best first (at most three)
    threat_seat: int           # whose threats `threats` are (-1: the game declares none)
    threats: tuple[str, ...]   # cells where that seat would win at once, in notation
    iterations: int            # simulated games behind the figures


def deep_enough(explanation: Explanation) -> bool:
    """Whether the analysis has said enough to pause (issue 54.4): proven, or the best line is
    DEEP_LINE_TURNS turns deep and every top turn (three, or all there are) is judged."""
    if explanation.exact:
        return True
    top = explanation.top
    return len(explanation.line_turns) >= DEEP_LINE_TURNS and bool(top) and all(t.judged for t in top)


def to_plain(explanation: Explanation) -> dict[str, Any]:
    """The explanation as JSON-ready data (the worker's answers)."""
    data = explanation._asdict()
    data["value"] = round(explanation.value, 4)
    data["line"] = list(explanation.line)
    data["line_text"] = list(explanation.line_text)
    data["line_turns"] = list(explanation.line_turns)
    data["threats"] = list(explanation.threats)
    data["top"] = [[list(t.actions), t.text, t.visits, round(t.value, 4), t.proven, t.basis] for t in explanation.top]
    return data


def from_plain(data: Mapping[str, Any]) -> Explanation:
    """An Explanation from `to_plain`'s data (the worker's own answers, so trusted in shape)."""
    top = tuple(TopTurn(tuple(int(a) for a in actions), str(text), int(visits), float(value), bool(proven), str(basis))
                for actions, text, visits, value, proven, basis in data["top"])
    return Explanation(int(data["to_move"]), float(data["value"]), bool(data["exact"]), int(data["winner"]),
                       int(data["wins_in"]), tuple(int(a) for a in data["line"]),
                       tuple(str(t) for t in data["line_text"]), tuple(str(t) for t in data["line_turns"]),
                       top, int(data["threat_seat"]), tuple(str(c) for c in data["threats"]),
                       int(data["iterations"]))
