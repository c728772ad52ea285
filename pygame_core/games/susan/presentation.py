"""What the page shows about SUSAN: the move box's example and the rules for players."""

from __future__ import annotations

from ...presentation import Diagram, Help, Presentation, Section, move_examples
from ...translatable import N_

HELP = Help(
    N_("Trap one enemy stone so it has no empty space next to it, without trapping one of your own."),
    (
        Section(N_("Your turn"), bullets=(
            N_("Put a new stone of your colour on any empty cell, or"),
            N_("move one of your stones already on the board to an empty cell next to it."),
            N_("You may not pass. Black moves first."),
        )),
        Section(N_("Winning and losing"), paragraphs=(
            N_("A stone is surrounded when every cell next to it is filled, by stones of either "
               "colour or by the edge of the board. The game ends the moment a stone is surrounded."),
            N_("If your move surrounds an enemy stone, you win. If it surrounds one of your own "
               "stones, you lose, even when it surrounds an enemy stone at the same time."),
            N_("If six moves in a row are all slides (three by each player), the game is a draw."),
        )),
        Section(N_("On this board"), bullets=(
            N_("Tap an empty cell to place a stone."),
            N_("To slide, tap your stone and then the empty neighbour (or drag the stone)."),
            N_("Corners have only three neighbours, so stones there are easy to trap."),
            N_("Three or four players: whoever surrounds one of their own stones is out; "
               "the first to surround an opponent's stone wins (the B variant instead knocks "
               "out every player with a surrounded stone)."),
        )),
    ),
    Diagram({}, {"e5": 1, **{name: 0 for name in "d4 d5 e4 e6 f4 f5".split()}}, ("e5",),
            N_("White's stone on e5 has no empty neighbour: the Black stone that closed the "
               "last gap won the game.")),
)

PRESENTATION = Presentation(example_move=move_examples("e5", "f6-f7"), help=HELP)
