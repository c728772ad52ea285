"""Play without sight: the page's spoken log and its Ask box (issue 57).

Every turn added to the game shown (the player's, then the computer's reply) is told, with the
threat it leaves and the result, as a new line of the #spoken log, a live region that screen
readers read out as lines are added. The Ask box answers a typed question about the board
(ui.play.ask) in its own live line, so the answer is read at once and can be read again.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ui.page.page_api import FollowingHost
from ui.play.ask import answer, commands_words
from ui.play.session import Session
from ui.play.spoken import after_turns
from ui.play.view import status

KEPT_LINES = 12   # the log keeps its last lines: a listener reads back recent turns, not the game


class SpokenGame:
    """Tells the moves of the game shown in #spoken and answers the Ask box in #ask-answer."""

    def __init__(self, page: FollowingHost) -> None:
        self.page = page
        self.dom = page.dom
        self._told = page.session.cursor   # the turns of the line followed told so far
        self._over = page.session.is_over  # the game shown had ended when last told
        self._lines: deque[Any] = deque()
        page.after_move.append(self._moved)
        page.on_new_session.append(self._new_session)
        self.dom.on(self.dom.by_id("ask-form"), "submit", self._asked)
        self.dom.set_text("ask-help", commands_words())

    def _new_session(self, session: Session) -> None:
        self._told = session.cursor
        self._over = session.is_over
        self.dom.by_id("ask-answer").textContent = ""   # it described the position before

    def _moved(self, session: Session) -> None:
        """Tell the turns played since the last told one; a step back (undo, a jump) only
        moves the mark, so the turns played again after it are told again. A game that ends
        without a turn (a resignation, a fallen flag) has its result told alone."""
        if session is not self.page.session:
            return
        if session.at_end and session.cursor > self._told:
            self.say(after_turns(session, self._told + 1))
        elif session.at_end and session.is_over and not self._over:
            self.say(status(session))
        self._told = session.cursor
        self._over = session.is_over

    def say(self, text: str) -> None:
        """Add a line to the spoken log, dropping its oldest past KEPT_LINES."""
        self._lines.append(self.dom.make("p", self.dom.by_id("spoken"), text))
        if len(self._lines) > KEPT_LINES:
            self._lines.popleft().remove()

    def _asked(self, event: Any) -> None:
        event.preventDefault()
        box = self.dom.by_id("ask-input")
        # set even when unchanged: the new text node is read again (the same question twice)
        self.dom.by_id("ask-answer").textContent = answer(self.page.session, str(box.value))
        box.value = ""
