"""Smoke suite in the engines Playwright cannot drive here: Firefox ESR (puppeteer-core over
WebDriver BiDi) and WebKitGTK (Selenium with WebKitWebDriver running MiniBrowser on Xvfb), both
driven through tools/engine_drivers.py. One scenario, run in each:

  first visit to ready (a fresh profile) · each game against the computer, which opens, for one
  turn · a reload restores the game · offline return (Firefox: offline mode; WebKit: the server
  stopped and restarted on the same port) · a cross-site blog embed boots, answers a move, and
  shows no update notice (a first visit never has a new version).

    python3 -m e2e.engines.smoke [--engine firefox|webkit]...

An engine whose binaries are absent is skipped with the reason printed (CI installs them:
.ci/run); a failure exits non-zero. Boots get one retry (a reload), the computer generous time:
this 2-core machine is shared and WebKit's workers boot slowly.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote, urlencode

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tools.build import build_site  # noqa: E402
from tools.engine_drivers import (  # noqa: E402
    FRONT_DOOR,
    FirefoxDriver,
    SmokeFailure,
    WebKitDriver,
    missing,
    wait,
)
from tools.serve import SiteServer  # noqa: E402

PAGES = REPO / "e2e" / "pages"
GAMES = ("susan", "stymie", "superstar", "lisbon")
BOOT_S = 240   # (a loaded 2-core machine: WebKit took 2-4 min to boot here at load 50)
ANSWER_S = 240   # the computer's first turn: a worker boots first (WebKit: 15-50 s seen here)

READY = "document.body !== null && document.body.dataset.state === 'ready'"
SKETCHED = "document.getElementById('board')?.classList.contains('board-sketch') === true"
READER_CLICKS = "document.getElementById('board').dispatchEvent(new PointerEvent('pointerdown', {bubbles: true})), true"
MOVES = "Array.from(document.querySelectorAll('#moves button[data-cursor]')).slice(1).map(b => b.textContent)"
CONTROLLED = "navigator.serviceWorker !== undefined && navigator.serviceWorker.controller !== null"
UPDATE_SHOWN = "!document.getElementById('update-notice').hidden"


def play_the_computer(game: str) -> str:
    """Pick `game` at the front door: the computer (easy) opens, the player is second."""
    return f"""(() => {{
      const block = document.querySelector('#front-door-dialog section[data-game="{game}"]');
      for (const [name, value] of [['.front-door-seat', '1'], ['.front-door-level', 'easy']]) {{
        const select = block.querySelector(name);
        select.value = value;
        select.dispatchEvent(new Event('change', {{ bubbles: true }}));
      }}
      block.querySelector('.front-door-computer').click();
      return true;
    }})()"""


def type_move(turn: str) -> str:
    return f"""(() => {{
      document.getElementById('move-input').value = {json.dumps(turn)};
      document.getElementById('move-form').requestSubmit();
      return true;
    }})()"""


def open_embed(driver: Any, url: str) -> None:
    """Open a blog post with an embed and start it as a reader does: the embed draws its board
    and boots its runtime only on a click, key or focus (assets/first-screen.mjs)."""
    driver.goto(url)
    wait(driver, SKETCHED, BOOT_S, "embed: the board drawn before the runtime", frame=True)
    driver.eval(READER_CLICKS, frame=True)


def boot(driver: Any, load: Callable[[], None], what: str, frame: bool = False) -> float:
    """Load and wait for ready; one retry (a reload) for a flaky boot."""
    started = time.monotonic()
    load()
    try:
        wait(driver, READY, BOOT_S, what, frame)
    except SmokeFailure as first:
        print(f"  retrying once: {first}", flush=True)
        driver.reload()
        wait(driver, READY, BOOT_S, what + " (after one retry)", frame)
    return time.monotonic() - started


class Server:
    """The built site on a fixed port that can be stopped and started again (same origin)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.server = SiteServer(root).start()
        self.port = self.server.port
        self.url = self.server.url

    def stop(self) -> None:
        self.server.stop()

    def restart(self) -> None:
        self.server = SiteServer(self.root, port=self.port).start()


