"""Cut playouts (ai.cutoff): a few random actions, then the static evaluation as a win chance;
declared by a game for all its levels (SearchHints.cut: SUSAN's) and set per player spec
(`mcts:...,cut=N,slope=K`, `cut=off`)."""

import math
import random

import pytest

from pygame_core.ai.cutoff import DEFAULT_SLOPE, cut_simulation, fit_slope, squash
from pygame_core.ai.player import make_player
from pygame_core.ai.search import random_simulation
from pygame_core.game import LeafCut
from pygame_core.ai.tuning import tuning_for
from pygame_core.games.lisbon import SPEC as LISBON
from pygame_core.games.stymie import SPEC as STYMIE
from pygame_core.games.susan import SPEC
from pygame_core.games.susan import learned
from tests.core.test_ai_stronger import THREAT
from tests.core.test_ai_susan import position, sample_positions

EVALUATE = SPEC.search.evaluate


def test_a_cut_of_no_actions_scores_the_leaf_by_its_squashed_evaluation() -> None:
    state = position(*THREAT, "White")  # White, to move, surrounds at e3: the evaluation likes it
    for slope in (0.5, 3.0):
        values = {tuning_for(SPEC, cut=LeafCut(0, slope)).simulator(state, random.Random(seed), None) for seed in range(5)}
        assert values == {(1.0 - squash(EVALUATE(state), slope), squash(EVALUATE(state), slope))}
    assert squash(EVALUATE(state), 3.0) > squash(EVALUATE(state), 0.5) > 0.5


def test_a_cut_playout_plays_its_actions_then_stops() -> None:
    state = next(s for s in sample_positions(10, 3) if s.outcome is None)
    simulate = cut_simulation(EVALUATE, 3, DEFAULT_SLOPE, random_simulation())
    for seed in range(10):
        trace: list = []
        values = simulate(state, random.Random(seed), trace)
        assert 1 <= len(trace) <= 3 and abs(sum(values) - 1.0) < 1e-9
        after = state
        for _, action in trace:
            after = after.play_unchecked(action)
        assert len(trace) == 3 or after.outcome is not None
        if after.outcome is None:
            assert values[after.to_move] == pytest.approx(squash(EVALUATE(after), DEFAULT_SLOPE))


def test_the_knob_makes_the_search_follow_the_evaluation() -> None:
    """A quiet position where one reply (h6-g6) leaves the opponent the worst evaluation by a
    margin: the cut search picks it for every seed, the playouts' search mostly elsewhere."""
    state = sample_positions(12, 5)[7]
    scored = sorted((-EVALUATE(after), state.action_text(action)) for action in state.legal_actions()
                    if (after := state.play_unchecked(action)).outcome is None)
    assert scored[-1][0] - scored[-2][0] > 0.04  # the evaluation clearly prefers one move
    preferred = scored[-1][1]
    cut = [state.format_turn(make_player("mcts:iterations=300,cut=0,slope=4", SPEC, random.Random(seed))
                             .choose_turn(state)) for seed in range(3)]
    plain = [state.format_turn(make_player("mcts:iterations=300,cut=off", SPEC, random.Random(seed))
                               .choose_turn(state)) for seed in range(3)]
    assert cut == [preferred] * 3
    assert plain.count(preferred) <= 1


def is_a_playout_result(values: tuple[float, ...]) -> bool:
    return values in {(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)}


