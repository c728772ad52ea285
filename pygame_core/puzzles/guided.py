"""Guided replays: a published game, move by move, with notes written for this site.

The one shipped so far is the example game of Stephen Linhart's SUSAN manual (1994; the
computer, Black, against the author, White). Only the moves come from the manual; the notes are
ours. Each note is shown with the position after that move and names the cells to look at;
the counts of empty neighbours and the forced win it states are facts of the position, which
tests/core/test_guided.py checks by replaying the game (the win with the prover).
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ..record import Record


NO_NOTE = "No note on this move."   # what the page shows for a move without a note


class GuidedGame(NamedTuple):
    id: str
    game: str
    title: str
    source: str
    turns: tuple[str, ...]
    notes: Mapping[int, str]      # after move n (0: before the first) -> the note shown there

    def record(self) -> Record:
        return Record(self.game, {}, self.turns)

    def note(self, move: int) -> str:
        """The note for the position after `move`; "" when that move has none (an earlier
        move's note, shown again, would describe a board that has moved on)."""
        return self.notes.get(move, "")


SUSAN_MANUAL_TURNS = (
    "d6", "b5", "c4", "b2", "d3", "e2", "f3", "h2", "g4", "h5", "f6", "e8", "f2", "e5",
    "f5", "d2", "f4", "h3", "d4", "g2", "d5", "g5",
    "f6-f7", "h4", "f5-f6", "e6", "c4-b3", "g5-g6", "f3-e4", "e6-e7",
    "c6", "c4", "d3-c2", "d3", "d5-c5", "e7-d7", "f6-f5", "e5-d5", "c5-b4",
    "f3", "g4-g5", "h3-g4", "f5-e6", "f5", "d6-e7", "d5-d6", "h3", "g6-f6",
)

SUSAN_MANUAL_NOTES: dict[int, str] = {
    0: "Black (the computer) moves first. Watch two things all game: which stone has the fewest "
       "empty neighbours, and how many slides in a row have been played (six in a row is a draw).",
    1: "Black opens near the centre, where a stone has six neighbours and can be reached from "
       "every side: flexible, but also the easiest kind of stone to attack later.",
    2: "White's b5 sits on one of the six safe cells near the corners: it can never be "
       "surrounded, because the last stone around it would also close in the surrounder.",
    4: "b2 is a second safe cell. White spends its early stones where they cost nothing to keep.",
    6: "e2, on the left edge one step from the corner, is a third safe cell.",
    8: "h2: White now holds four of the six safe cells (b2, b5, e2, h2), while Black builds a "
       "chain through the middle (c4, d3, d6, f3, g4).",
    10: "h5 is White's fifth safe cell: of the six, only e8 is left.",
    12: "e8 completes the set: White owns all six safe cells. Black's stones still have all six "
        "neighbours empty, so nothing is under attack yet.",
    13: "f2 touches White's e2: for the first time a stone (f2, four empty neighbours) is not "
        "fully open. Contact starts the fight.",
    14: "e5: White finally goes into the centre, right among Black's stones. A lone stone "
        "there can be attacked from six sides; this one is White's calculated risk.",
    17: "f4 and f5 stand side by side with only two empty neighbours each: stones packed in a "
        "line shield each other, but they also take away each other's air.",
    21: "d4 and d5 join the Black wall. White's e5 is down to two empty neighbours (e4 and e6): "
        "Black is boxing in the intruder rather than chasing it.",
    22: "g5 is White's counter-attack: Black's f5 now has a single empty neighbour, e6. One more "
        "White stone there wins, so Black must react at once.",
    23: "Black answers by sliding f6 away to f7. That opens f6 beside f5: defending by making "
        "room, not by adding a stone.",
    24: "h4 hits another Black stone: g4 is left with one empty neighbour, g3. White keeps "
        "choosing targets that force Black to spend its turn on defence.",
    25: "f5 slides to f6, out of the pocket. Each forced slide is a turn Black does not use "
        "to build.",
    26: "e6: now d5 is down to one empty neighbour (c5). Third threat in a row.",
    27: "c4 slides to b3, opening c4 next to d5. The same defence again: vacate a neighbour.",
    28: "White steps g5 back to g6 to rebuild its own shape, and gives up the initiative: "
        "there is no threat on the board after this slide.",
    29: "f3 slides to e4, and White's e5 has a single empty neighbour left (f5). The stone "
        "that was White's bold centre play is now its weakness.",
    30: "e6 slides to e7 to open e6 for e5. Four slides in a row now: two more and the game "
        "is drawn.",
    31: "Black places c6 and resets the slide count, but makes no threat: every White stone "
        "still has at least two empty neighbours.",
    32: "c4: White strikes at d4, which now has one empty neighbour (c3).",
    33: "d3 slides to c2, freeing d3 beside d4. Black is defending by sliding again.",
    34: "White places on d3 itself: d4 is back to one empty neighbour. Re-filling the cell the "
        "defender just emptied keeps the pressure on.",
    38: "e5 slides to d5 and Black's c5 has a single empty neighbour (b4). The slide count is "
        "now four.",
    39: "c5 slides to b4: the fifth slide in a row. If White now slides too, the game is a draw "
        "by six slides; White has the better position and places a stone instead.",
    40: "f3 breaks the slide run with a stone next to both of Black's e4 and f4, which are "
        "down to two empty neighbours each.",
    42: "h3 slides to g4 and Black's g5 is left with one empty neighbour: f6.",
    44: "f5 is placed, and g5 still has only f6 free. Every White stone keeps two empty "
        "neighbours, so Black has no threat of its own to answer with.",
    45: "d6 slides to e7, next to the same f6 that g5 needs. From here White wins whatever "
        "Black does: our prover checks every line of the next three turns.",
    46: "d5 slides into d6, the cell Black just left: e7 and g5 now both wait on f6 alone.",
    47: "Whatever Black plays here, White wins next turn; filling f6 itself would surround "
        "Black's own stones. h3 just passes the time.",
    48: "g6 slides into f6 and surrounds e7 (and g5). White wins. The winning stone did not "
        "need to be new: a slide can close a trap as well as a placement can.",
}

SUSAN_MANUAL_GAME = GuidedGame(
    "susan-manual", "susan", "The manual's example game",
    "Moves from Stephen Linhart's SUSAN manual (1994): the Macintosh program (Black) against the "
    "author (White). Notes written for this site.",
    SUSAN_MANUAL_TURNS, SUSAN_MANUAL_NOTES)

GUIDED: tuple[GuidedGame, ...] = (SUSAN_MANUAL_GAME,)


def guided_games(game: str | None = None) -> tuple[GuidedGame, ...]:
    """The guided replays, of one game or all."""
    return tuple(g for g in GUIDED if game is None or g.game == game)
