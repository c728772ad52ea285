"""Exhaustive, depth-limited proofs over whole turns, for any two-player game of the protocol.

A puzzle claims that exactly one turn reaches a goal: "win" (the mover forces a win within
`plies` turns, its own included) or "save" (after it, the opponent cannot force a win within the
remaining turns, while after any other turn it can). The claim is proved here by an AND/OR
search that uses nothing but the rules' own `legal_actions`, `play_unchecked` and `outcome`:
whole turns are found by walking actions until the turn ends (as the STYMIE solver does), so
the proof cannot disagree with the rules. A draw is not a win.

Multi-stone turns: a stone added to a winning turn usually wins too, so "exactly one turn" is
read as "exactly one minimal turn": every turn that reaches the goal contains the solution's
actions, and the solution itself reaches it. With one action per turn this is plain uniqueness.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterator, NamedTuple, Sequence, cast

from ..game import Action, GameState

Turn = tuple[Action, ...]
WIN, SAVE = "win", "save"
KINDS = (WIN, SAVE)
_UNSET = object()


class TooWide(Exception):
    """A position has more whole turns than the proof may enumerate (the claim stays unproved)."""


def _hashable(value: Any) -> Hashable:
    """`value` as a key part; an unhashable value becomes a fresh object, so it never merges."""
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    try:
        hash(value)
    except TypeError:
        return object()
    return cast(Hashable, value)


def state_key(state: GameState) -> tuple[Hashable, ...]:
    """Every position field of `state` (its `__slots__` all the way up): two states with equal
    keys are the same position. Caches that are unset or unhashable only cost a missed merge."""
    parts: list[Hashable] = [type(state)]
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name != "_setup":
                parts.append(_hashable(getattr(state, name, _UNSET)))
    return tuple(parts)


def turn_ended(before: GameState, after: GameState) -> bool:
    """True when `after` (one action after `before`) belongs to another turn or ends the game."""
    return after.outcome is not None or not after.turn_actions or after.to_move != before.to_move


def iter_turns(state: GameState, limit: int | None = None) -> Iterator[tuple[Turn, GameState]]:
    """(actions, state after) for every whole turn from `state` (which may be mid-turn: then the
    rest of that turn); a position reached by two orders of the same stones may come twice.
    TooWide past `limit` turns."""
    count = 0
    seen_partial: set[Hashable] = set()
    stack: list[tuple[Turn, GameState]] = [((), state)]
    while stack:
        actions, current = stack.pop()
        for action in current.legal_actions():
            after = current.play_unchecked(action)
            turn = (*actions, action)
            if turn_ended(current, after):
                count += 1
                if limit is not None and count > limit:
                    raise TooWide(f"more than {limit} whole turns")
                yield turn, after
                continue
            key = state_key(after)
            if key not in seen_partial:
                seen_partial.add(key)
                stack.append((turn, after))


def whole_turns(state: GameState, limit: int | None = None) -> list[tuple[Turn, GameState]]:
    """`iter_turns`, each resulting position once (the first order found names it)."""
    found: list[tuple[Turn, GameState]] = []
    seen: set[Hashable] = set()
    for turn, after in iter_turns(state, limit):
        key = state_key(after)
        if key not in seen:
            seen.add(key)
            found.append((turn, after))
    return found


def wins(state: GameState, seat: int) -> bool:
    outcome = state.outcome
    return outcome is not None and seat in outcome.winners


class Prover:
    """Depth-limited AND/OR search with a table per (position, seat, depth); keep one Prover
    for the positions of one game to share what it proved."""

    def __init__(self, limit: int | None = 4000) -> None:
        self.limit = limit
        self.nodes = 0
        self._table: dict[tuple[Hashable, int, int], bool] = {}
        self._turns: dict[Hashable, list[tuple[Turn, GameState]]] = {}

    def turns(self, state: GameState) -> list[tuple[Turn, GameState]]:
        """`whole_turns(state)`, kept: immediate results first (they decide nodes soonest)."""
        key = state_key(state)
        known = self._turns.get(key)
        if known is None:
            known = whole_turns(state, self.limit)
            known.sort(key=lambda item: item[1].outcome is None)
            self._turns[key] = known
        return known

    def forces_win(self, state: GameState, seat: int, plies: int) -> bool:
        """True when `seat` wins within `plies` whole turns from `state` whatever the other does."""
        if state.outcome is not None:
            return wins(state, seat)
        if plies <= 0:
            return False
        mine = state.to_move == seat
        if plies == 1:  # the last turn: only its own result counts, no table needed
            self.nodes += 1
            results = (wins(after, seat) for _, after in iter_turns(state, self.limit))
            return any(results) if mine else all(results)
        key = (state_key(state), seat, plies)
        known = self._table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        successors = self.turns(state)
        if mine:
            result = any(self.forces_win(after, seat, plies - 1) for _, after in successors)
        else:
            result = all(self.forces_win(after, seat, plies - 1) for _, after in successors)
        self._table[key] = result
        return result

    def reaches(self, kind: str, after: GameState, mover: int, plies: int) -> bool:
        """Whether a root turn ending in `after` reaches the goal of a `kind` puzzle of `plies`."""
        if kind == WIN:
            return self.forces_win(after, mover, plies - 1)
        return not self.forces_win(after, 1 - mover, plies - 1)

    def refutes(self, kind: str, later: GameState, mover: int, plies: int) -> bool:
        """Whether the opponent's answer to a root turn, ending in `later`, shows that turn
        misses the goal: the mover no longer wins in time, or the opponent now does."""
        if kind == WIN:
            return not self.forces_win(later, mover, plies - 2)
        return self.forces_win(later, 1 - mover, plies - 2)

    def refutation(self, kind: str, after: GameState, mover: int, plies: int) -> Turn | None:
        """The opponent's answer that shows a root turn ending in `after` misses the goal (an
        escape from the win, or the start of its own win), or None when there is nothing to
        show (the turn ended the game, or a one-turn win was simply not made)."""
        if after.outcome is not None or plies < 2:
            return None
        return next((reply for reply, later in self.turns(after) if self.refutes(kind, later, mover, plies)), None)


class Proof(NamedTuple):
    """What a proof found at a root: the solution (the one minimal turn reaching the goal), every
    turn that reaches it, and every other turn with its refutation."""

    solution: Turn
    accepted: tuple[Turn, ...]
    rejected: tuple[tuple[Turn, Turn | None], ...]


def plies_for(kind: str, moves: int) -> int:
    """Whole turns a proof looks ahead: a win in `moves` of the mover's turns takes 2·moves−1;
    surviving `moves` of the opponent's turns takes 2·moves (the saving turn included)."""
    return 2 * moves - 1 if kind == WIN else 2 * moves


