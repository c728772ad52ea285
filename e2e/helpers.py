"""Helpers that several e2e test files use: open the site, play by clicks or typed moves, read
the move list, the saves panel, a puzzle, the layout, an embed, axe and a second build.

Why here: a test file importing another test file's helpers ties the two together (and pytest
sees the other file's fixtures). Test files import from this module (and from e2e.harness, the
browser set-up shared with the benchmarks); e2e/conftest.py has the fixtures.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from playwright.sync_api import Frame, LocatorAssertions, Page, Route, expect

from e2e.harness import wait_until_playable
from tools.build import ASSET_DIR, CONFIG, MANIFEST, PAGE, PYTHON_PACKAGES, REPO, build_site
from tools.serve import SiteServer

RUNTIME = "**/pyodide.asm.wasm"   # held back by HeldRuntime: "before Python" as a state a test controls
AI_TIMEOUT_MS = 90_000   # the worker's first start competes with everything else on 2 cores
SAVE_PREFIX = "abstract-games:save:"
AUTOSAVE = "abstract-games:autosave"
MIN_CELL_PX = 36       # a comfortable tap: the smallest cell a phone should be asked to hit
SOLVED_ID = "susan-manual-01"   # the manual's "Threatened" diagram, White to move: e3 wins
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
# every shown, enabled button of the action bar, with its box and the viewport's size
SHOWN_BUTTONS = """() => [...document.querySelectorAll('#action-bar button')]
    .filter(b => !b.disabled && b.offsetParent !== null)
    .map(b => { const r = b.getBoundingClientRect();
                return {id: b.id, left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })"""


# --- open the site and play -------------------------------------------------------------------

def boot(page: Page, server: SiteServer) -> None:
    """Open the site and wait until the board can be played."""
    page.goto(server.url)
    wait_until_playable(page)


def boot_with_saves(page: Page, url: str) -> None:
    """Open the page at `url`, wait until it can be played, and open the saves panel."""
    page.goto(url)
    wait_until_playable(page)
    page.wait_for_selector("#saves-panel", state="attached")
    page.evaluate("document.getElementById('saves-panel').open = true")


def cells(page: Page) -> dict[str, list[float]]:
    """Cell name -> [x, y] CSS pixels from the canvas's top-left corner (the page publishes them)."""
    return json.loads(page.get_attribute("#board", "data-cells") or "{}")


def tap(page: Page, *names: str) -> None:
    """Click the cells `names` in turn, at the centres the page publishes, as a player does:
    where the first tap zoomed a phone's small board in (issue 38.18c), tap the cell again
    where it is now."""
    for name in names:
        whole = page.get_attribute("#zoom", "aria-pressed") == "false"
        x, y = cells(page)[name]
        page.click("#board", position={"x": x, "y": y})
        if whole and page.get_attribute("#zoom", "aria-pressed") == "true":
            x, y = cells(page)[name]
            page.click("#board", position={"x": x, "y": y})


def moves(page: Page) -> list[str]:
    """Move-list entries after 'Start', e.g. ['1. B e5', '2. W a1']."""
    return page.eval_on_selector_all("#moves button[data-cursor]", "bs => bs.slice(1).map(b => b.textContent)")


def wait_for_moves(page: Page, count: int, timeout: float = 30_000) -> list[str]:
    """The move list once it holds `count` moves (after 'Start')."""
    page.wait_for_function("n => document.querySelectorAll('#moves button[data-cursor]').length === n + 1",
                           arg=count, timeout=timeout)
    return moves(page)


def play(page: Page, *turns: str) -> None:
    """Type each turn into the move box and wait until the move list has it."""
    for turn in turns:
        before = len(moves(page))
        page.fill("#move-input", turn)
        page.press("#move-input", "Enter")
        wait_for_moves(page, before + 1)


def type_move(page: Page | Frame, move: str) -> None:
    """Type `move` into the move box and press Enter (nothing waited for)."""
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")


def new_game(page: Page, game: str, options: dict[str, str] | None = None, seats: list[str] | None = None,
             replacing: bool = False) -> None:
    """Start a game through the New game dialog (`replacing` a game in progress: say yes)."""
    page.click("#new-game")
    page.select_option("#setup-game", game)
    for name, value in (options or {}).items():
        page.select_option(f"#setup-options [name={name}]", value)
    for i, choice in enumerate(seats or []):
        page.select_option(f"#setup-seats select[name=seat{i}]", choice)
    page.click("#setup-start")
    if replacing:
        page.click("#confirm-go")
    expect(page.locator("body")).to_have_attribute("data-game", game)
    expect(page.locator("#moves button[data-cursor]")).to_have_count(1)


def status(page: Page) -> LocatorAssertions:
    """An assertion on the status line, e.g. `status(page).to_have_text(...)`."""
    return expect(page.locator("#status"))


# --- the saves panel ----------------------------------------------------------------------------

def saves_status(page: Page) -> str:
    """What the saves panel's status line says."""
    return page.text_content("#saves-status") or ""


def replacing(page: Page, selector: str) -> None:
    """Click `selector` (Load, Import) over a game in progress: the page asks first; go ahead."""
    page.click(selector)
    expect(page.locator("#confirm-text")).to_contain_text("replaced by the game you open")
    page.click("#confirm-go")


def new_susan_game(page: Page) -> None:
    """Back to an empty board by importing an empty listing (no dependence on the new-game form);
    over a game in progress, after saying yes to the question."""
    page.fill("#import-text", "# game: susan\n")
    page.click("#import-button")
    if page.is_visible("#confirm-dialog"):
        page.click("#confirm-go")
    wait_for_moves(page, 0)


# --- puzzles, layout, accessibility -------------------------------------------------------------

def open_puzzle(page: Page | Frame, puzzle_id: str) -> None:
    """Open the puzzle `puzzle_id` from the Learn dialog and wait for its coach bar."""
    page.click("#learn-button")
    page.wait_for_selector("#learn-dialog[open]")
    page.click(f"#learn-dialog button[data-puzzle='{puzzle_id}']")
    page.wait_for_function(f"document.getElementById('coach-bar').dataset.puzzle === '{puzzle_id}'")
    page.wait_for_selector("#coach-bar:not([hidden])")


def buttons_on_screen(page: Page) -> set[str]:
    """The ids of the enabled buttons shown; fails when one is not wholly inside the viewport
    or the page had to be scrolled."""
    assert page.evaluate("window.scrollY") == 0
    width, height = page.evaluate("[window.innerWidth, window.innerHeight]")
    shown = page.evaluate(SHOWN_BUTTONS)
    outside = [b for b in shown if b["left"] < 0 or b["top"] < 0 or b["right"] > width or b["bottom"] > height]
    assert not outside, f"buttons outside the {width}x{height} viewport: {outside}"
    return {b["id"] for b in shown}


def box(page: Page, selector: str) -> dict[str, float]:
    """The element's bounding box in CSS pixels."""
    found = page.locator(selector).bounding_box()
    assert found is not None
    return found


def status_box_cut(page: Page) -> float:
    """How many CSS px of the status box's text (status, message, turn note) lie out of view,
    to be scrolled to; 0 when the box shows all of it."""
    return page.evaluate("() => { const e = document.querySelector('.board-status');"
                         " return Math.max(0, e.scrollHeight - e.clientHeight); }")


def status_box_end_in_view(page: Page) -> bool:
    """Scroll the status box to its end: whether the last letter of its text then lies inside
    it (a longer text can be read whole, none of it cut off for good)."""
    return page.evaluate("""() => {
        const frame = document.querySelector('.board-status');
        frame.scrollTop = frame.scrollHeight;
        const shown = [...frame.querySelectorAll('p')].filter((p) => p.textContent);
        const text = shown[shown.length - 1].firstChild, range = document.createRange();
        range.setStart(text, text.length - 1);
        range.setEnd(text, text.length);
        const end = range.getBoundingClientRect(), box = frame.getBoundingClientRect();
        const inside = end.top >= box.top - 1 && end.bottom <= box.bottom + 1;
        frame.scrollTop = 0;
        return inside;
    }""")


def cell_px(page: Page) -> float:
    """The smallest cell's width on screen, as the page publishes it."""
    return float(page.get_attribute("#board", "data-cell-px") or 0)


def tap_visible(page: Page, name: str) -> None:
    """Scroll the zoomed board's frame to `name`, then tap (or click) the cell where it shows."""
    x, y = cells(page)[name]
    page.eval_on_selector("#board-frame", "(f, [x, y]) => { f.scrollLeft = x - f.clientWidth / 2;"
                                          " f.scrollTop = y - f.clientHeight / 2; }", [x, y])
    canvas = box(page, "#board")
    frame = box(page, "#board-frame")
    px, py = canvas["x"] + x, canvas["y"] + y
    assert frame["x"] < px < frame["x"] + frame["width"] and frame["y"] < py < frame["y"] + frame["height"]
    if page.evaluate("navigator.maxTouchPoints") > 0:
        page.touchscreen.tap(px, py)
    else:
        page.mouse.click(px, py)


def violations(page: Page) -> list[str]:
    """axe's violations of the whole document, one line each (rule, impact, first targets)."""
    assert AXE.exists(), f"{AXE} is missing: axe-core (npm, a dev dependency) is not installed"
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => `${v.id} (${v.impact}): ${v.help} at ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""")
    return list(found)


# --- other sites and other builds ---------------------------------------------------------------

def open_blog_post(page: Page, blog_server: SiteServer, site_server: SiteServer) -> Frame:
    page.goto(f"{blog_server.url}blog_embed.html?src={site_server.url}")  # waits for the frame's load
    frame = page.query_selector("#game").content_frame()
    assert frame is not None and frame.url.startswith(site_server.origin)
    return frame


def second_build(tmp: Path) -> Path:
    """The site built from a copy of the sources with one changed line in the page's Python and
    the worker's: a new build, as a deploy would bring."""
    sources = tmp / "sources"
    for name in (PAGE, CONFIG, MANIFEST):
        (sources / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, sources / name)
    for folder in (ASSET_DIR, *PYTHON_PACKAGES):
        shutil.copytree(REPO / folder, sources / folder, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    for script in ("ui/main.py", "ui/ai_worker.py"):
        with open(sources / script, "a", encoding="utf-8") as handle:
            handle.write("\n# the second build\n")
    build_site(tmp / "second", repo=sources)
    return tmp / "second"


class HeldRuntime:
    """Holds every request for the runtime's WebAssembly, or for the files `pattern` names (the
    runtime's loader), until `release`."""

    def __init__(self, page: Page, pattern: str = RUNTIME) -> None:
        self.routes: list[Route] = []
        self.page = page
        self.pattern = pattern
        page.route(pattern, lambda route: self.routes.append(route))

    def release(self) -> None:
        for route in self.routes:
            route.continue_()
        self.page.unroute(self.pattern)


# What a player would have to scroll sideways to read: the document wider than the screen, a
# shown element whose right edge passes it (unless an ancestor clips it: hidden text is not
# scrolled to), and a box that scrolls sideways (a modal dialog does, once something in it is too
# wide) other than the zoomed board's frame, which is meant to.
OVERFLOWING = """(width) => {
    const sideways = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
    const inBox = (element) => {
        for (let up = element.parentElement; up; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') return true;
        }
        return false;
    };
    const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
        [...e.classList].map((c) => '.' + c).join('');
    const words = (e) => JSON.stringify((e.innerText || e.getAttribute('aria-label') || '').slice(0, 60));
    const found = [];
    for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility !== 'visible') continue;
        if (box.right > width + 0.5 && !inBox(element)) {
            found.push(`${name(element)} to ${Math.round(box.right)} px: ${words(element)}`);
        }
        if (sideways(element) && element.id !== 'board-frame' && element.scrollWidth > element.clientWidth + 1) {
            const right = box.left + element.clientLeft + element.clientWidth;
            const wide = [...element.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > right + 0.5)
                .slice(-1).map((e) => `${name(e)} ${words(e)}`);
            found.push(`${name(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth}): ${wide}`);
        }
    }
    const page = document.documentElement.scrollWidth;
    if (page > width) found.unshift(`the document is ${page} px wide`);
    return found;
}"""


def overflowing(page: Page, width: float) -> list[str]:
    """What passes a screen `width` px wide, each named with its text (empty when nothing does)."""
    found: list[str] = page.evaluate(OVERFLOWING, width)
    return found
