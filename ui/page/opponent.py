"""The computer's turns on the page: ask the opponent's worker (ui.ai_client, loaded on first
use), show the "thinking" box with the search's progress, and stop when the game moves on."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from pygame_core.game import Action, GameState
from ui.page.dom_helpers import Dom
from ui.play.session import Session

# (the session searched for, its position then, the chosen turn or None when the worker failed)
Chosen = Callable[[Session, GameState, "list[Action] | None"], None]


class OpponentTurns:
    """One search at a time; `cancel` drops it (new game, undo, moving through the record)."""

    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        self.client: Any = None   # ui.ai_client's AiClient, made on first use
        self._task: asyncio.Future | None = None
        self._thinker = "Thinking…"

    @property
    def busy(self) -> bool:
        return self._task is not None

    def start(self, session: Session, level: str, chosen: Chosen) -> None:
        """Search the turn at `session`'s position; `chosen` gets the result unless cancelled."""
        self._task = asyncio.ensure_future(self._run(session, level, chosen))

    async def _run(self, session: Session, level: str, chosen: Chosen) -> None:
        state = session.live
        thinking = self.dom.by_id("thinking")
        thinking.hidden = False
        self._thinker = f"{state.player_name(state.to_move)} is thinking…"
        self.dom.set_text("thinking-text", self._thinker)
        self.dom.set_text("thinking-chances", "…")
        task = asyncio.current_task()
        try:
            if self.client is None:
                from ui.ai_client import AiClient
                self.client = AiClient()
            actions = await self.client.choose(session.record(), level, self._progress)
        except asyncio.CancelledError:
            return
        except Exception as exc:   # the worker failed: say so, and leave the game playable
            self.dom.set_text("message", f"The computer could not move ({exc}).")
            actions = None
        finally:
            if self._task is task:
                self._task = None
                thinking.hidden = True
        chosen(session, state, actions)

    def _progress(self, win_rate: float | None, detail: str = "") -> None:
        """Progress from the search: the mover's estimated chance to win, 0..1, shown in words
        beside the meter ("Computer's chances: 62%")."""
        if win_rate is not None:
            self.dom.set_text("thinking-chances", f"{round(win_rate * 100)}%")
            self.dom.by_id("thinking-meter").value = win_rate
        self.dom.set_text("thinking-text", self._thinker if not detail else f"{self._thinker} ({detail})")

    def cancel(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            if self.client is not None:
                self.client.cancel()
            task.cancel()
            self.dom.by_id("thinking").hidden = True
