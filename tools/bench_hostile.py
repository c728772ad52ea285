"""How long the page takes to refuse the worst imports we can construct, in the browser.

Each text is MAX_CHARS (400,000) characters of what made a parser slow before (issue 14): an
unterminated JSON string of escaped quotes, a listing of newlines around a game header, a move
padded with spaces, deep nesting, a 300k-digit number. Each is pasted into the Import box of a
ready page and timed from the click to the status line's answer. Prints one line per text.

Usage: python3 tools/bench_hostile.py [--rounds N]   (needs `npm ci`; builds into a temp folder)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.browser_harness import launch_options, wait_until_ready  # noqa: E402
from tools.build import build_site  # noqa: E402
from tools.serve import SiteServer  # noqa: E402
from ui.saves.savefile import MAX_CHARS  # noqa: E402

TARGET_MS = 1000
TEXTS = {
    "escaped quotes in JSON": '{"a' + '\\"' * ((MAX_CHARS - 3) // 2),
    "newlines around a header": "x" + "\n" * (MAX_CHARS - 20) + "# game: susan\n",
    "spaces inside a move": "1. a1" + " " * (MAX_CHARS - 7) + "!",
    "deep nesting": "[" * MAX_CHARS,
    "a 300k-digit number": '{"format": "pygame_core-record", "version": ' + "9" * 300_000 + "}",
}
CLICK_AND_WAIT = """async (text) => {
    const status = document.getElementById('saves-status');
    status.textContent = '';
    document.getElementById('import-text').value = text;
    const started = performance.now();
    document.getElementById('import-button').click();
    while (!status.textContent) await new Promise(r => setTimeout(r, 5));
    return [performance.now() - started, status.textContent.slice(0, 120)];
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_site(site)
        with SiteServer(site) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            page = browser.new_page()
            page.goto(server.url)
            wait_until_ready(page)
            page.evaluate("document.getElementById('saves-panel').open = true")
            print(f"Import of {MAX_CHARS:,}-character texts, click -> answer, median of {args.rounds}:")
            worst = 0.0
            for name, text in TEXTS.items():
                times, answer = [], ""
                for _ in range(args.rounds):
                    elapsed, answer = page.evaluate(CLICK_AND_WAIT, text)
                    times.append(elapsed)
                median = statistics.median(times)
                worst = max(worst, median)
                print(f"  {name:<28} {median:8.0f} ms   {answer!r}")
            browser.close()
    print(f"worst {worst:.0f} ms (target < {TARGET_MS} ms): {'ok' if worst < TARGET_MS else 'TOO SLOW'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
