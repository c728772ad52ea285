"""The analysis panel on a fake page with the real explanations in-process: the toggle opens it,
the best line lands in data-pv, it stops at the default depth unless "Keep analysing" is on, a
move restarts it, closing stops it, a top turn is shown and played; and the words."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.ai.explain_session import ExplainSession
from pygame_core.ai.explanation import Explanation, TopTurn
from pygame_core.registry import find_game
from ui.explain_client import ExplainClient
from ui.play import engine_words
from ui.play.session import Session

SUSAN = find_game("susan")


class FakeExplainWorker:
    """The real explain session in-process, a few ms a slice, yielding between calls."""

    def __init__(self, iterations: int = 150) -> None:
        self.session = ExplainSession()
        self.iterations = iterations
        self.steps = 0

    async def explain_start(self, text: str) -> str:
        await asyncio.sleep(0)
        request = json.loads(text)
        request["iterations"] = self.iterations
        return self.session.start(json.dumps(request))

    async def explain_step(self, ms: float) -> str:
        await asyncio.sleep(0)
        self.steps += 1
        return self.session.step(5)


def make_page(*turns: str) -> tuple[Any, Any, FakeExplainWorker]:
    stub_browser_modules()
    from ui.page.analysis_panel import AnalysisPanel
    from ui.page.play_page import PlayPage

    session = Session(SUSAN)
    for turn in turns:
        session.play_turn(session.turn_start.parse_turn(turn))
    page = PlayPage(Document(), Window(), session)
    worker = FakeExplainWorker()

    async def connect() -> Any:
        return worker

    panel = AnalysisPanel(page, ExplainClient(connect, seed=1))
    page._dialogs["engine"] = panel
    return page, panel, worker


async def settle(panel: Any, slices: int = 10_000) -> None:
    """Let the panel's analysis run until it stops by itself (or `slices` loop turns)."""
    for _ in range(slices):
        if panel._task is None:
            return
        await asyncio.sleep(0)


def pv(page: Any) -> str:
    return page.dom.by_id("analysis-pv").dataset.pv


def test_the_toggle_opens_the_panel_and_the_best_line_lands_in_data_pv() -> None:
    page, panel, worker = make_page("d6", "b5")

    async def scenario() -> None:
        page.dom.by_id("analysis-toggle").fire("click")
        await settle(panel)

    asyncio.run(scenario())
    toggle = page.dom.by_id("analysis-toggle")
    assert toggle.attributes["aria-pressed"] == "true" and page.dom.by_id("analysis").hidden is False
    line = pv(page).split(" ")
    assert line[0] and page.session.turn_start.illegal_reason(page.session.turn_start.parse_turn(line[0])[0]) is None
    assert page.dom.by_id("analysis-eval").textContent.startswith("Black to move: ")
    rows = [r for r in panel._rows if not r["item"].hidden]
    assert len(rows) == 3 and rows[0]["show"].textContent
    assert int(page.dom.by_id("analysis").dataset.iterations) >= worker.iterations   # the default depth
    assert page.dom.by_id("analysis-progress").textContent.endswith("paused")   # then it stops
    page.dom.by_id("analysis-toggle").fire("click")
    assert page.dom.by_id("analysis").hidden is True and toggle.attributes["aria-pressed"] == "false"


def test_keep_analysing_refines_until_the_panel_closes() -> None:
    page, panel, worker = make_page("d6")

    async def scenario() -> None:
        page.dom.by_id("analysis-keep").checked = True
        panel.show()
        for _ in range(400):
            await asyncio.sleep(0)
        assert panel._task is not None   # still refining past the default depth
        assert int(page.dom.by_id("analysis").dataset.iterations) > worker.iterations
        assert page.dom.by_id("analysis-progress").textContent.endswith("refining…")
        panel.hide()
        steps = worker.steps
        for _ in range(50):
            await asyncio.sleep(0)
        assert worker.steps <= steps + 1 and panel._task is None   # closed: no more slices

    asyncio.run(scenario())


def test_switching_keep_analysing_on_after_a_pause_carries_on_with_the_same_tree() -> None:
    page, panel, worker = make_page("d6")

    async def scenario() -> None:
        panel.show()
        await settle(panel)
        paused_at = int(page.dom.by_id("analysis").dataset.iterations)
        page.dom.by_id("analysis-keep").checked = True
        page.dom.by_id("analysis-keep").fire("change")
        for _ in range(100):
            await asyncio.sleep(0)
        assert int(page.dom.by_id("analysis").dataset.iterations) > paused_at
        panel.hide()

    asyncio.run(scenario())


def test_a_move_restarts_the_analysis_on_the_new_position() -> None:
    page, panel, _ = make_page("d6")

    async def scenario() -> None:
        panel.show()
        await settle(panel)
        assert pv(page)
        state = panel._state
        page.dom.by_id("move-input").value = "b5"
        page.dom.by_id("move-form").fire("submit")
        assert panel._state is not state and panel._state.to_move == 0   # Black to move now
        assert pv(page) == ""   # the old position's line is gone at once
        await settle(panel)
        start = page.session.turn_start
        assert panel._state.position_rows() == start.position_rows()
        # a line about the new position (it may begin with the same point as the old one)
        assert pv(page) and start.illegal_reason(start.parse_turn(pv(page).split(" ")[0])[0]) is None
        panel.hide()

    asyncio.run(scenario())
    assert page.dom.by_id("analysis-eval").textContent.startswith("Black to move: ")


