"""The coach's evaluation bar: each seat's chances at the shown position, in words and as a bar.

Split out of ui.page.coach_panel, which keeps the hint and the running of a review: the bar
only shows chances, and remembers the last finished evaluation so that the hint and a
return to the same position need no new search. It asks the worker through the panel's
one-request-at-a-time runner; what the words and segments say is decided in ui.play.coach.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from pygame_core.ai.review import DEFAULT_DEPTH, Evaluation
from pygame_core.game import GameState
from ui.coach_client import CoachClient
from ui.i18n import _, say
from ui.page.page_api import Page
from ui.page.review_display import Review
from ui.play import coach
from ui.play.session import Session

Run = Callable[[Callable[[], Awaitable[Any]]], None]


class EvaluationBar:
    """The "Evaluation" toggle's bar (always on during a review of the game on the board)."""

    def __init__(self, page: Page, client: CoachClient, run: Run, review: Callable[[], Review | None]) -> None:
        self.page = page
        self.dom = page.dom
        self.client = client
        self.run = run                            # the panel's runner: a new request cancels the last
        self.review = review                      # the panel's review, if any
        self.evaluating = False                   # the "Evaluation" toggle
        self._shown: GameState | None = None      # the position the bar shows, once final
        self._known: tuple[GameState, Evaluation] | None = None   # the last finished evaluation

    def known(self, state: GameState) -> Evaluation | None:
        """The last finished evaluation, if it is of `state` (the very position)."""
        return self._known[1] if self._known is not None and self._known[0] is state else None

    def show(self, on: bool) -> None:
        """The "Evaluation" toggle: the bar during play (a review always shows it)."""
        self.evaluating = on
        self.update()

    def forget_shown(self) -> None:
        """The next update draws the bar again even at the same position."""
        self._shown = None

    def update(self) -> None:
        """Show or hide the bar for the shown position; evaluate it when nothing known covers it."""
        session = self.page.session
        bar = self.dom.by_id("eval-bar")
        review = self.review()
        review = review if review is not None and review.session is session else None
        bar.hidden = not (self.evaluating or review is not None)
        if bar.hidden:
            return
        state = session.turn_start
        known = review.at(session) if review is not None else None
        if known is not None:
            self.show_chances(session, state, known)
            return
        if review is not None and review.running:   # its turn will come (a request would stop the review)
            self._show_waiting()
            return
        if self._shown is state:
            return
        remembered = self.known(state)
        if remembered is not None:
            self.show_chances(session, state, remembered)
            return
        self._show_waiting()
        record = session.record()

        async def work() -> None:
            show = lambda e: self.show_chances(session, state, e)   # noqa: E731
            show(await self.client.evaluate(record, DEFAULT_DEPTH, show))

        self.run(work)

    def _show_waiting(self) -> None:
        self._shown = None
        self.dom.set_text("eval-words", _("thinking…"))
        self.dom.by_id("eval-bar").dataset.position = ""

    def show_chances(self, session: Session, state: GameState, evaluation: Evaluation) -> None:
        """Words and bar for `evaluation` of position `state`, if it is still the one shown."""
        if self.page.session is not session or session.turn_start is not state:
            return
        self.dom.set_text("eval-words", coach.chances_words(state, evaluation))
        track = self.dom.by_id("eval-track")
        track.replaceChildren()
        theme = self.page.theme
        for segment in coach.bar_segments(evaluation):
            part = self.dom.make("span", track, "", **{"class": "eval-part"})
            part.style.width = f"{segment.width * 100:.1f}%"
            part.style.background = theme.stone(state.player_name(segment.seat), segment.seat).fill
            part.title = _("{player} {percent}%", player=say(state.player_name(segment.seat)),
                           percent=coach.percent(segment.width))
        bar = self.dom.by_id("eval-bar")
        final = bool(evaluation.best) or evaluation.exact
        bar.dataset.position = str(session.cursor) if final else ""
        self._shown = state if final else None
        if final:
            self._known = (state, evaluation)