def test_susan_s_levels_above_easy_value_leaves_by_its_declared_cut_and_a_spec_overrides_it() -> None:
    assert SPEC.search.cut[:2] == (0, DEFAULT_SLOPE) and SPEC.search.frozen.cut is None
    state = position(*THREAT, "Black")
    expected = squash(EVALUATE(state), DEFAULT_SLOPE)
    for level in ("medium", "hard", "expert"):
        judge = learned.evaluate if level == "expert" else EVALUATE   # Expert's own since its SPRT
        value = make_player(f"mcts:level={level}", SPEC, random.Random(1)).mcts.simulate(state, random.Random(0), None)
        assert value[0] == pytest.approx(squash(judge(state), DEFAULT_SLOPE)), level
    easy = make_player("mcts:level=easy", SPEC, random.Random(1))   # the beginner's: playouts (Level.playouts)
    assert all(is_a_playout_result(easy.mcts.simulate(state, random.Random(seed), None)) for seed in range(5))
    easy_cut = make_player("mcts:level=easy,cut=0", SPEC, random.Random(1)).mcts.simulate(state, random.Random(0), None)
    assert easy_cut[0] == pytest.approx(expected)
    own = make_player("mcts:level=hard,cut=4,slope=0.8", SPEC, random.Random(1))
    hard = make_player("mcts:level=hard", SPEC, random.Random(1))
    assert own.iterations == hard.iterations and own.seconds == hard.seconds
    value = own.mcts.simulate(state, random.Random(0), None)
    assert 0.0 < value[0] < 1.0 and value[0] != pytest.approx(expected)
    for plain in ("mcts:level=hard,cut=off", "mcts:level=hard,frozen=1", "mcts:level=hard,leaf=0"):
        player = make_player(plain, SPEC, random.Random(1))
        assert all(is_a_playout_result(player.mcts.simulate(state, random.Random(seed), None)) for seed in range(5)), plain


def test_the_declared_cut_brings_its_exploration_and_a_spec_still_overrides_it() -> None:
    """SUSAN's cut explores with its own UCT constant; the playouts (easy, cut=off) and a spec's
    own cut explore with the hints' constant, and `exploration=` wins over both."""
    declared, hints = SPEC.search.cut.exploration, SPEC.search.exploration
    assert declared is not None and declared != hints

    def exploration(spec_text: str) -> float:
        return make_player(spec_text, SPEC, random.Random(1)).mcts.config.exploration

    assert exploration("mcts:level=hard") == exploration("mcts:level=medium") == declared
    assert exploration("mcts:level=easy") == exploration("mcts:level=hard,cut=off") == hints
    assert exploration("mcts:level=hard,cut=0,slope=2") == hints
    assert exploration("mcts:level=hard,exploration=0.7") == 0.7


def test_a_game_that_declares_no_cut_plays_out_its_leaves() -> None:
    state = STYMIE.new_state(STYMIE.resolve_options({}))
    player = make_player("mcts:level=medium", STYMIE, random.Random(1))
    assert STYMIE.search.cut is None
    assert is_a_playout_result(player.mcts.simulate(state, random.Random(0), None))
    assert make_player("mcts:level=medium,cut=off", STYMIE, random.Random(1)).iterations == player.iterations


@pytest.mark.parametrize("bad", ["cut=-1", "cut=x", "cut=2,slope=0", "cut=2,slope=-1", "cut=2,slope=nan",
                                 "cut=2,slope=inf", "slope=2", "cut=2,leaf=0.5", "cut=off,slope=2"])
def test_bad_cut_values_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="player spec"):
        make_player(f"mcts:level=hard,{bad}", SPEC, random.Random(1))


def test_a_game_without_an_evaluation_refuses_cut_playouts() -> None:
    with pytest.raises(ValueError, match="static evaluation"):
        make_player("mcts:level=hard,cut=2", LISBON, random.Random(1))


def test_the_fitted_slope_recovers_a_known_one() -> None:
    rng = random.Random(4)
    values = [rng.uniform(-1.0, 1.0) for _ in range(4000)]
    outcomes = [1.0 if rng.random() < squash(v, 1.7) else 0.0 for v in values]
    assert fit_slope(values, outcomes) == pytest.approx(1.7, abs=0.25)
    assert fit_slope(values, [1.0 - y for y in outcomes]) == pytest.approx(-1.7, abs=0.25)
    with pytest.raises(ValueError):
        fit_slope([0.5, -0.5], [1.0, 0.0])  # never misjudged: no finite slope
    with pytest.raises(ValueError):
        fit_slope([], [])
    assert math.isfinite(fit_slope([0.5, -0.5, 0.5], [1.0, 0.0, 0.0]))
