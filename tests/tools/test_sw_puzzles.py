"""The puzzle file (tools/build.py's FETCHED_DATA) is not precached, so a first visit does not
download it, and the service worker keeps it once Learn has fetched it, so Learn works offline
after its first use (issue 57.3: the file grew to 100+ puzzles per game)."""

from __future__ import annotations

from pathlib import Path

from tests.tools.test_sw_catalogs import pytestmark, run_worker  # noqa: F401  (node or skip)
from tools.build import FETCHED_DATA
from ui.page.puzzle_file import PUZZLE_URL

PUZZLES = PUZZLE_URL.removeprefix("./")


def test_the_puzzle_file_is_the_fetched_data() -> None:
    assert list(FETCHED_DATA.values()) == [PUZZLES]


def test_the_puzzle_file_is_kept_once_fetched_and_served_offline(tmp_path: Path) -> None:
    body = '{"format":"pygame_core-puzzles","version":1,"puzzles":[]}'
    result, cache = run_worker(tmp_path, [["fetch", PUZZLES], ["online", False], ["fetch", PUZZLES]],
                               served={PUZZLES: body})
    used, _offline_switch, offline = result["out"]
    assert used["body"] == body and offline["body"] == body
    assert result["kept"] == {cache: [PUZZLES]}   # precached: the worker's own files only; this kept on use
