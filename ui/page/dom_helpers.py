"""The page's one set of DOM helpers: find, make and fill elements, and listen to events.

Every part of the page (board, side panel, dialogs, saves panel) goes through one `Dom`, so
the event proxies live as long as the page does (Pyodide frees a proxy's function otherwise)
and text only ever reaches the page as `textContent`, never as HTML.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from pyodide.ffi import create_proxy


class Dom:
    """The document and window, plus the proxies of every listener added through it."""

    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        self.window = window
        self._proxies: list[Any] = []

    def by_id(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    def proxy(self, fn: Callable[..., Any]) -> Any:
        """A JS callable for `fn`, kept alive with the page."""
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    def on(self, target: Any, event: str, fn: Callable[[Any], Any]) -> None:
        target.addEventListener(event, self.proxy(fn))

    def on_click(self, target: Any, fn: Callable[[], Any]) -> None:
        """Run `fn` on a click, the browser's default action prevented (no form submits)."""
        def clicked(event: Any) -> None:
            event.preventDefault()
            fn()
        self.on(target, "click", clicked)

    def make(self, tag: str, parent: Any = None, text: str = "", **attrs: str) -> Any:
        """A new element with `text` as its textContent; `aria_label="x"` sets aria-label and
        `class_` sets class (a trailing underscore avoids Python keywords)."""
        element = self.document.createElement(tag)
        if text:
            element.textContent = text
        for name, value in attrs.items():
            element.setAttribute(name.rstrip("_").replace("_", "-"), value)
        if parent is not None:
            parent.appendChild(element)
        return element

    def button(self, parent: Any, text: str, fn: Callable[[], Any], **attrs: str) -> Any:
        """A new <button type="button"> that runs `fn` when clicked."""
        button = self.make("button", parent, text, type="button", **attrs)
        self.on_click(button, fn)
        return button

    def options(self, select: Any, choices: Iterable[tuple[str, str]]) -> None:
        """Append an <option> per (value, label) to `select`."""
        for value, label in choices:
            self.make("option", select, label, value=value)

    def status_line(self, parent: Any, element_id: str) -> Callable[[str], None]:
        """Add a polite live status line to `parent`; returns what says a sentence there."""
        line = self.make("p", parent, id=element_id, role="status", aria_live="polite")

        def say(text: str) -> None:
            line.textContent = text
        return say

    def set_text(self, element_id: str, text: str) -> None:
        """Replace the element's text, only when it changed (no needless re-announcing)."""
        element = self.by_id(element_id)
        if element.textContent != text:
            element.textContent = text
