"""Root parallelism as the browser's workers use it: pooled searches wait for the caller's
choice of each action, and their root rows merge as one search with the summed visits."""

import json

import pytest

from pygame_core.ai.search import merge_stats, rank
from pygame_core.ai.session import SearchSession, SessionError, request_json
from pygame_core.record import Record


def test_merged_rows_add_visits_and_weigh_estimates_by_visits() -> None:
    merged = {row[0]: row for row in merge_stats([[(1, 30, 0.5, None, None), (2, 10, 1.0, None, None)],
                                                  [(1, 10, 0.1, None, None), (3, 5, 0.2, None, None)]])}
    assert merged[1][:2] == (1, 40) and merged[1][2] == pytest.approx((30 * 0.5 + 10 * 0.1) / 40)
    assert merged[2][1:3] == (10, 1.0) and merged[3][1] == 5


def test_a_proof_from_one_search_holds_for_the_pool() -> None:
    """One worker proved action 4 wins (few visits), the other has not: the win is played; a
    loss one worker proved is never preferred to an open move however many visits it had."""
    a = [(4, 3, 0.9, 1.0, 5), (5, 500, 0.6, None, None)]
    b = [(4, 50, 0.7, None, None), (5, 400, 0.6, None, None), (6, 900, 0.4, 0.0, 2)]
    assert rank(merge_stats([a, b]))[0][0] == 4
    assert rank(merge_stats([b]))[0][0] == 5


def test_the_quickest_win_and_the_slowest_loss_come_first_and_the_pool_keeps_the_shortest_proof() -> None:
    wins = [(1, 900, 1.0, 1.0, 6), (2, 5, 1.0, 1.0, 0), (3, 50, 1.0, 1.0, 2)]
    assert [row[0] for row in rank(wins)] == [2, 3, 1]
    losses = [(1, 900, 0.0, 0.0, 0), (2, 5, 0.0, 0.0, 4), (3, 50, 0.0, 0.0, 2)]
    assert [row[0] for row in rank(losses)] == [2, 3, 1]
    merged = merge_stats([[(2, 5, 0.0, 0.0, 4)], [(2, 7, 0.0, 0.0, 1)], [(2, 9, 0.3, None, None)]])
    assert merged[0][3:] == (0.0, 1)


def start_pooled(session: SearchSession, record: Record, seed: int) -> dict:
    return json.loads(session.start(request_json(record, seed=seed, iterations=120, seconds=None, pooled=True)))


def run_until_waiting(session: SearchSession) -> dict:
    answer = json.loads(session.step(10_000))
    assert answer.get("waiting") and "actions" not in answer
    return answer


def test_a_pooled_search_waits_and_plays_the_committed_action() -> None:
    record = Record("lisbon", {}, ("h8",))   # a two-stone turn: two commits
    sessions = [SearchSession(), SearchSession()]
    for seed, session in enumerate(sessions):
        start_pooled(session, record, seed)
    chosen = []
    while True:
        answers = [run_until_waiting(s) for s in sessions]
        assert all(a["iterations"] >= 120 for a in answers)
        action = rank(merge_stats([a["children"] for a in answers]))[0][0]
        chosen.append(action)
        answers = [json.loads(s.commit(action)) for s in sessions]
        if answers[0]["done"]:
            break
    assert [a["actions"] for a in answers] == [chosen, chosen] and len(chosen) == 2
    # the trees were kept: the next turn's search reuses the subtree under the chosen turn
    next_record = Record("lisbon", {}, ("h8", answers[0]["move"]))
    start_pooled(sessions[0], next_record, 0)
    assert sessions[0]._search.reused


def test_a_single_pooled_search_committing_its_own_choice_plays_as_an_unpooled_one() -> None:
    record = Record("susan", {}, ("e5", "d4"))
    alone = SearchSession()
    alone.start(request_json(record, seed=3, iterations=200, seconds=None))
    expected = json.loads(alone.step(10_000))["actions"]
    pooled = SearchSession()
    start_pooled_200 = request_json(record, seed=3, iterations=200, seconds=None, pooled=True)
    pooled.start(start_pooled_200)
    waiting = json.loads(pooled.step(10_000))
    action = rank(merge_stats([waiting["children"]]))[0][0]
    assert json.loads(pooled.commit(action))["actions"] == expected == [action]


@pytest.mark.parametrize("action", ["x", None, -1, 10 ** 6])
def test_committing_an_illegal_action_is_refused(action) -> None:
    session = SearchSession()
    start_pooled(session, Record("susan", {}, ("e5",)), 0)
    run_until_waiting(session)
    with pytest.raises(SessionError):
        session.commit(action)


def test_commit_needs_a_pooled_search() -> None:
    session = SearchSession()
    with pytest.raises(SessionError, match="no search"):
        session.commit(0)
    session.start(request_json(Record("susan", {}, ("e5",)), iterations=50, seconds=None))
    with pytest.raises(SessionError, match="pooled"):
        session.commit(0)
