"""The coach on the page: the Hint button, the evaluation bar and the game review.

Loaded on first use (PlayPage.coach()), never at boot. All analysis runs in the coach's
worker through ui.coach_client; one request at a time (a new one cancels the last), so
the page's thread only awaits and draws. What the words and the graph say is decided in
ui.play.coach; mistakes are found by pygame_core.ai.review; the review is drawn by
ui.page.review_display and the chances by ui.page.evaluation_bar (this panel keeps the
hint, the running of the review and the one request at a time that both share with the bar).
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from pygame_core.ai.review import DEFAULT_DEPTH, Evaluation
from pygame_core.game import Action, GameState
from ui.board.boards import BoardArt
from ui.board.hint_marks import draw_hint, hint_mark
from ui.board.layout import Layout
from ui.board.theme import Theme
from ui.coach_client import CoachClient, Reviewed
from ui.i18n import _
from ui.page.evaluation_bar import EvaluationBar
from ui.page.page_api import Page
from ui.page.review_display import Review, ReviewDisplay
from ui.play import coach
from ui.play.session import Session


class CoachPanel:
    """The hint and the running of a review (the bar is `self.bar`): one worker request at a time."""

    def __init__(self, page: Page, client: CoachClient | None = None) -> None:
        self.page = page
        self.dom = page.dom
        self.client = client or CoachClient()
        self.review: Review | None = None
        self._hint: tuple[GameState, tuple[Action, ...]] | None = None   # position, turn
        self._task: asyncio.Future | None = None
        self._said_at: GameState | None = None   # the position the coach's message is about
        page.after_move.append(self._moved)
        page.on_new_session.append(self._new_session)
        page.board.overlays.append(self._draw_overlay)
        dom = self.dom
        dom.options(dom.by_id("review-depth"), coach.depth_choices())
        dom.by_id("review-depth").value = DEFAULT_DEPTH
        dom.on(dom.by_id("review-depth"), "change", lambda e: self.start_review())
        dom.on_click(dom.by_id("review-cancel"), self.cancel_review)
        dom.on_click(dom.by_id("review-close"), self.close_review)
        self.display = ReviewDisplay(page, lambda: self.review)
        self.bar = EvaluationBar(page, self.client, self._run, lambda: self.review)
        dom.set_text("eval-title", _(coach.CHANCES_TITLE))
        dom.set_text("eval-explained", _(coach.CHANCES_EXPLAINED))

    # --- requests -----------------------------------------------------------------------------
    def _run(self, work: Callable[[], Awaitable[Any]]) -> None:
        """Cancel the request in progress and start `work`."""
        self._stop()
        self._task = asyncio.ensure_future(self._guarded(work))

    def _stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            self.client.cancel()
            task.cancel()

    async def _guarded(self, work: Callable[[], Awaitable[Any]]) -> None:
        task = asyncio.current_task()
        try:
            await work()
        except asyncio.CancelledError:
            pass
        except Exception as exc:   # the worker failed: say so; the game goes on
            self._say(_("The coach could not analyse this position ({reason}).", reason=exc))
        finally:
            if self._task is task:
                self._task = None

    def _say(self, text: str) -> None:
        """The coach's line under its buttons, about the shown position (it goes when that changes)."""
        self._said_at = self.page.session.turn_start if text else None
        self.dom.set_text("coach-message", text)

    # --- hint ---------------------------------------------------------------------------------
    def hint(self) -> None:
        """Show the turn the search prefers at the shown position, without playing it."""
        session = self.page.session
        if session.is_over:
            self._say(_("The game is over: there is no move to hint."))
            return
        if not session.humans_turn():
            self._say(_("Hints are for your own turn."))
            return
        state = session.turn_start
        known = self.review.at(session) if self.review is not None else None
        if known is None:
            known = self.bar.known(state)
        if known is not None and known.best:
            self._show_hint(session, state, known)
            return
        if self.review is not None and self.review.running:
            self._say(_("The coach is reviewing the game: stop the review to ask for a hint."))
            return
        self._say(_("The coach is looking for a move…"))
        record = session.record()

        async def work() -> None:
            evaluation = await self.client.evaluate(record, DEFAULT_DEPTH,
                                                    lambda e: self.bar.show_chances(session, state, e))
            if self.page.session is session and session.turn_start is state:
                self._show_hint(session, state, evaluation)

        self._run(work)

    def _show_hint(self, session: Session, state: GameState, evaluation: Evaluation) -> None:
        self._hint = (state, evaluation.best)
        self.bar.show_chances(session, state, evaluation)
        session.note_hint()
        self._say(_("Hint: {turn}, shown on the board (not played).", turn=evaluation.best_text))
        self.dom.by_id("board").dataset.hint = evaluation.best_text
        self.page.refresh()

    def _draw_overlay(self, ctx: Any, art: BoardArt, layout: Layout, theme: Theme) -> None:
        shown = self._hint_now()
        if shown is not None:
            state, actions = shown
            draw_hint(ctx, art, layout, theme, hint_mark(state, actions, theme))

    def _hint_now(self) -> tuple[GameState, tuple[Action, ...]] | None:
        """The turn drawn over the board: the hint asked for at the shown position, or in a
        review the better turn where the turn played from here was a mistake."""
        session = self.page.session
        if session.pending:
            return None
        if self._hint is not None and self._hint[0] is session.turn_start:
            return self._hint
        review = self.review
        known = review.at(session) if review is not None else None
        if known is not None and review is not None and any(m.turn == session.cursor + 1 for m in review.mistakes()):
            return session.turn_start, known.best
        return None

    # --- review -------------------------------------------------------------------------------
    def open_review(self) -> None:
        self.dom.by_id("review").hidden = False
        self.start_review()

    def start_review(self) -> None:
        """Review the whole game (its redo tail included) at the chosen depth."""
        session = self.page.session
        depth = str(self.dom.by_id("review-depth").value or DEFAULT_DEPTH)
        review = self.review = Review(session, depth)
        record = session.record(len(session.turns))
        self.dom.by_id("review-cancel").disabled = False
        self.display.draw(review)

        def arrived(positions: list[Reviewed], total: int) -> None:
            review.add(positions, total)
            if self.review is review:
                self.display.draw(review)
                if review.at(session) is not None:
                    self.bar.update()
                    self.page.refresh(board_only=True)

        async def work() -> None:
            try:
                review.played = await self.client.review(record, depth, arrived) or review.played
                review.finished = True
            finally:
                review.running = False
            if self.review is review:
                self.dom.by_id("review-cancel").disabled = True
                self.display.draw(review)
                self.page.refresh(board_only=True)

        self._run(work)
        self.bar.update()

    def cancel_review(self) -> None:
        if self.review is not None and self.review.running:
            self.review.running = False
            self._stop()
            self.dom.by_id("review-cancel").disabled = True
            self.display.stopped(self.review)
            self.bar.update()

    def close_review(self) -> None:
        self.cancel_review()
        self.review = None
        self.dom.by_id("review").hidden = True
        self.bar.forget_shown()
        self.bar.update()
        self.page.refresh(board_only=True)

    # --- the game moves on --------------------------------------------------------------------
    def _moved(self, session: Session) -> None:
        if self._hint is not None and self._hint[0] is not session.turn_start:
            self._hint = None
            self.dom.by_id("board").dataset.hint = ""
        if self._said_at is not None and self._said_at is not session.turn_start:
            self._say("")
        if self.review is not None:
            self.display.draw(self.review)
        self.bar.update()

    def _new_session(self, session: Session) -> None:
        self._stop()
        self._hint = None
        self.bar.forget_shown()
        self.dom.by_id("board").dataset.hint = ""
        if self.review is not None:
            self.close_review()
        self._say("")
        self.bar.update()
