"""Why more search does or does not buy strength: two probes that need no whole games.

- `focus`: positions drawn like the ladder's openings (a few more random turns, so they are
  mid-game) are searched by one player spec at growing iteration budgets. Per budget it reports
  how much of the first action's root visits the chosen action got (a search that spreads its
  visits evenly over 70 moves has not decided anything) and how often the turn equals the one the
  largest budget chose (when it rarely does, small budgets play noise).
- `tactics`: the game's proved puzzles, each asked at every budget; per budget, the share whose
  turn the puzzle accepts (a tactical suite: short forced lines the search must see).

Both are deterministic for a seed: budgets are exact iteration counts, no clock involved.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from pygame_core.game import GameSpec, GameState
from pygame_core.puzzles import catalog
from pygame_core.ai.player import make_player
from .schedule import opening


@dataclass(frozen=True)
class Probe:
    """One search of one position at one budget."""
    position: int
    budget: int
    turn: str
    share: float      # visits of the chosen first action / the first action's budget
    seconds: float    # CPU time of the search (what the budget costs)


def budget_spec(base: str, budget: int) -> str:
    """`base` (e.g. `mcts:level=hard`) searching exactly `budget` iterations per action."""
    kind, _, rest = base.partition(":")
    if kind.strip().lower() != "mcts":
        raise ValueError(f"the probes need an mcts player, not {base!r}")
    params = [p for p in rest.split(",") if p.strip() and not p.strip().lower().startswith(("iterations=", "seconds="))]
    return "mcts:" + ",".join(params + [f"iterations={budget}"])


def positions(spec: GameSpec, options: Mapping[str, Any], count: int, seed: int, turns: int) -> list[GameState]:
    """`count` undecided positions after `turns` random whole turns (the ladder's openings)."""
    found = []
    for pair in range(count):
        state = spec.new_game(options)
        for turn in opening(spec, options, seed, pair, turns):
            for action in turn:
                state = state.apply(action)
        if state.outcome is None:
            found.append(state)
    return found


def _search(spec: GameSpec, base: str, budget: int, state: GameState, seed: int) -> tuple[str, float, float]:
    player = make_player(budget_spec(base, budget), spec, random.Random(seed), clock=time.process_time)
    started = time.process_time()
    turn = player.choose_turn(state)
    seconds = time.process_time() - started
    top = getattr(player, "last", {}).get("top") or []
    share = top[0][1] / budget if top else 1.0  # a known perfect turn: nothing was searched
    return state.format_turn(turn), share, seconds


def focus(spec: GameSpec, states: Sequence[GameState], base: str, budgets: Sequence[int],
          seed: int) -> Iterator[Probe]:
    for index, state in enumerate(states):
        for budget in budgets:
            turn, share, seconds = _search(spec, base, budget, state, seed + index)
            yield Probe(index, budget, turn, share, seconds)


def focus_table(probes: Sequence[Probe], budgets: Sequence[int]) -> list[dict[str, Any]]:
    """Per budget: positions, median and mean visit share of the chosen action, agreement with
    the largest budget's turn, mean CPU seconds."""
    largest = {p.position: p.turn for p in probes if p.budget == max(budgets)}
    rows = []
    for budget in budgets:
        mine = [p for p in probes if p.budget == budget]
        if not mine:
            continue
        agree = sum(1 for p in mine if largest.get(p.position) == p.turn)
        rows.append({"budget": budget, "positions": len(mine),
                     "median_share": round(statistics.median(p.share for p in mine), 3),
                     "mean_share": round(statistics.fmean(p.share for p in mine), 3),
                     "agrees_with_largest": round(agree / len(mine), 3),
                     "cpu_s": round(statistics.fmean(p.seconds for p in mine), 3)})
    return rows


def tactics(spec: GameSpec, base: str, budgets: Sequence[int], seed: int) -> list[dict[str, Any]]:
    """Per budget: the game's shipped puzzles solved (the first turn is one the puzzle accepts)."""
    puzzles = [p for p in catalog.shipped() if p.game == spec.name]
    rows = []
    for budget in budgets:
        solved = []
        for index, puzzle in enumerate(puzzles):
            state = catalog.root_state(puzzle)
            player = make_player(budget_spec(base, budget), spec, random.Random(seed + index))
            actions = player.choose_turn(state)
            if catalog.judge(puzzle, catalog.texts_of(state, actions)).solved:  # pending stones are in `state`
                solved.append(puzzle.id)
        rows.append({"budget": budget, "puzzles": len(puzzles), "solved": len(solved),
                     "rate": round(len(solved) / len(puzzles), 3) if puzzles else None})
    return rows
