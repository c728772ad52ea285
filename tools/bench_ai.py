"""In-browser speed: MCTS iterations and playouts (each game's one fast playout) per second per game inside the "ai"
worker, next to the same measurement on CPython (pygame_core.ai.bench.measure, same code, same
positions).

Why interleaved rounds: this machine's speed drifts by up to 2x, so each game is measured on
CPython and in the worker back to back, in alternating order, and the ratio is the median of
the rounds' ratios. The worker first runs one throwaway measurement, so the figures are the
steady state of a page in use (the browser compiles hot WebAssembly code further as it runs).

Usage: python3 tools/bench_ai.py [--seconds S] [--rounds N]   (needs `npm ci`; builds into a temp folder)
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

from e2e.harness import launch_options, wait_until_ready  # noqa: E402
from pygame_core.ai.bench import measure  # noqa: E402
from pygame_core.registry import GAME_NAMES, find_game  # noqa: E402
from tools.build import build_site  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

TARGET_RATIO = 0.6
WARM_UP_SECONDS = 2.0
FIGURES = (("per_second", "MCTS iterations"), ("playouts_per_second", "playouts"))

# Python on the page's thread: starts the worker and publishes its bench() as window.__aiBench.
IN_PAGE = """
import asyncio
from pyscript import window
from ui.ai_client import AiClient

async def main():
    worker = await AiClient().warm_up()
    window.__aiBench = worker.bench

asyncio.ensure_future(main())
"""

Row = dict[str, Any]


def in_worker(page: Any, seconds: float, game: str | None) -> list[Row]:
    """The worker's measurement for `game` (None: every game)."""
    text = page.evaluate("([s, g]) => window.__aiBench(s, g)", [seconds, game])
    return json.loads(text)


def cpython(seconds: float, game: str) -> Row:
    spec = find_game(game)
    return measure(spec, spec.bench_options[0], seconds)


def run_rounds(page: Any, seconds: float, rounds: int) -> dict[str, list[tuple[Row, Row]]]:
    """(CPython row, worker row) pairs per game, each pair measured back to back."""
    pairs: dict[str, list[tuple[Row, Row]]] = {game: [] for game in GAME_NAMES}
    for index in range(rounds):
        for game in GAME_NAMES:
            if index % 2 == 0:
                native = cpython(seconds, game)
                worker = in_worker(page, seconds, game)[0]
            else:
                worker = in_worker(page, seconds, game)[0]
                native = cpython(seconds, game)
            pairs[game].append((native, worker))
        print(f"  round {index + 1}/{rounds} done", flush=True)
    return pairs


def report(pairs: dict[str, list[tuple[Row, Row]]]) -> None:
    rounds = len(next(iter(pairs.values())))
    print(f"\nMedians over {rounds} rounds (per second, from the opening):")
    for game, rows in pairs.items():
        for key, what in FIGURES:
            native = statistics.median(n[key] for n, _ in rows)
            worker = statistics.median(w[key] for _, w in rows)
            ratio = statistics.median(w[key] / n[key] for n, w in rows)
            verdict = "ok" if ratio >= TARGET_RATIO else f"below target {TARGET_RATIO}"
            print(f"  {game:<10} {what:<16} CPython {native:8.0f}  Chromium worker {worker:8.0f}"
                  f"  ratio {ratio:.2f}  {verdict}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement (default 2)")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds (default 4)")
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
            page.evaluate("(code) => { const s = document.createElement('script'); s.type = 'py';"
                          " s.textContent = code; document.body.appendChild(s); }", IN_PAGE)
            page.wait_for_function("window.__aiBench !== undefined", timeout=120_000)
            in_worker(page, WARM_UP_SECONDS, GAME_NAMES[0])
            report(run_rounds(page, args.seconds, args.rounds))
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
