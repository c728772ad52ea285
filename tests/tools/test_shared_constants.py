"""What assets/*.mjs copies from the Python agrees with the Python: the autosave key, the
limits and the small decisions the first screen makes before Python runs (it must decide as
Python will once it does). The JavaScript keeps its copies as `const NAME = literal;` lines,
read here, so a change on one side that forgets the other fails this test."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pygame_core.registry import all_games
from tools import first_screen
from ui.board.sketch import MAX_POS_CHARS, board_key
from ui.saves import embed, store

ROOT = Path(__file__).resolve().parents[2]
CONST = re.compile(r"^const (\w+) = (.+?);(?:\s*//.*)?$", re.M)


def js_constants(path: str) -> dict[str, object]:
    """The file's top-level `const` literals: strings, numbers and arrays as Python values,
    regular expressions as compiled patterns; anything else is left out."""
    found: dict[str, object] = {}
    for name, value in CONST.findall((ROOT / path).read_text(encoding="utf-8")):
        if value.startswith("/") and value.endswith("/"):
            found[name] = re.compile(value[1:-1])
        elif re.fullmatch(r"\d[\d_]*", value):
            found[name] = int(value.replace("_", ""))
        else:
            try:
                found[name] = json.loads(value)
            except ValueError:
                continue
    return found


FIRST_SCREEN = js_constants("assets/first-screen.mjs")


def test_the_first_screen_reads_the_autosave_where_python_writes_it() -> None:
    assert FIRST_SCREEN["AUTOSAVE_KEY"] == store.AUTOSAVE_KEY


@pytest.mark.parametrize("js_name, python_value", [
    ("STONE_UNIT", first_screen.STONE_UNIT),
    ("MAX_POS_CHARS", MAX_POS_CHARS),
    ("MAX_QUERY_CHARS", embed.MAX_QUERY_CHARS),
])
def test_the_limits_are_the_pythons(js_name: str, python_value: int) -> None:
    assert FIRST_SCREEN[js_name] == python_value


def test_the_embed_themes_are_pythons_less_auto() -> None:
    assert FIRST_SCREEN["THEMES"] == [t for t in embed.THEMES if t != "auto"]


def test_every_board_key_and_cell_name_passes_the_first_screens_checks() -> None:
    """The page refuses a `pos` whose board key or cell names fail BOARD_KEY / CELL_NAME: every
    board the build draws must pass, and a full board's `pos` must fit MAX_POS_CHARS."""
    board_pattern, cell_pattern = FIRST_SCREEN["BOARD_KEY"], FIRST_SCREEN["CELL_NAME"]
    assert isinstance(board_pattern, re.Pattern) and isinstance(cell_pattern, re.Pattern)
    for spec in all_games():
        for _, state in first_screen.variants(spec):
            board = state.board
            assert board_pattern.search(board_key(spec.name, board)), spec.name
            assert all(cell_pattern.search(name) for name in board.names), spec.name
            full = len(board_key(spec.name, board)) + sum(len(name) + 1 for name in board.names) + state.num_players
            assert full <= MAX_POS_CHARS, (spec.name, full)


def test_the_page_and_its_service_worker_agree_on_the_update_message() -> None:
    assert js_constants("assets/boot.js")["UPDATE_MESSAGE"] == js_constants("tools/sw_template.js")["UPDATE_MESSAGE"]


def test_the_reader_finds_what_it_is_asked_for() -> None:
    """Guards this test itself: a constant renamed in the JavaScript must not pass as missing."""
    assert {"AUTOSAVE_KEY", "STONE_UNIT", "MAX_POS_CHARS", "MAX_QUERY_CHARS", "THEMES", "BOARD_KEY",
            "CELL_NAME"} <= FIRST_SCREEN.keys()
