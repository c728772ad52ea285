"""One contract for every built-in game and the tests' fifth game (the OpenSpiel habit): random
legal games, played through the public protocol only, must keep the invariants the AI, the UI
and records rely on."""

import random

import pytest
import tinyhex

from pygame_core.errors import MoveError
from pygame_core.game import END_TURN, GameSpec, GameState
from pygame_core.record import Record, from_json, replay, to_json
from pygame_core.registry import GAME_NAMES, all_games, find_game

SPECS = (*all_games(), tinyhex.SPEC)   # all_games() is the built-in four: nothing else is registered here
CASES = [(spec, options) for spec in SPECS for options in spec.bench_options]
pytestmark = pytest.mark.usefixtures("fifth_game")   # records name their game: the registry must know it
SMALL = {"stymie": {"size": 5}}  # keeps the slow-to-end games quick in this broad test


def _ids(case: tuple[GameSpec, dict]) -> str:
    spec, options = case
    return spec.name + "".join(f"-{k}{v}" for k, v in options.items())


def _random_game(spec: GameSpec, options: dict, seed: int) -> tuple[list[GameState], list[list[int]]]:
    """Turn-start states and the actions of each turn of one random game."""
    rng = random.Random(seed)
    state = spec.new_game(options)
    starts, turns = [state], []
    current: list[int] = []
    while not state.is_over:
        actions = state.legal_actions()
        assert actions, f"{spec.name}: no legal action in a live game"
        action = rng.choice(list(actions))
        mover = state.to_move
        nxt = state.apply(action)
        assert nxt is not state
        current.append(action)
        if nxt.is_over or not nxt.turn_actions:
            turns.append(current)
            current = []
            starts.append(nxt)
        else:
            assert nxt.to_move == mover, "a turn in progress stays with its player"
        state = nxt
    return starts, turns


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_random_games_keep_the_protocol(case: tuple[GameSpec, dict]) -> None:
    spec, options = case
    options = {**options, **SMALL.get(spec.name, {})}
    for seed in range(3):
        starts, turns = _random_game(spec, options, seed)
        final = starts[-1]
        assert final.legal_actions() == () or list(final.legal_actions()) == []
        returns = final.returns()
        assert len(returns) == final.num_players and all(0.0 <= r <= 1.0 for r in returns)
        assert abs(sum(returns) - (1.0 if final.outcome.winners else 0.5 * final.num_players)) < 1e-9 \
            or spec.name == "susan"  # SUSAN draws among active players only
        assert final.outcome.reason
        assert all(0 <= c < final.board.size for c in final.outcome.highlight)
        # every turn's notation replays it exactly
        texts = []
        for start, actions in zip(starts, turns, strict=False):
            text = start.format_turn(actions)
            texts.append(text)
            parsed = [a for a in start.parse_turn(text) if a != END_TURN]
            assert sorted(parsed) == sorted(a for a in actions if a != END_TURN), text
        record = Record(spec.name, options, tuple(texts))
        replayed = replay(from_json(to_json(record)))[-1]
        assert replayed.position_rows() == final.position_rows()
        assert replayed.outcome.winners == final.outcome.winners


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_states_are_immutable(case: tuple[GameSpec, dict]) -> None:
    spec, options = case
    state = spec.new_game({**options, **SMALL.get(spec.name, {})})
    rng = random.Random(7)
    for _ in range(12):
        if state.is_over:
            break
        before = (state.position_rows(), state.to_move, tuple(state.legal_actions()), state.turn_actions)
        for action in rng.sample(list(state.legal_actions()), min(5, len(state.legal_actions()))):
            state.apply(action)
        assert (state.position_rows(), state.to_move, tuple(state.legal_actions()), state.turn_actions) == before
        state = state.apply(rng.choice(list(state.legal_actions())))


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
@pytest.mark.parametrize("text", ["", "   ", "zz99", "a0", "<b>e5</b>", "e5" * 500, "\x00", "j10,j10", "pass pass"])
def test_garbage_moves_raise_move_errors(spec: GameSpec, text: str) -> None:
    state = spec.new_game()
    with pytest.raises(MoveError):
        state.play_turn(text)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_illegal_actions_are_refused_by_apply(spec: GameSpec) -> None:
    state = spec.new_game()
    for action in (state.board.size + 10 ** 6, -99):
        with pytest.raises(MoveError):
            state.apply(action)


def test_fast_playouts_return_one_reward_per_seat() -> None:
    for spec, options in CASES:
        assert spec.playout is not None, spec.name
        start = spec.new_game(options)
        for seed in range(5):
            returns = spec.playout(start, random.Random(seed), None)
            assert len(returns) == start.num_players and all(0.0 <= r <= 1.0 for r in returns)


def test_find_game_names_the_known_games() -> None:
    assert find_game(" SUSAN ") is find_game("susan")
    assert [spec.name for spec in all_games()][: len(GAME_NAMES)] == list(GAME_NAMES)  # then any plug-ins
    with pytest.raises(ValueError, match="susan, stymie, superstar, lisbon"):
        find_game("chess")



def test_touched_cells_name_what_each_legal_action_changes() -> None:
    """A placement touches its cell, pass/swap/end nothing, a SUSAN slide its two cells: the
    page marks moves with this instead of re-reading notation."""
    for spec, options in CASES:
        state = spec.new_game(options)
        rng = random.Random(3)
        for _ in range(12):
            if state.is_over:
                break
            for action in state.legal_actions():
                cells = state.touched_cells(action)
                if 0 <= action < state.board.size:
                    assert cells == (action,)
                elif action < 0:
                    assert cells == ()
                else:  # a slide: from one of the mover's stones to an empty neighbour
                    source, target = cells
                    assert state.occupant(source) == state.to_move and state.occupant(target) is None
                    assert target in state.board.neighbours[source]
                    assert state.apply(action).occupant(target) == state.to_move
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
