"""The engine explains a position: its best line, evaluation, top three turns and threats, read
from a search tree that keeps growing while the player looks.

`Explainer` keeps one tree per game and options. `show` names the position by a history key (as
`Mcts.set_root`): the same key keeps the whole tree, a key that descends from the last one keeps
that subtree, so continuous analysis refines the same tree instead of restarting, and stepping
forward through a game keeps what was found. `step` searches a slice more; `explanation` reads
the tree at any moment (the first slice already gives a best line).

How the tree is read:
- the top turns are the turns from the root as `turn_ranking` orders them: each with its own
  figures, those with too few games to judge after the judged ones, the judged by their value;
- the best line takes the first turn of that order turn after turn (so it begins with the top
  list's first row), along the proof where the position is proven (the quickest win, the
  longest resistance), for up to LINE_TURNS turns, while its stones have LINE_VISITS visits or
  more; a trailing turn the tree has not finished is dropped, except the first;
- the threats are the game's declared `SearchHints.threats`: cells where the side not to move
  would win at once.

Where the tree runs thin (a few moves deep in a wide position), the line goes on by a
`LineExtension`: once the position has half its default depth, half of each slice searches the
position after the best turn in a tree of its own, and each turn found there with half the
default depth (scaled by the game's `iteration_scale`, as the levels are) is fixed and searched
beyond, so every turn of a long line was chosen by a search of its own position, not read off a
handful of playouts. Once it has something to say, the line is the best turn followed by the
extension's line (the last few best turns keep theirs: the top turns of an even position often
take turns at the top). Where the tree has not finished the best turn (LISBON's wide turns),
the extension goes on from its first stone, so it is not begun again each time the tree's
guess at the turn's later stones grows by one; it fixes the stones of a turn the search has
found so far, and the rest of a turn begun that way after WITHIN_TURN_DEPTH of the depth (issue
54.4: stone by stone at the whole depth, a seven-stone turn took LISBON's whole pause).
"""

from __future__ import annotations

import random
import time
from itertools import takewhile
from typing import Any, Callable, Sequence

from ..game import END_TURN, Action, GameSpec, GameState
from .baselines import turn_ended
from .explanation import DEEP_LINE_TURNS, Explanation, TopTurn
from .review import DEFAULT_DEPTH, DEPTHS
from .search import Mcts, Node
from .tuning import Tuning, tuning_for
from .turn_ranking import ranked_turns

DEFAULT_ITERATIONS = DEPTHS[DEFAULT_DEPTH]   # the coach's default depth: a position's first answer
LINE_TURNS = 6       # turns in an unproven best line, at most
LINE_VISITS = 2      # a line goes on through children with at least this many visits
MAX_LINE = 80        # actions in a proven line, at most (a guard: proofs are short)
TOP_TURNS = 3
# The line's extension (measured with tools/bench_explain.py: SUPERSTAR's line reached three turns
# in 2-4.5 s rather than 4-5 s on CPython, and LISBON's went past its first turn at all):
EXTEND_FROM = 0.5        # it starts once the root has this share of the depth,
EXTENSION_SHARE = 0.5    # takes this share of each slice (see `_extension_share`),
EXTENSION_DEPTH = 0.5    # fixes a turn once its position has this share of the depth (scaled),
WITHIN_TURN_DEPTH = 0.25 # or this share of it, in a turn begun by stones fixed before (the
                         # turn's search chose them; LISBON's line reached 3 turns in 9 of 12
                         # mid-game positions within its pause, against 4 of 12)
EXTENSIONS_KEPT = 8      # and those of this many recent best turns are kept (in an even position
                         # the judged turns take turns at the top)
Step = tuple[Action, GameState]   # an action of a line and the state after it


