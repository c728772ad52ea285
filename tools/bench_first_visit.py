"""First-visit benchmark (issues 27, 41): a new player's cold visit and a blog page with four embeds.

What it prints, as medians over interleaved runs (each visit in a fresh browser profile):
- fast 4G (9 Mbit/s down, 60 ms, laptop CPU) and a slow-4G phone (1.6 Mbit/s, 150 ms, CPU 4x
  slower, 390x844), emulated over CDP: navigation -> the first visible "Play the computer"
  control, navigation -> page ready (body[data-state=ready]) and its ratio to a bare Pyodide
  page (bench/bare.html: the same runtime with its whole standard library, nothing else),
  visited in alternation with the site; and, before ready, the longest main-thread task (Long
  Tasks API), the total blocking time (each task's time over 50 ms, as Lighthouse counts it)
  and the slowest answer (Event Timing: input to next paint) to a Tab pressed every 1.5 s;
- bytes on the wire of a fast-4G first visit: every response body and header the server sent
  until the service worker has precached the site and the runtime snapshot is made;
- a page of another site with four embedded boards in view (LAN, no emulation): navigation ->
  each board first drawn (the first 2D drawing call on its #board canvas, then a frame), and
  the browser's memory 5 s after the last one: the sum of the PSS of every Chromium process
  (Linux /proc), above the same fresh browser showing an empty page;
- Lighthouse's performance score and timings, desktop and mobile presets, on the same
  compressed serving (tools/lighthouse.py; skipped with the reason when it cannot run).

The site is served gzip-compressed from the build's .gz siblings, as a static host does
(tools/serve.py). Network emulation covers the page and its dedicated workers, not the service
worker's precache, which runs at loopback speed.

Usage: python3 tools/bench_first_visit.py [--site DIR] [--runs 3] [--phone-runs 1] [--blog-runs 2]
                                         [--lighthouse-runs 1]
  --site: an already built site to measure (e.g. another branch's build); it gets gzip
  siblings and the bare page added. Default: a fresh build of this checkout.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.bench_boot import SETTLE_SECONDS, add_bare_page, new_profile  # noqa: E402
from tools.browser_harness import launch_options, wait_until_offline_ready  # noqa: E402
from tools.build import REPO, SERVICE_WORKER, build_site, site_files  # noqa: E402
from tools import lighthouse  # noqa: E402
from tools.precompress import write_siblings  # noqa: E402
from tools.proc_memory import descendants, process_table, pss_mb  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

BLOG_PAGE = REPO / "bench" / "blog_four.html"
BOOT_TIMEOUT_MS = 300_000   # a throttled phone visit on a loaded machine
SNAPSHOT_TIMEOUT_MS = 300_000
MEMORY_DELAY_S = 5.0
EMPTY_PAGE_SETTLE_S = 3.0
PLAY_COMPUTER = "play the computer"   # the text of the control a first visit looks for
PRESS_INTERVAL_S = 1.5   # a key press (Tab) this often during the boot, as a player might
BLOCKING_MS = 50         # a task's time over this counts as blocking (Lighthouse's TBT)


@dataclass(frozen=True)
class Network:
    """A network (and device) emulated over CDP."""
    name: str
    down_mbit: float
    up_mbit: float
    latency_ms: int
    cpu_slowdown: float = 1.0
    viewport: tuple[int, int] | None = None


FAST_4G = Network("fast 4G", 9.0, 9.0, 60)
SLOW_PHONE = Network("slow-4G phone", 1.6, 0.75, 150, cpu_slowdown=4.0, viewport=(390, 844))

# Runs in every page and frame before its scripts (CSP does not apply to it): records when the
# first visible "Play the computer" control shows, and when #board first gets drawn on, in ms
# since the epoch (frames of another site then compare with the blog page's navigation).
OBSERVER = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const visible = (element) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
  };
  const lookForControl = () => {
    if (window.__playControlAt) return;
    for (const element of document.querySelectorAll("button, a, [role=button]")) {
      const text = (element.getAttribute("aria-label") || element.textContent || "").toLowerCase();
      if (text.includes(%(control)s) && visible(element)) {
        window.__playControlAt = now();
        return;
      }
    }
    requestAnimationFrame(lookForControl);
  };
  requestAnimationFrame(lookForControl);
  // Main-thread tasks over 50 ms, and the presses' Event Timing (input to next paint), both
  // in ms since navigation (performance.now()).
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  window.__presses = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "keydown") window.__presses.push([entry.startTime, entry.duration]);
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  addEventListener("keydown", (event) => { window.__keydowns = (window.__keydowns || 0) + 1; }, true);
  const context = CanvasRenderingContext2D.prototype;
  for (const method of ["drawImage", "fill", "stroke", "fillRect", "putImageData", "fillText"]) {
    const original = context[method];
    context[method] = function (...args) {
      if (!window.__boardDrawnAt && this.canvas && this.canvas.id === "board") {
        window.__boardDrawnAt = -1;
        requestAnimationFrame(() => { window.__boardDrawnAt = now(); });
      }
      return original.apply(this, args);
    };
  }
})();
""".replace("%(control)s", repr(PLAY_COMPUTER))

