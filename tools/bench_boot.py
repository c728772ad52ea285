"""Boot benchmark: navigation -> ready for the site and for a bare Pyodide page, interleaved,
cold (fresh browser profile), warm (second visit) and offline (server stopped); prints medians,
the app/bare ratio per mode and the first visit's transfer size.

The site boots two ways (assets/snapshot.mjs): a first visit starts Python normally and then
makes a runtime snapshot; later visits start from it ("app"). "app-normal" is the same visit
with the snapshot deleted first (the path of a new build's first load, or of a browser without
the snapshot); it makes the snapshot again before the next measurement. Also printed: the
snapshot's size and place, navigation -> board painted (a return visit's picture of the last
board), and navigation -> the computer's first move at the default level on a return visit (the
page and the opponent worker both restored).

Why a bare page: nearly all boot time is Pyodide's own start-up, and this machine's speed
drifts up to 2x between runs, so only a ratio against the same runtime booted with nothing
else, measured in alternation, says what PyScript and the site add.

Usage: python tools/bench_boot.py [--runs 6]   (make bench-boot; needs npm ci and Chromium)
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.browser_harness import AUTOSAVE, launch_options, wait_until_offline_ready, wait_until_ready  # noqa: E402
from pygame_core.ai.levels import DEFAULT_LEVEL  # noqa: E402
from pygame_core.record import Record  # noqa: E402
from pygame_core.registry import DEFAULT_GAME  # noqa: E402
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat  # noqa: E402
from ui.saves.savefile import encode  # noqa: E402
from tools.build import PYODIDE_DIR, PYODIDE_FILES, REPO, build_site, write_service_worker  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

BARE_SOURCES = REPO / "bench"
BARE_FILES = ("bare.html", "bare.js")
PAGES = {"app": "", "bare": "bench/bare.html"}
KINDS = ("app", "app-normal", "bare")
MODES = ("cold", "warm", "offline")
TARGET_RATIO = 0.5  # issue 16: a return visit (warm, offline) boots in half the bare page's time
SNAPSHOT_TIMEOUT_MS = 180_000
FORGET_SNAPSHOT = "async () => caches.delete('python-snapshot')"
# Both browsers of a round start together; without a pause, the second one's start-up
# competed with the first page's cold boot (the page measured first was ~0.4 s slower).
SETTLE_SECONDS = 3.0
# Milestones recorded by assets/boot.js (window.__bootMarks), in boot order.
MILESTONES = ("board painted", "storage probed", "runtime ready", "PyScript loaded", "Loaded files",
              "main.py starts")
# A return visit resuming a game the computer opens, at the default level: nothing played yet.
COMPUTER_OPENS = encode(SavedGame(Record(DEFAULT_GAME, {}), (Seat(AI, DEFAULT_LEVEL), Seat(HUMAN)), 0))

Samples = dict[tuple[str, str], list[int]]


def add_bare_page(site: Path) -> None:
    """Put the baseline page and its own precaching worker under site/bench/ (not in dist)."""
    bench = site / "bench"
    bench.mkdir()
    files = {}
    for name in BARE_FILES:
        shutil.copy2(BARE_SOURCES / name, bench / name)
        files[name] = bench / name
    for name in PYODIDE_FILES:
        files[f"../{PYODIDE_DIR}/{name}"] = site / PYODIDE_DIR / name
    write_service_worker(bench / "sw.js", files, prefix="bare-", page="bare.html")


def new_profile(playwright: Playwright, stack: ExitStack) -> BrowserContext:
    """A browser with an empty user-data dir: nothing cached, no service worker."""
    profile = stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-profile-"))
    context = playwright.chromium.launch_persistent_context(profile, **launch_options())
    stack.callback(context.close)
    return context


def visit(context: BrowserContext, url: str) -> tuple[int, dict[str, int]]:
    """Navigate and wait for ready: (navigation -> ready ms, boot milestones in ms)."""
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    boot_ms = wait_until_ready(page)
    return boot_ms, dict(page.evaluate("window.__bootMarks || []"))


def wait_for_snapshot(context: BrowserContext) -> dict[str, str]:
    """Wait until the page has made its snapshot; its size and making time from <html>."""
    page = context.pages[0]
    page.wait_for_function("['saved', 'failed'].includes(document.documentElement.dataset.snapshot)",
                           timeout=SNAPSHOT_TIMEOUT_MS)
    return page.evaluate("({...document.documentElement.dataset})")


def first_computer_move(context: BrowserContext, url: str) -> int:
    """A return visit to a saved game the computer opens: navigation -> its move shown, in ms."""
    page = context.pages[0]
    page.goto(url + "manifest.webmanifest")   # same origin, no game running to overwrite the save
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [AUTOSAVE, COMPUTER_OPENS])
    page.goto(url)
    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 2",
                           timeout=SNAPSHOT_TIMEOUT_MS, polling=10)
    return round(page.evaluate("performance.now()"))


def measure_transfer(playwright: Playwright, server: SiteServer) -> None:
    """First visit of the app in a fresh profile, until the offline precache is complete."""
    with ExitStack() as stack:
        context = new_profile(playwright, stack)
        server.counter.reset()
        visit(context, server.url)
        wait_until_offline_ready(context.pages[0])
        wait_for_snapshot(context)  # made from the service worker's copies: counted if it were not
        raw = server.counter.bytes_sent
        bodies = [server.root / path.lstrip("/").split("?")[0] for path, status in server.counter.responses
                  if status == 200]
        bodies = [path / "index.html" if path.is_dir() else path for path in bodies]
        gzipped = sum(len(gzip.compress(path.read_bytes(), 6)) for path in bodies)
        revalidated = sum(1 for _, status in server.counter.responses if status == 304)
    print("First visit (page boot + service-worker precache + snapshot making), plain http.server, no compression:")
    print(f"  {raw / 1e6:.2f} MB over the wire in {len(server.counter.responses)} responses "
          f"({len(bodies)} full, {revalidated} 304 revalidations)")
    print(f"  {gzipped / 1e6:.2f} MB if a host gzips the same bodies (level 6)")


def run_rounds(playwright: Playwright, server: SiteServer, runs: int) -> tuple[Samples, Samples, Samples]:
    """Boot times per (kind, mode), the app's milestones per (milestone, mode) and the extras
    (first computer move, snapshot size and making time) per (name, "")."""
    samples: Samples = {(kind, mode): [] for kind in KINDS for mode in MODES}
    milestones: Samples = {(name, mode): [] for name in MILESTONES for mode in MODES}
    extras: Samples = {(name, ""): [] for name in ("first move", "snapshot memory", "snapshot stored",
                                                   "snapshot making")}

    def measure(context: BrowserContext, kind: str, mode: str) -> None:
        if kind == "app-normal":
            context.pages[0].evaluate(FORGET_SNAPSHOT)
        boot_ms, marks = visit(context, server.url + PAGES[kind.removesuffix("-normal")])
        samples[kind, mode].append(boot_ms)
        for name in MILESTONES:
            if kind == "app" and name in marks:
                milestones[name, mode].append(marks[name])
        if kind != "bare" and (mode == "cold" or kind == "app-normal"):
            made = wait_for_snapshot(context)   # the next visit starts from it
            if mode == "cold":
                for name, field in (("snapshot memory", "snapshotMemory"), ("snapshot stored", "snapshotStored"),
                                    ("snapshot making", "snapshotMs")):
                    extras[name, ""].append(int(made[field]))

    for round_index in range(runs):
        order = list(PAGES) if round_index % 2 == 0 else list(reversed(PAGES))
        with ExitStack() as stack:
            contexts = {kind: new_profile(playwright, stack) for kind in order}
            contexts["app-normal"] = contexts["app"]
            time.sleep(SETTLE_SECONDS)
            for kind in order:
                measure(contexts[kind], kind, "cold")
                wait_until_offline_ready(contexts[kind].pages[0])
            for kind in (*order, "app-normal"):
                measure(contexts[kind], kind, "warm")
            extras["first move", ""].append(first_computer_move(contexts["app"], server.url))
            server.stop()
            try:
                for kind in (*order, "app-normal"):
                    measure(contexts[kind], kind, "offline")
            finally:
                server.start()  # same port: the origin, and so the service worker, stays the same
        done = ", ".join(f"{kind} " + "/".join(str(samples[kind, mode][-1]) if samples[kind, mode] else "-"
                                               for mode in MODES) for kind in KINDS)
        print(f"  round {round_index + 1}/{runs} (cold/warm/offline ms): {done}; "
              f"first computer move {extras['first move', ''][-1]} ms", flush=True)
    return samples, milestones, extras


def report(samples: Samples, milestones: Samples, extras: Samples) -> None:
    median = statistics.median
    print(f"\nNavigation -> ready, median ms over {len(samples['app', 'warm'])} runs each "
          f"(app = from the snapshot after the first visit; app-normal = snapshot deleted first):")
    print(f"  {'mode':8} {'app':>7} {'normal':>7} {'bare':>7} {'app/bare':>9} {'normal/bare':>12}")
    for mode in MODES:
        bare = median(samples["bare", mode])
        app = median(samples["app", mode])
        normal = median(samples["app-normal", mode]) if samples["app-normal", mode] else None
        verdict = "" if mode == "cold" else "ok" if app / bare <= TARGET_RATIO else f"above target {TARGET_RATIO}"
        normal_text = f"{normal:7.0f}" if normal else f"{'-':>7}"
        normal_ratio = f"{normal / bare:12.2f}" if normal else f"{'-':>12}"
        print(f"  {mode:8} {app:7.0f} {normal_text} {bare:7.0f} {app / bare:9.2f} {normal_ratio}  {verdict}")
    print("  (cold is a first visit: no snapshot yet, so app = the normal path there)")
    print("\nApp milestones, median ms since navigation (from assets/boot.js):")
    print(f"  {'milestone':22}" + "".join(f"{mode:>9}" for mode in MODES))
    for name in (*MILESTONES, "ready"):
        values = [samples["app", mode] if name == "ready" else milestones[name, mode] for mode in MODES]
        print(f"  {name:22}" + "".join(f"{median(v):9.0f}" if v else f"{'-':>9}" for v in values))
    first_move, bare_warm = median(extras["first move", ""]), median(samples["bare", "warm"])
    print(f"\nReturn visit, navigation -> the computer's first move (default level, page and opponent "
          f"from the snapshot): median {first_move:.0f} ms = {first_move / bare_warm:.2f}x the bare page's warm boot")
    print(f"Snapshot: {median(extras['snapshot memory', '']) / 1e6:.1f} MB of memory, "
          f"{median(extras['snapshot stored', '']) / 1e6:.1f} MB stored in this browser's Cache Storage "
          f"('python-snapshot'), made in a worker in {median(extras['snapshot making', '']):.0f} ms "
          f"after the first visit's ready; never downloaded")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot benchmark: app (snapshot, normal) vs bare Pyodide page.")
    parser.add_argument("--runs", type=int, default=6,
                        help="runs per page and mode (default 6: as many rounds app-first as bare-first)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        site = Path(tmp) / "site"
        build_site(site)
        add_bare_page(site)
        with SiteServer(site) as server, sync_playwright() as playwright:
            print(f"Serving {site} at {server.url}; browser: {launch_options().get('executable_path', 'Playwright')}")
            measure_transfer(playwright, server)
            print("\nInterleaved rounds, app then bare or bare then app:")
            report(*run_rounds(playwright, server, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
