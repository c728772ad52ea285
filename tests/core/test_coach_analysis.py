"""The coach's analysis (pygame_core.ai.analysis, review, coach_session): chances per seat,
the preferred turn, a review that marks a planted blunder, and the worker protocol."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygame_core.ai.analysis import Analyst, GameReview
from pygame_core.ai.baselines import winning_actions
from pygame_core.ai.coach_session import CoachError, CoachSession
from pygame_core.ai.review import MISTAKE_DROP, Evaluation, from_plain, mistakes, shares, to_plain
from pygame_core.record import Record, from_text, replay, to_data
from pygame_core.registry import find_game

MANUAL = Path(__file__).parent / "fixtures" / "susan_manual_game.txt"
BLUNDER_AT = 16   # Black to move; e3 lets White surround at once (checked below)


def manual_turns() -> tuple[str, ...]:
    return from_text(MANUAL.read_text(), game="susan").turns


def planted() -> Record:
    return Record("susan", {}, manual_turns()[:BLUNDER_AT] + ("e3",))


def review(record: Record, iterations: int = 200, seed: int = 1) -> tuple[dict, dict, list[str]]:
    states = replay(record)
    played = [before.format_turn(before.parse_turn(text)) for before, text in zip(states, record.turns, strict=False)]
    work = GameReview(Analyst(find_game(record.game), seed), states, played, iterations)
    evaluations, alternatives = {}, {}
    while not work.done:
        for kind, index, evaluation in work.step(0.05):
            (evaluations if kind == "position" else alternatives)[index] = evaluation
    return evaluations, alternatives, played


def check_chances(evaluation: Evaluation, players: int) -> None:
    assert len(evaluation.chances) == players
    assert all(0.0 <= c <= 1.0 for c in evaluation.chances)
    assert sum(evaluation.chances) == pytest.approx(1.0)


def test_the_planted_blunder_is_a_real_one() -> None:
    before = replay(planted())[BLUNDER_AT]
    after = before.play_turn("e3")
    assert after.outcome is None and winning_actions(after)       # White wins at once after it
    assert any(not winning_actions(before.apply(a)) for a in before.legal_actions())   # and it could be avoided


def test_review_marks_the_planted_blunder_with_a_better_turn() -> None:
    record = planted()
    evaluations, alternatives, played = review(record)
    assert sorted(evaluations) == list(range(len(record.turns) + 1))   # every position, in order
    found = {m.turn: m for m in mistakes(evaluations, alternatives, played)}
    blunder = found[BLUNDER_AT + 1]
    assert blunder.seat == 0 and blunder.played == "e3" and blunder.better != "e3"
    assert blunder.after == 0.0                                     # White's win is proven
    assert blunder.better_chances - blunder.after >= MISTAKE_DROP
    for evaluation in evaluations.values():
        check_chances(evaluation, 2)
    last = evaluations[len(record.turns)]
    assert last.exact and last.chances[1] == 1.0


def test_a_turn_as_good_as_the_search_s_own_is_no_mistake() -> None:
    evaluations = {0: Evaluation(0, (0.6, 0.4), (5,), "e5", 10, False), 1: Evaluation(1, (0.2, 0.8), (6,), "a1", 10, False)}
    alternatives = {0: Evaluation(1, (0.3, 0.7), (), "", 10, False)}
    assert mistakes(evaluations, alternatives, ["d4"]) == []          # 0.3 -> 0.2: 10 points, under 15
    assert mistakes(evaluations, alternatives, ["e5"]) == []          # the search's own choice
    worse = {0: Evaluation(1, (0.36, 0.64), (), "", 10, False)}
    assert [m.turn for m in mistakes(evaluations, worse, ["d4"])] == [1]


def test_three_players_get_a_chance_each_and_the_preferred_turn_is_legal() -> None:
    spec = find_game("susan")
    state = spec.new_state(spec.resolve_options({"players": "3"}))
    for text in ("e5", "d4", "f6"):
        state = state.play_turn(text)
    search = Analyst(spec, 3).position(state, ("three",), 300)
    while not search.step(0.05):
        pass
    evaluation = search.current()
    check_chances(evaluation, 3)
    assert evaluation.to_move == state.to_move and evaluation.iterations >= 300
    assert state.parse_turn(evaluation.best_text) == list(evaluation.best)


def test_a_multi_stone_turn_is_hinted_whole() -> None:
    spec = find_game("stymie")
    state = spec.new_state(spec.resolve_options({"size": "3"}))
    state = state.play_turn("c5")
    state = state.play_turn("a1")    # Vert's second turn may place up to three stones
    search = Analyst(spec, 1).position(state, ("stymie",), 200)
    search.step()
    best = search.current()
    after = state
    for action in best.best:
        after = after.apply(action)
    assert after.is_over or after.to_move != state.to_move     # the whole turn, not one stone


def test_shares_and_plain_data_round_trip() -> None:
    assert shares([0.5, 0.5, 0.5]) == pytest.approx((1 / 3,) * 3)   # a three-way draw
    assert shares([0.0, 0.0]) == (0.5, 0.5)
    evaluation = Evaluation(1, (0.25, 0.75), (3, 4), "a1,b2", 800, False)
    assert from_plain(json.loads(json.dumps(to_plain(evaluation)))) == evaluation


def test_coach_session_evaluates_reviews_and_a_new_request_replaces_the_old() -> None:
    coach = CoachSession()
    record = planted()
    started = json.loads(coach.start(json.dumps({"kind": "review", "record": to_data(record), "depth": "quick"})))
    assert started["played"][-1] == "e3" and started["total"] == len(record.turns) + 1
    json.loads(coach.step(5))
    answer = json.loads(coach.start(json.dumps({"kind": "evaluate", "record": to_data(record), "depth": "quick"})))
    while not answer["done"]:
        answer = json.loads(coach.step(20))
        assert answer["kind"] == "evaluate"      # the review is gone: its slices never come back
    final = from_plain(answer["evaluation"])
    assert final.exact and final.chances[1] == 1.0   # White to move wins at once: proven
    with pytest.raises(CoachError):
        coach.step(5)                           # done: nothing left to step


@pytest.mark.parametrize("request_text", [
    "not json", "[]", '{"kind": "solve"}', '{"kind": "review", "record": {}}',
    '{"kind": "evaluate", "record": {"format": "pygame_core-record", "version": 1, "game": "susan", "turns": ["zz9"]}}',
    '{"kind": "evaluate", "depth": "abyss", "record": {"format": "pygame_core-record", "version": 1, "game": "susan"}}',
])
def test_bad_requests_are_refused_with_a_message(request_text: str) -> None:
    with pytest.raises(CoachError):
        CoachSession().start(request_text)


def test_the_preferred_turn_in_another_order_is_the_turn_played() -> None:
    """Issue 38.10: a LISBON review offered j11,b5,g4,h1,i15,o4 as better than the turn played,
    j11,b5,g4,i15,h1,o4: the same stones in another order."""
    record = Record("lisbon", {}, ("i8", "c3,m9"))        # Black's turn 3 places two stones
    preferred = review(record, iterations=100)[0][2].best_text
    cells = preferred.split(",")
    assert len(cells) == 2
    other_order = Record("lisbon", {}, record.turns + (",".join(reversed(cells)),))
    evaluations, alternatives, played = review(other_order, iterations=100)
    assert evaluations[2].best_text == played[2] == ",".join(reversed(cells))   # written as played
    assert 2 not in alternatives and not [m for m in mistakes(evaluations, alternatives, played) if m.turn == 3]


def test_a_proven_loss_is_marked_only_where_the_better_turn_was_better() -> None:
    """Issue 38.10: "this loses by force, where X gave 0%": offered only when X gave more."""
    before = Evaluation(0, (0.04, 0.96), (1, 2), "a1,b1", 200, False)
    lost = Evaluation(1, (0.0, 1.0), (3,), "c1", 0, True)
    hopeless = Evaluation(1, (0.0, 1.0), (3,), "c1", 200, False)
    assert mistakes({0: before, 1: lost}, {}, ["d1,e1"]) == []
    assert mistakes({0: before, 1: lost}, {0: hopeless}, ["d1,e1"]) == []
    hopeful = Evaluation(1, (0.3, 0.7), (3,), "c1", 200, False)
    assert [m.better_chances for m in mistakes({0: before, 1: lost}, {0: hopeful}, ["d1,e1"])] == [0.3]
