"""In-browser speed of the coach's game review (issue 17: a 60-move SUSAN game at the default
depth in at most 30 s), and the page's responsiveness meanwhile.

Opens the built site on a share link of bench/susan_60_moves.txt (60 turns of the search's
self-play at 60 iterations a move, seed 1: an unfinished game, 61 positions), clicks
"Review game" and waits for the review to finish, as a player would. The first run includes
the coach worker's start; the later runs (Close, then Review game again) reuse the worker.
While the review runs, a 10 ms timer on the page records the largest gap between its ticks,
and a PerformanceObserver the page's long tasks (over 50 ms): on a busy machine the timer's
gaps also count time the page's thread was simply not scheduled, which the long tasks do
not, so both are printed (with the idle page's own gap first, as the machine's baseline).

Usage: python3 tools/bench_review.py [--runs N] [--site DIR]   (needs `npm ci` without --site)
Run it on an otherwise idle machine: the figures scale with the CPU the worker gets.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.browser_harness import launch_options, wait_until_playable  # noqa: E402
from pygame_core.record import from_text  # noqa: E402
from tools.build import site_to_measure  # noqa: E402
from tools.serve import SiteServer  # noqa: E402
from ui.saves.share import encode  # noqa: E402

GAME = Path(__file__).resolve().parent.parent / "bench" / "susan_60_moves.txt"
TARGET_SECONDS = 30.0
REVIEW_TIMEOUT_MS = 600_000

GAP_PROBE = """() => {
  window.__gap = 0;
  window.__long = [];
  if (!window.__longObserver) {
    window.__longObserver = new PerformanceObserver(list => {
      for (const entry of list.getEntries()) window.__long.push(entry.duration);
    });
    window.__longObserver.observe({entryTypes: ["longtask"]});
  }
  let last = performance.now();
  window.__gapTimer = setInterval(() => {
    const now = performance.now();
    window.__gap = Math.max(window.__gap, now - last);
    last = now;
  }, 10);
}"""


def browser_cpu_seconds() -> float | None:
    """CPU time used so far by this process's descendants (the Playwright driver and the
    browser it started), from Linux /proc; None elsewhere. On a busy machine the wall time
    of a review includes waiting for a core, its CPU time does not."""
    stats: dict[int, tuple[int, float]] = {}
    try:
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit():
                try:
                    fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                stats[int(proc.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    except OSError:
        return None
    if not stats:
        return None
    family, grew = {os.getpid()}, True
    while grew:
        grew = False
        for pid, (parent, _) in stats.items():
            if parent in family and pid not in family:
                family.add(pid)
                grew = True
    return sum(cpu for pid, (_, cpu) in stats.items() if pid in family and pid != os.getpid())


def idle_gap(page, seconds: float = 3.0) -> float:
    """The largest timer gap (ms) with nothing running: the machine's own baseline."""
    page.evaluate(GAP_PROBE)
    time.sleep(seconds)
    return page.evaluate("() => { clearInterval(window.__gapTimer); return window.__gap; }")


def review_once(page, first: bool) -> tuple[float, float | None, float, list[float], str]:
    """Seconds from the click to the finished review, the browser's CPU seconds meanwhile,
    the largest timer gap (ms), the long tasks' durations (ms), the progress line."""
    if not first:
        page.click("#review-close")
    page.evaluate(GAP_PROBE)
    cpu_before = browser_cpu_seconds()
    started = time.perf_counter()
    page.click("#review-button")
    page.wait_for_selector("#review[data-done='1']", state="attached", timeout=REVIEW_TIMEOUT_MS)
    seconds = time.perf_counter() - started
    cpu_after = browser_cpu_seconds()
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    gap = page.evaluate("() => { clearInterval(window.__gapTimer); return window.__gap; }")
    return seconds, cpu, gap, page.evaluate("window.__long"), page.text_content("#review-progress") or ""


def cpython_review(record) -> tuple[float, float]:
    """Wall and CPU seconds for the same review on CPython (the code the worker runs), for scale."""
    from pygame_core.ai.coach_session import CoachSession
    from pygame_core.record import to_data

    coach = CoachSession()
    started, cpu = time.perf_counter(), time.process_time()
    answer = json.loads(coach.start(json.dumps({"kind": "review", "record": to_data(record)})))
    while not answer["done"]:
        answer = json.loads(coach.step(50))
    return time.perf_counter() - started, time.process_time() - cpu


def run(site: Path, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    record = from_text(GAME.read_text(), game="susan")
    with SiteServer(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{server.url}#{encode(record)}")
        wait_until_playable(page)
        print(f"largest main-thread gap with nothing running: {idle_gap(page):.0f} ms (this machine's baseline now)")
        rows = []
        for i in range(runs):
            seconds, cpu, gap, long_tasks, progress = review_once(page, i == 0)
            mistakes = page.get_attribute("#review", "data-mistakes") or ""
            slowest = page.get_attribute("#review", "data-slowest-ms")
            label = "first (worker start included)" if i == 0 else "again (worker running)"
            longest = f"longest {max(long_tasks):.0f} ms" if long_tasks else "none"
            cpu_text = "n/a" if cpu is None else f"{cpu:.1f} s"
            print(f"run {i + 1} {label:30} {seconds:6.1f} s (browser CPU {cpu_text})   largest timer gap {gap:4.0f} ms   "
                  f"main-thread tasks over 50 ms: {len(long_tasks)} ({longest})   "
                  f"slowest redraw of the review {slowest} ms   {progress}  "
                  f"mistakes at turns: {mistakes or 'none'}")
            rows.append(seconds)
        browser.close()
    warm = rows[1:] or rows
    wall, cpu = cpython_review(record)
    print(f"the same review on CPython here: {wall:.1f} s (CPU {cpu:.1f} s); load average now {os.getloadavg()[0]:.1f}")
    print(f"SUSAN {len(record.turns)}-move review, default depth, in Chromium: median {statistics.median(warm):.1f} s "
          f"(target <= {TARGET_SECONDS:.0f} s){'' if statistics.median(warm) <= TARGET_SECONDS else '  OVER TARGET'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    args = parser.parse_args()
    with site_to_measure(args.site) as site:
        run(site, args.runs)


if __name__ == "__main__":
    main()
