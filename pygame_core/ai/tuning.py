"""Per-game search settings: the one place that knows which game likes what.

Connection games (STYMIE, LISBON) get GRAVE statistics with a small exploration term, as Ludii
and MoHex do for Hex; LISBON searches only the winning or blocking stone while a threat
stands (`lisbon_threats`), since its multi-stone turns hide threats from a stone-by-stone tree;
SUPERSTAR's playouts score the margin as well as the result; every game uses a fast
simulation from `simulators` when there is one, else uniformly random playouts through the
clean API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..game import PASS, Action, GameSpec, GameState
from . import lisbon_threats, simulators
from .search import SearchConfig, Simulator, random_simulation


@dataclass(frozen=True)
class Tuning:
    config: SearchConfig
    simulator: Callable[[], Simulator]
    iteration_scale: float = 1.0  # levels' iteration counts are multiplied by this (slow games)


_DEFAULT = Tuning(SearchConfig(), random_simulation)
def touching_own(state: GameState) -> list[Action]:
    """Connection games: only a stone next to the mover's own stones can complete a chain
    (plus any non-placement action, which is cheap to try)."""
    me, nbrs = state.to_move, state.board.neighbours
    return [a for a in state.legal_actions() if a < 0 or any(state.occupant(x) == me for x in nbrs[a])]


def passes_only(state: GameState) -> list[Action]:
    """SUPERSTAR ends only on a second pass in a row."""
    return [PASS] if PASS in state.legal_actions() else []


_TUNINGS: dict[str, Tuning] = {
    "stymie": Tuning(SearchConfig(exploration=0.2, rave_ref=50, candidates=touching_own),
                     lambda: simulators.stymie),
    # a turn of up to ten stones: checking every child of every stone costs more than it finds;
    # the threats module answers wins and blocks instead
    "lisbon": Tuning(SearchConfig(exploration=0.2, rave_ref=50, check_depth=0,
                                  candidates=lisbon_threats.winning_moves, moves=lisbon_threats.search_moves),
                     lambda: simulators.lisbon, iteration_scale=0.25),
    "susan": Tuning(SearchConfig(check_depth=2, check_visits=4, candidates=simulators.susan_candidates),
                    lambda: simulators.susan),
    "superstar": Tuning(SearchConfig(candidates=passes_only), lambda: simulators.superstar),
}


def tuning_for(spec: GameSpec) -> Tuning:
    """Search settings for `spec`'s game: its own entry, else the plain defaults."""
    return _TUNINGS.get(spec.name, _DEFAULT)
