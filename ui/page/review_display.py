"""The coach's game review on the page: the review as it comes in, and its display (progress
line, graph of each seat's chances, the list of mistakes), whose graph and mistakes take the
board to a position. Kept apart from ui.page.coach_panel, which asks the coach's worker for the
review and decides when it runs: this module only shows one.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from pygame_core.ai.review import Evaluation, Mistake, Slide, mistakes, steepest_slide
from ui.coach_client import Reviewed
from ui.i18n import ngettext, say
from ui.page.page_api import Page
from ui.play import coach
from ui.play.session import Session

GRAPH_HEIGHT = 120
# positions timed (after the first answer) before the time left is guessed: the first answer
# waits for the coach's worker to start, seconds that no later position costs (issue 38.15)
TIMED_POSITIONS = 3


class Review:
    """One game's review as it comes in."""

    def __init__(self, session: Session, depth: str, clock: Callable[[], float] = time.perf_counter) -> None:
        self.session = session
        self.depth = depth
        self.evaluations: dict[int, Evaluation] = {}
        self.alternatives: dict[int, Evaluation] = {}
        self.played: list[str] = list(session.turns)
        self.states = [session.state_at(i) for i in range(len(session.turns) + 1)]
        self.total = len(self.states)
        self.finished = False
        self.running = True    # until finished or stopped
        self.clock = clock
        self._timed_from: tuple[float, int] | None = None   # when the first positions came, and how many
        self.slowest_ms = 0.0   # the page's own work per update, at its slowest (tools/bench_review.py)

    def seconds_left(self) -> float | None:
        """A guess at the time left from the pace since the first answer; None until
        TIMED_POSITIONS more positions have come (a guess from one would be noise)."""
        done = len(self.evaluations)
        if self.finished or self._timed_from is None:
            return None
        since, first = self._timed_from
        timed = done - first
        if timed < TIMED_POSITIONS:
            return None
        return (self.clock() - since) / timed * max(0, self.total - done)

    def add(self, positions: list[Reviewed], total: int) -> None:
        if self._timed_from is None:
            self._timed_from = (self.clock(), sum(1 for kind, _, _ in positions if kind == "position"))
        self.total = total
        for kind, index, evaluation in positions:
            (self.evaluations if kind == "position" else self.alternatives)[index] = evaluation

    def mistakes(self) -> list[Mistake]:
        return mistakes(self.evaluations, self.alternatives, self.played)

    def slide(self) -> Slide | None:
        """The finished review's steepest slide, its falls less the turns marked as mistakes."""
        if not self.finished:
            return None
        slide = steepest_slide(self.evaluations, self.played)
        marked = {mistake.turn for mistake in self.mistakes()}
        return None if slide is None else slide._replace(falls=tuple(f for f in slide.falls if f.turn not in marked))

    def at(self, session: Session) -> Evaluation | None:
        """The evaluation of `session`'s shown position, if this review has it."""
        cursor = session.cursor
        if session is not self.session or cursor >= len(self.states) or self.states[cursor] is not session.turn_start:
            return None
        return self.evaluations.get(cursor)


