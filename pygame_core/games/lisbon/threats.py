"""LISBON threats: the cells where one stone wins, and what that decides one turn ahead.

Under the group rule the stones of one turn end in different groups, so a turn's win is made by
a single stone joining groups that stood before the turn. Hence:
- the cells where the mover can still win this turn are fixed at the turn's start (they only
  shrink as the turn's own groups block cells), and
- the opponent's winning cells for its next turn depend only on its stones now; the mover can
  spoil them only by occupying every one of them this turn, each stone in its own group.
A turn that neither wins nor covers all of the opponent's winning cells loses. This one-turn
look-ahead is exact, cheap next to a playout, and what random playouts and a stone-by-stone
tree miss most: a threat is answered (or made) over a whole multi-stone turn.
"""

from __future__ import annotations

from functools import lru_cache

from ...game import END_TURN, Action, GameState, Returns, SearchHints
from .state import BOARD, LisbonState
from .playout import EDGE_BIT, RUN_STARTS, SLOTS, spans

NEIGHBOURS = BOARD.neighbours


def _groups(stones: frozenset[int]) -> tuple[dict[int, int], list[int]]:
    """Group label of each stone, and each group's perimeter mask (bit i = perimeter index i)."""
    label: dict[int, int] = {}
    masks: list[int] = []
    for start in stones:
        if start in label:
            continue
        group = len(masks)
        label[start] = group
        mask = 0
        stack = [start]
        while stack:
            cell = stack.pop()
            mask |= EDGE_BIT[cell]
            for nbr in NEIGHBOURS[cell]:
                if nbr in stones and nbr not in label:
                    label[nbr] = group
                    stack.append(nbr)
        masks.append(mask)
    return label, masks


def _cuts_off(cell: int, label: dict[int, int], joined: set[int]) -> bool:
    """True when a stone on `cell`, with the groups `joined`, cuts some neighbour of `cell` off
    from the perimeter (a ring)."""
    wall = {c for c, g in label.items() if g in joined}
    wall.add(cell)
    reach_edge: set[int] = set()
    for start in NEIGHBOURS[cell]:
        if start in wall or start in reach_edge:
            continue
        seen = {start}
        stack = [start]
        found = False
        while stack and not found:
            here = stack.pop()
            if EDGE_BIT[here] or here in reach_edge:
                found = True
                break
            for nbr in NEIGHBOURS[here]:
                if nbr not in wall and nbr not in seen:
                    seen.add(nbr)
                    stack.append(nbr)
        if not found:
            return True
        reach_edge |= seen
    return False


@lru_cache(maxsize=8192)
def win_cells(stones: frozenset[int]) -> frozenset[int]:
    """Cells outside `stones` where one more stone of that colour makes a winning group (by
    edges or by a ring). Depends on one colour's stones only, hence the cache: a whole turn's
    subtree asks about the same opponent stones."""
    label, masks = _groups(stones)
    found = set()
    frontier = {n for c in stones for n in NEIGHBOURS[c]} - stones
    for cell in frontier:
        slots = SLOTS[cell]
        pattern = 0
        for k in range(6):
            nbr = slots[k]
            if nbr >= 0 and nbr in stones:
                pattern |= 1 << k
        runs = [label[slots[k]] for k in RUN_STARTS[pattern]]
        joined = set(runs)
        mask = EDGE_BIT[cell]
        for group in joined:
            mask |= masks[group]
        if mask & (mask - 1) and spans(mask):
            found.add(cell)
        elif len(joined) < len(runs) and _cuts_off(cell, label, joined):
            found.add(cell)
    return frozenset(found)


def own_wins(state: LisbonState) -> frozenset[int]:
    """Cells where the mover wins with its next stone (the group rule applied)."""
    me = state.to_move
    before_turn = state.stones_of[me].difference(state.placed)
    return win_cells(before_turn) & state.legal_cells


def threats(state: LisbonState) -> frozenset[int]:
    """Empty cells where the opponent would win with the first stone of its next turn."""
    me = state.to_move
    return win_cells(state.stones_of[1 - me]) - state.stones_of[me]


def next_threats(state: GameState) -> tuple[int, list[int]]:
    """The opponent and the cells where it would win with its next stone (the explanations' threats)."""
    assert isinstance(state, LisbonState)
    return 1 - state.to_move, sorted(threats(state))


def can_cover(state: LisbonState, cells: frozenset[int]) -> bool:
    """True when the mover can still occupy all of `cells` this turn: each is legal now, there
    are stones enough, and no two would end in one group (through the mover's stones or each
    other)."""
    if len(cells) > state.stones_left or not cells <= state.legal_cells:
        return False
    own = state.stones_of[state.to_move] | cells
    seen: set[int] = set()
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        while stack:
            for nbr in NEIGHBOURS[stack.pop()]:
                if nbr in own and nbr not in seen:
                    if nbr in cells:
                        return False
                    seen.add(nbr)
                    stack.append(nbr)
    return True


def verdict(state: GameState) -> Returns | None:
    """The returns when the threats decide the game within this turn and the next (a random
    playout would rarely take a waiting win or block all of a threat), else None."""
    assert isinstance(state, LisbonState)
    winner = forced_winner(state)
    return None if winner is None else ((1.0, 0.0) if winner == 0 else (0.0, 1.0))


def forced_winner(state: LisbonState) -> int | None:
    """The seat that wins by force within this turn and the next, if the threats decide it:
    the mover when it can win now, the opponent when the mover can neither win nor cover all
    of the opponent's winning cells; else None."""
    if state.outcome is not None or own_wins(state):
        return None if state.outcome is not None else state.to_move
    danger = threats(state)
    if danger and not can_cover(state, danger):
        return 1 - state.to_move
    return None


def winning_moves(state: GameState) -> list[Action]:
    """Exactly the placements that win now: the search's cheap check for decisive moves."""
    assert isinstance(state, LisbonState)
    return sorted(own_wins(state))


def search_moves(state: GameState) -> list[Action]:
    """The placements worth searching: one winning cell when there is one; else, while the
    opponent threatens, one of the cells that block it (every one of them must be covered this
    turn, and the group rule depends on the set of stones, not their order, so the first is
    as good as any); else every placement. A turn ends early only when no stone can be placed:
    a stone more never hurts (docs/rules.md, LISBON)."""
    assert isinstance(state, LisbonState)
    actions = list(state.legal_actions())
    if actions == [END_TURN]:
        return actions
    wins = own_wins(state)
    if wins:
        return [min(wins)]
    blockers = threats(state) & state.legal_cells
    return [min(blockers)] if blockers else [a for a in actions if a != END_TURN]


# a turn of up to ten stones: checking every child of every stone costs more than it finds;
# the threats answer wins and blocks instead
THREAT_HINTS = SearchHints(exploration=0.2, rave_ref=50, check_depth=0, candidates=winning_moves,
                           moves=search_moves, verdict=verdict, iteration_scale=0.25, threats=next_threats)
