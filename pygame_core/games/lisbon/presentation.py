"""What the page shows about LISBON: how many stones the turn still allows, the move box's
example and the rules for players."""

from __future__ import annotations

from ...presentation import Diagram, Help, Presentation, Section
from .state import LisbonState


def turn_note(state: LisbonState) -> str:
    """Stones the mover may place this turn, or still may."""
    if state.is_over:
        return ""
    left, allowed = state.stones_left, state.stones_allowed
    if left == allowed:
        who = state.player_name(state.to_move)
        return f"{who} may place up to {allowed} stone{'s' if allowed > 1 else ''} this turn." if allowed > 1 \
            else f"{who} places one stone this turn."
    return (f"{left} more stone{'s' if left != 1 else ''} allowed this turn (up to {allowed}); "
            "or end the turn (End turn, or tap the last stone again).")


HELP = Help(
    "Connect two far-apart edge cells, three spread-out edge cells, or close a ring, "
    "placing more stones each turn as the game goes on.",
    (
        Section("Your turn", paragraphs=(
            "Black moves first. The number of stones you may place grows: 1 on the first "
            "turn, then 2, 2, 2, then 3, 4, 4, 4, then 5, 6, 6, 6 and so on. You may stop "
            "early, but you must place at least one stone.",
            "Every stone you place in one turn must end up in a different group of your "
            "stones: you may join a new stone to an old group, but never two of this turn's "
            "stones to the same group.",
        )),
        Section("Winning", bullets=(
            "A group that holds two edge cells on nearly opposite sides of the board "
            "(22 steps apart around the edge), or",
            "a group holding three edge cells spread out so that no half of the edge "
            "contains all three, or",
            "a group that completely surrounds at least one cell (empty or enemy); the "
            "edge of the board does not count as a wall.",
        )),
        Section("On this board", bullets=(
            "Tap cells one by one; dots show where another stone of this turn may go.",
            "The panel counts the stones you have left; press End turn to stop early.",
        )),
    ),
    Diagram({}, {"h8": 0, "f6": 0, **{name: 1 for name in "g7 g8 h7 h9 i7 i8".split()}},
            ("g7", "g8", "h7", "h9", "i7", "i8"),
            "White's ring around h8 wins, even though it encloses only one cell."),
)

PRESENTATION = Presentation(turn_note=turn_note, example_move="h8 or f6,h7", help=HELP)