class ReviewDisplay:
    """Draws the review the coach panel holds (`current`) and answers clicks on it."""

    def __init__(self, page: Page, current: Callable[[], Review | None]) -> None:
        self.page = page
        self.dom = page.dom
        self.current = current
        self.dom.on(self.dom.by_id("review-graph"), "click", self._graph_clicked)
        self.dom.on(self.dom.by_id("review-mistakes"), "click", self._mistake_clicked)
        self.dom.set_text("review-legend", say(coach.GRAPH_LEGEND))

    def draw(self, review: Review) -> None:
        """Show `review` as it stands: after each batch of positions, and as the board moves."""
        started = time.perf_counter()
        done = len(review.evaluations)
        self.dom.set_text("review-progress", coach.review_progress(done, review.total, review.depth, review.finished,
                                                                   review.seconds_left()))
        section = self.dom.by_id("review")
        self._draw_graph(review)
        self._list_mistakes(review)
        # benchmark hook (tools/bench_review.py): the page's own work per update, at its slowest
        review.slowest_ms = max(review.slowest_ms, (time.perf_counter() - started) * 1000)
        section.dataset.slowestMs = str(round(review.slowest_ms))
        section.dataset.done = "1" if review.finished else ""

    def stopped(self, review: Review) -> None:
        """Say how far a review the player stopped got (what it found stays shown)."""
        self.dom.set_text("review-progress", ngettext("Review stopped after {done} of {n} position.",
                                                      "Review stopped after {done} of {n} positions.", review.total,
                                                      done=len(review.evaluations)))

    def _draw_graph(self, review: Review) -> None:
        canvas = self.dom.by_id("review-graph")
        width = max(160.0, float(canvas.clientWidth or 300))
        ratio = float(self.dom.window.devicePixelRatio or 1)
        canvas.width = round(width * ratio)
        canvas.height = round(GRAPH_HEIGHT * ratio)
        ctx = canvas.getContext("2d")
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        theme = self.page.theme
        ctx.fillStyle = theme.cell
        ctx.fillRect(0, 0, width, GRAPH_HEIGHT)
        ctx.strokeStyle = theme.grid
        ctx.lineWidth = 1
        ctx.setLineDash([4, 4])
        ctx.beginPath()
        ctx.moveTo(0, GRAPH_HEIGHT / 2)
        ctx.lineTo(width, GRAPH_HEIGHT / 2)
        ctx.stroke()
        ctx.setLineDash([])
        session = review.session
        state = session.state_at(len(session.turns))   # each seat's side at the end (after any swap)
        players = state.num_players
        slide = review.slide()
        if slide is not None:   # shade the stretch where one player's chances fell the most
            left, right = (coach.graph_x(index, review.total, width) for index in (slide.start, slide.end))
            ctx.globalAlpha = 0.18
            ctx.fillStyle = theme.last
            ctx.fillRect(left, 0, right - left, GRAPH_HEIGHT)
            ctx.globalAlpha = 1
        for mistake in review.mistakes():   # a band where each mistake was made
            x = coach.graph_x(mistake.turn - 1, review.total, width)
            ctx.fillStyle = theme.last
            ctx.fillRect(x - 1.5, 0, 3, GRAPH_HEIGHT)
        lines = coach.graph_lines(review.evaluations, review.total, players, width, GRAPH_HEIGHT)
        for seat, points in enumerate(lines):
            style = theme.stone(state.player_name(seat), seat)
            for colour, line_width in ((style.rim, 4), (style.fill, 2)):
                ctx.strokeStyle = colour
                ctx.lineWidth = line_width
                ctx.beginPath()
                for i, (x, y) in enumerate(points):
                    ctx.moveTo(x, y) if i == 0 else ctx.lineTo(x, y)
                ctx.stroke()
        if session is self.page.session:
            x = coach.graph_x(session.cursor, review.total, width)
            ctx.strokeStyle = theme.cursor
            ctx.lineWidth = 2
            ctx.beginPath()
            ctx.moveTo(x, 0)
            ctx.lineTo(x, GRAPH_HEIGHT)
            ctx.stroke()

    def _list_mistakes(self, review: Review) -> None:
        listing = self.dom.by_id("review-mistakes")
        listing.replaceChildren()
        found = review.mistakes()
        for mistake in found:
            item = self.dom.make("li", listing)
            state = review.session.state_at(mistake.turn - 1)   # the mover's side then (a swap changes it)
            self.dom.make("button", item, coach.mistake_words(state, mistake), type="button",
                          **{"data-turn": str(mistake.turn)})
        slide = review.slide()
        if slide is not None:
            self._list_slide(review, slide)
        if review.finished:
            players = review.states[0].num_players
            self.dom.make("li", listing, coach.review_verdict(found, players), class_="review-verdict")
        section = self.dom.by_id("review")
        section.dataset.mistakes = " ".join(str(m.turn) for m in found)
        section.dataset.slide = "" if slide is None else f"{slide.seat} {slide.start} {slide.end}"
        section.dataset.falls = "" if slide is None else " ".join(str(f.turn) for f in slide.falls)

    def _list_slide(self, review: Review, slide: Slide) -> None:
        """The steepest slide, then its turns that lost the most (buttons, like the mistakes)."""
        listing = self.dom.by_id("review-mistakes")
        state = review.session.state_at(slide.start)
        self.dom.make("li", listing, coach.slide_words(state, slide), class_="review-slide")
        for fall in slide.falls:
            item = self.dom.make("li", listing, class_="review-fall")
            state = review.session.state_at(fall.turn - 1)
            self.dom.make("button", item, coach.fall_words(state, fall), type="button",
                          **{"data-turn": str(fall.turn)})

    def _graph_clicked(self, event: Any) -> None:
        review = self.current()
        if review is None or review.session is not self.page.session:
            return
        canvas = self.dom.by_id("review-graph")
        rect = canvas.getBoundingClientRect()
        width = max(160.0, float(canvas.clientWidth or 300))
        self.page.goto(coach.position_at(float(event.clientX) - float(rect.left), review.total, width))
        self.page.refresh()

    def _mistake_clicked(self, event: Any) -> None:
        """A mistake in the list: show the position before it, with the better turn drawn."""
        button = event.target.closest("button")
        review = self.current()
        if not button or review is None or review.session is not self.page.session:
            return
        turn = int(button.getAttribute("data-turn"))
        self.page.goto(turn - 1)
        self.page.refresh()
