"""The coach on the page side: hints kept by the session and saves, the words and graph
geometry (ui.play.coach), the hint drawn on the board, the client's cancel, and the panel
wired on a fake page with a fake coach."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from fake_canvas import RecordingCanvas
from fake_dom import Document, Window, stub_browser_modules
from pygame_core.ai.coach_session import CoachSession
from pygame_core.ai.review import ALLOWED_LOSS, MISSED_WIN, Evaluation, Mistake
from pygame_core.record import from_text
from pygame_core.registry import find_game
from ui.board.boards import art_for
from ui.board.hint_marks import draw_hint, hint_mark
from ui.board.layout import fit
from ui.board.theme import LIGHT
from ui.coach_client import CoachClient
from ui.play import coach
from ui.play.session import Session
from ui.saves.savefile import decode, encode

SUSAN = find_game("susan")
MANUAL = Path(__file__).resolve().parents[1] / "core" / "fixtures" / "susan_manual_game.txt"


def played(*turns: str) -> Session:
    session = Session(SUSAN)
    for text in turns:
        state = session.turn_start
        session.commit_turn(list(state.parse_turn(text)), state.play_turn(text))
    return session


# --- hints in the session and the save --------------------------------------------------------

def test_a_hint_is_noted_saved_and_loaded() -> None:
    session = played("d6", "b5")
    session.note_hint()                     # asked before turn 3
    saved = session.to_saved()
    assert saved.record.hints == (3,)
    back = Session.from_saved(decode(encode(saved)))
    assert back.hints == {3} and back.record(len(back.turns)).hints == (3,)


def test_hints_of_a_replaced_redo_tail_go() -> None:
    session = played("d6", "b5", "c4")
    session.goto(2)
    session.note_hint()
    session.goto(3)
    session.note_hint()                     # hint before turn 4
    session.goto(1)
    state = session.turn_start
    session.commit_turn(list(state.parse_turn("e5")), state.play_turn("e5"))   # a new turn 2
    assert session.hints == set()           # turn 3 and 4 of the old line are gone
    assert session.record(1).hints == ()


# --- words and geometry -----------------------------------------------------------------------

def test_chances_in_words_and_bar() -> None:
    state = SUSAN.new_state(SUSAN.resolve_options({"players": "3"}))
    evaluation = Evaluation(0, (0.5, 0.3, 0.2), (1,), "a1", 800, False)
    assert coach.chances_words(state, evaluation) == "Black 50% · White 30% · Red 20%"
    segments = coach.bar_segments(evaluation)
    assert [s.seat for s in segments] == [0, 1, 2]
    assert segments[2].start == pytest.approx(0.8) and sum(s.width for s in segments) == pytest.approx(1)
    proven = Evaluation(-1, (0.0, 1.0, 0.0), (), "", 0, True)
    assert coach.chances_words(state, proven) == "certain: White wins"


def test_graph_points_and_clicks_agree() -> None:
    evaluations = {i: Evaluation(i % 2, (0.5 + i / 100, 0.5 - i / 100), (), "", 1, False) for i in range(11)}
    lines = coach.graph_lines(evaluations, 11, 2, 204.0, 100.0)
    assert len(lines) == 2 and len(lines[0]) == 11
    assert lines[0][0] == (4.0, 50.0) and lines[0][10][0] == 200.0
    for index in range(11):
        assert coach.position_at(coach.graph_x(index, 11, 204.0), 11, 204.0) == index
    assert coach.position_at(-50, 11, 204.0) == 0 and coach.position_at(999, 11, 204.0) == 10


def test_a_mistake_in_words() -> None:
    state = SUSAN.new_state(SUSAN.resolve_options({}))
    words = coach.mistake_words(state, Mistake(17, 0, 0.47, 0.1, "e3", "d6-c6"))
    assert words == "17. Black e3: Black's chances 10%, where d6-c6 gave 47% (estimate)"
    proven = coach.mistake_words(state, Mistake(17, 0, 0.47, 0.0, "e3", "d6-c6", ALLOWED_LOSS))
    assert proven == "17. Black e3: this loses by force (proven), where d6-c6 gave 47%"
    missed = coach.mistake_words(state, Mistake(18, 1, 1.0, 0.2, "a1", "e4", MISSED_WIN))
    assert missed == "18. White a1: missed a win: e4 wins (proven)"
    assert "deeper review may find more" in coach.review_verdict([], 2)
    assert "15 points" in coach.review_verdict([], 2) and "10 points" in coach.review_verdict([], 3)
    assert "(estimate)" in coach.review_verdict([Mistake(17, 0, 0.47, 0.1, "e3", "d6-c6")], 2)


def test_with_three_players_each_line_is_read_at_its_own_turns() -> None:
    evaluations = {i: Evaluation(i % 3, (0.2, 0.3, 0.5), (), "", 1, False) for i in range(9)}
    evaluations[9] = Evaluation(-1, (0.0, 1.0, 0.0), (), "", 0, True)
    lines = coach.graph_lines(evaluations, 10, 3, 200.0, 100.0)
    assert [len(line) for line in lines] == [4, 4, 4]        # 3 own turns each, and the end
    assert coach.graph_lines(evaluations, 10, 2, 200.0, 100.0)[0][1][0] > 4.0   # two players: every ply


# --- the hint on the board --------------------------------------------------------------------

def test_hint_marks_a_slide_with_an_arrow_and_every_stone_of_a_turn() -> None:
    session = played("d6", "b5", "c4", "b2", "d3", "e2")
    state = session.turn_start
    slide = next(a for a in state.legal_actions() if len(state.touched_cells(a)) == 2)
    mark = hint_mark(state, [slide], LIGHT)
    assert mark.slides == (state.touched_cells(slide),) and mark.places == ()
    stymie = find_game("stymie")
    start = stymie.new_state(stymie.resolve_options({"size": "3"})).play_turn("c5").play_turn("a1")
    turn = start.parse_turn("b2,c1,c3")
    assert len(hint_mark(start, turn, LIGHT).places) == 3
    art = art_for(state.board, ())
    ctx = RecordingCanvas()
    draw_hint(ctx, art, fit(art.bounds, 400, 400, 6), LIGHT, mark)
    assert ctx.calls("lineTo") and ctx.calls("fill")     # an arrow: shaft and head


# --- the client -------------------------------------------------------------------------------

class FakeCoachWorker:
    """The real coach session in-process (quick depth), yielding between calls."""

    def __init__(self) -> None:
        self.session = CoachSession()

    async def analyse_start(self, text: str) -> str:
        await asyncio.sleep(0)
        request = json.loads(text)
        request["depth"] = "quick"
        return self.session.start(json.dumps(request))

    async def analyse_step(self, ms: float) -> str:
        await asyncio.sleep(0)
        return self.session.step(5)


def fake_client() -> CoachClient:
    worker = FakeCoachWorker()

    async def connect() -> Any:
        return worker

    return CoachClient(connect, seed=1)


def test_client_evaluates_and_cancel_stops_a_review() -> None:
    client = fake_client()
    record = played("d6", "b5", "c4").record()

    async def scenario() -> None:
        seen: list[Evaluation] = []
        evaluation = await client.evaluate(record, "normal", seen.append)
        assert evaluation.best and sum(evaluation.chances) == pytest.approx(1)
        arrived: list = []
        pending = asyncio.ensure_future(client.review(record, "normal", lambda p, total: arrived.extend(p)))
        for _ in range(3):
            await asyncio.sleep(0)
        client.cancel()
        with pytest.raises(asyncio.CancelledError):
            await pending
        assert len([p for p in arrived if p[0] == "position"]) < 4   # stopped before the end

    asyncio.run(scenario())


# --- the panel on a fake page -----------------------------------------------------------------

def test_hint_button_shows_the_turn_without_playing_it() -> None:
    stub_browser_modules()
    from ui.page.coach_panel import CoachPanel
    from ui.page.play_page import PlayPage

    page = PlayPage(Document(), Window(), played("d6", "b5"))

    async def scenario() -> None:
        panel = CoachPanel(page, fake_client())
        page._dialogs["coach"] = panel
        page.dom.by_id("hint-button").fire("click")
        while panel._task is not None:
            await asyncio.sleep(0)

    asyncio.run(scenario())
    page.dom.window.run_frames()
    hinted = page.dom.by_id("board").dataset.hint
    assert hinted and page.session.turns == ("d6", "b5")           # shown, not played
    assert page.session.hints == {3}
    assert page.dom.by_id("coach-message").textContent == f"Hint: {hinted}, shown on the board (not played)."
    assert page.dom.by_id("eval-words").textContent.startswith("Black ")


def test_a_request_cancelled_while_the_worker_starts_leaves_the_start_alone() -> None:
    worker = FakeCoachWorker()

    async def scenario() -> None:
        gate = asyncio.Event()

        async def slow_connect() -> Any:
            await gate.wait()
            return worker

        client = CoachClient(slow_connect, seed=1)
        record = played("d6").record()
        first = asyncio.ensure_future(client.evaluate(record, "normal"))
        await asyncio.sleep(0)
        client.cancel()
        first.cancel()                                  # as the panel does for a new request
        second = asyncio.ensure_future(client.evaluate(record, "normal"))
        await asyncio.sleep(0)
        gate.set()
        assert (await second).best                       # the second request still gets the worker
        with pytest.raises(asyncio.CancelledError):
            await first

    asyncio.run(scenario())


def test_a_stopped_review_keeps_its_positions_and_the_bar_evaluates_the_rest() -> None:
    stub_browser_modules()
    from ui.page.coach_panel import CoachPanel
    from ui.page.play_page import PlayPage

    page = PlayPage(Document(), Window(), played("d6", "b5", "c4", "b2", "d3", "e2"))

    async def scenario() -> None:
        panel = CoachPanel(page, fake_client())
        page._dialogs["coach"] = panel
        page.dom.by_id("review-button").fire("click")
        while len(panel.review.evaluations) < 2:
            await asyncio.sleep(0)
        page.dom.by_id("review-cancel").fire("click")
        assert not panel.review.running
        assert page.dom.by_id("review-progress").textContent.startswith("Review stopped after ")
        assert not page.dom.by_id("eval-bar").hidden               # always on in a review
        # the shown position (the last) was not reviewed: the bar asks for it now
        assert page.dom.by_id("eval-words").textContent == "thinking…" and panel._task is not None
        while panel._task is not None:
            await asyncio.sleep(0)
        assert page.dom.by_id("eval-words").textContent.startswith("Black ")
        page.goto(0)
        assert page.dom.by_id("eval-words").textContent.startswith("Black ")   # from the review
        assert panel._task is None                                  # no search needed for it

    asyncio.run(scenario())


def test_the_review_progress_says_how_far_and_how_long() -> None:
    assert coach.review_progress(0, 21, "quick", False).startswith("Reviewing… 0 of 21 positions (quick")
    assert "looked at" not in coach.review_progress(0, 21, "quick", False)
    running = coach.review_progress(5, 21, "quick", False, 12.4)
    assert "about 12 s left" in running and "looked at already" in running
    assert coach.review_progress(21, 21, "quick", True).startswith("Reviewed all 21 positions")


def test_a_finished_review_with_no_mistake_gives_its_verdict() -> None:
    """Issue 38.9: a clean game's finished review crashed before its verdict (and never said done)."""
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.page.review_display import Review, ReviewDisplay

    page = PlayPage(Document(), Window(), played("d6", "b5"))
    review = Review(page.session, "quick")
    review.add([("position", i, Evaluation(i % 2, (0.5, 0.5), (1,), "a1", 200, False)) for i in range(3)], 3)
    review.finished, review.running = True, False
    ReviewDisplay(page, lambda: review).draw(review)
    assert page.dom.by_id("review").dataset.done == "1"
    verdict = page.dom.by_id("review-mistakes").querySelector(".review-verdict")
    assert verdict is not None and verdict.textContent.startswith("No turn lost 15 points")