def goal_turns(prover: Prover, root: GameState, kind: str, plies: int) -> tuple[list[Turn], list[Turn]] | None:
    """The root's whole turns split into those that reach the goal and those that do not; None
    as soon as two that reach it share no action (then no single solution exists)."""
    mover = root.to_move
    good: list[Turn] = []
    bad: list[Turn] = []
    common: set[Action] | None = None
    for turn, after in prover.turns(root):
        if prover.reaches(kind, after, mover, plies):
            common = set(turn) if common is None else common & set(turn)
            if not common:
                return None
            good.append(turn)
        else:
            bad.append(turn)
    return good, bad


def unique_solution(turns: Sequence[Turn]) -> Turn | None:
    """The one turn whose actions every turn in `turns` contains, when it is among them."""
    if not turns:
        return None
    common = set(turns[0]).intersection(*map(set, turns[1:]))
    return next((turn for turn in turns if set(turn) == common), None)


def prove(prover: Prover, root: GameState, kind: str, moves: int) -> Proof | None:
    """The proof that exactly one (minimal) turn from `root` reaches the goal, or None when
    none does, several do, or every turn does (nothing to find). TooWide may propagate."""
    if root.outcome is not None or root.num_players != 2:
        return None
    plies = plies_for(kind, moves)
    split = goal_turns(prover, root, kind, plies)
    if split is None:
        return None
    good, bad = split
    solution = unique_solution(good)
    if solution is None or not bad:
        return None
    after_of = {turn: after for turn, after in prover.turns(root)}
    rejected = tuple((turn, prover.refutation(kind, after_of[turn], root.to_move, plies)) for turn in bad)
    return Proof(solution, tuple(good), rejected)


def shortest_win(prover: Prover, root: GameState, most: int) -> int | None:
    """The fewest mover's turns (up to `most`) within which the mover forces a win, else None."""
    for moves in range(1, most + 1):
        if prover.forces_win(root, root.to_move, plies_for(WIN, moves)):
            return moves
    return None
