"""Page entry point, run by PyScript (<script type="py" src="./ui/main.py"> in index.html).

Boot contract that the e2e tests and the boot benchmark rely on: a storage-denied frame gets
its notice, the play page is wired, and the page is marked ready with body[data-state="ready"]
and window.__bootMs (navigation -> ready, in ms). Only what the first screen needs is imported
here; the opponent, the rules help and the new-game dialog load when first used.
"""

from pyscript import document, window

from pygame_core.registry import GAMES
from ui.controller import Session
from ui.dom import PlayPage
from ui.saves_panel import mount as mount_saves
from ui.storage import BrowserStorage


def show_storage_notice(storage: BrowserStorage) -> None:
    """Tell the player up front when saves cannot work in this frame."""
    document.getElementById("storage-notice").hidden = storage.available
    document.body.dataset.storage = "available" if storage.available else "denied"


def mark_ready() -> None:
    """Publish readiness and the boot time for tests and benchmarks."""
    boot_ms = round(window.performance.now())
    window.__bootMs = boot_ms
    document.body.dataset.bootMs = str(boot_ms)
    document.body.dataset.state = "ready"


def main() -> PlayPage:
    show_storage_notice(BrowserStorage.for_page())
    page = PlayPage(document, window, Session(GAMES[0]))
    mount_saves(page)   # may replace the game: an embed, a share link or the autosave
    page.refresh()
    mark_ready()
    return page


PAGE = main()
