"""The played game as a tree: a main line and side lines, and the one line the page follows.

A turn played from an earlier position never erases anything: it follows the continuation
already there when it is the same turn, else it starts a side line (a new last child; the first
child is always the line above's own continuation). The Session walks `line`, the path from the
start through the shown position and on along the continuations last followed, so undo, redo and
the move list's steps keep to the line being played. Records carry the tree as
pygame_core.record side lines. Pure: tested under CPython.
"""

from __future__ import annotations

from itertools import count
from typing import Any, Iterator, Mapping, Sequence

from pygame_core.game import Action, GameState
from pygame_core.record import MAX_DEPTH, LineReplay, Record, SideLine, Start, replay_tree
from ui.play.saved_game import AI, FRIEND, Seat

_IDS = count(1)


class Node:
    """A position of the game: the turn that led to it (`text`, `actions`; none at the start),
    the turns played from it (`children`, the first its line's own continuation), and whether
    the turn from it was played after a hint."""

    __slots__ = ("id", "state", "text", "actions", "parent", "children", "hinted")

    def __init__(self, state: GameState, parent: "Node | None" = None, text: str = "",
                 actions: tuple[Action, ...] = ()) -> None:
        self.id = next(_IDS)   # names the node in the move list (`data-node`)
        self.state, self.parent, self.text, self.actions = state, parent, text, actions
        self.children: list[Node] = []
        self.hinted = False

    @property
    def on_side_line(self) -> bool:
        """Whether the turn to this node starts a side line (it is not its parent's first child)."""
        return self.parent is not None and self.parent.children[0] is not self

    def depth(self) -> int:
        """How many side lines deep this node is (0 on the main line)."""
        node, depth = self, 0
        while node.parent is not None:
            depth += node.on_side_line
            node = node.parent
        return depth

    def path(self) -> list["Node"]:
        """The nodes from the start to this one."""
        nodes = [self]
        while nodes[-1].parent is not None:
            nodes.append(nodes[-1].parent)
        return nodes[::-1]

    def walk(self) -> Iterator["Node"]:
        """This node and every node after it."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def continued(nodes: list[Node]) -> list[Node]:
    """`nodes` followed on along each position's first continuation to the line's end."""
    nodes = list(nodes)
    while nodes[-1].children:
        nodes.append(nodes[-1].children[0])
    return nodes


class GameTree:
    """The tree of played turns under a Session and the line it follows (`line[0]` the start)."""

    def __init__(self, start: GameState, record_start: Start | None = None) -> None:
        self.record_start = record_start
        self.root = Node(start)
        self.line: list[Node] = [self.root]

    # --- the line followed, as the Session reads it ----------------------------------------
    @property
    def length(self) -> int:
        """The turns of the line followed."""
        return len(self.line) - 1

    @property
    def texts(self) -> list[str]:
        return [node.text for node in self.line[1:]]

    @property
    def hints(self) -> set[int]:
        """The turns of the line played after a hint (1-based, the one after the last included)."""
        return {number for number, node in enumerate(self.line, start=1) if node.hinted}

    def add_hint(self, turn: int) -> bool:
        """Note that turn `turn` of the line is played after a hint; False if it was already."""
        node = self.line[turn - 1]
        if node.hinted:
            return False
        node.hinted = True
        return True

    # --- building from and to records ------------------------------------------------------
    @classmethod
    def replayed(cls, record: Record) -> "GameTree":
        """Every line of `record` played out; RecordError if one does not replay."""
        main = replay_tree(record)
        tree = cls(main.states[0], record.start)
        _grow(tree.root, main, record.side_lines)
        tree.line = continued([tree.root])
        for number in record.hints:   # checked to lie within 1..turns+1 when read
            tree.line[number - 1].hinted = True
        return tree

    def record(self, game: str, options: Mapping[str, Any], count: int) -> Record:
        """The record of the line's first `count` turns alone, start included (what the
        computer and the coach are asked about)."""
        nodes = self.line[:count + 1]
        return Record(game, dict(options), tuple(node.text for node in nodes[1:]), self.record_start,
                      hints=tuple(n for n, node in enumerate(nodes, start=1) if node.hinted))

    def whole_record(self, game: str, options: Mapping[str, Any]) -> Record:
        """The whole tree: the main line and every side line (hints of the main line)."""
        main = continued([self.root])
        return Record(game, dict(options), tuple(node.text for node in main[1:]), self.record_start,
                      hints=tuple(n for n, node in enumerate(main, start=1) if node.hinted),
                      side_lines=_side_lines(main[:-1], 1))

    def branches(self) -> tuple[tuple[int, int], ...]:
        """Where the line leaves each position's first continuation: (turn, child index) pairs."""
        return tuple((number, node.parent.children.index(node))   # type: ignore[union-attr]
                     for number, node in enumerate(self.line[1:], start=1) if node.on_side_line)

    def follow(self, branches: Sequence[tuple[int, int]]) -> bool:
        """Follow the line `branches` describes (as `branches` returns); False if it names none."""
        turns = dict(branches)
        nodes = [self.root]
        while nodes[-1].children:
            index = turns.pop(len(nodes), 0)
            if not 0 <= index < len(nodes[-1].children):
                return False
            nodes.append(nodes[-1].children[index])
        if turns:
            return False
        self.line = nodes
        return True

    # --- changing the tree -----------------------------------------------------------------
    def add(self, cursor: int, actions: Sequence[Action], state: GameState, main: bool = False) -> bool:
        """The turn `actions` played from the line's position after `cursor` turns, leading to
        `state`: the continuation already there when it is the same turn, else a new side line
        (or the line's continuation where there is none). Nothing is removed. `main`: the line
        played becomes the main line (in a game the line played is the game; only the analysis
        board keeps its tries as side lines). False (nothing changes) where the turn would sit
        in a side line nested deeper than records keep."""
        here = self.line[cursor]
        text = here.state.format_turn(actions)
        node = next((child for child in here.children if child.text == text), None)
        new = node is None
        if node is None:
            node = Node(state, here, text, tuple(actions))
            here.children.append(node)
        orders = [(step, list(step.children)) for step in here.path()]
        for step in node.path() if main else ():
            self.promote(step)
        if new and node.depth() > MAX_DEPTH:
            for step, children in orders:   # put back any promotion made on the way
                step.children[:] = children
            here.children.remove(node)
            return False
        self.line = continued(self.line[:cursor + 1] + [node])
        return True

    def find(self, node_id: int) -> Node | None:
        return next((node for node in self.root.walk() if node.id == node_id), None)

    def show(self, node: Node) -> int:
        """Follow the line through `node` (on along first continuations); its turn number."""
        path = node.path()
        line_ids = [n.id for n in self.line]
        keep = len(path) <= len(self.line) and [n.id for n in path] == line_ids[:len(path)]
        self.line = self.line if keep else continued(path)
        return len(path) - 1

    def promote(self, node: Node) -> None:
        """The side line `node` begins becomes its line's continuation; that one a side line
        (not where that would nest a side line of it deeper than records keep)."""
        parent = node.parent
        if parent is None or not node.on_side_line:
            return
        if max(other.depth() for other in parent.children[0].walk()) >= MAX_DEPTH:
            return
        parent.children.remove(node)
        parent.children.insert(0, node)

    def delete(self, node: Node) -> int | None:
        """Remove the side line `node` begins; where the line followed it, the line goes back
        to the branch position and on along its continuation. Returns the new cursor then
        (None when the line did not pass through it)."""
        parent = node.parent
        if parent is None or not node.on_side_line:
            return None
        parent.children.remove(node)
        if node in self.line:
            at = self.line.index(parent)
            self.line = continued(self.line[:at + 1])
            return at
        return None

    # --- undo and redo, along the line -----------------------------------------------------
    def by_friend(self, turn: int, seats: Sequence[Seat]) -> bool:
        """Whether turn `turn` (1-based) of the line is a friend's, played by link: theirs to keep."""
        return seats[self.line[turn - 1].state.to_move].kind == FRIEND

    def undo_target(self, cursor: int, seats: Sequence[Seat]) -> int | None:
        """Where undo goes from `cursor`: back one turn, and on past the computer's turns to
        the last position where a person was to move; None at the start or where the turn
        before is a friend's."""
        if cursor == 0 or self.by_friend(cursor, seats):
            return None
        target = cursor - 1
        while target > 0 and seats[self.line[target].state.to_move].kind == AI:
            target -= 1
        return target

    def redo_target(self, cursor: int, seats: Sequence[Seat]) -> int:
        """Where redo goes from `cursor`: forward one turn, and on past the computer's replies."""
        target = cursor + 1
        while (target < len(self.line) - 1 and not self.line[target].state.is_over
               and seats[self.line[target].state.to_move].kind == AI):
            target += 1
        return target


def _grow(node: Node, line: LineReplay, side_lines: Sequence[SideLine]) -> None:
    """Hang the replayed `line` and its side lines below `node`, the position it starts from."""
    nodes = [node]
    for state, actions in zip(line.states[1:], line.actions, strict=True):
        child = Node(state, nodes[-1], nodes[-1].state.format_turn(actions), actions)
        nodes[-1].children.append(child)
        nodes.append(child)
    for side, replayed in zip(side_lines, line.side_lines, strict=True):
        _grow(nodes[side.at - line.first], replayed, side.side_lines)


def _side_lines(positions: list[Node], first: int) -> tuple[SideLine, ...]:
    """The side lines off a line whose turns from `first` on are played from `positions`."""
    found = []
    for index, node in enumerate(positions):
        for child in node.children[1:]:
            branch = continued([child])
            found.append(SideLine(first + index, tuple(n.text for n in branch), _side_lines(branch[:-1], first + index + 1)))
    return tuple(found)
