"""The move list as a tree: the main line's moves, and after a move the side lines that replace
it, each with its own moves and side lines. Read-only functions of a Session for the page
(ui.page.move_list draws them). Pure: tested under CPython.
"""

from __future__ import annotations

from typing import NamedTuple

from ui.i18n import ngettext
from ui.play.game_tree import Node, continued
from ui.play.session import Session


class MoveItem(NamedTuple):
    """One move of the list: its node's id, turn number, mover's name and letter, notation,
    its place on the line followed (None off it), and whether it is shown now or after that."""

    node: int
    number: int
    side: str
    letter: str
    text: str
    cursor: int | None
    current: bool
    future: bool

    @property
    def label(self) -> str:
        return f"{self.number}. {self.letter} {self.text}"


class Branch(NamedTuple):
    """A side line in the list: the id of its first move's node, the turn it replaces, and
    its moves, each with the side lines that replace it."""

    node: int
    at: int
    moves: list[tuple[MoveItem, list["Branch"]]]

    @property
    def words(self) -> str:
        """The side line in words, for its buttons' labels: "side line 3. c3 (2 moves)"."""
        first = self.moves[0][0]
        return ngettext("side line {number}. {move} ({n} move)", "side line {number}. {move} ({n} moves)", len(self.moves),
                        number=first.number, move=first.text)


Moves = list[tuple[MoveItem, list[Branch]]]


def move_tree(session: Session) -> tuple[MoveItem, Moves]:
    """The start's row, and the main line's moves each with the side lines replacing it."""
    tree = session.tree
    on_line = {id(node): place for place, node in enumerate(tree.line)}
    root = tree.root
    start = MoveItem(root.id, 0, "", "", "Start", 0, session.cursor == 0, False)
    return start, _moves(continued([root])[1:], 1, False, on_line, session.cursor)


def _moves(nodes: list[Node], first: int, nested: bool, on_line: dict[int, int], cursor: int) -> Moves:
    """The moves of one line (its first turn numbered `first`), each with the side lines
    replacing it; a side line's first move has its siblings listed beside it already."""
    found: Moves = []
    for index, node in enumerate(nodes):
        number = first + index
        others = node.parent.children[1:] if node.parent is not None and (index or not nested) else []
        branches = [Branch(child.id, number, _moves(continued([child]), number, True, on_line, cursor))
                    for child in others]
        state = node.parent.state if node.parent is not None else node.state
        place = on_line.get(id(node))
        found.append((MoveItem(node.id, number, state.player_name(state.to_move), state.player_letter(state.to_move),
                               node.text, place, place == cursor, place is not None and place > cursor), branches))
    return found
