"""Page entry point, run by PyScript (<script type="py" src="./ui/main.py"> in index.html).

Boot contract that the e2e tests and the boot benchmark rely on: a storage-denied frame gets
its notice, the play page is wired, and the page is marked ready with body[data-state="ready"]
and window.__bootMs (navigation -> ready, in ms). Only what the first screen needs is imported
here; the opponent, the rules help, the new-game dialog and a first visit's front door load
when first used.

The boot yields to the browser between its steps (issue 41): a key press or click during the
boot is answered at the next step, not after the whole of it. The page is built in one step,
so no input reaches a half-built page. The page is marked ready only once the front door is
Python's: until then assets/first-screen.mjs answers the door, so no click falls between them.

The page speaks the language assets/i18n.mjs chose and wrote to `<html lang>`: its catalog is
fetched and installed before the page is built, since each part writes its texts as it is built
(ui/page/page_language.py).
"""

import asyncio
import sys

from app_archive import unwrap  # (pyscript.toml's [files] puts it beside app.zip)

unwrap("app.zip")  # shipped as gzip: zipimport needs the zip inside
sys.path.insert(0, "app.zip")  # the game's packages, as pyscript.toml's [files] puts them

from pyscript import document, window  # noqa: E402  (imports need the path above)

from pygame_core.registry import DEFAULT_GAME, find_game, game_names  # noqa: E402
from ui.page.play_page import PlayPage  # noqa: E402
from ui.play.results import ResultsRecord, ResultsWatch  # noqa: E402
from ui.play.session import Session  # noqa: E402
from ui.page.saves_panel import SavesPanel, mount as mount_saves  # noqa: E402
from ui.page.theme_switch import ThemeSwitch  # noqa: E402
from ui.page.language_switch import LanguageSwitch  # noqa: E402
from ui.page.page_language import show_notice, speak_page_language  # noqa: E402
from ui.page.kept_game_notice import offer_kept_game  # noqa: E402
from ui.play.analysis import wants_analysis  # noqa: E402
from ui.saves.embed import is_embed  # noqa: E402
from ui.saves.share import is_share_code  # noqa: E402
from ui.saves.storage import BrowserStorage  # noqa: E402


def show_storage_notice(storage: BrowserStorage) -> None:
    """Tell the player up front when saves cannot work in this frame (a full store is not
    that: ui/page/save_notice.py says so by the board, and saves still list, load and delete)."""
    document.getElementById("storage-notice").hidden = storage.available
    document.body.dataset.storage = "denied" if not storage.available else "available" if storage.writable else "full"


def mark_ready() -> None:
    """Publish readiness and the boot time for tests and benchmarks."""
    boot_ms = round(window.performance.now())
    window.__bootMs = boot_ms
    document.body.dataset.bootMs = str(boot_ms)
    document.body.dataset.state = "ready"


def front_door_wanted(first_visit: bool) -> bool:
    """Whether the front door opens now. The page showed it before Python (assets/first-screen.mjs
    publishes window.__firstScreen.state): "open" or "chosen" keeps it (and the choice made
    there is carried out), "closed" means the player left it; "none", Python's own decision."""
    shown = getattr(window, "__firstScreen", None)
    state = str(shown.state) if shown is not None else "none"
    return state in ("open", "chosen") or (first_visit and state == "none")


def count_results(page: PlayPage, storage: BrowserStorage) -> None:
    """Keep the player's record against the computer: each game that ends here counts once."""
    watch = ResultsWatch(ResultsRecord(storage))
    watch.started(page.session)
    page.on_new_session.append(watch.started)
    page.after_move.append(watch.moved)


def main() -> tuple[PlayPage, bool, bool]:
    """Build and wire the page. Returns it, whether the front door may open
    (not over the analysis board) and whether this is a first visit (the saves panel's view)."""
    storage = BrowserStorage.for_page()
    show_storage_notice(storage)
    page = PlayPage(document, window, Session(find_game(DEFAULT_GAME)))
    linked = is_share_code(str(window.location.hash))   # read before the saves panel clears it
    saves = mount_saves(page, storage)   # may replace the game: an embed, a share link or the autosave
    count_results(page, storage)
    if not is_embed(str(window.location.search)):   # an embed's theme and language are its address's
        ThemeSwitch(page)
        LanguageSwitch(page, storage)
    search = str(window.location.search)
    analysis = wants_analysis(search) and not is_embed(search)
    if analysis:   # ?analysis=1&game=GAME, or a position link
        page.analysis().open_request(search, linked)
    elif isinstance(saves, SavesPanel):   # the plain page (not an embed) says where a game kept while analysing went
        offer_kept_game(page, storage, saves.store)
    page.refresh()
    return page, not analysis, saves.front_door


async def boot() -> PlayPage:
    await asyncio.sleep(0)   # after PyScript's own start
    language_notice = await speak_page_language(document)   # before any text is written
    page, door_allowed, first_visit = main()
    show_notice(document, language_notice)
    await asyncio.sleep(0)
    if door_allowed and front_door_wanted(first_visit):   # loaded after the boot, so it costs the boot nothing
        for name in game_names():   # the door wires every game: load them a task each, not in one
            find_game(name)
            await asyncio.sleep(0)
        page.open_front_door().take_over()
    mark_ready()
    return page


PAGE = await boot()  # type: ignore[top-level-await]  # noqa: F704, PLE1142  (PyScript runs it async)