def test_the_time_left_waits_for_a_few_timed_positions_and_leaves_out_the_start() -> None:
    """Issue 38.15: the first estimate said 868 s for a 78 s review: the coach's worker start
    (seconds, before any position) was charged to the first position."""
    stub_browser_modules()
    from ui.page.review_display import Review

    now = [0.0]
    review = Review(played("d6", "b5", "c4", "b2", "d3", "e2", "f3", "h2", "g4"), "quick", clock=lambda: now[0])
    evaluation = Evaluation(0, (0.5, 0.5), (1,), "a1", 200, False)
    now[0] = 20.0                                   # the worker took 20 s to start
    seen = []
    for index in range(6):
        review.add([("position", index, evaluation)], 10)
        seen.append(review.seconds_left())
        now[0] += 1.0                               # then a position a second
    assert seen[:3] == [None, None, None]           # no guess before a few positions are timed
    assert seen[-1] == pytest.approx(4.0, abs=1.0)  # 4 positions left at about 1 s each


def test_a_slow_loss_is_explained_by_its_steepest_slide() -> None:
    """Issue 38.11: a game lost a few points at a time got no marked turn and no word why."""
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.page.review_display import Review, ReviewDisplay

    turns = from_text(MANUAL.read_text(), game="susan").turns[:40]
    page = PlayPage(Document(), Window(), played(*turns))
    review = Review(page.session, "quick")
    black, positions = 0.5, []
    for index in range(41):
        positions.append(("position", index, Evaluation(index % 2, (black, 1 - black), (1,), "a1", 200, False)))
        black -= 0.008 + (0.05 if index == 20 else 0.0)
    review.add(positions, 41)
    review.played = list(turns)
    review.finished, review.running = True, False
    ReviewDisplay(page, lambda: review).draw(review)
    section = page.dom.by_id("review")
    assert section.dataset.done == "1" and section.dataset.mistakes == ""
    assert section.dataset.slide == "0 0 40" and "21" in section.dataset.falls.split()
    slide = page.dom.by_id("review-mistakes").querySelector(".review-slide")
    assert slide is not None and slide.textContent.startswith(
        "Black's chances fell the most from move 1 to move 40: from 50% to 13%.")
    fall = page.dom.by_id("review-mistakes").querySelector('button[data-turn="21"]')
    assert fall is not None and fall.textContent.startswith(f"21. Black {turns[20]}: ")