def step(text: str) -> None:
    print(f"  {time.strftime('%H:%M:%S')} {text}", flush=True)


def scenario(driver: Any, site: Server, blog: SiteServer, figures: dict[str, float]) -> None:
    step("first visit")
    figures["first visit: ready (s)"] = boot(driver, lambda: driver.goto(site.url), "first visit ready")
    played: list[str] = []
    for i, game in enumerate(GAMES):
        if i:   # back to a first visit's front door: no autosave
            driver.eval("(localStorage.clear(), true)")
            boot(driver, driver.reload, f"{game}: reload to the front door")
        wait(driver, FRONT_DOOR, 60, f"{game}: the front door")
        driver.eval(play_the_computer(game))
        figures[f"{game}: the computer's first turn (s)"] = wait(
            driver, f"{MOVES}.length >= 1", ANSWER_S, f"{game}: the computer's first turn")
        played = driver.eval(MOVES)
        step(f"{game}: {played}")
    step("reload")
    boot(driver, driver.reload, "reload")
    if driver.eval(MOVES) != played or driver.eval(FRONT_DOOR):
        raise SmokeFailure(f"reload: the game was not restored ({driver.eval(MOVES)} != {played})")
    wait(driver, CONTROLLED, 90, "the service worker controls the page")
    step("offline return")
    if driver.offline_switch:
        driver.offline(True)
    else:
        site.stop()
    try:
        figures["offline return: ready (s)"] = boot(driver, driver.reload, "offline reload")
        if driver.eval(MOVES) != played:
            raise SmokeFailure("offline: the game was not restored")
    finally:
        if driver.offline_switch:
            driver.offline(False)
        else:
            site.restart()
    step("cross-site embed")
    embed = site.url + "?" + urlencode({"embed": "1", "game": "susan", "size": "6", "seats": "human,ai",
                                     "record": "d6 b5"})
    figures["embed: ready (s)"] = boot(driver, lambda: open_embed(driver, f"{blog.url}blog_embed.html?src={quote(embed, safe='')}"),
                                       "embed ready", frame=True)
    driver.eval(type_move("c4"), frame=True)
    figures["embed: the computer's answer (s)"] = wait(
        driver, f"{MOVES}.length >= 4", ANSWER_S, "embed: the computer's answer", frame=True)
    if driver.eval(UPDATE_SHOWN, frame=True):
        raise SmokeFailure("embed: a first visit shows an update notice")


def run_engine(engine: str, site_root: Path, blog: SiteServer) -> tuple[str, dict[str, float], str]:
    """('passed' | 'failed' | 'skipped', figures, detail)."""
    reason = missing(engine)
    if reason is not None:
        return "skipped", {}, reason
    figures: dict[str, float] = {}
    site = Server(site_root)
    profile = Path(tempfile.mkdtemp(prefix=f"smoke-{engine}-"))
    driver = None
    try:
        driver = FirefoxDriver(profile) if engine == "firefox" else WebKitDriver()
        scenario(driver, site, blog, figures)
        return "passed", figures, ""
    except Exception as exc:
        return "failed", figures, f"{type(exc).__name__}: {exc}"
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception as exc:
                print(f"  ({engine} did not quit cleanly: {exc})")
        site.stop()
        shutil.rmtree(profile, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", action="append", choices=("firefox", "webkit"))
    engines = parser.parse_args().engine or ["firefox", "webkit"]
    started = time.monotonic()
    failed = False
    with tempfile.TemporaryDirectory(prefix="smoke-site-") as folder:
        build_site(Path(folder))
        with SiteServer(PAGES, host="localhost", policy=None) as blog:   # another site than 127.0.0.1
            for engine in engines:
                print(f"{engine}:", flush=True)
                outcome, figures, detail = run_engine(engine, Path(folder), blog)
                for name, value in figures.items():
                    print(f"  {name:45} {value:6.1f}")
                print(f"  {outcome.upper()}{': ' + detail if detail else ''}", flush=True)
                failed |= outcome == "failed"
    print(f"engine smoke suite: {time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
