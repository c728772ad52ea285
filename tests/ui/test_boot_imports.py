"""The page's first screen imports only what it shows: one game, no opponent, no rules help.

Why: every module the page imports before it is ready adds to the boot time that the boot
benchmark holds to 15% over the bare runtime's; the rest loads when first used. The front door
is decided at boot (ui.play.front_door, light) but its dialog, which shows every game, loads
only after the page is ready, and only on a first visit.
"""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The modules ui/main.py imports (it needs a browser itself), then the game the page opens with.
PROBE = """
import sys, types
for name in ("pyscript", "pyodide", "pyodide.ffi"):  # browser-only modules, stubbed
    sys.modules[name] = types.ModuleType(name)
sys.modules["pyodide.ffi"].create_proxy = sys.modules["pyodide.ffi"].to_js = lambda value: value
import ui.play.session, ui.page.play_page, ui.page.saves_panel, ui.saves.storage, ui.play.results
from pygame_core.registry import DEFAULT_GAME, find_game
find_game(DEFAULT_GAME)
print("\\n".join(sorted(sys.modules)))
"""


def test_first_screen_imports_one_game_and_no_opponent() -> None:
    loaded = set(subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                                check=True, cwd=REPO).stdout.split())
    assert "pygame_core.games.susan" in loaded
    later = {"pygame_core.games.stymie", "pygame_core.games.superstar", "pygame_core.games.lisbon",
             "pygame_core.ai.search", "ui.play.help", "ui.ai_client", "ui.page.help_dialog",
             "ui.page.new_game_dialog", "ui.play.setup", "ui.page.confirm_dialog", "ui.play.confirm",
             "ui.page.front_door_dialog", "ui.saves.correspondence", "ui.page.link_panel",
             "ui.page.coach_panel", "ui.page.evaluation_bar", "ui.page.review_display", "ui.coach_client",
             "ui.play.coach",
             "pygame_core.ai.review", "pygame_core.ai.analysis", "pygame_core.lessons.model",
             "pygame_core.lessons.check", "pygame_core.puzzles.guided", "ui.page.learn_panel",
             "ui.page.tutorial_coach", "ui.page.puzzle_coach", "ui.page.learn_bar", "ui.play.tutorials"}
    assert not later & loaded