def test_the_evaluation_bar_shows_when_toggled_and_remembers_its_last_evaluation() -> None:
    """ui.page.evaluation_bar: the toggle shows the bar, a finished evaluation is kept, and
    coming back to the very position shows it again without a new search."""
    stub_browser_modules()
    from ui.page.coach_panel import CoachPanel
    from ui.page.play_page import PlayPage

    page = PlayPage(Document(), Window(), played("d6", "b5"))
    bar = page.dom.by_id("eval-bar")

    async def scenario() -> None:
        panel = CoachPanel(page, fake_client())
        page._dialogs["coach"] = panel
        assert panel.bar.known(page.session.turn_start) is None
        toggle = page.dom.by_id("eval-toggle")
        toggle.checked = True
        toggle.fire("change")
        assert not bar.hidden and page.dom.by_id("eval-words").textContent == "thinking…"
        while panel._task is not None:
            await asyncio.sleep(0)
        shown = page.session.turn_start
        assert panel.bar.known(shown) is not None and bar.dataset.position == "2"
        page.goto(1)                                     # another position: a new search
        assert panel._task is not None and bar.dataset.position == ""
        page.goto(2)                                     # back: the kept evaluation at once
        assert bar.dataset.position == "2" and page.dom.by_id("eval-words").textContent.startswith("Black ")
        while panel._task is not None:                   # the search for move 1 ends unshown
            await asyncio.sleep(0)
        assert bar.dataset.position == "2"
        toggle.checked = False
        toggle.fire("change")
        assert bar.hidden

    asyncio.run(scenario())