Samples = dict[str, list[float]]
TIMINGS = ("ready", "control", "bytes", "longest", "blocking", "press")


def prepare(site: Path) -> None:
    """Give a built site the bare page and a gzip sibling for every compressible file."""
    if not (site / "bench" / "bare.html").exists():
        add_bare_page(site)
    files = [*site_files(site).values(), site / SERVICE_WORKER]
    write_siblings([path for path in files if not path.with_name(path.name + ".gz").exists()], ("gzip",))


def emulate(context: BrowserContext, page: Page, network: Network) -> None:
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": network.latency_ms,
        "downloadThroughput": network.down_mbit * 1e6 / 8, "uploadThroughput": network.up_mbit * 1e6 / 8})
    if network.cpu_slowdown != 1.0:
        session.send("Emulation.setCPUThrottlingRate", {"rate": network.cpu_slowdown})
    if network.viewport:
        page.set_viewport_size({"width": network.viewport[0], "height": network.viewport[1]})


def first_visit(playwright: Playwright, server: SiteServer, path: str, network: Network,
                count_bytes: bool) -> dict[str, float]:
    """One cold visit in a fresh profile: ready ms, play-control ms (the app), bytes (if asked)."""
    with ExitStack() as stack:
        context = new_profile(playwright, stack)
        context.add_init_script(OBSERVER)
        page = context.pages[0] if context.pages else context.new_page()
        emulate(context, page, network)
        time.sleep(SETTLE_SECONDS)
        server.counter.reset()
        page.goto(server.url + path, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        presses = press_until_ready(page)
        origin = page.evaluate("performance.timeOrigin")
        result = {"ready": page.evaluate("window.__bootMs"), **main_thread_before_ready(page, presses)}
        control = page.evaluate("window.__playControlAt")
        if control:
            result["control"] = control - origin
        if count_bytes:
            wait_until_offline_ready(page, SNAPSHOT_TIMEOUT_MS)
            if path == "":   # the app also makes its runtime snapshot after a first visit
                page.wait_for_function("['saved', 'failed'].includes(document.documentElement.dataset.snapshot)",
                                       timeout=SNAPSHOT_TIMEOUT_MS)
            result["bytes"] = server.counter.bytes_sent
        return result


def press_until_ready(page: Page) -> int:
    """Press Tab every PRESS_INTERVAL_S until the page is ready; returns how many were pressed.
    The wait for ready times out on Playwright's side, so a press is sent even while the page's
    main thread is busy (a check by evaluate() would wait for the task to end first)."""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    presses = 0
    while True:
        try:
            page.wait_for_selector('body[data-state="ready"]', state="attached", timeout=PRESS_INTERVAL_S * 1000)
            return presses
        except PlaywrightTimeoutError:
            if time.monotonic() > deadline:
                raise
        page.keyboard.press("Tab")
        presses += 1


def main_thread_before_ready(page: Page, presses: int) -> dict[str, float]:
    """From the visit's Long Tasks and Event Timing entries before ready (ms): the longest task,
    the total blocking time, and the slowest press's input-to-next-paint (a press under 16 ms
    leaves no entry: counted as 16)."""
    ready = page.evaluate("window.__bootMs")
    tasks = [duration for start, duration in page.evaluate("window.__longTasks") if start < ready]
    answers = [duration for start, duration in page.evaluate("window.__presses") if start < ready]
    result = {"longest": max(tasks, default=0.0),
              "blocking": sum(max(0.0, duration - BLOCKING_MS) for duration in tasks)}
    if presses:
        result["press"] = max(answers, default=16.0)
    return result


def run_visits(playwright: Playwright, server: SiteServer, network: Network, runs: int) -> dict[str, Samples]:
    samples: dict[str, Samples] = {"app": {}, "bare": {}}
    for round_index in range(runs):
        order = ("app", "bare") if round_index % 2 == 0 else ("bare", "app")
        line = []
        for kind in order:
            result = first_visit(playwright, server, "" if kind == "app" else "bench/bare.html", network,
                                 count_bytes=network is FAST_4G)
            for name, value in result.items():
                samples[kind].setdefault(name, []).append(value)
            line.append(f"{kind} " + ", ".join(f"{name} {value / 1e6:.2f} MB" if name == "bytes"
                                               else f"{name} {value / 1000:.2f} s" for name, value in result.items()
                                               if name in TIMINGS))
        print(f"  {network.name} round {round_index + 1}/{runs}: " + "; ".join(line), flush=True)
    return samples


def chromium_pss_mb(profile: str) -> float:
    """PSS in MB of the browser whose command line names `profile`, with all its processes."""
    parents, commands = process_table()
    roots = [pid for pid, command in commands.items() if profile.encode() in command and b"--type=" not in command]
    if not roots:
        raise RuntimeError("the browser process was not found")
    return pss_mb(descendants(min(roots), parents))


def blog_visit(playwright: Playwright, blog: SiteServer, site: SiteServer) -> dict[str, Any]:
    """The four-embed page in a fresh browser: each board's draw time (s) and PSS above empty (MB)."""
    with ExitStack() as stack:
        profile = stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-profile-"))
        context = playwright.chromium.launch_persistent_context(
            profile, **launch_options(), viewport={"width": 800, "height": 2500})
        stack.callback(context.close)
        context.add_init_script(OBSERVER)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto("about:blank")
        time.sleep(EMPTY_PAGE_SETTLE_S)
        empty = chromium_pss_mb(profile)
        page.goto(f"{blog.url}blog_four.html?src={site.url}", wait_until="commit")
        origin = page.evaluate("performance.timeOrigin")
        page.wait_for_function("document.querySelectorAll('iframe[data-game]').length === 4")
        frames = [handle.content_frame() for handle in page.query_selector_all("iframe[data-game]")]
        drawn = []
        for frame in frames:
            assert frame is not None, "an embed's iframe has no document"
            frame.wait_for_function("window.__boardDrawnAt > 0", timeout=BOOT_TIMEOUT_MS, polling=50)
            drawn.append((frame.evaluate("window.__boardDrawnAt") - origin) / 1000)
        time.sleep(MEMORY_DELAY_S)
        return {"drawn": drawn, "pss": chromium_pss_mb(profile) - empty}


def report(fast: dict[str, Samples], phone: dict[str, Samples], blog: list[dict[str, Any]]) -> None:
    median = statistics.median

    def spread(values: list[float], scale: float = 1000) -> str:
        low, high = min(values) / scale, max(values) / scale
        return f"{median(values) / scale:.2f} s" + (f" ({low:.2f}-{high:.2f})" if len(values) > 1 else "")

    print("\nMedians (range), cold first visits, site served gzip-compressed:")
    for network, samples in (("fast 4G", fast), ("slow-4G phone", phone)):
        app, bare = samples["app"], samples["bare"]
        if not app:
            continue
        control = spread(app["control"]) if app.get("control") else "never seen"
        ratio = median(app["ready"]) / median(bare["ready"])
        print(f"  {network:14} first 'Play the computer' {control}; ready {spread(app['ready'])} = {ratio:.2f}x "
              f"bare ({spread(bare['ready'])})")
        for kind, values in (("site", app), ("bare", bare)):
            print(f"  {'':14} {kind} before ready: longest main-thread task {spread(values['longest'])}, "
                  f"total blocking {spread(values['blocking'])}, slowest key press answered in "
                  f"{spread(values['press']) if values.get('press') else 'no press made'}")
    if fast["app"].get("bytes"):
        print(f"  bytes on the wire, first visit (boot, precache, snapshot): {median(fast['app']['bytes']) / 1e6:.2f} MB; "
              f"bare page {median(fast['bare']['bytes']) / 1e6:.2f} MB")
    if blog:
        last = [max(visit["drawn"]) for visit in blog]
        each = [statistics.median(column) for column in zip(*(visit["drawn"] for visit in blog), strict=True)]
        print(f"  blog page, four embeds in view (LAN): every board drawn {median(last):.2f} s "
              f"(each: {', '.join(f'{t:.2f}' for t in each)} s); browser PSS +{median(v['pss'] for v in blog):.0f} MB "
              f"above an empty page, {MEMORY_DELAY_S:.0f} s later")


def report_lighthouse(url: str, runs: int) -> None:
    """Lighthouse's performance audit of the compressed first visit, each preset `runs` times."""
    reason = lighthouse.available()
    if reason is not None:
        print(f"  Lighthouse not run: {reason}")
        return
    for preset in ("desktop", "mobile"):
        for _ in range(runs):
            print(f"  {lighthouse.audit(url, preset).line()}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to measure (default: build this checkout)")
    parser.add_argument("--runs", type=int, default=3, help="fast-4G rounds of app and bare (default 3)")
    parser.add_argument("--phone-runs", type=int, default=1, help="slow-4G phone rounds (default 1)")
    parser.add_argument("--blog-runs", type=int, default=2, help="four-embed blog visits (default 2)")
    parser.add_argument("--lighthouse-runs", type=int, default=1, help="Lighthouse runs per preset (default 1)")
    args = parser.parse_args(argv)
    with ExitStack() as stack:
        if args.site is None:
            site = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-site-"))) / "site"
            build_site(site, precompress=("gzip",))
        else:
            site = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-site-"))) / "site"
            shutil.copytree(args.site, site)
        prepare(site)
        server = stack.enter_context(SiteServer(site, encodings=("gzip",)))
        blog = stack.enter_context(SiteServer(BLOG_PAGE.parent, host="localhost", policy=None))
        playwright = stack.enter_context(sync_playwright())
        print(f"Serving {site} at {server.url} (gzip); blog at {blog.url}; machine: 2 cores shared, loaded")
        fast = run_visits(playwright, server, FAST_4G, args.runs)
        phone = run_visits(playwright, server, SLOW_PHONE, args.phone_runs)
        blog_visits = []
        for index in range(args.blog_runs):
            blog_visits.append(blog_visit(playwright, blog, server))
            visit = blog_visits[-1]
            print(f"  blog visit {index + 1}/{args.blog_runs}: boards drawn at "
                  f"{', '.join(f'{t:.2f}' for t in visit['drawn'])} s; PSS +{visit['pss']:.0f} MB", flush=True)
        report(fast, phone, blog_visits)
        report_lighthouse(server.url, args.lighthouse_runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
