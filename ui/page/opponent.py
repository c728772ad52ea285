"""The computer's turns on the page: ask the opponent's workers (ui.ai_client, loaded when a
game with a computer seat is first shown), show the "thinking" box with the search's progress,
and stop when the game moves on.

A turn that fails (a worker lost or stuck: ui.ai_client's watchdog) is not tried again on its
own: the thinking box says "The computer could not move." with a Retry button, and the page
waits for the player: Retry, Undo or a move elsewhere in the record each start afresh (the
client starts fresh workers after a failure)."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from pygame_core.game import Action, GameState
from ui.i18n import _, say
from ui.page.dom_helpers import Dom
from ui.play.saved_game import AI
from ui.play.session import Session

# (the session searched for, its position then, the chosen turn or None when the worker failed)
Chosen = Callable[[Session, GameState, "list[Action] | None"], None]


def failure_words(why: str) -> str:
    """The thinking box's words for a failed turn, with why where it is known."""
    return _("The computer could not move: {why}.", why=why) if why else _("The computer could not move.")


class OpponentTurns:
    """One search at a time; `cancel` drops it (new game, undo, moving through the record)."""

    def __init__(self, dom: Dom, retried: Callable[[], None]) -> None:
        """`retried` runs when the player asks to try a failed turn again (the page redraws,
        which starts the turn)."""
        self.dom = dom
        self.client: Any = None   # ui.ai_client's AiClient, made on first use
        self._task: asyncio.Future | None = None
        self._thinker = _("Thinking…")
        self._prepared = False
        self._failed: GameState | None = None   # the position whose turn failed, until a retry
        self._why = ""   # why it failed, in a player's words ("" when unknown)
        self._retried = retried
        dom.on_click(dom.by_id("thinking-retry"), self.retry)

    @property
    def busy(self) -> bool:
        return self._task is not None

    def failed_at(self, state: GameState) -> bool:
        """Whether the computer's turn at `state` failed and waits for the player's Retry."""
        return self._failed is state

    def retry(self) -> None:
        self._show_failure(False)
        self._retried()

    def prepare(self, session: Session) -> None:
        """Boot the computer's workers as soon as a game with a computer seat is shown (front
        door, new game, a loaded save or link), so its first turn does not wait for a runtime
        to start. Called on every frame: the boot is begun once, after this frame is painted."""
        if self._prepared or session.is_over or not any(seat.kind == AI for seat in session.seats):
            return
        self._prepared = True
        self.dom.window.setTimeout(self.dom.proxy(self._boot), 0)

    def _boot(self) -> None:
        # a failed start is reported by the first turn that needs the worker (and tried again)
        self._client().start_workers().add_done_callback(lambda started: started.cancelled() or started.exception())

    def _client(self) -> Any:
        if self.client is None:
            from ui.ai_client import AiClient, browser_bounds
            self.client = AiClient(bounds=browser_bounds)
        return self.client

    def start(self, session: Session, level: str, chosen: Chosen) -> None:
        """Search the turn at `session`'s position; `chosen` gets the result unless cancelled."""
        self._task = asyncio.ensure_future(self._run(session, level, chosen))

    async def _run(self, session: Session, level: str, chosen: Chosen) -> None:
        state = session.live
        self._show_failure(False)
        thinking = self.dom.by_id("thinking")
        thinking.hidden = False
        self._thinker = _("{side} is thinking…", side=say(state.player_name(state.to_move)))
        self.dom.set_text("thinking-text", self._thinker)
        self.dom.set_text("thinking-chances", "…")
        task = asyncio.current_task()
        failed = current = False
        try:
            actions = await self._client().choose(session.record(), level, self._progress)
        except asyncio.CancelledError:
            return
        except Exception as exc:   # the worker failed: say so, and why, and leave the game playable
            self.dom.window.console.warn(f"The computer's turn failed: {exc}")
            actions, failed = None, True
            self._why = getattr(exc, "reason", "")   # a WorkerLost's, in a player's words
        finally:
            current = self._task is task   # (not replaced by a newer turn meanwhile)
            if current:
                self._task = None
                thinking.hidden = not failed
        if failed and current:
            self._failed = state
            self._show_failure(True)
        chosen(session, state, actions)

    def _show_failure(self, shown: bool) -> None:
        """The thinking box as a failure notice with Retry, or back as it was."""
        if not shown:
            self._failed = None
        else:
            self.dom.set_text("thinking-text", failure_words(self._why))
        for element_id in ("thinking-label", "thinking-meter"):
            self.dom.by_id(element_id).hidden = shown
        self.dom.by_id("thinking-retry").hidden = not shown

    def _progress(self, win_rate: float | None, detail: str = "") -> None:
        """Progress from the search: the mover's estimated chance to win, 0..1, shown in words
        beside the meter ("Computer's chances: 62%")."""
        if win_rate is not None:
            self.dom.set_text("thinking-chances", _("{percent}%", percent=round(win_rate * 100)))
            self.dom.by_id("thinking-meter").value = win_rate
        self.dom.set_text("thinking-text", self._thinker if not detail else f"{self._thinker} ({detail})")

    def cancel(self) -> None:
        if self._failed is not None:
            self._show_failure(False)
            self.dom.by_id("thinking").hidden = True
        task, self._task = self._task, None
        if task is not None:
            if self.client is not None:
                self.client.cancel()
            task.cancel()
            self.dom.by_id("thinking").hidden = True
