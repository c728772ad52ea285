"""What the page shows about STYMIE: what the turn in progress allows, the goal bars of both
sides, the move box's example and the rules for players."""

from __future__ import annotations

from ...game import SWAP
from ...presentation import Diagram, Help, Presentation, Section, move_examples, pieces_placed
from ...translatable import N_, Text
from .solver import PROVED
from .state import SIDE_GOALS, SIDE_NAMES, StymieState


ALLOWED = {1: N_("{side} opens with a single piece."),
           2: N_("{side} plays a single, or an octagon and an adjacent square."),
           3: N_("{side} may play a single, a pair, or a triple (the opponent played a single).")}
ALLOWED_OR_SWAP = {1: N_("{side} opens with a single piece. Swap is allowed: take over Vert's piece and become Vert."),
                   2: N_("{side} plays a single, or an octagon and an adjacent square. Swap is allowed: take over "
                         "Vert's piece and become Vert."),
                   3: N_("{side} may play a single, a pair, or a triple (the opponent played a single). Swap is "
                         "allowed: take over Vert's piece and become Vert.")}


def turn_note(state: StymieState) -> str:
    """What the mover may play now: single, pair or triple, and whether swap is open (one whole
    sentence per case, for the translations)."""
    if state.is_over:
        return ""
    if state.turn_actions:
        return N_("Add a piece to make a pair or triple; to stop, tap End turn or the piece again.")
    notes = ALLOWED_OR_SWAP if SWAP in state.legal_actions() else ALLOWED
    return Text(notes[state.stone_limit], {"side": Text(state.player_name(state.to_move))})


HELP = Help(
    N_("Vert connects the top and bottom edges, Horz connects left and right, on a board of "
       "octagons and small squares."),
    (
        Section(N_("Your turn"), bullets=(
            N_("A single piece on any empty cell, or"),
            N_("a pair: an empty octagon and an empty square touching it, or"),
            N_("a triple, but only right after your opponent played a single: an octagon with "
               "two squares touching it, or a square with two octagons touching it."),
        )),
        Section(N_("The opening and the swap"), paragraphs=(
            N_("Vert starts with one single piece. On the second move Horz may play, or swap: "
               "take over Vert's piece and the Vert side, so the first player continues as Horz."),
        )),
        Section(N_("Winning"), paragraphs=(
            N_("Pieces connect across the sides of the cells they touch. Vert wins with a chain "
               "from the top edge to the bottom edge, Horz with one from left to right. "
               "Someone always wins: the board can never fill up without a connection."),
        )),
        Section(N_("Solved boards"), paragraphs=(
            N_("With the swap, the second player can always win: an opening piece either wins for "
               "its owner, and Horz takes it over, or it loses, and Horz plays on. Which openings "
               "are which is known on the smallest boards, proved by this site's solver:"),
        ), bullets=tuple(
            Text(N_("Size {size}: only {openings} wins for Vert if Horz does not swap; after any other opening "
                    "Horz wins by playing on. The computer at Expert plays this board perfectly."),
                 {"size": size, "openings": ", ".join(openings)}) for size, openings in PROVED.items())),
        Section(N_("On this board"), bullets=(
            N_("Tap the cells of your move one by one; dots show where the next piece may go."),
            N_("Press End turn after a single or pair (a triple ends by itself); Clear takes "
               "back the pieces of an unfinished turn."),
            N_("The coloured bars outside the board show which edges each side must join."),
        )),
    ),
    Diagram({"size": 3}, {"C5": 0, "C3": 0, "D2": 0, "C1": 0, "A3": 1, "B2": 1},
            ("C5", "C3", "C1"),
            N_("Vert's chain c5, c3, c1 joins the top edge to the bottom edge.")),
)

PRESENTATION = Presentation(
    turn_note=turn_note,
    goal_bars=tuple((name, "-".join(goals)) for name, goals in zip(SIDE_NAMES, SIDE_GOALS, strict=True)),
    example_move=move_examples("f6", "f6,g5"),
    placed_note=pieces_placed,
    help=HELP,
)
