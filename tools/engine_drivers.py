"""Drivers for the browser engines Playwright cannot drive here, shared by the engine smoke
suite (e2e/engines/smoke.py) and tools/bench_first_answer.py: Firefox ESR (puppeteer-core over
WebDriver BiDi, tools/firefox_driver.mjs in a Node process) and WebKitGTK (Selenium with
WebKitWebDriver running MiniBrowser on an Xvfb display the driver starts). Each driver offers
goto, reload, eval (in the page or its #game frame) and quit; `wait` polls a condition and
`missing` says why an engine cannot run on this machine.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER_PATH", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
PUPPETEER = REPO / "node_modules" / "puppeteer-core"
PAGE_LOAD_S = 240   # a loaded 2-core machine: WebKit took 2-4 min to boot here at load 50

FRONT_DOOR = "!!document.querySelector('#front-door-dialog[open] section[data-game]')"
SHOWN = ("[document.readyState, document.body && document.body.dataset.state, "
         "(document.getElementById('boot-message') || {}).textContent, "
         "(document.getElementById('status') || {}).textContent, location.href].join(' | ')")


class SmokeFailure(AssertionError):
    pass


class DriverError(RuntimeError):
    """A driver command failed (a page between documents, a frame not there yet): ask again."""


class FirefoxDriver:
    """firefox_driver.mjs in a Node process: one JSON command and answer a line."""

    offline_switch = True
    poll_s = 1.0

    def __init__(self, profile: Path) -> None:
        self.process = subprocess.Popen(["node", str(Path(__file__).with_name("firefox_driver.mjs")), FIREFOX,
                                         str(profile)], cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def _send(self, **command: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SmokeFailure(f"the Firefox driver ended (exit {self.process.poll()})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise DriverError(f"Firefox: {command['op']} failed: {answer['error']}")
        return answer["value"]

    def goto(self, url: str) -> None:
        self._send(op="goto", url=url)

    def reload(self) -> None:
        self._send(op="reload")

    def eval(self, js: str, frame: bool = False) -> Any:
        return self._send(op="eval", js=js, frame=frame)

    def offline(self, on: bool) -> None:
        self._send(op="offline", on=on)

    def quit(self) -> None:
        try:
            self._send(op="quit")
        finally:
            self.process.wait(timeout=30)


class WebKitDriver:
    """Selenium + WebKitWebDriver + MiniBrowser on a private Xvfb display."""

    offline_switch = False   # no offline mode in WebKitWebDriver: the server is stopped instead
    poll_s = 3.0   # asked four times a second, a busy page's boot took minutes here (12 s at 3 s)

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.common.by import By
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self._by = By
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                      "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            display = ":" + pipe.readline().strip()
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.set_capability("browserName", "MiniBrowser")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.terminate()
            raise
        self.driver.set_page_load_timeout(PAGE_LOAD_S)
        self.driver.set_script_timeout(60)
        self.driver.set_window_size(1280, 800)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def eval(self, js: str, frame: bool = False) -> Any:
        if not frame:
            return self.driver.execute_script(f"return ({js});")
        self.driver.switch_to.frame(self.driver.find_element(self._by.ID, "game"))
        try:
            return self.driver.execute_script(f"return ({js});")
        finally:
            self.driver.switch_to.default_content()

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()
            self.xvfb.wait(timeout=30)


def wait(driver: Any, condition: str, seconds: float, what: str, frame: bool = False) -> float:
    """Poll `condition` in the page until true; the seconds it took; SmokeFailure after `seconds`."""
    started = time.monotonic()
    last: Exception | None = None
    while True:
        try:
            if driver.eval(condition, frame):
                return time.monotonic() - started
        except SmokeFailure:   # (the driver is gone)
            raise
        except Exception as exc:   # (a page between documents, a frame not there yet: ask again)
            last = exc
        if time.monotonic() - started > seconds:
            raise SmokeFailure(f"{what}: not within {seconds:.0f} s ({diagnosis(driver, frame, last)})")
        time.sleep(driver.poll_s)


def diagnosis(driver: Any, frame: bool, last: Exception | None) -> str:
    """What the page shows, for a failure's message."""
    try:
        shown = driver.eval(SHOWN, frame)
    except Exception as exc:
        shown = f"the page does not answer: {exc}"
    return f"page: {shown}" + (f"; last error: {last}" if last else "")


def missing(engine: str) -> str | None:
    """Why `engine` cannot run on this machine, or None."""
    if engine == "firefox":
        needs = {FIREFOX: "firefox-esr", str(PUPPETEER): "npm puppeteer-core (make: npm ci)"}
        if shutil.which("node") is None:
            return "node is not installed"
    else:
        needs = {WEBKIT_DRIVER: "WebKitWebDriver (apt webkit2gtk-driver)", MINIBROWSER: "MiniBrowser (apt "
                 "webkit2gtk-driver)"}
        if shutil.which("Xvfb") is None:
            return "Xvfb is not installed (apt xvfb)"
        if importlib.util.find_spec("selenium") is None:
            return "selenium is not installed (requirements-dev.txt)"
    absent = [name for path, name in needs.items() if not Path(path).exists()]
    return f"not installed: {', '.join(absent)}" if absent else None
