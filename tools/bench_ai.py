"""In-browser speed: MCTS iterations and playouts (each game's one fast playout) per second per game inside the "ai"
worker, next to the same measurement on CPython (pygame_core.ai.bench.measure, same code, same
positions).

Why interleaved rounds: this machine's speed drifts by up to 2x, so each game is measured on
CPython and in the worker back to back, in alternating order, and the ratio is the median of
the rounds' ratios. The worker first runs one throwaway measurement, so the figures are the
steady state of a page in use (the browser compiles hot WebAssembly code further as it runs).
With --frozen, both sides search with the games' frozen baseline hints (`frozen=1`), so two runs
give a change's cost in speed before and after, in the worker as on CPython.

The MCTS iterations ratio is also the page player's clock in the lab (`page:` specs,
lab.page_player): each game's measured ratio is printed beside the one stored in
lab/page_speed.json, and the bench exits non-zero when one is off by more than
STORED_TOLERANCE, so the stored figure cannot go stale unnoticed (update the file then).

With --pool: the opponent's worker pool instead (ui.ai_client). Iterations per second of one
turn searched for S seconds by 1 worker and by N workers (rounds alternate which goes first;
every search starts from a different opening, so no tree is reused), the ratio of the medians
(target >= 1.7 for 2 workers), and whether each search kept to its time cap (S, and the
default level's cap for a default-level turn).

Usage: python3 tools/bench_ai.py [--seconds S] [--rounds N] [--frozen] [--pool [--workers N] [--game G]]
       (needs `npm ci`; builds into a temp folder)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.page_player import SPEED_FILE, stored_ratios  # noqa: E402
from tools.browser_harness import launch_options, wait_until_ready  # noqa: E402
from pygame_core.ai.bench import measure  # noqa: E402
from pygame_core.registry import GAME_NAMES, find_game  # noqa: E402
from tools.build import build_site  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

TARGET_RATIO = 0.6
STORED_TOLERANCE = 0.25  # a measured ratio this far (relatively) from the stored one fails the bench
WARM_UP_SECONDS = 2.0
FIGURES = (("per_second", "MCTS iterations"), ("playouts_per_second", "playouts"))

# Python on the page's thread: starts the worker and publishes its bench() as window.__aiBench.
IN_PAGE = """
import asyncio
from pyscript import window
from ui.ai_client import AiClient

async def main():
    watched = await AiClient().warm_up()   # (ui.worker_watch.WatchedWorker: its worker has bench)
    window.__aiBench = watched.worker.bench

asyncio.ensure_future(main())
"""

# Python on the page's thread: one client per pool size, and window.__poolRun(size, opening,
# seconds) -> JSON of the turn's effort (workers, iterations, seconds; "level": default level).
POOL_IN_PAGE = """
import asyncio, json, time
from pyscript import window
from pyodide.ffi import create_proxy
from pygame_core.ai.levels import DEFAULT_LEVEL, find_level
from pygame_core.record import Record
from ui.ai_client import AiClient

clients = {}

async def run(size, game, opening, seconds):
    client = clients.get(size)
    if client is None:
        client = clients[size] = AiClient(seed=size, workers=size)
        await client.all_started()
        await client.choose(Record(game, {}), None, limits={"iterations": 10 ** 9, "seconds": WARM_UP})
        # (boots the workers and lets the browser finish compiling their hot code)
    limits = {"iterations": 10 ** 9, "seconds": seconds} if seconds else None
    started = time.perf_counter()
    await client.choose(Record(game, {}, (opening,)), None, limits=limits)
    cap = seconds or find_level(DEFAULT_LEVEL).seconds
    return json.dumps({**client.last, "wall": time.perf_counter() - started, "cap": cap})

WARM_UP = 4.0  # seconds of search before the first measurement
window.__poolRun = create_proxy(lambda *a: asyncio.ensure_future(run(*a)))
"""
TIME_CAP_SLACK = 0.15  # seconds: one slice, the commit round trip and the clock's reading interval

Row = dict[str, Any]


def in_worker(page: Any, seconds: float, game: str | None, frozen: bool = False) -> list[Row]:
    """The worker's measurement for `game` (None: every game)."""
    text = page.evaluate("([s, g, f]) => window.__aiBench(s, g, f)", [seconds, game, frozen])
    return json.loads(text)


def cpython(seconds: float, game: str, frozen: bool = False) -> Row:
    spec = find_game(game)
    return measure(spec, spec.bench_options[0], seconds, frozen=frozen)


def run_rounds(page: Any, seconds: float, rounds: int, frozen: bool = False) -> dict[str, list[tuple[Row, Row]]]:
    """(CPython row, worker row) pairs per game, each pair measured back to back."""
    pairs: dict[str, list[tuple[Row, Row]]] = {game: [] for game in GAME_NAMES}
    for index in range(rounds):
        for game in GAME_NAMES:
            if index % 2 == 0:
                native = cpython(seconds, game, frozen)
                worker = in_worker(page, seconds, game, frozen)[0]
            else:
                worker = in_worker(page, seconds, game, frozen)[0]
                native = cpython(seconds, game, frozen)
            pairs[game].append((native, worker))
        print(f"  round {index + 1}/{rounds} done", flush=True)
    return pairs