def test_a_top_turn_is_shown_on_the_board_and_played_by_its_button() -> None:
    page, panel, _ = make_page("d6", "b5")

    async def scenario() -> None:
        panel.show()
        await settle(panel)
        row = panel._rows[1]
        turn = row["show"].textContent
        row["show"].fire("click")
        assert row["show"].attributes["aria-pressed"] == "true" and panel._picked is not None
        assert page.dom.by_id("analysis").dataset.shown == turn
        row["play"].fire("click")
        page.dom.window.run_frames()
        assert page.session.turns == ("d6", "b5", turn)
        panel.hide()

    asyncio.run(scenario())


MANUAL_22 = ("d6", "b5", "c4", "b2", "d3", "e2", "f3", "h2", "g4", "h5", "f6", "e8", "f2", "e5", "f5", "d2", "f4",
             "h3", "d4", "g2", "d5", "g5")   # the manual's game: White threatens to surround at e6


def test_the_best_line_and_the_threat_are_drawn_on_the_board_while_the_panel_is_open() -> None:
    """Issue 54.6: the line and the threat were text only."""
    page, panel, _ = make_page(*MANUAL_22)

    async def scenario() -> None:
        panel.show()
        await settle(panel)

    asyncio.run(scenario())
    page.dom.window.run_frames()
    marks = page.dom.by_id("analysis").dataset.marks
    first = pv(page).split(" ")[0]
    assert marks.startswith(f"1 {first} · 2 ") and marks.endswith("threat e6")
    painted = page.dom.by_id("board").getContext("2d")
    assert "1" in painted.texts() and "2" in painted.texts()   # the numbers are on the canvas
    panel._pick(1)   # a top turn picked: that turn instead of the line
    page.dom.window.run_frames()
    assert page.dom.by_id("analysis").dataset.marks == ""
    panel._pick(1)
    panel.hide()
    page.dom.window.run_frames()
    assert page.dom.by_id("analysis").dataset.marks == ""


# --- the words --------------------------------------------------------------------------------

def explanation(**fields: Any) -> Explanation:
    base = Explanation(0, 0.625, False, -1, 0, (1,), ("a1",), ("a1",),
                       (TopTurn((1,), "a1", 1200, 0.64, False),), -1, (), 1234)
    return base._replace(**fields)


@pytest.mark.parametrize("fields, words", [
    ({}, "Black to move: 62% chance to win (estimate)."),
    ({"exact": True, "winner": 0, "wins_in": 1}, "Black wins with this move (proven)."),
    ({"exact": True, "winner": 1, "wins_in": 1}, "White wins with their next move (proven)."),
    ({"exact": True, "winner": 1, "wins_in": 3}, "White wins by force within 3 of their moves (proven)."),
    ({"exact": True, "winner": -1}, "A draw with best play (proven)."),
    ({"to_move": -1, "exact": True}, "The game is over."),
])
def test_the_evaluation_in_words(fields: dict[str, Any], words: str) -> None:
    assert engine_words.evaluation_words(SUSAN.new_game(), explanation(**fields)) == words


def test_the_rows_threats_and_progress_in_words() -> None:
    state = SUSAN.new_game()
    row = engine_words.top_rows(explanation())[0]
    assert row == ("a1", "64% · 1,200 simulated games", "Show a1 on the board: 64% · 1,200 simulated games")
    few = engine_words.top_rows(explanation(top=(TopTurn((1,), "a1", 6, 1.0, False),)))[0]
    assert few.figures == "6 simulated games: too few to judge"   # not "100%" on six playouts
    wide = engine_words.top_rows(explanation(top=(TopTurn((1, 2, 3), "a1,b2,c3", 240, 0.62, False, "a1"),)))[0]
    assert wide.figures == "62% · 240 simulated games that began a1"   # the first stone's games, said so
    young = engine_words.top_rows(explanation(top=(TopTurn((1, 2), "a1,b2,…", 9, 0.7, False, "a1"),)))[0]
    assert young.figures == "9 simulated games that began a1: too few to judge"
    proven = engine_words.top_rows(explanation(top=(TopTurn((1,), "a1", 2, 1.0, True),)))[0]
    assert proven.figures == "100% proven · 2 simulated games"
    assert engine_words.threats_words(state, explanation()) == ""
    assert engine_words.threats_words(state, explanation(threat_seat=1)) == "White threatens no win in one."
    assert engine_words.threats_words(state, explanation(threat_seat=1, threats=("d4", "e5"))) == \
        "White threatens to win at d4, e5."
    assert engine_words.progress_words(explanation(), True) == "1,234 simulated games · refining…"
    assert engine_words.progress_words(explanation(), False) == \
        "1,234 simulated games · paused before every move could be judged: Keep analysing goes on"
    deep = explanation(line_turns=("a1", "b2", "c3"))   # a line three turns deep, its one top turn judged
    assert engine_words.progress_words(deep, False) == "1,234 simulated games · paused"
    assert engine_words.line_words(explanation(line_turns=("e5", "d4,c3"))) == "e5 → d4,c3"
