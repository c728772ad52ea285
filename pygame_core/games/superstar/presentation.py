"""What the page shows about SUPERSTAR: the pass that would end the game, the live count chain
by chain, the move box's example and the rules for players."""

from __future__ import annotations

from ...presentation import Diagram, Help, Presentation, ScoreTable, Section, move_examples
from ...translatable import N_, Text
from .state import SuperstarState

SCORE_COLUMNS = (N_("Chain"), N_("Stones"), N_("Star"), N_("Superstar"), N_("Ring"), N_("Points"))


def turn_note(state: SuperstarState) -> str:
    """Warn that a pass now ends the game."""
    if state.is_over or not state.passes:
        return ""
    return Text(N_("{side} passed: another pass ends the game and counts it."),
                {"side": Text(state.player_name(1 - state.to_move))})


def score_table(state: SuperstarState) -> ScoreTable:
    """The count of the shown position, every scoring chain of both sides, best first."""
    score, names = state.score(), state.board.names
    chains = sorted((chain for chain in score.chains if chain.points),
                    key=lambda c: (-c.points, state.player_name(c.seat), names[min(c.cells)]))
    rows = tuple((Text(N_("{side} {cell}"), {"side": Text(state.player_name(c.seat)), "cell": names[min(c.cells)]}),
                  str(len(c.cells)), str(c.star),
                  str(c.superstar), str(c.ring), str(c.points)) for c in chains)
    totals = tuple((state.player_name(seat), float(total)) for seat, total in enumerate(score.totals))
    note = Text(N_("Black's total includes komi {komi}."), {"komi": float(score.komi)})
    return ScoreTable(totals, note, SCORE_COLUMNS, rows,
                      tuple(tuple(sorted(c.cells)) for c in chains))


HELP = Help(
    N_("Score more points than your opponent with chains that touch the edge, reach many "
       "sides of the star, or enclose cells."),
    (
        Section(N_("Your turn"), bullets=(
            N_("Put one stone on any empty cell, or pass. White moves first."),
            N_("Stones never move and are never taken."),
            N_("The game ends when both players pass one after the other."),
        )),
        Section(N_("Scoring"), paragraphs=(
            N_("A chain is a group of your stones joined side to side. Every chain counts in "
               "three ways, and the points add up:"),
        ), bullets=(
            N_("Star: a chain touching 3 or more cells of the edge ring scores the number of "
               "those edge cells minus 2."),
            N_("Superstar: a chain with stones on 3 or more of the star's 12 sides scores 5 for "
               "every side beyond two. An inner corner lies on two sides."),
            N_("Ring: a chain that closes off cells from the edge scores 1 for each empty cell "
               "and 5 for each enemy stone inside."),
            N_("Black adds the komi (5.5 unless chosen otherwise) to make up for moving second. "
               "What moving first is worth is not settled: in the computer's games against itself "
               "at the default level, White won 66 of 100 at komi 5.5 and 103 of 200 at komi 17.5."),
        )),
        Section(N_("On this board"), bullets=(
            N_("The panel shows the live count, chain by chain."),
            N_("The frame around the board is the edge ring; it is not part of the play area."),
        )),
    ),
    Diagram({}, {"E5": 0, "F5": 0, "G5": 0, "H5": 0, "I5": 0, "J5": 0, "A5": 1},
            ("E5", "F5", "G5", "H5", "I5", "J5"),
            N_("White's six stones join two inner corners and so reach four sides: a "
               "superstar worth 10. Black's corner stone touches three edge cells: a star worth 1.")),
)

PRESENTATION = Presentation(
    turn_note=turn_note,
    score_table=score_table,
    example_move=move_examples("J10", "pass"),
    help=HELP,
)
