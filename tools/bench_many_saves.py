"""What a reload and a move cost with many saves, in Chromium (issue 38, item 6).

A restored backup can hold 1,000 saves; the page must not pay for each of them on every boot or
every move. For 1 and for 1,000 named saves (random 30-turn SUSAN games, each its own game), it
seeds the site's storage, boots a tab --boots times and reads the median boot time
(window.__bootMs) and the part of it that is the page's Python (from "main.py starts", a boot
milestone of assets/boot.js, to ready: the part that saves could make slow, and much less
noisy than the whole on a busy machine); then opens the saves panel, as the player does, and
times it from the click to the frame in which the list has all it will show, with the longest
task meanwhile
(issue 54, item 16: 16 s with 1,000 saves when every save was listed); then plays moves
with two tabs open taking turns at the one autosave slot (the case where a tab keeps the other
tab's game), and prints, per move, the time from the move to the next frame in the tab that
moved and the longest task either tab ran meanwhile (the other tab hears of it through the
storage event). Prints one line per count.

Usage: python3 tools/bench_many_saves.py [--counts 1,1000] [--boots 3] [--moves 4]   (needs `npm ci`)
Run it on an otherwise idle machine: boot times swing by seconds on a busy one.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import BrowserContext, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_core.random_play import random_turns  # noqa: E402
from pygame_core.record import Record, from_actions  # noqa: E402
from pygame_core.registry import find_game  # noqa: E402
from tools.browser_harness import launch_options, wait_until_ready  # noqa: E402
from tools.build import build_site  # noqa: E402
from tools.serve import SiteServer  # noqa: E402
from ui.play.saved_game import HUMAN, SavedGame, Seat  # noqa: E402
from ui.saves.savefile import encode  # noqa: E402
from ui.saves.store import AUTOSAVE_KEY, SAVE_PREFIX  # noqa: E402

WATCH_TASKS = """() => {
    window.__longest = 0;
    new PerformanceObserver(list => list.getEntries().forEach(
        e => { window.__longest = Math.max(window.__longest, e.duration); })).observe({type: 'longtask'});
}"""
PLAY_AND_TIME = """async (turn) => {
    window.__longest = 0;
    const input = document.getElementById('move-input');
    const started = performance.now();
    input.value = turn;
    document.getElementById('move-form').requestSubmit();
    await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - started;
}"""


def saves(count: int, seed: int = 1) -> dict[str, str]:
    """`count` named saves of random SUSAN games, plus an autosaved empty game to resume."""
    rng, spec = random.Random(seed), find_game("susan")
    start = spec.new_state(spec.resolve_options({}))
    seats = (Seat(HUMAN), Seat(HUMAN))
    stored = {}
    for number in range(1, count + 1):
        record = Record("susan", spec.resolve_options({}), tuple(from_actions(start, random_turns(start, rng, 30))))
        stored[f"{SAVE_PREFIX}{number}"] = encode(SavedGame(record, seats, len(record.turns), f"Game {number}",
                                                            "2026-01-01T00:00:00Z", f"bench{number:07d}"))
    stored[AUTOSAVE_KEY] = encode(SavedGame(Record("susan", spec.resolve_options({}), ()), seats, 0,
                                            game_id="benchautosave"))
    return stored


OPEN_PANEL = """async () => {
    const panel = document.getElementById('saves-panel');
    const listed = () => document.querySelectorAll('#saves-list li').length;
    const tick = ms => new Promise(r => setTimeout(r, ms));
    window.__longest = 0;
    const started = performance.now();
    panel.querySelector('summary').click();
    let count = 0, grown = started;   // the list is whole once it stops growing for 1 s
    while (count === 0 || performance.now() - grown < 1000) {
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
        if (listed() !== count) { count = listed(); grown = performance.now(); }
        await tick(20);
    }
    return [grown - started, window.__longest, count];
}"""
PYTHON_MS = "window.__bootMs - Object.fromEntries(window.__bootMarks)['main.py starts']"


def boot(tab: Page, url: str) -> tuple[int, int]:
    """(navigation -> ready, main.py starts -> ready) in ms."""
    tab.goto(url)
    boot_ms = wait_until_ready(tab)
    if tab.is_visible("#front-door-dialog"):
        tab.click("#front-door-close")
    tab.evaluate(WATCH_TASKS)
    return boot_ms, tab.evaluate(PYTHON_MS)


class Figures(NamedTuple):
    boots: list[tuple[int, int]]   # (whole boot, its Python) per boot, ms
    panel: tuple[float, float, int]   # opening the saves panel: ms, longest task ms, entries listed
    moves: list[float]             # ms per move
    longest: float                 # the longest task while moving, ms


def measure(context: BrowserContext, url: str, count: int, boots: int, moves: int) -> Figures:
    """What the boot, opening the saves panel and moves cost with `count` saves in storage."""
    seeder = context.new_page()
    seeder.goto(url + "manifest.webmanifest")   # the site's origin, without booting the page
    seeder.evaluate("entries => { localStorage.clear(); for (const [k, v] of entries) localStorage.setItem(k, v); }",
                    list(saves(count).items()))
    seeder.close()
    tab_a, tab_b = context.new_page(), context.new_page()
    boot_times = [boot(tab_a, url) for _ in range(boots)]
    took, panel_longest, listed = tab_a.evaluate(OPEN_PANEL)
    tab_a.evaluate("document.getElementById('saves-panel').open = false")
    boot(tab_b, url)
    turns = iter(["d6", "b5", "c4", "e3", "f5", "d2", "c6", "e6", "b3", "f3", "d4", "c2"])
    times, longest = [], 0.0
    for number in range(moves):
        mover, other = (tab_a, tab_b) if number % 2 == 0 else (tab_b, tab_a)
        other.evaluate("window.__longest = 0")
        times.append(mover.evaluate(PLAY_AND_TIME, next(turns)))
        other.wait_for_timeout(300)   # the other tab's storage event has run by then
        longest = max(longest, mover.evaluate("window.__longest"), other.evaluate("window.__longest"))
    tab_a.close()
    tab_b.close()
    return Figures(boot_times, (took, panel_longest, listed), times, longest)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="1,1000", help="numbers of saves, comma-separated")
    parser.add_argument("--boots", type=int, default=3, help="boots of the first tab (the median is printed)")
    parser.add_argument("--moves", type=int, default=4, help="moves played, the tabs taking turns")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_site(site)
        with SiteServer(site) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            print(f"{'saves':>6} {'boot, ms':>9} {'its Python, ms':>15} {'open panel, ms':>15} "
                  f"{'its longest task':>17} {'listed':>7} {'move, median ms':>16} "
                  f"{'move, worst ms':>15} {'longest task, ms':>17}   (medians of {args.boots} boots)")
            for count in (int(part) for part in args.counts.split(",")):
                context = browser.new_context()
                figures = measure(context, server.url, count, args.boots, args.moves)
                context.close()
                whole, python = (statistics.median(part) for part in zip(*figures.boots, strict=True))
                panel_ms, panel_longest, listed = figures.panel
                print(f"{count:>6} {whole:>9.0f} {python:>15.0f} {panel_ms:>15.0f} {panel_longest:>17.0f} "
                      f"{listed:>7} {statistics.median(figures.moves):>16.0f} {max(figures.moves):>15.0f} "
                      f"{figures.longest:>17.0f}")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
