"""The learned move knowledge (issue 28): rings in each game's geometry, the symmetry fold,
each game's features on hand-built positions, the weights read from the package data (which
is how Pyodide reads them too: this file runs there), and the frozen baseline unchanged."""

from __future__ import annotations

import dataclasses
import functools
import importlib
import math
import random

import pytest

from pygame_core.ai.player import make_player
from pygame_core.ai.tuning import tuning_for
from pygame_core.game import END_TURN, PASS
from pygame_core.games.lisbon.state import position as lisbon_position
from pygame_core.patterns import (EDGE, EMPTY, JOINS, KIND_SHIFT, NEAR_LAST, NON_CELL, OTHER, OWN, PATTERN,
                                  SOURCE, dump_weights, feature, fold, local_reply, rings)
from pygame_core.registry import find_game
from tests.core.test_ai_susan import position as susan_position
from tests.core.test_playout_agreement import check_agreement, random_position

GAMES = ("susan", "stymie", "superstar", "lisbon")


def kinds(fs) -> dict[int, int]:
    return {f >> KIND_SHIFT: f & ((1 << KIND_SHIFT) - 1) for f in fs}


@pytest.mark.parametrize("game", GAMES)
def test_rings_go_round_each_cell_with_the_board_edge_marked(game: str) -> None:
    board = find_game(game).new_game({}).board
    table = rings(board)
    for cell, ring in enumerate(table):
        assert len(ring) == len(board.outlines[cell])
        assert sorted(x for x in ring if x >= 0) == sorted(board.neighbours[cell])
        if len(ring) == 6 and -1 not in ring:  # an inner hex: each neighbour touches the next one
            assert all(ring[(i + 1) % 6] in board.neighbours[ring[i]] for i in range(6))
    assert any(-1 in ring for ring in table) and any(-1 not in ring for ring in table)


def test_the_fold_joins_turned_and_mirrored_rings_only() -> None:
    ring = (OWN, EMPTY, OTHER, EMPTY, EMPTY, EDGE)
    turned = ring[2:] + ring[:2]
    assert fold(ring) == fold(turned) == fold(ring[::-1])
    assert fold(ring) != fold((OWN, OTHER, EMPTY, EMPTY, EMPTY, EDGE))
    assert fold((EMPTY,) * 4) != fold((EMPTY,) * 8)  # a square is not an octagon
    hexes = {fold(tuple((code >> 2 * i) & 3 for i in range(6))) for code in range(4 ** 6)}
    assert len(hexes) < 4 ** 6 // 8  # twelve symmetries: far fewer patterns than raw rings


def test_susan_features_see_the_take_the_save_and_the_slide() -> None:
    from pygame_core.games.susan.patterns import FILLS_OWN, SAVES, SLIDE, TAKES, features
    threat = ("e2 e4 f2 f3", "d3 d4 e5 f4")  # White takes e4 at e3; Black saves it by e4-e3
    white = susan_position(*threat, "White")
    by_action = dict(features(white, None))
    assert kinds(by_action[white.read_action("e3")])[TAKES] == 1
    assert kinds(by_action[white.read_action("a1")])[TAKES] == 0
    black = susan_position(*threat, "Black")
    by_action = dict(features(black, black.read_action("e3")))
    save = kinds(by_action[black.read_action("e4-e3")])
    assert save[SAVES] == 1 and save[SLIDE] == 1 and SOURCE in save
    assert kinds(by_action[black.read_action("e3")])[FILLS_OWN] == 1  # fills e4's last liberty
    placement = kinds(by_action[black.read_action("a1")])
    assert placement[SLIDE] == 0 and SOURCE not in placement and placement[NEAR_LAST] == 0
    e3 = black.read_action("e3")
    touching = [c for c in black.board.neighbours[e3] if black.occupant(c) is None]
    assert touching and all(kinds(by_action[c])[NEAR_LAST] == 1 for c in touching)  # next to the last move


def test_placement_features_count_joined_groups_and_name_the_other_actions() -> None:
    spec = find_game("lisbon")
    board = spec.new_game({}).board
    a, b = board.cell("e5"), board.cell("e7")
    between = next(c for c in board.neighbours[a] if c in board.neighbours[b])
    state = lisbon_position({a, b}, set(), 3)  # Black to move (odd turns)
    from pygame_core.games.lisbon.patterns import features
    by_action = dict(features(state, None))
    assert kinds(by_action[between])[JOINS] == 2
    ring_of_between = kinds(by_action[between])[PATTERN]
    own = [x for x in rings(board)[between] if x in (a, b)]
    assert len(own) == 2 and ring_of_between == fold(tuple(
        EDGE if x < 0 else OWN if x in (a, b) else EMPTY for x in rings(board)[between]))
    after = state.play_unchecked(between)
    assert kinds(dict(features(after, between))[END_TURN])[NON_CELL] == -END_TURN


def test_superstar_pass_reads_how_full_the_board_is() -> None:
    from pygame_core.games.superstar.patterns import FULLNESS, ON_EDGE, features
    state = find_game("superstar").new_game({})
    by_action = dict(features(state, None))
    assert kinds(by_action[PASS])[FULLNESS] == 6
    edge = min(state.board.regions["edge_adjacent"])
    assert kinds(by_action[edge])[ON_EDGE] == 1


