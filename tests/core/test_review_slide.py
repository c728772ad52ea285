"""A loss that comes a few points at a time (issue 38.11): a SUPERSTAR game slid from 50% to
0% over 60 moves with no turn that lost 15 points, and the review marked nothing. Its
steepest slide names the stretch and the loser's turns there that lost the most."""

from __future__ import annotations

import pytest

from pygame_core.ai.review import Evaluation, mistakes, steepest_slide

POSITIONS = 61
BIG = {20: 0.06, 34: 0.08, 50: 0.05}   # Black's turns that lost more than the rest


def slow_loss() -> tuple[dict[int, Evaluation], list[str]]:
    """Black (to move at even positions) slides from 50% to about 0% by the end."""
    evaluations, black = {}, 0.5
    for index in range(POSITIONS):
        if index == POSITIONS - 1:
            evaluations[index] = Evaluation(-1, (0.0, 1.0), (), "", 0, True)
            break
        evaluations[index] = Evaluation(index % 2, (black, 1 - black), (1,), "a1", 800, False)
        black = max(0.0, black - 0.0045 - BIG.get(index, 0.0))
    return evaluations, [f"m{index}" for index in range(POSITIONS - 1)]


def test_a_slow_loss_has_no_mistake_but_a_slide() -> None:
    evaluations, played = slow_loss()
    assert mistakes(evaluations, {}, played) == []
    slide = steepest_slide(evaluations, played)
    assert slide is not None and slide.seat == 0
    assert (slide.start, slide.end) == (0, POSITIONS - 1)
    assert slide.high == pytest.approx(0.5) and slide.low == 0.0
    assert [fall.turn for fall in slide.falls] == [21, 35, 51]          # the largest three, in game order
    assert all(fall.played == played[fall.turn - 1] and fall.better == "a1" for fall in slide.falls)
    assert slide.falls[1].before - slide.falls[1].after == pytest.approx(0.08 + 2 * 0.0045)


def test_a_steady_game_has_no_slide_and_the_search_s_own_turns_are_no_fall() -> None:
    level = {i: Evaluation(i % 2, (0.5 + (i % 3) / 100, 0.5 - (i % 3) / 100), (1,), "a1", 800, False) for i in range(40)}
    assert steepest_slide(level, [f"m{i}" for i in range(39)]) is None
    evaluations, played = slow_loss()
    agreed = [evaluations[index].best_text if index == 34 else text for index, text in enumerate(played)]
    slide = steepest_slide(evaluations, agreed)
    assert slide is not None and 35 not in [fall.turn for fall in slide.falls]
