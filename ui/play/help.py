"""Rules help for the four games, written for players, with one small diagram each.

Plain data (headings, paragraphs, bullet lists, a diagram as stones on named cells) so it ships
with the site, works offline, and reaches the page only through textContent. The diagrams are
drawn by the same renderer as the board; `diagram_view` turns one into a BoardView.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from pygame_core.registry import find_game

from ui.board.render import BoardView
from ui.board.theme import Theme


@dataclass(frozen=True)
class Diagram:
    options: Mapping[str, Any]
    stones: Mapping[str, int]          # cell name -> seat
    highlight: tuple[str, ...]
    caption: str


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[str, ...] = ()
    bullets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Help:
    game: str
    summary: str
    sections: tuple[Section, ...]
    diagram: Diagram


def _ring(centre: str, around: str, seat_centre: int, seat_ring: int) -> dict[str, int]:
    stones = {name: seat_ring for name in around.split()}
    if centre:
        stones[centre] = seat_centre
    return stones


HELP: dict[str, Help] = {
    "susan": Help(
        "susan",
        "Trap one enemy stone so it has no empty space next to it, without trapping one of your own.",
        (
            Section("Your turn", bullets=(
                "Put a new stone of your colour on any empty cell, or",
                "move one of your stones already on the board to an empty cell next to it.",
                "You may not pass. Black moves first.",
            )),
            Section("Winning and losing", paragraphs=(
                "A stone is surrounded when every cell next to it is filled, by stones of either "
                "colour or by the edge of the board. The game ends the moment a stone is surrounded.",
                "If your move surrounds an enemy stone, you win. If it surrounds one of your own "
                "stones, you lose, even when it surrounds an enemy stone at the same time.",
                "If six moves in a row are all slides (three by each player), the game is a draw.",
            )),
            Section("On this board", bullets=(
                "Tap an empty cell to place a stone.",
                "To slide, tap your stone and then the empty neighbour (or drag the stone).",
                "Corners have only three neighbours, so stones there are easy to trap.",
                "Three or four players: whoever surrounds one of their own stones is out; "
                "the first to surround an opponent's stone wins (the B variant instead knocks "
                "out every player with a surrounded stone).",
            )),
        ),
        Diagram({}, _ring("e5", "d4 d5 e4 e6 f4 f5", 1, 0), ("e5",),
                "White's stone on e5 has no empty neighbour: the Black stone that closed the "
                "last gap won the game."),
    ),
    "stymie": Help(
        "stymie",
        "Vert connects the top and bottom edges, Horz connects left and right, on a board of "
        "octagons and small squares.",
        (
            Section("Your turn", bullets=(
                "A single stone on any empty cell, or",
                "a pair: an empty octagon and an empty square touching it, or",
                "a triple, but only right after your opponent played a single: an octagon with "
                "two squares touching it, or a square with two octagons touching it.",
            )),
            Section("The opening and the swap", paragraphs=(
                "Vert starts with one single stone. On the second move Horz may play, or swap: "
                "take over Vert's stone and the Vert side, so the first player continues as Horz.",
            )),
            Section("Winning", paragraphs=(
                "Stones connect across the sides of the cells they touch. Vert wins with a chain "
                "from the top edge to the bottom edge, Horz with one from left to right. "
                "Someone always wins: the board can never fill up without a connection.",
            )),
            Section("On this board", bullets=(
                "Tap the cells of your move one by one; dots show where the next stone may go.",
                "Press End turn after a single or pair (a triple ends by itself); Clear takes "
                "back the stones of an unfinished turn.",
                "The coloured bars outside the board show which edges each side must join.",
            )),
        ),
        Diagram({"size": 3}, {"C5": 0, "C3": 0, "D2": 0, "C1": 0, "A3": 1, "B2": 1},
                ("C5", "C3", "C1"),
                "Vert's chain C5, C3, C1 joins the top edge to the bottom edge."),
    ),
    "superstar": Help(
        "superstar",
        "Score more points than your opponent with chains that touch the edge, reach many "
        "sides of the star, or enclose cells.",
        (
            Section("Your turn", bullets=(
                "Put one stone on any empty cell, or pass. White moves first.",
                "Stones never move and are never taken.",
                "The game ends when both players pass one after the other.",
            )),
            Section("Scoring", paragraphs=(
                "A chain is a group of your stones joined side to side. Every chain counts in "
                "three ways, and the points add up:",
            ), bullets=(
                "Star: a chain touching 3 or more cells of the edge ring scores the number of "
                "those edge cells minus 2.",
                "Superstar: a chain with stones on 3 or more of the star's 12 sides scores 5 for "
                "every side beyond two. An inner corner lies on two sides.",
                "Ring: a chain that closes off cells from the edge scores 1 for each empty cell "
                "and 5 for each enemy stone inside.",
                "Black adds the komi (5.5 unless chosen otherwise) to make up for moving second.",
            )),
            Section("On this board", bullets=(
                "The panel shows the live count, chain by chain.",
                "The frame around the board is the edge ring; it is not part of the play area.",
            )),
        ),
        Diagram({}, {"E5": 0, "F5": 0, "G5": 0, "H5": 0, "I5": 0, "J5": 0, "A5": 1},
                ("E5", "F5", "G5", "H5", "I5", "J5"),
                "White's six stones join two inner corners and so reach four sides: a "
                "superstar worth 10. Black's corner stone touches three edge cells: a star worth 1."),
    ),
    "lisbon": Help(
        "lisbon",
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
        Diagram({}, {**_ring("h8", "g7 g8 h7 h9 i7 i8", 0, 1), "f6": 0}, ("g7", "g8", "h7", "h9", "i7", "i8"),
                "White's ring around h8 wins, even though it encloses only one cell."),
    ),
}


def help_for(game: str) -> Help:
    return HELP[find_game(game).name]


def diagram_view(help_: Help, theme: Theme) -> tuple[Any, BoardView]:
    """The board and BoardView that draw `help_`'s diagram."""
    spec = find_game(help_.game)
    state = spec.new_game(help_.diagram.options)
    board = state.board
    occupants: list[int | None] = [None] * board.size
    for name, seat in help_.diagram.stones.items():
        occupants[board.cell(name)] = seat      # type: ignore[index]
    names = spec.player_names(state.options)
    styles = tuple(theme.stone(name, seat) for seat, name in enumerate(names))
    highlight = frozenset(board.cell(name) for name in help_.diagram.highlight)
    return board, BoardView(tuple(occupants), styles, highlight=highlight)  # type: ignore[arg-type]
