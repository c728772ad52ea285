"""What the page shows about LISBON: how many stones the turn still allows, the move box's
example and the rules for players."""

from __future__ import annotations

from ...presentation import Diagram, Help, Presentation, Section, move_examples
from ...translatable import N_, N_plural, Text
from .state import LisbonState


def turn_note(state: LisbonState) -> str:
    """Stones the mover may place this turn, or still may."""
    if state.is_over:
        return ""
    left, allowed = state.stones_left, state.stones_allowed
    if left == allowed:
        side = Text(state.player_name(state.to_move))
        return Text(N_("{side} may place up to {allowed} stones this turn."), {"side": side, "allowed": allowed}) \
            if allowed > 1 else Text(N_("{side} places one stone this turn."), {"side": side})
    return N_plural("{n} more stone allowed; to stop, tap End turn or the last stone again.",
                    "{n} more stones allowed; to stop, tap End turn or the last stone again.", left)


HELP = Help(
    N_("Connect two far-apart edge cells, three spread-out edge cells, or close a ring, "
       "placing more stones each turn as the game goes on."),
    (
        Section(N_("Your turn"), paragraphs=(
            N_("Black moves first. The number of stones you may place grows: 1 on the first "
               "turn, then 2, 2, 2, then 3, 4, 4, 4, then 5, 6, 6, 6 and so on. You may stop "
               "early, but you must place at least one stone."),
            N_("Every stone you place in one turn must end up in a different group of your "
               "stones: you may join a new stone to an old group, but never two of this turn's "
               "stones to the same group."),
        )),
        Section(N_("Winning"), bullets=(
            N_("A group that holds two edge cells on nearly opposite sides of the board "
               "(22 steps apart around the edge), or"),
            N_("a group holding three edge cells spread out so that no half of the edge "
               "contains all three, or"),
            N_("a group that completely surrounds at least one cell (empty or enemy); the "
               "edge of the board does not count as a wall."),
        )),
        Section(N_("On this board"), bullets=(
            N_("Tap cells one by one; dots show where another stone of this turn may go."),
            N_("The panel counts the stones you have left; press End turn to stop early."),
        )),
    ),
    Diagram({}, {"h8": 0, "f6": 0, **{name: 1 for name in "g7 g8 h7 h9 i7 i8".split()}},
            ("g7", "g8", "h7", "h9", "i7", "i8"),
            N_("White's ring around h8 wins, even though it encloses only one cell.")),
)

PRESENTATION = Presentation(turn_note=turn_note, example_move=move_examples("h8", "f6,h7"), help=HELP)
