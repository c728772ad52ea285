"""SUSAN's threat search: a win the side to move can force by threats alone, found by a small,
sound search (like a VCF search in gomoku). The opponent's search uses it to avoid a move that
lets the opponent force a win, and to take such a win itself.

Facts it rests on (two players):
- A surround made by a move onto cell x depends only on the cells within two steps of x (the
  new stone's neighbours and theirs). So while the next player threatens to win on x, a reply
  that touches none of those cells loses at once unless it ends the game itself: the replies
  worth trying are few (`replies`), and against two threats far apart there are almost none.
- Only a stone with one empty neighbour can be surrounded in one move, so a threat is made by
  taking one of the two last liberties of an enemy stone (`threat_moves`).
A win is claimed only after every reply worth trying is refuted, so a claim is always right;
the search is shallow and budgeted, so it misses wins (it then says None).
"""

from __future__ import annotations

from functools import lru_cache

from ...game import Action, GameState
from .board import EMPTY, slide_cells, tables
from .evaluation import liberties
from .state import SusanState

DEPTH = 2      # own moves in a forced win: 2 = a threat that cannot be answered, then the win
BUDGET = 400   # positions looked at per search, at most


@lru_cache(maxsize=None)
def near(side: int) -> tuple[frozenset[int], ...]:
    """For each cell of the board with `side` cells a side: the cells at most two steps away."""
    nbrs = tables(side).neighbours
    return tuple(frozenset(y for x in (c, *nbrs[c]) for y in (x, *nbrs[x])) for c in range(len(nbrs)))


def _moves_onto_liberties(state: SusanState, liberties_left: int) -> list[Action]:
    """The side to move's placements and slides onto an empty neighbour of an enemy stone that
    has exactly `liberties_left` empty neighbours."""
    cells, nbrs, me = state.cells, state.board.neighbours, state.to_move
    libs = liberties(cells, nbrs)
    n = len(cells)
    targets = sorted({x for c, seat in enumerate(cells)
                      if seat not in (EMPTY, me) and libs[c] == liberties_left
                      for x in nbrs[c] if cells[x] == EMPTY})
    return [a for x in targets for a in (x, *(n + y * n + x for y in nbrs[x] if cells[y] == me))]


def wins_at_once(state: SusanState) -> list[Action]:
    """The side to move's moves that surround an enemy stone and none of its own (only a move
    onto an enemy stone's last liberty can)."""
    me = state.to_move
    wins = []
    for action in _moves_onto_liberties(state, 1):
        outcome = state.play_unchecked(action).outcome
        if outcome is not None and outcome.winners == (me,):
            wins.append(action)
    return wins


def threatened_cells(state: SusanState) -> list[int]:
    """The cells onto which the next player could move and win at once if it were their turn."""
    them = state.passed()
    n = len(state.cells)
    return sorted({a if a < n else slide_cells(n, a)[1] for a in wins_at_once(them)})


def next_threats(state: GameState) -> tuple[int, list[int]]:
    """The next player and their winning cells (`threatened_cells`): the explanations' threats."""
    assert isinstance(state, SusanState)
    return state.passed().to_move, threatened_cells(state)


def candidates(state: SusanState) -> list[Action]:
    """SUSAN actions that could end the game at once: a placement or slide onto a cell that is
    the last liberty of a neighbouring stone, or that has no empty neighbour itself; and every
    slide when one more slide would draw. (A move decides SUSAN only there: the search's
    win-in-one checks need try no others.)"""
    cells, nbrs, n = state.cells, state.board.neighbours, state.board.size
    libs = liberties(cells, nbrs)
    hot = set()
    for c in range(n):
        if cells[c] == EMPTY:
            if not libs[c]:
                hot.add(c)
        elif libs[c] == 1:
            hot.update(x for x in nbrs[c] if cells[x] == EMPTY)
    if state.consecutive_slides + 1 >= 3 * len(state.active):  # any slide now draws
        return [a for a in state.legal_actions() if a >= n or a in hot]
    return [a for a in state.legal_actions() if (a if a < n else (a - n) % n) in hot]


def _touches(action: Action, n: int, cells: frozenset[int]) -> bool:
    if action < n:
        return action in cells
    source, target = slide_cells(n, action)
    return source in cells or target in cells


def replies(state: SusanState, threats: list[int]) -> list[Action]:
    """The side to move's actions that do not lose at once to the next player's `threats`:
    those touching every threat's surroundings, and those that may end the game themselves."""
    regions = [near(state.options["size"])[x] for x in threats]
    n = len(state.cells)
    ending = set(candidates(state))
    return [a for a in state.legal_actions() if a in ending or all(_touches(a, n, r) for r in regions)]


def threat_moves(state: SusanState) -> list[Action]:
    """The side to move's placements and slides onto one of the two last liberties of an enemy
    stone: the moves that can make a threat."""
    return _moves_onto_liberties(state, 2)


class _Search:
    def __init__(self, budget: int) -> None:
        self.left = budget

    def win(self, state: SusanState, depth: int) -> Action | None:
        """A first move of a forced win for the side to move within `depth` own moves."""
        wins = wins_at_once(state)
        if wins:
            return wins[0]
        if depth <= 1:
            return None
        me = state.to_move
        for action in threat_moves(state):
            if self.left <= 0:
                return None
            self.left -= 1
            after = state.play_unchecked(action)
            if after.outcome is not None:
                continue
            threats = threatened_cells(after)
            if threats and all(self._refuted(after.play_unchecked(r), me, depth - 1)
                               for r in replies(after, threats)):
                return action
        return None

    def _refuted(self, state: SusanState, attacker: int, depth: int) -> bool:
        """After a reply: the attacker has won, or can still force a win within `depth`."""
        self.left -= 1
        if state.outcome is not None:
            return state.outcome.winners == (attacker,)
        return self.left > 0 and self.win(state, depth) is not None


def forced_win(state: GameState) -> Action | None:
    """A first move of a win the side to move can force by threats (DEPTH own moves, BUDGET
    positions), or None; two players only."""
    assert isinstance(state, SusanState)
    if state.outcome is not None or state.num_players != 2:
        return None
    return _Search(BUDGET).win(state, DEPTH)
