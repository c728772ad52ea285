"""Fast playouts from any state, one per game, over each game's own fast tables.

The games' `random_playout` fast paths start from the empty board; search needs to continue a
given position and, for GRAVE, to know who played which cell. These adapters start from a
state and return a reward vector (Simulator in `search`). The connection games use the fill
argument: on a full board exactly one side is connected (STYMIE) and SUPERSTAR is scored once
the board is full, so a random fill in random order is the playout. Tests compare their
winners with random games through the clean API where the rules make them equal.
"""

from __future__ import annotations

import math
import random

from ..game import GameState
from .search import Returns, Trace

_WIN, _LOSS, _DRAW = (1.0, 0.0), (0.0, 1.0), (0.5, 0.5)


def _vector(winners: tuple[int, ...], players: int = 2) -> Returns:
    if not winners:
        return (0.5,) * players
    share = 1.0 / len(winners)
    return tuple(share if p in winners else 0.0 for p in range(players))


def lisbon(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
    """LISBON's own incremental playout (union-find, group rule, ring test) from `state`,
    unless the threats already decide the game within this turn and the next: a random
    playout would rarely take a waiting win or block all of a threat."""
    from ..games.lisbon_playout import play_out
    from .lisbon_threats import forced_winner

    winner = forced_winner(state)
    if winner is not None:
        return _vector((winner,))
    if trace is None:
        return _vector(play_out(state, rng))
    turns: list[list[int]] = []
    winners = play_out(state, rng, turns)
    seat = state.to_move
    for cells in turns:
        trace.extend((seat, cell) for cell in cells)
        seat ^= 1
    return _vector(winners)


def stymie(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
    """Fill the empty cells alternately from the side to move, then see which side connects
    (exactly one does on a full 4.8.8 board). Singles only: in real play both sides place
    pairs, so the proportion each side gets is about the same."""
    from ..games.stymie import EMPTY, connected_chain, tables

    if state.outcome is not None:
        return state.returns()
    t = tables(state.options["size"])
    cells = [state.occupant(c) for c in range(state.board.size)]
    # occupant() gives seats; connected_chain wants sides
    seat_side = [state.seat_of(0), state.seat_of(1)]  # seat_of(side) -> seat; an involution
    sides = [EMPTY if s is None else seat_side[s] for s in cells]
    empties = [c for c, s in enumerate(sides) if s == EMPTY]
    rng.shuffle(empties)
    seat = state.to_move
    side = seat_side[seat]
    for cell in empties:
        sides[cell] = side
        if trace is not None:
            trace.append((seat, cell))
        side ^= 1
        seat ^= 1
    mover_side = seat_side[state.to_move]
    if connected_chain(t, sides, mover_side):
        return _vector((state.to_move,))
    return _vector((1 - state.to_move,))


def superstar_reward(white_total: float, black_total: float) -> Returns:
    """Mostly the result, a little the margin: a playout won by more says more about the
    position, and a pure win/loss signal makes the search indifferent to points it could
    still gain once the result looks certain."""
    margin = white_total - black_total
    result = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    white = 0.85 * result + 0.15 * (0.5 + 0.5 * math.tanh(margin / 20.0))
    return (white, 1.0 - white)


def superstar(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
    """Fill the board alternately from the side to move (passing only once it is full, as the
    game's own fast playout does), then score with the game's counting code."""
    from ..games.superstar_score import EMPTY, totals

    if state.outcome is not None:
        white, black = state.outcome.details["score"].totals
        return superstar_reward(white, black)
    cells = list(state.cells)
    empties = [c for c, s in enumerate(cells) if s == EMPTY]
    rng.shuffle(empties)
    seat = state.to_move
    for cell in empties:
        cells[cell] = seat
        if trace is not None:
            trace.append((seat, cell))
        seat ^= 1
    white, black = totals(cells, state.options["komi"])
    return superstar_reward(white, black)


SUSAN_SLIDE_CHANCE = 0.2  # slides are rare in a random game's early plies, common later


def susan(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
    """A SUSAN playout from `state`: each ply places on a random empty cell, or with a small
    chance slides a random stone of the mover one step. Not uniform over legal moves (that is
    the game's own fast path, which starts from the empty board only); placement-heavy games
    reach a surround quickly, which is what the estimate needs."""
    from ..games.susan_core import EMPTY, judge, next_seat, slide_action

    if state.outcome is not None:
        return state.returns()
    n, nbrs = state.board.size, state.board.neighbours
    players, variant = state.num_players, state.options.get("variant", "A")
    cells = list(state.cells)
    empties = [c for c in range(n) if cells[c] == EMPTY]
    slot = [0] * n
    for i, c in enumerate(empties):
        slot[c] = i
    active = tuple(state.active)
    me, slides, draw = state.to_move, state.consecutive_slides, rng.random

    def fill(c: int) -> None:
        last = empties.pop()
        if last != c:
            empties[slot[c]] = last
            slot[last] = slot[c]

    def free(c: int) -> None:
        slot[c] = len(empties)
        empties.append(c)

    while True:
        dest = -1
        if draw() < SUSAN_SLIDE_CHANCE:
            source = int(draw() * n)
            if cells[source] == me:
                targets = [t for t in nbrs[source] if cells[t] == EMPTY]
                if targets:
                    dest = targets[int(draw() * len(targets))]
                    cells[source] = EMPTY
                    free(source)
                    slides += 1
                    action = slide_action(n, source, dest)
        if dest < 0:
            dest = empties[int(draw() * len(empties))]
            slides = 0
            action = dest
        fill(dest)
        cells[dest] = me
        if trace is not None:
            trace.append((me, action))
        hit = {cells[c] for c in (dest, *nbrs[dest])
               if cells[c] != EMPTY and all(cells[x] != EMPTY for x in nbrs[c])}
        if hit:
            out, winner = judge(me, hit, active, variant)
            if winner is not None:
                return _vector((winner,), players)
            active = tuple(p for p in active if p not in out)
            for c in range(n):
                if cells[c] in out:
                    cells[c] = EMPTY
                    free(c)
            slides = 0
        elif slides >= 3 * len(active):
            return tuple(0.5 if p in active else 0.0 for p in range(players))
        me = next_seat(me, active, players)


def susan_candidates(state: GameState) -> list[int]:
    """SUSAN actions that could end the game at once: a placement or slide onto a cell that is
    the last liberty of a neighbouring stone, or that has no empty neighbour itself; and every
    slide when one more slide would draw."""
    from ..games.susan_core import EMPTY

    cells, nbrs, n = state.cells, state.board.neighbours, state.board.size
    hot = set()
    for c in range(n):
        if cells[c] == EMPTY:
            if all(cells[x] != EMPTY for x in nbrs[c]):
                hot.add(c)
            continue
        free = [x for x in nbrs[c] if cells[x] == EMPTY]
        if len(free) <= 1:
            hot.update(free)
    if state.consecutive_slides + 1 >= 3 * len(state.active):  # any slide now draws
        return [a for a in state.legal_actions() if a >= n or a in hot]
    return [a for a in state.legal_actions() if (a if a < n else (a - n) % n) in hot]
