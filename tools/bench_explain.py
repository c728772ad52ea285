"""Time to the engine's first best line (issue 39: within 1 s), and to its pause, per game.

CPython: for each game and each of a few positions (the opening, and after 4 and 12 random whole
turns, fixed seeds), the analysis as the worker runs it (pygame_core.ai.explain_session) in
50 ms slices: seconds to the first answer with a best line, then seconds and simulated games to
its pause (issue 54.4: once the line is DEEP_LINE_TURNS turns deep and every top turn judged,
"deep", or at PAUSE_SECONDS, "time"), with the line's turns and the judged top turns there.

--browser: the same in Chromium through the page, as a player does it: open the game's position
by link, click Analyse and wait for `#analysis-pv[data-pv]`; the first game's time includes the
coach worker's start (cold), then each game's position one move back is timed with the worker
running (warm), and the time to its pause ("paused") too.

--cpu: every second (the pause's too) is this process's CPU time, so the figures hold on a
loaded machine (CPython's CPU time to the browser's 6 s pause is about 4.2 s: --cpu --seconds 4.2).

Usage: python3 tools/bench_explain.py [--browser] [--site DIR] [--cpu] [--seconds S] [--game NAME]
(--browser needs `npm ci`)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_core.ai.explain import DEFAULT_ITERATIONS  # noqa: E402
from pygame_core.ai.explain_session import PAUSE_SECONDS, ExplainSession  # noqa: E402
from pygame_core.ai.explanation import deep_enough, from_plain  # noqa: E402
from pygame_core.game import GameState  # noqa: E402
from pygame_core.record import Record, to_data  # noqa: E402
from pygame_core.registry import GAME_NAMES, find_game  # noqa: E402

SLICE_MS = 50
TARGET_S = 1.0
POSITIONS = (0, 4, 12)   # random whole turns played from the opening


def random_turns(game: str, count: int, seed: int = 1) -> tuple[str, ...]:
    """`count` random whole turns from the opening (fewer if the game ends), in notation."""
    rng = random.Random(seed)
    state: GameState = find_game(game).new_game()
    turns: list[str] = []
    for _ in range(count):
        actions, after = [], state
        while True:
            action = rng.choice(list(after.legal_actions()))
            actions.append(action)
            before, after = after, after.play_unchecked(action)
            if after.outcome is not None or not after.turn_actions or after.to_move != before.to_move:
                break
        if after.outcome is not None:
            break
        turns.append(state.format_turn(actions))
        state = after
    return tuple(turns)


def cpython(game: str, turns: tuple[str, ...], seconds: float,
            clock: Callable[[], float] = time.perf_counter) -> tuple[float, float, str]:
    """Seconds to the first best line and to the pause; what the analysis says when it pauses."""
    session = ExplainSession(clock)
    started, cpu = clock(), time.process_time()
    answer = json.loads(session.start(json.dumps({"record": to_data(Record(game, {}, turns)), "seconds": seconds})))
    first = None
    while True:
        if first is None and answer["explanation"]["line"]:
            first = clock() - started
        if answer["done"] and first is not None:
            break
        answer = json.loads(session.step(SLICE_MS))
    paused, cpu = clock() - started, time.process_time() - cpu
    said = from_plain(answer["explanation"])
    judged = sum(turn.judged for turn in said.top)
    why = "deep" if deep_enough(said) else "time"
    return first or 0.0, paused, (f"{cpu:6.2f}s {said.iterations:8,} {len(said.line_turns):5} "
                                  f"{judged}/{len(said.top)}   {why}")


def run_cpython(seconds: float, games: tuple[str, ...] = GAME_NAMES,
                clock: Callable[[], float] = time.perf_counter) -> None:
    print(f"CPython, {SLICE_MS} ms slices; pause once deep (at least {DEFAULT_ITERATIONS} simulated games), "
          f"or after {seconds:g} s; cpu: this process's CPU time to the pause (the wall time on a machine "
          "of its own)")
    print(f"{'game':10} {'turns':>5} {'first line':>11} {'pause':>7} {'cpu':>7} {'games':>8} {'line':>5} judged  why")
    firsts, pauses = [], []
    for game in games:
        for count in POSITIONS:
            turns = random_turns(game, count)
            first, paused, said = cpython(game, turns, seconds, clock)
            firsts.append(first)
            pauses.append(paused)
            print(f"{game:10} {len(turns):5} {first:10.3f}s {paused:6.2f}s {said}")
    print(f"first best line: median {statistics.median(firsts):.3f} s, worst {max(firsts):.3f} s "
          f"(target <= {TARGET_S:.0f} s){'' if max(firsts) <= TARGET_S else '  OVER TARGET'}; "
          f"pause: median {statistics.median(pauses):.2f} s, worst {max(pauses):.2f} s")


def run_browser(site: Path) -> None:
    from playwright.sync_api import sync_playwright

    from tools.browser_harness import launch_options, wait_until_playable
    from tools.serve import SiteServer
    from ui.saves.share import encode

    wait_line = "document.querySelector('#analysis-pv').dataset.pv !== ''"
    with SiteServer(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        print("Chromium, through the page (Analyse, then #analysis-pv[data-pv])")
        for game in GAME_NAMES:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            turns = random_turns(game, 4)
            page.goto(f"{server.url}#{encode(Record(game, {}, turns))}")
            wait_until_playable(page)
            started = time.perf_counter()
            page.click("#analysis-toggle")
            page.wait_for_function(wait_line, timeout=300_000)
            cold = time.perf_counter() - started
            page.wait_for_selector("#analysis-progress:has-text('paused')", timeout=300_000)
            started = time.perf_counter()
            page.click("#nav-prev")
            page.wait_for_function(f"{wait_line} && document.querySelector('#analysis-eval').textContent"
                                   " !== 'Analysing…'", timeout=300_000)
            warm = time.perf_counter() - started
            page.wait_for_selector("#analysis-progress:has-text('paused')", timeout=300_000)
            pause = time.perf_counter() - started
            said = page.text_content("#analysis-progress")
            print(f"{game:10} first line {cold:6.2f} s (worker start included)   one move back: first line "
                  f"{warm:5.2f} s, pause {pause:5.2f} s ({said}){'' if warm <= TARGET_S else '  OVER TARGET'}")
            page.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browser", action="store_true", help="also measure in Chromium through the page")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--seconds", type=float, default=PAUSE_SECONDS,
                        help="pause after this many seconds at the latest (a long one: the time to a deep analysis)")
    parser.add_argument("--cpu", action="store_true", help="read every second on this process's CPU time")
    parser.add_argument("--game", choices=GAME_NAMES, help="one game only")
    args = parser.parse_args()
    run_cpython(args.seconds, (args.game,) if args.game else GAME_NAMES,
                time.process_time if args.cpu else time.perf_counter)
    if args.browser:
        from tools.build import site_to_measure

        with site_to_measure(args.site) as site:
            run_browser(site)


if __name__ == "__main__":
    main()
