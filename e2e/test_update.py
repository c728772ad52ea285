"""A new build while the site is in use (issue 14, defect 8): one page load runs one build, its
opponent worker included, the player is told when a new one is ready, and the next load runs
the new one whole. The files a load gets are told apart by their bytes: every response for the
game's archive (page and worker) and the worker's script must come from one build."""

from __future__ import annotations

import hashlib
import shutil
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Response

from e2e.harness import TrafficMonitor, wait_until_ready
from e2e.helpers import second_build
from tools.browser_harness import AUTOSAVE, computer_plays_white

WATCHED = ("app.zip", "ai_worker.py")


def fingerprints(site: Path) -> dict[str, str]:
    return {name: _digest((site / path).read_bytes()) for name, path in
            (("app.zip", Path("python/app.zip")), ("ai_worker.py", Path("ui/ai_worker.py")))}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


UPDATE_SETTLED = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(registration && !registration.installing && (registration.waiting || window.__taken));
}"""


def load_and_watch(page: Page, url: str, settle: bool = False) -> list[tuple[str, str]]:
    """Load the page, play a move, wait for the computer's answer; (file, fingerprint) of what
    came. `settle`: first wait until a new build's service worker has installed (and, had it
    taken over, until it did), so the worker starts after that."""
    seen: list[tuple[str, str]] = []

    def record(response: Response) -> None:
        name = response.url.rsplit("/", 1)[-1]
        # what the page and its worker got; the service worker's own precache downloads aside
        if name in WATCHED and response.ok and response.request.service_worker is None:
            seen.append((name, _digest(response.body())))

    page.context.on("response", record)
    try:
        page.goto(url)
        wait_until_ready(page)
        page.evaluate("navigator.serviceWorker.addEventListener('controllerchange', () => { window.__taken = true })")
        if settle:
            page.wait_for_function(UPDATE_SETTLED, timeout=90_000, polling=200)
            page.wait_for_timeout(500)  # a worker that takes over claims the page right after
        page.fill("#move-input", "d5")
        page.press("#move-input", "Enter")
        page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 3",
                               timeout=90_000)
    finally:
        page.context.remove_listener("response", record)
    return seen


def test_an_update_never_mixes_builds_and_the_next_load_runs_the_new_one(
        context: BrowserContext, built_site: Path, make_server, monitor: TrafficMonitor, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    first = fingerprints(site)
    new = second_build(tmp_path)
    second = fingerprints(new)
    assert first != second
    server = make_server(site)
    monitor.allow(server.origin)
    page = context.new_page()
    page.goto(server.url)
    wait_until_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [AUTOSAVE, computer_plays_white()])
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert set(load_and_watch(page, server.url)) <= {(n, first[n]) for n in WATCHED}

    shutil.rmtree(site)            # deploy the second build while the page is open
    shutil.copytree(new, site)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [AUTOSAVE, computer_plays_white()])
    during = load_and_watch(page, server.url, settle=True)   # the old worker still serves this load
    assert {n for n, _ in during} == set(WATCHED) and set(during) <= {(n, first[n]) for n in WATCHED}
    page.wait_for_selector("#update-notice:not([hidden])", timeout=60_000)
    assert "new version" in (page.text_content("#update-text") or "")

    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [AUTOSAVE, computer_plays_white()])
    after = load_and_watch(page, server.url)    # the next load takes the new build, whole
    assert {n for n, _ in after} >= {"ai_worker.py"} and set(after) <= {(n, second[n]) for n in WATCHED}
    assert page.is_hidden("#update-notice")


NEW_BUILD_WAITING = "navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))"


def wait_until_waiting(page: Page, timeout_s: float = 90) -> None:
    """Poll until a new build's service worker has installed and waits (wait_for_function
    cannot wait on a promise's value)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(NEW_BUILD_WAITING):
        assert time.monotonic() < deadline, "the new build never finished installing"
        page.wait_for_timeout(250)


START_OPPONENT = """
import asyncio
from pyscript import window
from ui.ai_client import AiClient

async def start():
    try:
        await asyncio.wait_for(AiClient(seed=1, workers=1).warm_up(), 120)
        window.__opponent = "ready"
    except BaseException as exc:
        window.__opponent = f"failed: {exc!r}"

asyncio.ensure_future(start())
"""


def test_a_new_tab_never_switches_an_open_tab_to_the_new_build(
        context: BrowserContext, built_site: Path, make_server, monitor: TrafficMonitor, tmp_path: Path) -> None:
    """Issue 38, item 7: tab A runs the first build; the second is deployed and tab B, loading
    twice, finds it waiting. Taking it would hand tab A's later requests to the new build (its
    opponent's script and archive came from the new build's cache), so B leaves it waiting while
    A is open: A's opponent, started after, runs A's own build, and B still runs one build
    whole. With A closed, B's next load takes the new build."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    first = fingerprints(site)
    new = second_build(tmp_path)
    second = fingerprints(new)
    server = make_server(site)
    monitor.allow(server.origin)
    tab_a = context.new_page()
    tab_a.goto(server.url)
    wait_until_ready(tab_a)
    tab_a.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)

    shutil.rmtree(site)            # deploy the second build while tab A is open
    shutil.copytree(new, site)
    tab_b = context.new_page()
    tab_b.goto(server.url)
    wait_until_ready(tab_b)
    wait_until_waiting(tab_b)      # the new build has installed and waits
    tab_b.reload()                 # a load that finds it waiting
    wait_until_ready(tab_b)
    tab_b.wait_for_timeout(1500)   # (past the takeover's ask, 0.3 s after load)
    assert tab_b.evaluate(NEW_BUILD_WAITING), "the new build took over while tab A was open"

    seen: list[tuple[str, str]] = []

    def record(response: Response) -> None:
        name = response.url.rsplit("/", 1)[-1]
        if name in WATCHED and response.ok and response.request.service_worker is None:
            seen.append((name, _digest(response.body())))

    context.on("response", record)
    tab_a.evaluate("code => { const s = document.createElement('script'); s.type = 'py'; s.textContent = code;"
                   " document.body.append(s); }", START_OPPONENT)
    tab_a.wait_for_function("window.__opponent", timeout=150_000)
    context.remove_listener("response", record)
    assert tab_a.evaluate("window.__opponent") == "ready"
    assert {n for n, _ in seen} == set(WATCHED) and set(seen) <= {(n, first[n]) for n in WATCHED}, seen
    assert tab_a.is_hidden("#update-notice")

    tab_a.close()
    tab_b.evaluate("([k, v]) => localStorage.setItem(k, v)", [AUTOSAVE, computer_plays_white()])
    after = load_and_watch(tab_b, server.url)    # no other tab: the new build, whole
    assert {n for n, _ in after} >= {"ai_worker.py"} and set(after) <= {(n, second[n]) for n in WATCHED}
