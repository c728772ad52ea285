"""The one question dialog (#confirm-dialog): asks before an action that would lose something
(ui.play.confirm words it) and runs the action only on the go-ahead button. Loaded when first
opened; Cancel, Escape and closing leave everything as it was."""

from __future__ import annotations

from typing import Any, Callable

from ui.page.page_api import Page
from ui.play.confirm import Question


class ConfirmDialog:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = dom = page.dom
        self.dialog = dom.by_id("confirm-dialog")
        self._action: Callable[[], Any] | None = None
        dom.on_click(dom.by_id("confirm-go"), self._go)
        dom.on_click(dom.by_id("confirm-cancel"), self._cancel)
        dom.on(self.dialog, "close", lambda event: self._forget())

    def ask(self, question: Question, action: Callable[[], Any]) -> None:
        """Show `question`; `action` runs if the player goes ahead."""
        self.dom.set_text("confirm-title", question.title)
        self.dom.set_text("confirm-text", question.text)
        self.dom.set_text("confirm-go", question.go_ahead)
        self._action = action
        self.dialog.showModal()
        self.dom.by_id("confirm-cancel").focus()   # the safe choice has the focus

    def _go(self) -> None:
        action, self._action = self._action, None
        self.dialog.close()
        if action is not None:
            action()
        self.page.refresh()

    def _cancel(self) -> None:
        self._forget()
        self.dialog.close()
        self.page.refresh()

    def _forget(self) -> None:
        self._action = None
