"""Browser set-up and the traffic/error monitor shared by every e2e test.

Why a monitor on every test: the site must never reach outside its own origin (no CDN, no
analytics, nothing) and must boot without errors; checking that on each test, not in one
dedicated test, catches a regression wherever a teammate's feature introduces it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Frame, Page, Request, Response

SYSTEM_CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
BOOT_TIMEOUT_MS = 120_000  # a cold boot takes 3-15 s on a loaded 2-core machine
NETWORK_SCHEMES = {"http", "https", "ws", "wss"}  # blob:, data:, about: never leave the page

# Playwright's default Chromium args disable ThirdPartyStoragePartitioning, which real Chrome
# has on. A later --disable-features wins, so this list repeats Playwright's own defaults
# minus that one, and cross-site frames get storage the way they do for real users.
DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "MediaRouter",
    "PaintHolding",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
)

# Flags for Debian's Chromium on a machine without a network: no sandbox (root), no GPU, and
# no background traffic to Google hosts.
SYSTEM_CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def launch_options() -> dict[str, Any]:
    """System Chromium when installed; otherwise Playwright's own (`playwright install chromium`)."""
    args = [f"--disable-features={','.join(DISABLED_FEATURES)}"]
    if SYSTEM_CHROMIUM.exists():
        return {"executable_path": str(SYSTEM_CHROMIUM), "args": [*SYSTEM_CHROMIUM_ARGS, *args]}
    return {"args": args}


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def wait_until_ready(target: Page | Frame, timeout_ms: int = BOOT_TIMEOUT_MS) -> int:
    """Wait for the boot contract (body[data-state=ready]); returns window.__bootMs."""
    target.wait_for_selector('body[data-state="ready"]', state="attached", timeout=timeout_ms)
    return target.evaluate("window.__bootMs")


def start_embed(frame: Frame, timeout_ms: int = BOOT_TIMEOUT_MS) -> int:
    """An embed (?embed=1) starts its runtime on the reader's first click (assets/first-screen.mjs):
    click its board, then wait_until_ready."""
    frame.wait_for_selector("#board", state="visible", timeout=timeout_ms)
    frame.click("#board")
    return wait_until_ready(frame, timeout_ms)


def wait_until_playable(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> int:
    """wait_until_ready, then close the front door a first visit opens on (it opens in the same
    task that marks the page ready), for tests that play the default game at once."""
    boot_ms = wait_until_ready(page, timeout_ms)
    if page.is_visible("#front-door-dialog"):
        page.click("#front-door-close")
    return boot_ms


def wait_until_offline_ready(page: Page, timeout_ms: int = 60_000) -> None:
    """Wait until the service worker has precached the site and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout_ms)


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
