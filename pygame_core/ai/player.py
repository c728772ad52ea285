"""Players that choose whole turns: the MCTS opponent and the factory for player specs.

`TurnSearch` chooses one turn action by action and can run in slices (`step`), which is how the
browser worker keeps answering between chunks; `MctsPlayer.choose_turn` just runs it to the end.
Player specs (CLI, matches): `random`, `tactician`, `alphabeta` with `seconds=S` (and
`depth=N`; games with a static evaluation), `mcts` with `level=NAME`, `iterations=N`,
`seconds=S` (an explicit `iterations` without `seconds` searches exactly that many, no time
cap), `perfect=0|1` (the game's known perfect turns; the level's setting unless given: an
explicit budget does not turn it off), `frozen=1` (the game's frozen baseline hints,
SearchHints.frozen), `leaf=W` (the evaluation's share in a leaf's value,
SearchHints.leaf_weight), `cut=N` with `slope=K` (cut
playouts: N random actions, then the evaluation squashed by slope K, ai.cutoff; `cut=off`:
full playouts where the game declares a cut, SearchHints.cut), `eval=NAME` (another of the
game's evaluations, SearchHints.evaluations, in place of its own wherever the search reads one:
the cut's leaves, SUSAN's `eval=learned`; alpha-beta takes it too), `patterns=FILE` (the search's
priors from another weights file, e.g. a new fit to measure before shipping it), `prior=NAME`
(another of the game's priors built on the learned one, SearchHints.priors: STYMIE's
`prior=twodistance`) and search
overrides such as `rave=0`, `exploration=0.5`, `check_visits=0`.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from typing import Any, Callable, Protocol, Sequence

from ..game import Action, GameSpec, GameState, LeafCut
from ..patterns import Prior, Weights
from .alphabeta import AlphaBetaPlayer
from .baselines import RandomPlayer, Tactician, turn_ended
from .budget import Budget, resolve
from .cutoff import CUT_OFF, DEFAULT_SLOPE, CutChoice
from .levels import DEFAULT_LEVEL
from .search import Mcts, Node
from .tuning import tuning_for

from ..errors import quote

Clock = Callable[[], float]


class Player(Protocol):
    name: str

    def choose_turn(self, state: GameState, history: Sequence[Any] | None = None) -> list[Action]:
        """The actions of one whole turn from `state` (history names the position for reuse)."""


FORCED_CHECKS = 4  # best children asked about the opponent's forced win before a choice


def _win_for(seat: int, players: int) -> tuple[float, ...]:
    return tuple(1.0 if p == seat else 0.0 for p in range(players))


def _decided(root: Node) -> bool:
    """Nothing left to think about: the root is proven, or only one child is not a proven loss."""
    if root.proven is not None:
        return True
    if root.untried:
        return False
    me = root.player
    open_children = [c for c in root.children.values() if c.proven is None or c.proven[me] > 0.0]
    return len(open_children) <= 1


class TurnSearch:
    """The search for one turn. Each action gets `iterations` new iterations (half that for
    the later stones of a multi-stone turn, whose subtree is partly grown already); the whole
    turn stops at `seconds`. An action whose choice is forced or proven is taken at once.
    `forced_win`: the game's forced-win search; a win it finds at the root is proven and taken,
    and before a choice the best children are asked whether it lets the opponent force one.

    `pooled`: one of several searches of the same turn (the browser's workers). Each action is
    then chosen by the caller from every search's root rows (`waiting`, `child_stats`) and
    played in all of them with `commit`, so they stay in step and keep their trees."""

    def __init__(self, mcts: Mcts, state: GameState, history: Sequence[Any] | None, iterations: int,
                 seconds: float | None, clock: Clock = time.perf_counter, pooled: bool = False,
                 forced_win: Callable[[GameState], Action | None] | None = None) -> None:
        self.clock = clock
        self.forced_win = forced_win  # the game's forced-win search, or None
        self.started = clock()
        self.mcts = mcts
        self.state = state
        self.iterations = iterations
        self.seconds = seconds
        self.reused = mcts.set_root(state, history)
        self.actions: list[Action] = []
        self.total_iterations = 0
        self.top: list[tuple[Action, int, float]] = []
        self.first_value = 0.5
        self.done = False
        self.pooled = pooled
        self.waiting = False  # pooled: this action's search is over, the caller must commit
        self._action_deadline = self._deadline_for_action()
        self._take_forced_win()

    @property
    def _turn_deadline(self) -> float | None:
        return None if self.seconds is None else self.started + self.seconds

    def _deadline_for_action(self) -> float | None:
        turn = self._turn_deadline
        if turn is None:
            return None
        root = self.mcts.root
        assert root is not None
        single = all(turn_ended(root.state, child.state) for child in root.children.values())
        if single:
            return turn
        return self.clock() + max(0.0, turn - self.clock()) / 2

    def step(self, slice_seconds: float | None = None) -> bool:
        """Search for up to `slice_seconds` (None: until the turn is chosen); True when done."""
        slice_end = None if slice_seconds is None else self.clock() + slice_seconds
        mcts = self.mcts
        while not self.done and not self.waiting:
            root = mcts.root
            assert root is not None
            target = self.iterations if not self.actions else max(1, self.iterations // 2)
            left = target - mcts.iterations
            if not root.children and root.proven is None:
                # never choose blind: a root gets its children from iterations (unless the
                # game's check adds them all), and a late stone's time may be gone already
                self.total_iterations += mcts.run(1)
                continue
            now = self.clock()
            out_of_time = self._action_deadline is not None and now >= self._action_deadline
            if _decided(root) or left <= 0 or out_of_time:
                self._avoid_forced_losses()
                if self.pooled:
                    self.waiting = True
                    return False
                self._commit(mcts.ranking()[0][0])
                continue
            if slice_end is not None and now >= slice_end:
                return False
            ends = [t for t in (self._action_deadline, slice_end) if t is not None]
            self.total_iterations += mcts.run(left, min(ends) if ends else None)
        return self.done

    @property
    def decided(self) -> bool:
        """The current action needs no more search (proven, or forced)."""
        return self.mcts.root is not None and _decided(self.mcts.root)

    def commit(self, action: Action) -> None:
        """Pooled: play `action` (chosen from every search's rows) and search the next one;
        ValueError when it is not a legal action here."""
        root = self.mcts.root
        if self.done or root is None or action not in root.state.legal_actions():
            raise ValueError(f"action {action!r} cannot be committed here")
        self.waiting = False
        self._commit(action)

    def _commit(self, action: Action) -> None:
        mcts = self.mcts
        root = mcts.root
        assert root is not None
        if not self.actions:
            self.top = mcts.ranking()
            self.first_value = mcts.value()
        self.actions.append(action)
        child = root.children.get(action)
        after = child.state if child is not None else root.state.play_unchecked(action)
        if turn_ended(root.state, after):
            self.done = True
            return
        mcts.advance(action)
        self._action_deadline = self._deadline_for_action()
        self._take_forced_win()

    def _take_forced_win(self) -> None:
        """Ask the game's forced-win search (if any) about the root; a win found is proven."""
        root = self.mcts.root
        forced = self.forced_win
        if forced is None or root is None or root.proven is not None:
            return
        action = forced(root.state)
        if action is not None:
            self.mcts.settle(action, _win_for(root.player, root.state.num_players))

    def _avoid_forced_losses(self) -> None:
        """Before the choice: while the best open child hands the turn to an opponent who can
        force a win from there (the game's forced-win search), prove it lost and look again,
        at most FORCED_CHECKS times (the search is cheap but not free)."""
        mcts = self.mcts
        forced = self.forced_win
        root = mcts.root
        if forced is None or root is None:
            return
        for _ in range(FORCED_CHECKS):
            if root.proven is not None:
                return
            child = root.children.get(mcts.ranking()[0][0])
            if child is None or child.proven is not None or child.player in (-1, root.player):
                return
            if forced(child.state) is None:
                return
            mcts.settle(child.action, _win_for(child.player, child.state.num_players))

    def progress(self) -> dict[str, Any]:
        """What the UI's thinking indicator shows: iterations so far, the turn as it stands
        (chosen actions plus the current favourite) and the win-rate estimate."""
        mcts = self.mcts
        best: list[Action] = list(self.actions)
        value = self.first_value if self.actions else 0.5
        if not self.done and mcts.root is not None and mcts.root.children:
            best.append(mcts.best_action())
            value = mcts.value() if not self.actions else value
        answer = {"iterations": self.total_iterations, "seconds": round(self.clock() - self.started, 3),
                  "best": self.state.format_turn(best) if best else "", "value": round(value, 4),
                  "done": self.done}
        if self.waiting:
            answer.update(waiting=True, decided=self.decided, children=mcts.child_stats())
        return answer

    def summary(self) -> dict[str, Any]:
        """The CLI's answer: the turn, effort, value and the first action's ranking."""
        state = self.state
        return {"move": state.format_turn(self.actions), "iterations": self.total_iterations,
                "seconds": round(self.clock() - self.started, 3), "value": round(self.first_value, 4),
                "top": [[state.action_text(a), n, round(v, 4)] for a, n, v in self.top[:5]]}


class KnownTurn:
    """A turn the game knows to be perfect play (a solved board), answered like a finished
    TurnSearch so that the CLI and the browser worker need not tell the two apart."""

    reused = False
    done = True
    total_iterations = 0

    def __init__(self, state: GameState, actions: Sequence[Action]) -> None:
        self.state = state
        self.actions = list(actions)

    def step(self, slice_seconds: float | None = None) -> bool:
        return True

    def progress(self) -> dict[str, Any]:
        return {"iterations": 0, "seconds": 0.0, "best": self.state.format_turn(self.actions),
                "value": 1.0, "done": True}

    def summary(self) -> dict[str, Any]:
        return {"move": self.state.format_turn(self.actions), "iterations": 0, "seconds": 0.0,
                "value": 1.0, "top": [], "perfect": True}


class MctsPlayer:
    """The search as a player; keeps its tree between turns when given histories. With
    `perfect`, it plays the game's known perfect turns (GameSpec.search.perfect) where there
    are some, and searches everywhere else."""

    name = "mcts"

    def __init__(self, spec: GameSpec, rng: random.Random, iterations: int, seconds: float | None,
                 overrides: dict[str, Any] | None = None, perfect: bool = False, frozen: bool = False,
                 leaf_weight: float | None = None, clock: Clock = time.perf_counter,
                 forced: bool = True, cut: CutChoice = None) -> None:
        tuning = tuning_for(spec, frozen, leaf_weight, cut)
        config = dataclasses.replace(tuning.config, **(overrides or {}))
        self.mcts = Mcts(tuning.simulator, rng, config, clock)
        self.clock = clock
        # what it plays with; `from_budget` puts the resolved one here (the page's workers
        # change its effort between turns, the tree stays: ai.session)
        self.budget = Budget(None, iterations, seconds, perfect, forced, cut, leaf_weight, frozen,
                             search=tuple(sorted((overrides or {}).items())))
        self._known = spec.search.perfect
        self.forced_win = tuning.forced_win
        self.frozen = frozen and spec.search.frozen is not None
        self.leaf = tuning.leaf
        self.last: dict[str, Any] = {}

    @classmethod
    def from_budget(cls, spec: GameSpec, rng: random.Random, budget: Budget,
                    clock: Clock = time.perf_counter) -> MctsPlayer:
        """The player of a resolved budget: its evaluation and priors file read here;
        ValueError for an evaluation the game lacks or a file that is not a weights file."""
        spec = _with_evaluation(spec, budget.evaluation)
        overrides = dict(budget.search)
        if budget.patterns is not None:
            overrides["prior"] = _prior_from_file(budget.patterns, spec)
        if budget.prior is not None:
            overrides["prior"] = _named_prior(spec, budget.prior)(overrides.get("prior", spec.search.prior))
        player = cls(spec, rng, budget.iterations, budget.seconds, overrides, budget.perfect, budget.frozen,
                     budget.leaf_weight, clock, budget.forced, budget.cut)
        player.budget = budget
        return player

    @property
    def iterations(self) -> int:
        return self.budget.iterations

    @property
    def seconds(self) -> float | None:
        return self.budget.seconds

    @property
    def perfect(self) -> bool:
        return self.budget.perfect

    @property
    def forced(self) -> bool:
        """Take and avoid the game's forced wins (Level.forced)."""
        return self.budget.forced

    def resolved(self) -> dict[str, Any]:
        """What this player plays with, as plain data: the budget, the switches as they act in
        this game (perfect play only where the game knows perfect turns, forced wins only where
        it has a forced-win search) and how leaves are valued; the ladder adds every search knob
        (ladder.provenance, which may use hashlib: the page's library has none). The keys are
        those rows have recorded since results format 2, so a row stays comparable."""
        budget = self.budget
        return {"kind": self.name, "iterations": budget.iterations, "seconds": budget.seconds,
                "perfect": budget.perfect and self._known is not None,
                "forced": budget.forced and self.forced_win is not None,
                "hints": "frozen" if self.frozen else "shipped", "leaf": self.leaf}

    def start(self, state: GameState, history: Sequence[Any] | None = None,
              pooled: bool = False) -> TurnSearch | KnownTurn:
        if self.perfect and self._known is not None:
            known = self._known(state)
            if known:
                return KnownTurn(state, known)
        return TurnSearch(self.mcts, state, history, self.iterations, self.seconds, self.clock, pooled,
                          self.forced_win if self.forced else None)

    def choose_turn(self, state: GameState, history: Sequence[Any] | None = None) -> list[Action]:
        search = self.start(state, history)
        search.step()
        self.last = search.summary()
        return search.actions


_CONFIG_FIELDS = {"exploration": float, "check_depth": int, "check_visits": int, "rave_ref": int,
                  "rave_bias": float, "minimax": float,
                  "prior_bias": float}


def make_player(text: str, spec: GameSpec, rng: random.Random, clock: Clock = time.perf_counter) -> Player:
    """A player from a spec like `mcts:level=hard`, `mcts:iterations=500`, `alphabeta:seconds=1`,
    `random`, `tactician`; ValueError naming the bad part otherwise. Time limits are read on
    `clock` (time.process_time: CPU time, fair between players on a busy machine)."""
    kind, params = spec_params(text)
    if kind in ("random", "tactician"):
        if params:
            raise ValueError(f"player spec {quote(text)}: {kind} takes no parameters")
        return RandomPlayer(rng) if kind == "random" else Tactician(rng)
    if kind == "alphabeta":
        return _alphabeta_from_params(text, params, spec, rng, clock)
    if kind != "mcts":
        raise ValueError(f"player spec {quote(text)}: unknown player {quote(kind)}; "
                         "known: mcts, alphabeta, random, tactician")
    return _mcts_from_params(text, params, spec, rng, clock)


def spec_params(text: str) -> tuple[str, dict[str, str]]:
    """A player spec's kind and its `name=value` parameters (names lower-cased); ValueError
    naming a part not written so."""
    kind, _, rest = text.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"player spec {quote(text)}: {quote(item)} is not written as name=value")
        params[key.strip().lower()] = value.strip()
    return kind.lower(), params


def _alphabeta_from_params(text: str, params: dict[str, str], spec: GameSpec, rng: random.Random,
                           clock: Clock) -> Player:
    """`alphabeta:seconds=S[,depth=N]`: the alpha-beta yardstick (games with an evaluation)."""
    try:
        spec = _with_evaluation(spec, params.pop("eval", None))
        seconds = float(params.pop("seconds", "1"))
        depth = int(params.pop("depth", "64"))
        if params:
            raise ValueError(f"unknown parameter {quote(next(iter(params)))}")
        if not seconds > 0 or depth < 1:
            raise ValueError("seconds must be positive and depth at least 1")
        return AlphaBetaPlayer(spec, rng, seconds, depth, clock)
    except ValueError as exc:
        raise ValueError(f"player spec {quote(text)}: {exc}") from None


def _mcts_from_params(text: str, params: dict[str, str], spec: GameSpec, rng: random.Random,
                      clock: Clock) -> MctsPlayer:
    try:
        return MctsPlayer.from_budget(spec, rng, budget_from_params(dict(params), spec), clock)
    except ValueError as exc:
        raise ValueError(f"player spec {quote(text)}: {exc}") from None


def budget_from_params(params: dict[str, str], spec: GameSpec, workers: int = 1) -> Budget:
    """The budget of an `mcts:` spec's parameters (taken out of `params`): the level's, resolved
    for this game (ai.budget), with each parameter given replacing its own field only
    (`Budget.overridden`: `iterations` alone also lifts the time cap); ValueError naming the
    bad part."""
    budget = resolve(spec, params.pop("level", DEFAULT_LEVEL), workers)
    changes: dict[str, Any] = {}
    if "iterations" in params:
        changes["iterations"] = int(params.pop("iterations"))
    if "seconds" in params:
        changes["seconds"] = float(params.pop("seconds"))
    for key in ("perfect", "frozen"):
        if key in params:
            changes[key] = _switch(params.pop(key))
    evaluation = params.pop("eval", None)
    if changes.get("frozen") and evaluation is None:
        changes["evaluation"] = None  # the frozen hints play with their own evaluation, not the level's
    if evaluation is not None:
        if changes.get("frozen"):
            raise ValueError("eval replaces the shipped hints' evaluation; frozen=1 plays the frozen ones: give one")
        _with_evaluation(spec, evaluation)  # an unknown name fails here, naming the known ones
        changes["evaluation"] = evaluation
    if "leaf" in params:
        changes["leaf_weight"] = float(params.pop("leaf"))
    if "patterns" in params:
        changes["patterns"] = params.pop("patterns")
    if "prior" in params:
        changes["prior"] = params.pop("prior")
        _named_prior(spec, changes["prior"])  # an unknown name fails here, naming the known ones
        if changes.get("frozen"):
            raise ValueError("prior reweights the shipped hints' prior; frozen=1 plays the frozen ones: give one")
    cut = _cut_from_params(params, spec)
    if cut is not None:
        changes["cut"] = cut
    if isinstance(changes.get("cut", budget.cut), LeafCut) and "leaf_weight" in changes:
        raise ValueError("cut and leaf are two ways of valuing a leaf: give one")
    search: dict[str, Any] = {}
    for key, value in params.items():
        if key == "rave":
            search["rave_ref"] = int(value)
        elif key in _CONFIG_FIELDS:
            search[key] = _CONFIG_FIELDS[key](value)
        else:
            raise ValueError(f"unknown parameter {quote(key)}")
    if search:
        changes["search"] = tuple(sorted(search.items()))
    return budget.overridden(**changes)


def _switch(text: str) -> bool:
    """A spec's on/off parameter (`perfect=0`, `frozen=1`): 1 or 0 (an empty value reads as 0,
    as `frozen=` always did); absent, the budget keeps the level's setting."""
    if text not in ("0", "1", ""):
        raise ValueError(f"{quote(text)} is not 0 or 1")
    return text == "1"


def _with_evaluation(spec: GameSpec, name: str | None) -> GameSpec:
    """`spec` with the evaluation called `name` (SearchHints.evaluations) as its own, so the
    search's leaves and the alpha-beta player read it (unchanged for None); ValueError naming
    the known ones otherwise."""
    if name is None:
        return spec
    known = spec.search.evaluations
    if name not in known:
        offered = ", ".join(known) if known else "none"
        raise ValueError(f"{spec.name} has no evaluation {quote(name)} (known: {offered})")
    return dataclasses.replace(spec, search=dataclasses.replace(spec.search, evaluate=known[name]()))


def _named_prior(spec: GameSpec, name: str) -> Callable[[Any], Any]:
    """The loader of the prior called `name` (SearchHints.priors); ValueError naming the known
    ones otherwise."""
    known = spec.search.priors
    if name not in known:
        offered = ", ".join(known) if known else "none"
        raise ValueError(f"{spec.name} has no prior {quote(name)} (known: {offered})")
    return known[name]


def _prior_from_file(path: str, spec: GameSpec) -> Prior:
    """The game's prior features weighted by the data file at `path`; ValueError for a game
    without learned priors or a file that is not a weights file."""
    if not isinstance(spec.search.prior, Prior):
        raise ValueError(f"{spec.name} has no learned priors for patterns= to replace")
    try:
        return Prior(spec.search.prior.features, Weights.from_file(path))
    except OSError as exc:
        raise ValueError(f"patterns file {quote(path)}: {exc.strerror or exc}") from None
    except ValueError:
        raise ValueError(f"patterns file {quote(path)} is not a weights file") from None


def _cut_from_params(params: dict[str, str], spec: GameSpec) -> CutChoice:
    """The LeafCut of `cut=N[,slope=K]` (exploring as the hints do), taken out of `params`;
    "off" for `cut=off`; None without `cut` (the game's own). ValueError for a negative N, a
    slope that is not positive and finite, a slope with `cut=off`, or a game without a static
    evaluation."""
    cut_text, slope_text = params.pop("cut", None), params.pop("slope", None)
    if cut_text is None or cut_text == CUT_OFF:
        if slope_text is not None:
            raise ValueError("slope is the cut playouts' and needs cut=N")
        return CUT_OFF if cut_text == CUT_OFF else None
    plies = int(cut_text)
    slope = DEFAULT_SLOPE if slope_text is None else float(slope_text)
    if plies < 0:
        raise ValueError("cut must be 0 or more (random actions before the evaluation)")
    if not 0.0 < slope < math.inf:
        raise ValueError("slope must be a positive number")
    if spec.search.evaluate is None:
        raise ValueError(f"cut playouts need a static evaluation, which {spec.name} does not declare")
    return LeafCut(plies, slope)
