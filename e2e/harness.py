"""The traffic/error monitor shared by every e2e test; the browser set-up it re-exports lives
in tools/browser_harness.py, which the benchmarks use too.

Why a monitor on every test: the site must never reach outside its own origin (no CDN, no
analytics, nothing) and must boot without errors; checking that on each test, not in one
dedicated test, catches a regression wherever a teammate's feature introduces it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request, Response

from tools.browser_harness import (
    launch_options,
    origin_of,
    wait_until_offline_ready,
    wait_until_playable,
    wait_until_ready,
)

__all__ = [  # the browser set-up, re-exported for the tests that import it from here
    "launch_options", "origin_of", "wait_until_offline_ready", "wait_until_playable", "wait_until_ready",
    "Served", "TrafficMonitor",
]

NETWORK_SCHEMES = {"http", "https", "ws", "wss"}  # blob:, data:, about: never leave the page


@dataclass(frozen=True)
class Served:
    """One response the browser got: from the network or from the service worker."""

    url: str
    status: int
    from_service_worker: bool


@dataclass
class TrafficMonitor:
    """Records every page, frame, worker and service-worker request of a browser context,
    with console errors and uncaught exceptions; `problems` lists what breaks the rules."""

    allowed_origins: set[str]
    requests: list[str] = field(default_factory=list)
    responses: list[Served] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    _seen_requests: set[int] = field(default_factory=set)
    _watched_pages: set[int] = field(default_factory=set)

    def allow(self, origin: str) -> None:
        """Accept requests to another origin of the test's own (a second loopback server)."""
        self.allowed_origins.add(origin.rstrip("/"))

    def watch(self, context: BrowserContext) -> BrowserContext:
        context.on("request", self._on_request)
        context.on("response", self._on_response)
        context.on("page", self._watch_page)
        for page in context.pages:
            self._watch_page(page)
        return context

    def take_problems(self) -> list[str]:
        """The problems so far, forgotten afterwards (for tests that provoke one on purpose)."""
        taken, self.problems = self.problems, []
        return taken

    def assert_clean(self) -> None:
        if self.problems:
            raise AssertionError("the page broke the site's rules:\n  " + "\n  ".join(self.problems))

    def _watch_page(self, page: Page) -> None:
        if id(page) in self._watched_pages:
            return
        self._watched_pages.add(id(page))
        page.on("request", self._on_request)  # dedicated workers' requests arrive here
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught error: {error}"))

    def _on_request(self, request: Request) -> None:
        if id(request) in self._seen_requests:
            return
        self._seen_requests.add(id(request))
        self.requests.append(request.url)
        if urlsplit(request.url).scheme not in NETWORK_SCHEMES:
            return
        if origin_of(request.url) not in self.allowed_origins:
            self.problems.append(f"request left the site: {request.method} {request.url}")

    def _on_response(self, response: Response) -> None:
        self.responses.append(Served(response.url, response.status, response.from_service_worker))
        if response.status >= 400 and origin_of(response.url) in self.allowed_origins:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.problems.append(f"console error: {message.text} ({where})")
