"""Click-to-paint: how long from a tap on an empty cell to its stone in the board canvas.

A pointerdown/pointerup pair is dispatched on a cell's centre of a ready page; the time to the
end of the handlers (Python deciding the move) and to the first animation frame whose canvas
pixel at that centre has changed (the stone painted) are printed per viewport and game, as the
median and worst of ROUNDS taps. The browser composites that frame right after; the figure
leaves out only that last step.

Usage: python3 tools/bench_click_paint.py [--rounds N] [--root BUILT_SITE]
(builds into a temp folder unless --root is given; needs `npm ci` for a build)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.browser_harness import launch_options, wait_until_ready  # noqa: E402
from tools.build import site_to_measure  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

VIEWPORTS = {"1280x800": (1280, 800), "390x844": (390, 844)}
GAMES = ("susan", "lisbon")   # the smallest and the largest board
TAP_AND_WAIT = """async (name) => {
    const canvas = document.getElementById('board');
    const [x, y] = JSON.parse(canvas.dataset.cells)[name];
    const box = canvas.getBoundingClientRect();
    const ctx = canvas.getContext('2d');
    const ratio = canvas.width / box.width;
    const pixel = () => ctx.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data.join();
    const before = pixel();
    const at = {bubbles: true, button: 0, pointerId: 1, isPrimary: true,
                clientX: box.left + x, clientY: box.top + y};
    const started = performance.now();
    canvas.dispatchEvent(new PointerEvent('pointerdown', at));
    canvas.dispatchEvent(new PointerEvent('pointerup', at));
    const handled = performance.now() - started;
    return await new Promise(done => {
        const check = () => pixel() !== before ? done([handled, performance.now() - started])
                                                 : requestAnimationFrame(check);
        requestAnimationFrame(check);
    });
}"""


# a phone's first tap on a whole board with cells too small to tap zooms in (ui/page/board_canvas.py)
FIRST_TAP_ZOOMS = """() => matchMedia('(max-width: 600px)').matches && !document.getElementById('zoom').hidden
    && document.getElementById('zoom').getAttribute('aria-pressed') === 'false'"""


def start_game(page: Page, game: str) -> list[str]:
    """A fresh two-person game of `game` (through the page's own New game path); its cells."""
    page.evaluate("() => localStorage.clear()")
    page.reload()
    wait_until_ready(page)
    if page.is_visible("#front-door-dialog"):
        page.click("#front-door-close")
    page.click("#new-game")
    page.select_option("#setup-game", game)
    page.click("#setup-start")
    page.wait_for_function("g => document.body.dataset.game === g", arg=game)
    return list(json.loads(page.get_attribute("#board", "data-cells") or "{}"))


def measure(root: Path, rounds: int) -> None:
    with SiteServer(root) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        for label, (width, height) in VIEWPORTS.items():
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(server.url)
            wait_until_ready(page)
            for game in GAMES:
                names = start_game(page, game)
                if page.evaluate(FIRST_TAP_ZOOMS):   # zoom in as that tap would: time stones, not the zoom
                    page.click("#zoom")
                handled, painted = [], []
                # far-apart cells, one per turn (LISBON's later turns take several: End turn)
                for name in names[:: max(1, len(names) // rounds)][:rounds]:
                    h, p = page.evaluate(TAP_AND_WAIT, name)
                    handled.append(h)
                    painted.append(p)
                    if page.is_visible("#end-turn"):
                        page.click("#end-turn")
                print(f"{label:9} {game:8} click->handled median {statistics.median(handled):5.1f} ms, "
                      f"click->painted median {statistics.median(painted):5.1f} ms, "
                      f"worst {max(painted):5.1f} ms ({len(painted)} taps)")
            page.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--root", type=Path, help="an already built site (default: build one)")
    args = parser.parse_args()
    with site_to_measure(args.root) as site:
        measure(site, args.rounds)


if __name__ == "__main__":
    main()