class Explainer:
    """One search tree that explains positions of one game, refined slice by slice (`clock`:
    what a slice's seconds are read on, the wall clock unless told)."""

    def __init__(self, spec: GameSpec, seed: int = 0, depth: int = DEFAULT_ITERATIONS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        tuning = tuning_for(spec)
        self.spec = spec
        self.depth = depth
        self.mcts = Mcts(tuning.simulator, random.Random(seed), tuning.config, clock)
        self.tuning, self.seed = tuning, seed
        self._extensions: dict[tuple[Any, ...], LineExtension] = {}
        self.state: GameState | None = None
        self.key: tuple[Any, ...] | None = None

    def show(self, state: GameState, key: Sequence[Any]) -> None:
        """Explain `state` from now on, named by `key` (the same key: carry on refining)."""
        key = tuple(key)
        if key == self.key:
            return
        self.state, self.key = state, key
        if state.outcome is None:
            self.mcts.set_root(state, key)

    @property
    def done(self) -> bool:
        """Nothing left to search: the game is over or the position is proven."""
        root = self.mcts.root
        return self._over or root is None or root.proven is not None

    @property
    def _over(self) -> bool:
        return self.state is None or self.state.outcome is not None

    @property
    def visits(self) -> int:
        root = self.mcts.root
        return 0 if self._over or root is None else root.n

    def step(self, seconds: float | None = None, iterations: int | None = None) -> int:
        """Search about `seconds` more (past half the default depth, half of them on the line's
        extension) or `iterations` more of the position's own tree; its iterations done."""
        assert seconds is not None or iterations is not None
        if self.done:
            return 0
        if seconds is not None and iterations is None and self.visits >= self.depth * EXTEND_FROM:
            first = _base(self._root())
            if first and first[-1].state.outcome is None and first[-1].proven is None:
                # as levels scale slow games
                depth = max(1, round(self.depth * EXTENSION_DEPTH * self.tuning.iteration_scale))
                share = self._extension_share()
                self._extension(first).step(depth, seconds * share)
                seconds *= 1 - share
        deadline = None if seconds is None else self.mcts.clock() + seconds
        return self.mcts.run(iterations, deadline)

    def _extension_share(self) -> float:
        """The extension's share of a slice: more of it once the top turns are judged, less once
        the line is deep enough, so the analysis works on what it still lacks."""
        said = self.explanation()
        if all(turn.judged for turn in said.top):
            return 1 - (1 - EXTENSION_SHARE) / 2
        return EXTENSION_SHARE / 2 if len(said.line_turns) >= DEEP_LINE_TURNS else EXTENSION_SHARE

    def _extension(self, first: Sequence[Node]) -> LineExtension:
        """The extension after the best turn `first` (or its stones so far): kept, with those of
        the last few best turns (which often take turns at the top), or made."""
        line = self._line(first)
        extension = self._extensions.pop(line, None)
        if extension is None:
            extension = LineExtension(self.tuning, self.seed + len(line), line, first[-1].state, LINE_TURNS - 1,
                                      self.mcts.clock)
        self._extensions[line] = extension   # the most recent last
        while len(self._extensions) > EXTENSIONS_KEPT:
            del self._extensions[next(iter(self._extensions))]
        return extension

    def _line(self, nodes: Sequence[Node]) -> tuple[Any, ...]:
        """The history key of the position at the end of `nodes` (the extension's name for it)."""
        assert self.key is not None
        return (*self.key, *(node.action for node in nodes))

    def _root(self) -> Node:
        root = self.mcts.root
        assert root is not None
        return root

    def explanation(self) -> Explanation:
        state = self.state
        assert state is not None, "show a position first"
        seat, threats = self._threats(state)
        if state.outcome is not None:
            return Explanation(-1, 0.0, True, _winner(state.returns()), 0, (), (), (), (), seat, threats, 0)
        root = self._root()
        nodes = best_line(root)
        first = _base(root, nodes)
        extension = self._extensions.get(self._line(first)) if first else None
        beyond = extension.steps() if extension is not None else []
        steps = [(node.action, node.state) for node in (first if beyond else nodes)] + beyond
        actions = tuple(action for action, _ in steps)
        before = [root.state, *(after for _, after in steps)][:len(steps)]
        line_text = tuple(b.action_text(a) for b, a in zip(before, actions, strict=True))
        winner = _winner(root.proven) if root.proven is not None else -1
        wins_in = sum(1 for b, (_, after) in zip(before, steps, strict=True)
                      if b.to_move == winner and turn_ended(b, after)) if winner >= 0 else 0
        line_turns = _turn_texts(root.state, steps)
        top = _first_as_the_line(top_turns(root), root.state, steps, line_turns)
        return Explanation(root.player, self.mcts.value(), root.proven is not None, winner, wins_in, actions,
                           line_text, line_turns, tuple(top), seat, threats, root.n)

    def _threats(self, state: GameState) -> tuple[int, tuple[str, ...]]:
        declared = self.spec.search.threats
        if declared is None or state.outcome is not None:
            return -1, ()
        seat, cells = declared(state)
        names = state.board.names
        return seat, tuple(names[c] for c in sorted(cells))


def _winner(returns: Sequence[float]) -> int:
    """The one seat with the whole reward, else -1 (a draw, or unfinished)."""
    winners = [seat for seat, value in enumerate(returns) if value >= 1.0]
    return winners[0] if len(winners) == 1 else -1


def best_line(root: Node) -> list[Node]:
    """The principal variation from `root`, as the nodes it goes through: turn after turn, the
    first of `ranked_turns` (so it begins with the top list's first row), for up to LINE_TURNS
    turns (a proven line: to the end) while each turn's stones have LINE_VISITS visits or more;
    a turn the tree has not finished ends it, and only the first may be kept unfinished."""
    proven = root.proven is not None
    nodes: list[Node] = []
    node, turns = root, 0
    while len(nodes) < MAX_LINE and (proven or turns < LINE_TURNS):
        ranked = ranked_turns(node)
        if not ranked:
            break
        best = ranked[0]
        seen = list(takewhile(lambda n: proven or n.proven is not None or n.n >= LINE_VISITS, best.nodes))
        if not (best.whole and len(seen) == len(best.nodes)):
            return nodes or seen   # an unfinished turn: kept only as the line's first
        nodes += seen
        node, turns = seen[-1], turns + 1
    return nodes


class LineExtension:
    """The best line beyond a best turn: a search of the position after it (in a tree of its
    own, so the main tree's figures stay its own), whose first turn is fixed once that position
    has had its depth; the search then goes on from after it, up to `room` turns. Where the
    tree has no whole turn by then (LISBON's turns of several stones), the stones of the turn it
    has are fixed and the search goes on within the turn, fixing the next ones after a share of
    the depth (WITHIN_TURN_DEPTH)."""

    def __init__(self, tuning: Tuning, seed: int, line: tuple[Any, ...], start: GameState, room: int,
                 clock: Callable[[], float]) -> None:
        self.mcts = Mcts(tuning.simulator, random.Random(seed), tuning.config, clock)
        self.line = line              # the history key of `start`
        self.room = room
        self.fixed: list[Step] = []   # the turns (or stones) fixed so far, each at its depth
        self.mcts.set_root(start, line)

    @property
    def finished(self) -> bool:
        return _turns(self.fixed) >= self.room or bool(self.fixed and self.fixed[-1][1].outcome is not None)

    def steps(self) -> list[Step]:
        """Its line: the turns fixed, then what its search prefers now."""
        root = self.mcts.root
        assert root is not None
        return list(self.fixed) if self.finished else self.fixed + [(n.action, n.state) for n in best_line(root)]

    def step(self, depth: int, seconds: float) -> None:
        """Search for `seconds` more, fixing the turn being searched once it has `depth` iterations."""
        root = self.mcts.root
        assert root is not None
        if self.finished:
            return
        if root.state.turn_actions:   # the rest of a wide turn whose first stones were searched
            depth = max(1, round(depth * WITHIN_TURN_DEPTH))
        if root.n >= depth or root.proven is not None:
            first = _best_turn(root)
            if first:
                self.fixed += [(node.action, node.state) for node in first]
                if self.finished:
                    return
                self.mcts.set_root(first[-1].state, (*self.line, *(action for action, _ in self.fixed)))
        self.mcts.run(None, self.mcts.clock() + seconds)


def _base(root: Node, nodes: Sequence[Node] | None = None) -> list[Node]:
    """What an extension goes on from: the best line's first turn, or its first stone where the
    tree has not finished it (the extension then finishes the turn first; a base that grew with
    the tree's guess at the turn would start a new extension at every stone)."""
    nodes = best_line(root) if nodes is None else nodes
    return _first_turn(root.state, nodes) or list(nodes[:1])


def _best_turn(root: Node) -> list[Node]:
    """The best turn from `root` as far as its tree has been: the best line's first turn, or
    (a wide turn, whose later stones are seldom played twice) the first of `ranked_turns`,
    completed along `best_child` through stones played once."""
    line = best_line(root)
    ranked = ranked_turns(root)
    return _first_turn(root.state, line) or (list(ranked[0].nodes) if ranked else line[:1])


def _first_turn(start: GameState, nodes: Sequence[Node]) -> list[Node]:
    """The nodes of the line's first whole turn (none while the tree has not finished it)."""
    before = start
    for index, node in enumerate(nodes):
        if turn_ended(before, node.state):
            return list(nodes[:index + 1])
        before = node.state
    return []


def _turns(steps: Sequence[Step]) -> int:
    """Whole turns among `steps` (a step that starts another turn or ends the game ends one)."""
    return sum(1 for _, after in steps if not after.turn_actions or after.outcome is not None)


def _turn_texts(start: GameState, steps: Sequence[Step]) -> tuple[str, ...]:
    """The line's turns in notation (an unfinished last turn ends with "…")."""
    texts, turn, state, before = [], [], start, start
    for action, after in steps:
        turn.append(action)
        if turn_ended(before, after):
            texts.append(state.format_turn(turn))
            turn, state = [], after
        before = after
    if turn:
        texts.append(_unfinished(state, turn))
    return tuple(texts)


def _unfinished(state: GameState, actions: Sequence[Action]) -> str:
    return ",".join((*(state.action_text(a) for a in actions if a != END_TURN), "…"))


def _first_as_the_line(top: list[TopTurn], start: GameState, steps: Sequence[Step],
                       line_turns: Sequence[str]) -> list[TopTurn]:
    """The first row, where its figures are about its first stones only, completed as the line
    completes it: the line's extension searched the rest of that turn, the tree only guessed it
    from a game or two, and the row and the line must name the same turn."""
    if not top or not top[0].basis or not steps:
        return top
    covered = top[0].basis.count(",") + 1
    turn, before = [], start
    for action, after in steps:
        turn.append(action)
        if turn_ended(before, after):
            break
        before = after
    else:
        return top   # the line has not finished that turn either
    if tuple(turn[:covered]) != top[0].actions[:covered]:
        return top
    return [top[0]._replace(actions=tuple(turn), text=line_turns[0]), *top[1:]]


def top_turns(root: Node, count: int = TOP_TURNS) -> list[TopTurn]:
    """The root's best turns, best first, as `ranked_turns` orders them, with their own figures
    (or those of their first stones, named in `basis`); a turn the tree has not finished is
    written with "…"."""
    top = []
    for turn in ranked_turns(root)[:count]:
        actions = turn.actions
        text = root.state.format_turn(actions) if turn.whole else _unfinished(root.state, actions)
        basis = ",".join(root.state.action_text(a) for a in actions[:turn.covers]) if turn.covers < len(actions) else ""
        top.append(TopTurn(actions, text, turn.visits, turn.value, turn.proven, basis))
    return top
