"""The worker's sliced search session: requests carry the record's plain data, start included."""

import json
import random

import pytest

from pygame_core.ai.session import SearchSession, SessionError, request_json
from pygame_core.games.susan import SPEC
from pygame_core.record import Record, Start, to_data


def susan_record(*turns: str) -> Record:
    return Record("susan", {}, tuple(turns))


def test_session_answers_in_slices_until_the_turn_is_chosen() -> None:
    session = SearchSession()
    json.loads(session.start(request_json(susan_record("e5"), iterations=300, seconds=None)))
    answers = []
    while not answers or not answers[-1]["done"]:
        answers.append(json.loads(session.step(5)))
    assert len(answers) > 1 and answers[-1]["iterations"] == 300
    state = SPEC.new_game().play_turn("e5")
    assert state.format_turn(answers[-1]["actions"]) == answers[-1]["move"]
    assert all(0.0 <= a["value"] <= 1.0 for a in answers)


def test_session_reuses_its_tree_for_the_next_move_and_not_after_undo() -> None:
    session = SearchSession()
    session.start(request_json(susan_record("e5"), iterations=200, seconds=None))
    move = json.loads(session.step(10_000))["move"]
    session.start(request_json(susan_record("e5", move), iterations=200, seconds=None))
    assert session._search.reused
    session.start(request_json(susan_record("e5"), iterations=200, seconds=None))
    assert not session._search.reused


def test_easy_plays_out_its_leaves_where_the_other_levels_take_susan_s_cut() -> None:
    """Easy keeps SUSAN's beginner search (Level.playouts); a change of level in the same game
    gets the other level's leaf valuation, not the tree and simulator of the one before."""
    session = SearchSession()
    state = SPEC.new_game().play_turn("e5")
    values = {}
    for level in ("easy", "medium", "easy"):
        session.start(request_json(susan_record("e5"), level=level, iterations=1, seconds=None))
        player = next(iter(session._players.values()))
        values[level] = {player.mcts.simulate(state, random.Random(seed), None) for seed in range(6)}
    assert values["easy"] <= {(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)}
    assert len(values["medium"]) == 1 and values["medium"] != {(0.5, 0.5)}   # the evaluation, every time
    assert not values["medium"] <= {(1.0, 0.0), (0.0, 1.0)}


@pytest.mark.parametrize("request_text", ["{", "{}", json.dumps({"record": "nope"}),
                                          json.dumps({"record": json.dumps(to_data(susan_record("e5")))}),
                                          request_json(susan_record("e5"), level="godlike")])
def test_session_refuses_bad_requests(request_text: str) -> None:
    with pytest.raises(SessionError):
        SearchSession().start(request_text)
    with pytest.raises(SessionError, match="no search"):
        SearchSession().step(10)




def test_session_searches_the_position_a_diagram_start_gives() -> None:
    """A record that starts from a diagram: White surrounds a1 by playing b2, a win that exists
    only in the diagram's position, not on the empty board."""
    rows = ("xo...", "o.....", ".......", "........", "....x....", "........", ".......", "......", ".....")
    record = Record("susan", {}, (), Start(rows, "White"))
    session = SearchSession()
    session.start(request_json(record, iterations=50, seconds=None))
    answer = json.loads(session.step(10_000))
    assert answer["done"] and answer["move"] == "b2"


@pytest.mark.parametrize("game,turns", [("lisbon", ("i8",)), ("susan", ("d6",))])
def test_the_computer_s_chances_at_easy_are_not_certain_in_an_open_game(game: str, turns: tuple) -> None:
    """Issue 38.13: at Easy (100 iterations over hundreds of moves) the thinking box read 100%
    at move 2: the best child's mean is the luckiest of many one-visit samples."""
    session = SearchSession()
    answers = [json.loads(session.start(request_json(Record(game, {}, turns), level="easy", seconds=None, seed=3)))]
    while not answers[-1]["done"]:
        answers.append(json.loads(session.step(5)))
    shown = [a["value"] for a in answers[1:]]
    assert shown and all(0.2 <= value <= 0.8 for value in shown), shown


def test_the_session_reads_the_time_cap_on_its_own_clock() -> None:
    # the lab's page player gives each session a clock of its own; one that stands still never
    # reaches the cap, so the iteration budget alone ends the search, where the wall clock stops it
    request = request_json(Record("susan", {}), "medium", 1, iterations=3000, seconds=0.001)
    still = SearchSession(clock=lambda: 0.0)
    still.start(request)
    assert json.loads(still.step(10 ** 9))["iterations"] >= 3000
    wall = SearchSession()
    wall.start(request)
    assert json.loads(wall.step(10 ** 9))["iterations"] < 3000