def test_stymie_features_mark_the_goal_rows_and_the_stones_of_the_turn() -> None:
    from pygame_core.games.stymie.patterns import GOAL, STONES, features
    state = find_game("stymie").new_game({})
    goals = state.board.regions["top"] | state.board.regions["bottom"]  # the first side is Vert
    by_action = dict(features(state, None))
    assert all(kinds(fs)[GOAL] == int(a in goals) for a, fs in by_action.items() if a >= 0)
    after = state.play_unchecked(0).play_unchecked(50)  # the opening single, then a first stone
    assert after.turn_actions == (50,)
    by_action = dict(features(after, 50))
    assert all(kinds(fs)[STONES] == 5 for a, fs in by_action.items() if a >= 0)
    assert kinds(by_action[END_TURN])[STONES] == 1


@pytest.mark.parametrize("game", GAMES)
def test_weights_load_from_the_package_and_the_prior_is_a_distribution(game: str) -> None:
    prior = importlib.import_module(f"pygame_core.games.{game}.patterns").PRIOR
    assert len(prior.weights.table) > 20
    assert feature(PATTERN, 0) >> KIND_SHIFT == PATTERN
    state = find_game(game).new_game({})
    probabilities = prior(state, None)
    assert set(probabilities) == set(state.legal_actions())
    assert math.isclose(sum(probabilities.values()), 1.0) and len(set(probabilities.values())) > 1
    assert find_game(game).search.prior is prior


def test_local_replies_are_empty_neighbours_drawn_by_weight() -> None:
    board = find_game("susan").new_game({}).board
    ring = rings(board)
    centre = next(c for c in range(board.size) if -1 not in ring[c])
    cells = [-1] * board.size
    cells[ring[centre][0]] = 0
    from pygame_core.games.susan.playout import GAMMAS
    rng = random.Random(1)
    seen = {local_reply(centre, ring, cells, 0, -1, GAMMAS, rng.random) for _ in range(200)}
    assert seen == set(ring[centre]) - {ring[centre][0]}
    full = [0] * board.size
    assert local_reply(centre, ring, full, 0, -1, GAMMAS, rng.random) == -1


def test_the_playout_with_local_replies_agrees_with_the_rules() -> None:
    """The search plays SUSAN without the local replies (they lost, docs/opponent-learning.md);
    kept behind `local=True`, they must still play only legal moves and judge games right."""
    from pygame_core.games.susan.playout import play
    spec = dataclasses.replace(find_game("susan"), playout=functools.partial(play, local=True))
    rng = random.Random(28)
    for seed in range(40):
        check_agreement(spec, random_position(spec, {"players": 2 + seed % 3}, rng), seed, True)


# The frozen baseline (`mcts:frozen=1`) is the opponent as it was before issue 28: its choice and
# root ranking from a fixed position, seed and budget, recorded with that code (main at eeda509).
BEFORE = {
    "susan": ([28, 56, 1788, 29, 25, 24, 1247, 23, 12, 1495], [1743], ["e2-f1", "f8", "c2-c3"]),
    "stymie": ([57, 111, 104, 58, 51, 23, 31, 85, 78, 12], [19], ["i13", "k13", "k15"]),
    "superstar": ([115, 144, 120, 116, 133, 155, 48, 47, 137, 126], [23], ["E10", "S15", "M8"]),
    "lisbon": ([115, 144, 120, 116, 139, 155, 48, 47, 142, 133], [76, 173, 119, 114], ["g8", "g9", "d8"]),
}


@pytest.mark.parametrize("game", GAMES)
def test_the_frozen_baseline_plays_as_before(game: str) -> None:
    spec = find_game(game)
    moves, turn, top = BEFORE[game]
    state = spec.new_game({})
    for action in moves:
        state = state.apply(action)
    frozen = make_player("mcts:iterations=200,frozen=1", spec, random.Random(5))
    assert frozen.choose_turn(state, ("g", *moves)) == turn
    assert [row[0] for row in frozen.last["top"][:3]] == top
    assert tuning_for(spec, frozen=True).config.prior is None
    assert tuning_for(spec).config.prior is not None


def test_a_player_can_search_with_the_priors_of_another_weights_file(tmp_path) -> None:
    spec = find_game("stymie")
    state = spec.new_game({})
    shipped = spec.search.prior(state, None)
    favourite = min(shipped, key=shipped.__getitem__)  # the move the shipped weights like least
    features = dict(spec.search.prior.features(state, None))[favourite]
    path = tmp_path / "candidate.json"
    path.write_text(dump_weights({f: 20.0 for f in features}, {"games": 0}))
    player = make_player(f"mcts:iterations=50,patterns={path}", spec, random.Random(1))
    candidate = player.mcts.config.prior(state, None)
    assert max(candidate, key=candidate.__getitem__) == favourite and candidate != shipped
    assert make_player("mcts:iterations=50", spec, random.Random(1)).mcts.config.prior is spec.search.prior


def test_a_missing_or_foreign_weights_file_is_a_clear_error(tmp_path) -> None:
    spec = find_game("susan")
    with pytest.raises(ValueError, match="patterns file .* No such file"):
        make_player(f"mcts:level=hard,patterns={tmp_path / 'nowhere.json'}", spec, random.Random(1))
    (tmp_path / "bad.json").write_text('{"format": "something else"}')
    with pytest.raises(ValueError, match="is not a weights file"):
        make_player(f"mcts:level=hard,patterns={tmp_path / 'bad.json'}", spec, random.Random(1))
