"""One resolved budget (issue 53, item 1): a level resolves once per game and worker count into
one frozen value, an override changes only the field it names (an explicit `iterations`
without `seconds` is the one documented exception: exactly that many, no time cap), and the
page's workers, the `mcts:` specs and the command line build their player from it."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from pygame_core.ai.cli import COMMANDS as AI_COMMANDS
from pygame_core.cli import COMMANDS, main
from pygame_core.ai.budget import Budget, level_cut, level_iterations, resolve
from pygame_core.ai.cutoff import CUT_OFF
from pygame_core.ai.levels import LEVELS
from pygame_core.ai.player import MctsPlayer, budget_from_params, make_player
from pygame_core.ai.session import SearchSession, request_json
from pygame_core.game import LeafCut
from pygame_core.record import Record
from pygame_core.registry import find_game

# a value for each field that differs from every level's resolved one
OTHER: dict[str, Any] = {"level": "custom", "iterations": 7, "seconds": 0.25, "cut": LeafCut(3, 0.5),
                         "leaf_weight": 0.3, "frozen": True, "evaluation": "hand", "patterns": "w.json",
                         "prior": "twodistance",
                         "search": (("exploration", 0.9),), "workers": 3}


def test_a_level_resolves_into_one_value_per_game() -> None:
    susan, stymie = find_game("susan"), find_game("stymie")
    for level in LEVELS.values():
        budget = resolve(susan, level.name, workers=2)
        assert budget == Budget(level.name, level_iterations(level, susan), level.seconds, level.perfect,
                                level.forced, level_cut(level), workers=2,
                                evaluation="learned" if level.name == "expert" else None)
    # the learned evaluation is Expert's in SUSAN only (its SPRT, docs/confirmations.md)
    assert {resolve(stymie, level).evaluation for level in LEVELS} == {None}
    assert resolve(susan, "hard").iterations == 10000 and resolve(stymie, "expert").iterations == 18000
    assert resolve(susan, "easy").cut == CUT_OFF and not resolve(susan, "easy").forced
    with pytest.raises(dataclasses.FrozenInstanceError):
        resolve(susan, "hard").iterations = 5  # type: ignore[misc]
    with pytest.raises(ValueError, match="workers must be at least 1"):
        resolve(susan, "hard", workers=0)
    with pytest.raises(ValueError, match="unknown level"):
        resolve(susan, "grandmaster")


def test_susan_expert_plays_the_learned_evaluation_and_eval_hand_the_old_one() -> None:
    """Expert's leaves are valued by the learned table; `eval=hand` is Expert as it was, and
    `frozen=1` plays its own hints' evaluation, not the level's."""
    from pygame_core.games.susan import evaluation, learned
    susan = find_game("susan")
    state = susan.new_game().play_turn("e5")
    expert = make_player("mcts:level=expert", susan, random.Random(1))
    old = make_player("mcts:level=expert,eval=hand", susan, random.Random(1))
    assert isinstance(expert, MctsPlayer) and isinstance(old, MctsPlayer)
    assert expert.budget.evaluation == "learned" and old.budget.evaluation == "hand"
    assert expert.mcts.config.evaluate is learned.evaluate and old.mcts.config.evaluate is evaluation.evaluate
    assert learned.evaluate(state) != evaluation.evaluate(state)
    assert budget_from_params({"level": "expert", "frozen": "1"}, susan).evaluation is None
    assert budget_from_params({"level": "hard"}, susan).evaluation is None


def test_a_named_prior_reweights_the_learned_one_and_only_where_asked() -> None:
    """`prior=twodistance` (STYMIE's experiment) builds on the shipped fit or a `patterns=` file's;
    no level plays it, a game without it refuses the name, and the frozen hints refuse it."""
    from pygame_core.games.stymie.two_distance import TwoDistancePrior
    stymie = find_game("stymie")
    assert {resolve(stymie, level).prior for level in LEVELS} == {None}
    player = make_player("mcts:level=hard,prior=twodistance", stymie, random.Random(1))
    assert isinstance(player, MctsPlayer) and player.budget == resolve(stymie, "hard").overridden(prior="twodistance")
    prior = player.mcts.config.prior
    assert isinstance(prior, TwoDistancePrior) and prior.weights is stymie.search.prior.weights  # type: ignore[union-attr]
    for text, refusal in (("mcts:prior=nope", "stymie has no prior 'nope' \\(known: twodistance\\)"),
                          ("mcts:frozen=1,prior=twodistance", "frozen=1 plays the frozen ones")):
        with pytest.raises(ValueError, match=refusal):
            make_player(text, stymie, random.Random(1))
    with pytest.raises(ValueError, match="susan has no prior 'twodistance' \\(known: none\\)"):
        make_player("mcts:prior=twodistance", find_game("susan"), random.Random(1))


@pytest.mark.parametrize("level", list(LEVELS))
def test_an_override_leaves_every_other_field_as_resolved(level: str) -> None:
    base = resolve(find_game("stymie"), level)
    perfect_forced = {"perfect": not base.perfect, "forced": not base.forced}
    for changed in [f.name for f in dataclasses.fields(Budget)]:
        value = OTHER.get(changed, perfect_forced.get(changed))
        after = base.overridden(**{changed: value})
        assert getattr(after, changed) == value
        for kept in dataclasses.fields(Budget):
            if kept.name == changed or (changed, kept.name) == ("iterations", "seconds"):
                continue
            assert getattr(after, kept.name) == getattr(base, kept.name), (changed, kept.name)


def test_explicit_iterations_without_seconds_mean_exactly_that_many() -> None:
    hard = resolve(find_game("susan"), "hard")
    assert hard.overridden(iterations=500).seconds is None
    assert hard.overridden(iterations=500, seconds=2.0).seconds == 2.0
    assert hard.overridden(seconds=2.0).iterations == hard.iterations
    assert "exactly that many" in (Budget.overridden.__doc__ or "")


def test_a_spec_is_its_levels_budget_with_its_own_fields_replaced() -> None:
    stymie = find_game("stymie")
    expert = resolve(stymie, "expert")
    assert budget_from_params({"level": "expert", "iterations": "500"}, stymie) == expert.overridden(iterations=500)
    spelled = budget_from_params({"level": "expert", "exploration": "0.5", "rave": "10"}, stymie)
    assert spelled == dataclasses.replace(expert, search=(("exploration", 0.5), ("rave_ref", 10)))
    player = make_player("mcts:level=expert,iterations=500", stymie, random.Random(0))
    assert isinstance(player, MctsPlayer) and player.budget == expert.overridden(iterations=500)
    assert player.perfect and player.forced and player.seconds is None


def test_the_page_worker_plays_the_resolved_budget() -> None:
    # SearchSession used to set the player's fields one by one; it now holds the level's budget
    susan = find_game("susan")
    record = Record("susan", {})
    cases: list[tuple[str, dict[str, Any]]] = [("easy", {}), ("expert", {"iterations": 5}),
                                               ("hard", {"seconds": 0.5, "workers": 4})]
    for level, extra in cases:
        session = SearchSession()
        session.start(request_json(record, level, 1, pooled=True, **extra))
        player = next(iter(session._players.values()))
        expected = dataclasses.replace(resolve(susan, level, extra.get("workers", 1)),
                                       **{k: v for k, v in extra.items() if k != "workers"})
        assert player.budget == expected, level
    with pytest.raises(ValueError, match="workers must be at least 1"):
        SearchSession().start(json.dumps({**json.loads(request_json(record, "hard")), "workers": -1}))


def test_the_ai_command_plays_the_levels_resolved_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # it used to build its player from the level's iterations, time and perfect play alone, so
    # SUSAN's easy searched with the cut and the forced-win search that easy leaves out
    built: list[Budget] = []
    original = MctsPlayer.from_budget

    def spy(spec: Any, rng: random.Random, budget: Budget, clock: Any = None) -> MctsPlayer:
        built.append(budget)
        return original(spec, rng, dataclasses.replace(budget, iterations=20, seconds=None))

    monkeypatch.setattr(MctsPlayer, "from_budget", staticmethod(spy))
    record = tmp_path / "game.txt"
    record.write_text("", encoding="utf-8")
    susan = find_game("susan")
    for argv, expected in ((["--level", "easy"], resolve(susan, "easy")),
                           (["--iterations", "30"], resolve(susan, "medium").overridden(iterations=30))):
        assert main(["ai", "susan", *argv, str(record)], COMMANDS + AI_COMMANDS) == 0
        assert built.pop() == expected
    assert "move" in json.loads(capsys.readouterr().out.splitlines()[-1])
