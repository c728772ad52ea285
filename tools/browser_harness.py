"""Driving the built site in a browser, shared by the e2e tests and the benchmarks in tools/.

Why here and not in e2e/: the benchmarks boot the same site the same way as the tests (the
same Chromium flags, the same "ready" contract, the same seeded saves), but must not depend on
the test suite's modules; both import this one. e2e/harness.py adds the traffic monitor that
only the tests use.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Frame, Page

from pygame_core.record import Record, Start
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat
from ui.saves.savefile import encode
from ui.saves.store import AUTOSAVE_KEY

SYSTEM_CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
BOOT_TIMEOUT_MS = 120_000  # a cold boot takes 3-15 s on a loaded 2-core machine

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
    task that marks the page ready) and wait until it is hidden and the board has the keyboard,
    for tests that play the default game at once. The board takes the focus a task later, in
    the door's close event: a key a test pressed on a field before then (Enter in the move box)
    would reach the board instead, where Enter plays the cursor's cell."""
    boot_ms = wait_until_ready(page, timeout_ms)
    if page.is_visible("#front-door-dialog"):
        page.click("#front-door-close")
        page.wait_for_selector("#front-door-dialog", state="hidden", timeout=timeout_ms)
        page.wait_for_function("document.activeElement && document.activeElement.id === 'board'",
                               timeout=timeout_ms)
    return boot_ms


def wait_until_offline_ready(page: Page, timeout_ms: int = 60_000) -> None:
    """Wait until the service worker has precached the site and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout_ms)


# --- saves to seed localStorage with ------------------------------------------------------
AUTOSAVE = AUTOSAVE_KEY  # the page reopens the game stored here
# Black's stone on a1 has one empty neighbour, b2: White wins at once there. On an empty
# board nothing wins in one, so an answer at b2 shows which position the worker searched.
DIAGRAM = ("xo...", "o.....", ".......", "........", "....x....", "........", ".......", "......", ".....")


def computer_plays_white() -> str:
    """A save where the player (Black) moves first and the computer answers: the opponent's
    worker starts when the player moves, not at boot."""
    record = Record("susan", {}, (), Start(DIAGRAM, "Black"))
    return encode(SavedGame(record, (Seat(HUMAN), Seat(AI, "easy")), 0))
