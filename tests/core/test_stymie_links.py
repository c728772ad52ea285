"""STYMIE's playout answers intrusions into two-way links (issue 19): the link table, the
answers in the fill, and that the plain fill (the frozen baseline's) has none. Runs in CPython
and in Pyodide (tests/core)."""

from __future__ import annotations

import random
from functools import partial

from playout_checks import replay_trace, winners_of

from pygame_core.ai.tuning import tuning_for
from pygame_core.games.stymie import SPEC
from pygame_core.games.stymie.playout import ANY_SIDE, links, play
from pygame_core.games.stymie.state import VERT, StymieState


def turns(*texts: str) -> StymieState:
    state = SPEC.new_game({"size": 8})
    for text in texts:
        for action in state.parse_turn(text):
            state = state.apply(action)
    return state


def cell(name: str) -> int:
    found = SPEC.new_game({"size": 8}).board.cell(name.upper())
    assert found is not None
    return found


def test_links_join_neighbouring_octagons_through_their_squares_or_an_edge() -> None:
    table = links(8)
    assert (cell("c15"), cell("b14"), cell("d14"), ANY_SIDE) in table[cell("c13")]
    assert (cell("c13"), cell("b14"), cell("d14"), ANY_SIDE) in table[cell("c15")]
    assert (cell("c15"), cell("b14"), cell("b14"), VERT) in table[cell("a15")]  # Vert's top edge
    assert not any(link[0] == cell("a13") for link in table[cell("a15")] if link[3] == VERT)
    assert table[cell("b14")] == []  # a square never breaks a link: links are held by squares


# Vert holds b14 and d14: c13 and c15 link them, b14 links a15 and c15 to Vert's top edge, d14 c15 and e15
LINKED = turns("b14", "o1", "d14", "o3")


def answers(fill, state: StymieState, seeds: int = 100) -> list[bool]:
    """For each time Horz broke one of the links above in a fill: did Vert's next stone restore
    one of the links it broke?"""
    restores = {cell("c13"): {cell("c15")}, cell("c15"): {cell("c13"), cell("a15"), cell("e15")},
                cell("a15"): {cell("c15")}}
    found = []
    for seed in range(seeds):
        trace: list = []
        fill(state, random.Random(seed), trace)
        taken: set[int] = set()
        for (seat, stone), (next_seat, next_stone) in zip(trace, trace[1:]):
            taken.add(stone)
            open_ = restores.get(stone, set()) - taken
            if seat == 1 and open_:
                found.append(next_seat == 0 and next_stone in open_)
    return found


def test_the_fill_restores_a_broken_link_at_once() -> None:
    found = answers(play, LINKED)
    assert len(found) >= 20 and all(found)


def test_the_frozen_fill_does_not_answer() -> None:
    found = answers(partial(play, bridges=False), LINKED)
    assert len(found) >= 20 and not all(found)
    assert tuning_for(SPEC, frozen=True).simulator is SPEC.search.frozen.playout  # type: ignore[union-attr]


def test_both_fills_agree_with_the_rules() -> None:
    for bridges in (True, False):
        for seed in range(6):
            trace: list = []
            returns = play(LINKED, random.Random(seed), trace, bridges)
            final, _ = replay_trace(LINKED, trace)
            assert final.outcome is not None and winners_of(returns) == final.outcome.winners
