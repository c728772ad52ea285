"""The shipped puzzles on the page: fetched from the site the first time Learn needs them.

Why: the puzzle file is the largest data the game has (188 KB) and only Learn reads it, so the
build leaves it out of the app's archive (tools/build.py writes it to PUZZLE_URL) and a first
visit's boot does not wait for it. The service worker precaches it with the other files, so
Learn works offline after the first visit. Where the package holds the file (CPython, the
tests) it is read from there, as before.
"""

from __future__ import annotations

import asyncio
from typing import Callable

from pygame_core.errors import RecordError
from pygame_core.puzzles.catalog import Puzzle, read, shipped
from ui.i18n import _
from ui.play.error_words import error_words

PUZZLE_URL = "./python/puzzles.json"   # relative to the page, which is at the site's root

Loaded = Callable[[tuple[Puzzle, ...]], None]
Failed = Callable[[str], None]

_puzzles: tuple[Puzzle, ...] | None = None
_waiting: list[tuple[Loaded, Failed]] = []


def with_puzzles(loaded: Loaded, failed: Failed) -> None:
    """Call `loaded` with the shipped puzzles: at once when they are here, else once fetched
    (one fetch however many callers wait); `failed` with a sentence if the fetch fails. The
    next call after a failure tries again."""
    global _puzzles
    if _puzzles is None:
        try:
            _puzzles = shipped()
        except OSError:   # the site's archive: fetch the file
            _waiting.append((loaded, failed))
            if len(_waiting) == 1:
                asyncio.ensure_future(_fetch())
            return
    loaded(_puzzles)


async def _fetch() -> None:
    global _puzzles
    try:
        _puzzles = read(await _fetch_text(PUZZLE_URL))
    except (OSError, RecordError) as exc:
        reason = _("The puzzles could not be loaded ({problem}). Open Learn again to retry.",
                   problem=error_words(exc))
        outcome: Callable[[tuple[Loaded, Failed]], None] = lambda waiter: waiter[1](reason)
    else:
        outcome = lambda waiter: waiter[0](_puzzles)
    waiting = _waiting[:]
    _waiting.clear()
    for waiter in waiting:
        outcome(waiter)


async def _fetch_text(url: str) -> str:
    """The text at `url`, through the page's fetch (and so its service worker); OSError if not."""
    import js   # the browser's globals: only ever reached in the page

    try:
        response = await js.fetch(url)
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        return str(await response.text())
    except OSError:
        raise
    except Exception as exc:   # a network failure rejects fetch() with a JavaScript TypeError
        raise OSError(str(exc)) from None