def report(pairs: dict[str, list[tuple[Row, Row]]]) -> bool:
    """Prints the medians; True when every game's iterations ratio is within STORED_TOLERANCE
    of the stored one (lab/page_speed.json)."""
    rounds = len(next(iter(pairs.values())))
    stored = stored_ratios()
    print(f"\nMedians over {rounds} rounds (per second, from the opening):")
    current = True
    for game, rows in pairs.items():
        for key, what in FIGURES:
            native = statistics.median(n[key] for n, _ in rows)
            worker = statistics.median(w[key] for _, w in rows)
            ratio = statistics.median(w[key] / n[key] for n, w in rows)
            verdict = "ok" if ratio >= TARGET_RATIO else f"below target {TARGET_RATIO}"
            print(f"  {game:<10} {what:<16} CPython {native:8.0f}  Chromium worker {worker:8.0f}"
                  f"  ratio {ratio:.2f}  {verdict}")
        ratio = statistics.median(w["per_second"] / n["per_second"] for n, w in rows)
        known = stored.get(game)
        fits = known is not None and abs(ratio - known) <= STORED_TOLERANCE * known
        current &= fits
        print(f"  {game:<10} page player's ratio: measured {ratio:.2f}, stored {known} in {SPEED_FILE.name}"
              f"  {'ok' if fits else 'STALE: update the file'}")
    return current


def openings(game: str, count: int) -> list[str]:
    """`count` different first turns of `game` (one action each), so no search reuses a tree."""
    state = find_game(game).new_game()
    return [state.format_turn([a]) for a in list(state.legal_actions())[:count]]


def pool_rounds(page: Any, game: str, workers: int, seconds: float, rounds: int) -> dict[int, list[Row]]:
    """Per pool size (1 and `workers`), one timed turn and one default-level turn per round."""
    runs: dict[int, list[Row]] = {1: [], workers: []}
    firsts = iter(openings(game, 4 * rounds))
    for index in range(rounds):
        order = (1, workers) if index % 2 == 0 else (workers, 1)
        for size in order:
            for budget in (seconds, 0):
                text = page.evaluate("([n, g, o, s]) => window.__poolRun(n, g, o, s)",
                                     [size, game, next(firsts), budget])
                runs[size].append({**json.loads(text), "timed": bool(budget)})
        print(f"  round {index + 1}/{rounds} done", flush=True)
    return runs


def pool_report(runs: dict[int, list[Row]], workers: int) -> bool:
    """Prints the figures; True when the ratio and every time cap are met."""
    rates = {size: statistics.median(r["iterations"] / r["seconds"] for r in rows if r["timed"])
             for size, rows in runs.items()}
    ratio = rates[workers] / rates[1]
    target = 1.7 if workers == 2 else None
    print(f"\nMedian iterations per second over {len(runs[1]) // 2} rounds:")
    for size, rate in rates.items():
        spread = [r["per_worker"] for r in runs[size] if r["timed"]]
        print(f"  {size} worker{'s' if size > 1 else ' '}: {rate:8.0f}   (iterations per worker: {spread})")
    verdict = "" if target is None else ("  ok" if ratio >= target else f"  below target {target}")
    print(f"  ratio {workers} vs 1: {ratio:.2f}{verdict}")
    capped = True
    for size, rows in runs.items():
        for kind, timed in (("timed", True), ("default level", False)):
            chosen = [r for r in rows if r["timed"] == timed]
            worst = max(chosen, key=lambda r: r["wall"] - r["cap"])
            ok = all(r["wall"] <= r["cap"] + TIME_CAP_SLACK for r in chosen)
            capped &= ok
            print(f"  {size} worker(s), {kind:<13}: longest turn {worst['wall']:.2f} s for a cap of "
                  f"{worst['cap']:.2f} s  {'ok' if ok else 'OVER'}")
    return capped and (target is None or ratio >= target)


def run_pool(page: Any, args: argparse.Namespace) -> int:
    page.evaluate("(code) => { const s = document.createElement('script'); s.type = 'py';"
                  " s.textContent = code; document.body.appendChild(s); }", POOL_IN_PAGE)
    page.wait_for_function("window.__poolRun !== undefined", timeout=120_000)
    runs = pool_rounds(page, args.game, args.workers, args.seconds, args.rounds)
    return 0 if pool_report(runs, args.workers) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement (default 2)")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds (default 4)")
    parser.add_argument("--frozen", action="store_true", help="search with the frozen baseline hints")
    parser.add_argument("--pool", action="store_true", help="the worker pool: N workers against 1")
    parser.add_argument("--workers", type=int, default=2, help="with --pool: the pool size (default 2)")
    parser.add_argument("--game", default=GAME_NAMES[0], choices=GAME_NAMES, help="with --pool (default susan)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        site = Path(folder) / "site"
        build_site(site)
        with SiteServer(site) as server:
            browser = playwright.chromium.launch(**launch_options())
            page = browser.new_page()
            page.goto(server.url)
            wait_until_ready(page)
            if args.pool:
                code = run_pool(page, args)
                browser.close()
                return code
            page.evaluate("(code) => { const s = document.createElement('script'); s.type = 'py';"
                          " s.textContent = code; document.body.appendChild(s); }", IN_PAGE)
            page.wait_for_function("window.__aiBench !== undefined", timeout=120_000)
            in_worker(page, WARM_UP_SECONDS, GAME_NAMES[0])
            print("hints: frozen baseline (frozen=1)" if args.frozen else "hints: today's")
            current = report(run_rounds(page, args.seconds, args.rounds, args.frozen))
            browser.close()
    return 0 if current or args.frozen else 1


if __name__ == "__main__":
    sys.exit(main())
