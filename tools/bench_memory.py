"""Memory of the page with its opponent worker running, over a loop of boots, and crashes.

Issue 14 saw one "Target crashed" in about fifteen boots under load. This boots the site in a
fresh browser context N times; each time the computer makes a move (so the opponent's worker,
a second Pyodide, is running), then it samples the resident memory of the browser's renderer
processes (from /proc: the page and its workers live there) and the page's JS heap, and counts
crashes. Prints one line per boot and a summary.

Usage: python3 tools/bench_memory.py [--boots N]   (needs `npm ci`; builds into a temp folder)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.browser_harness import AUTOSAVE, computer_plays_white, launch_options, wait_until_ready  # noqa: E402
from tools.build import build_site  # noqa: E402
from tools.serve import SiteServer  # noqa: E402


def renderer_rss_mb() -> float:
    """Resident memory of every Chromium renderer process, in MB (Linux /proc)."""
    total_kb = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if b"--type=renderer" not in cmdline:
                continue
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total_kb += int(line.split()[1])
        except OSError:
            continue
    return total_kb / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boots", type=int, default=15)
    args = parser.parse_args(argv)
    crashes, rss, heaps = 0, [], []
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_site(site)
        with SiteServer(site) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            for boot in range(1, args.boots + 1):
                context = browser.new_context()
                page = context.new_page()
                crashed: list[bool] = []

                def on_crash(_: Page, seen: list[bool] = crashed) -> None:  # this boot's list
                    seen.append(True)

                page.on("crash", on_crash)
                try:
                    page.goto(server.url)
                    wait_until_ready(page)
                    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [AUTOSAVE, computer_plays_white()])
                    page.reload()
                    wait_until_ready(page)
                    page.fill("#move-input", "d5")
                    page.press("#move-input", "Enter")
                    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 3",
                                           timeout=90_000)
                    session = context.new_cdp_session(page)
                    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]} \
                        if session.send("Performance.enable") is not None else {}
                    heap = metrics.get("JSHeapUsedSize", 0) / 2 ** 20
                    sample = renderer_rss_mb()
                    rss.append(sample)
                    heaps.append(heap)
                    print(f"  boot {boot:>2}: renderers {sample:7.0f} MB resident, page JS heap {heap:5.1f} MB")
                except Exception as error:  # a crash shows up here as a Playwright error
                    print(f"  boot {boot:>2}: failed: {str(error).splitlines()[0][:100]}")
                crashes += bool(crashed)
                context.close()
            browser.close()
    if rss:
        print(f"renderers' resident memory with the worker running: median {statistics.median(rss):.0f} MB, "
              f"max {max(rss):.0f} MB; page JS heap median {statistics.median(heaps):.1f} MB")
    print(f"crashes: {crashes} in {args.boots} boots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
