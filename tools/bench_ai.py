"""In-browser speed: MCTS iterations and random playouts per second per game inside the "ai"
worker, next to the same measurement on CPython (pygame_core.ai.bench.measure, same code, same positions).

Usage: python3 tools/bench_ai.py [--seconds S]   (needs `npm ci`; builds into a temp folder)
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from e2e.harness import launch_options, wait_until_ready  # noqa: E402
from pygame_core.ai.bench import measure  # noqa: E402
from pygame_core.registry import all_games  # noqa: E402
from tools.build import build_site  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

IN_PAGE = """
import asyncio, json
from pyscript import window
from ui.ai_client import AiClient

async def main():
    worker = await AiClient().warm_up()
    window.__bench = str(await worker.bench(SECONDS))

asyncio.ensure_future(main())
"""


def browser_rows(seconds: float) -> list[dict]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        build_site(Path(folder) / "site")
        with SiteServer(Path(folder) / "site") as server:
            browser = playwright.chromium.launch(**launch_options())
            page = browser.new_page()
            page.goto(server.url)
            wait_until_ready(page)
            code = IN_PAGE.replace("SECONDS", repr(seconds))
            page.evaluate("(code) => { const s = document.createElement('script'); s.type = 'py';"
                          " s.textContent = code; document.body.appendChild(s); }", code)
            page.wait_for_function("window.__bench !== undefined", timeout=300_000)
            rows = json.loads(page.evaluate("window.__bench"))
            browser.close()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    cpython = {spec.name: measure(spec, spec.bench_options[0], args.seconds) for spec in all_games()}
    for row in browser_rows(args.seconds):
        native = cpython[row["game"]]
        for key, what in (("per_second", "MCTS iterations"), ("playouts_per_second", "random playouts")):
            print(f"{row['game']:<10} {what:<16} CPython {native[key]:8.0f}/s  Chromium worker "
                  f"{row[key]:8.0f}/s  ratio {row[key] / native[key]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
