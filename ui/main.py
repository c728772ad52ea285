"""Page entry point, run by PyScript (<script type="py" src="./ui/main.py"> in index.html).

Keeps only the boot contract that the e2e tests and the boot benchmark rely on: the rules
core imports, a storage-denied frame gets its notice, and the page is marked ready with
body[data-state="ready"] and window.__bootMs (navigation -> ready, in ms). The game UI is
wired in here as it grows.
"""

from pyscript import document, window

import pygame_core
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


def main() -> None:
    show_storage_notice(BrowserStorage.for_page())
    print(f"rules core loaded: {pygame_core.__name__}")
    mark_ready()


main()
