"""The opponent in the browser: a named PyScript worker, started lazily, searching in slices
while the page's thread stays responsive; cancel stops it at once."""

import json

from playwright.sync_api import Page

from e2e.harness import wait_until_ready
from tools.serve import SiteServer

MAX_TIMER_GAP_MS = 50
DEFAULT_LEVEL_SECONDS = 2.0

# Python run on the page's thread: results go to window.__aiTest as JSON text.
GAP_TIMER = """() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e); })
    .observe({ type: "longtask" });
  window.startGaps = () => { window.__maxGap = 0; window.__since = performance.now(); let last = window.__since;
    window.__gapTimer = setInterval(() => { const now = performance.now();
      window.__maxGap = Math.max(window.__maxGap, now - last); last = now; }, 5); };
  window.stopGaps = () => { clearInterval(window.__gapTimer);
    const tasks = window.__longTasks.filter((e) => e.startTime >= window.__since).map((e) => Math.round(e.duration));
    return JSON.stringify({ gap: window.__maxGap, tasks }); };
}"""

CHOOSE = """
import asyncio, json, time
from pyscript import window
from pygame_core.record import Record, replay
from ui.ai_client import AiClient

async def main():
    try:
        client = AiClient(seed=1)
        await client.warm_up()
        results = []
        for game in ("susan", "stymie", "superstar", "lisbon"):
            record = Record(game, {}, (OPENING[game],))
            state = replay(record)[-1]
            progress = []
            window.startGaps()  # the same time with nothing running: the machine's own noise
            await asyncio.sleep(0.6)
            idle = json.loads(window.stopGaps())
            window.startGaps()
            started = time.perf_counter()
            actions = await client.choose(record, None, lambda v, best: progress.append(v))
            seconds = time.perf_counter() - started
            busy = json.loads(window.stopGaps())
            for action in actions:
                state = state.apply(action)
            results.append({"game": game, "seconds": seconds, "gap": busy["gap"], "long_tasks": busy["tasks"],
                            "idle_gap": idle["gap"], "idle_long_tasks": idle["tasks"],
                            "progress": len(progress)})
        window.__aiTest = json.dumps(results)
    except BaseException as exc:
        window.__aiTest = json.dumps({"error": repr(exc)})

OPENING = {"susan": "e5", "stymie": "g7", "superstar": "J10", "lisbon": "h8"}
asyncio.ensure_future(main())
"""

CANCEL = """
import asyncio, json, time
from pyscript import window
from pygame_core.record import Record, replay
from ui.ai_client import AiClient

async def main():
    try:
        client = AiClient(seed=2)
        await client.warm_up()
        record = Record("susan", {})
        state = replay(record)[0]
        pending = asyncio.ensure_future(client.choose(record, "expert"))
        await asyncio.sleep(0.5)
        client.cancel()
        started = time.perf_counter()
        try:
            await pending
            cancelled = False
        except asyncio.CancelledError:
            cancelled = True
        stop_ms = (time.perf_counter() - started) * 1000
        actions = await client.choose(record, "easy")
        state.apply(actions[0])
        window.__aiTest = json.dumps({"cancelled": cancelled, "stop_ms": stop_ms, "after": len(actions)})
    except BaseException as exc:
        window.__aiTest = json.dumps({"error": repr(exc)})

asyncio.ensure_future(main())
"""


def run_python(page: Page, code: str, timeout_ms: int = 180_000):
    page.evaluate("(code) => { const s = document.createElement('script'); s.type = 'py';"
                  " s.textContent = code; document.body.appendChild(s); }", code)
    page.wait_for_function("window.__aiTest !== undefined", timeout=timeout_ms)
    result = json.loads(page.evaluate("window.__aiTest"))
    assert "error" not in result, result
    return result


def test_worker_is_not_started_by_the_page_boot(page: Page, site_server: SiteServer):
    page.goto(site_server.url)
    wait_until_ready(page)
    page.wait_for_timeout(1000)
    assert page.evaluate("document.querySelector('script[worker][name=\"ai\"]')") is None
    assert page.workers == []  # (the service worker precaches ai_worker.py; it does not run it)


def test_default_level_moves_in_every_game_while_the_page_stays_responsive(page: Page, site_server: SiteServer):
    page.goto(site_server.url)
    wait_until_ready(page)
    page.evaluate(GAP_TIMER)
    results = run_python(page, CHOOSE)
    print(json.dumps(results))
    # The page's thread: a 5 ms timer never waits more than 50 ms, and Chrome reports no long
    # task (one >= 50 ms) while the worker searches. idle_* is the same with nothing running.
    for row in results:
        assert row["gap"] <= MAX_TIMER_GAP_MS, row
        assert row["long_tasks"] == [], row
        assert row["seconds"] <= DEFAULT_LEVEL_SECONDS, row
        assert row["progress"] >= 1, row


def test_cancel_stops_the_search_and_the_next_one_works(page: Page, site_server: SiteServer):
    page.goto(site_server.url)
    wait_until_ready(page)
    result = run_python(page, CANCEL)
    assert result["cancelled"] is True
    assert result["stop_ms"] < 500
    assert result["after"] == 1


POOL = """
import asyncio, json, time
from pyscript import document, window
from pygame_core.record import Record, replay
from ui.ai_client import AiClient

async def main():
    try:
        client = AiClient(seed=3)   # its size from navigator.hardwareConcurrency (3 here: two workers)
        record = Record("susan", {}, ("e5",))
        state = replay(record)[-1]
        await client.choose(record, "easy")   # answered by the first worker while the second boots
        await client.all_started()
        started = time.perf_counter()
        actions = await client.choose(record, None)
        seconds = time.perf_counter() - started
        state.apply(actions[0])
        answered = dict(client.last)
        pending = asyncio.ensure_future(client.choose(record, "expert"))
        await asyncio.sleep(0.5)
        client.cancel()
        try:
            await pending
            cancelled = False
        except asyncio.CancelledError:
            cancelled = True
        again = await client.choose(record, "easy")
        state.apply(again[0])
        tags = [t.getAttribute("name") for t in document.querySelectorAll('script[type="py"][worker]')]
        window.__aiTest = json.dumps({"last": answered, "seconds": seconds, "cancelled": cancelled,
                                      "tags": tags, "after": client.last["workers"]})
    except BaseException as exc:
        window.__aiTest = json.dumps({"error": repr(exc)})

asyncio.ensure_future(main())
"""


def test_the_opponent_searches_on_every_core_but_one_and_still_answers_and_cancels(page: Page,
                                                                                   site_server: SiteServer):
    page.add_init_script("Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 3 })")
    page.goto(site_server.url)
    wait_until_ready(page)
    result = run_python(page, POOL, timeout_ms=240_000)
    print(json.dumps(result))
    assert result["tags"] == ["ai", "ai-2"]
    assert result["last"]["workers"] == 2 and result["after"] == 2
    assert result["last"]["iterations"] > 0
    assert result["seconds"] <= DEFAULT_LEVEL_SECONDS
    assert result["cancelled"] is True
