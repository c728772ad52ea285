"""No plain `json.loads` on text from outside (issue 54, item 15).

Inside Pyodide a deeply nested JSON value (100,000 levels of `[`) overflows the WebAssembly stack
in `json.loads` and kills the whole Python runtime, so every reader of stored, pasted, opened or
fetched text goes through `pygame_core.jsontext.load_json`, which refuses deep nesting first.
This test reads the source of `ui/` and `pygame_core/` and fails on any `json.loads` or
`json.load` call outside jsontext.py, except the few below, which read text this program wrote
itself and no player can reach: each is named with its reason and its number of calls, so a
new call there fails too.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("ui", "pygame_core")
BOUNDED_READER = "pygame_core/jsontext.py"
OWN_TEXT = {   # path -> (plain calls, why the text cannot be a player's)
    "ui/ai_client.py": (1, "a search worker's answer, written by our own worker code a moment ago"),
    "pygame_core/patterns.py": (1, "the pattern weights shipped inside the package"),
}


def plain_json_reads(source: str) -> int:
    """How many calls of json.loads / json.load (or of loads / load imported from json) `source` makes."""
    tree = ast.parse(source)
    imported = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and node.module == "json" for alias in node.names if alias.name in ("loads", "load")}
    modules = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names if alias.name == "json"}
    count = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ("loads", "load") and isinstance(func.value, ast.Name) \
                and func.value.id in modules:
            count += 1
        elif isinstance(func, ast.Name) and func.id in imported:
            count += 1
    return count


def found_reads() -> Counter[str]:
    found: Counter[str] = Counter()
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name != BOUNDED_READER:
                calls = plain_json_reads(path.read_text(encoding="utf-8"))
                if calls:
                    found[name] = calls
    return found


def test_every_reader_of_outside_text_goes_through_the_bounded_reader() -> None:
    found = found_reads()
    allowed = {name: calls for name, (calls, _) in OWN_TEXT.items()}
    unexpected = {name: calls for name, calls in found.items() if allowed.get(name, 0) < calls}
    assert not unexpected, (f"plain json.loads in {unexpected}: read text from outside with "
                            "pygame_core.jsontext.load_json (a deep value kills Pyodide)")
    gone = {name for name in allowed if found.get(name, 0) < allowed[name]}
    assert not gone, f"update OWN_TEXT in this test: {gone} no longer call json.loads as listed"


def test_the_scan_sees_every_spelling_of_a_plain_read() -> None:
    assert plain_json_reads("import json\njson.loads(t)\njson.load(f)\n") == 2
    assert plain_json_reads("import json as j\nj.loads(t)\n") == 1
    assert plain_json_reads("from json import loads as parse\nparse(t)\n") == 1
    assert plain_json_reads("from pygame_core.jsontext import load_json\nload_json(t)\nimport json\njson.dumps(1)\n") == 0


DEEP = "[" * 100_000 + "]" * 100_000


class DeepStorage:
    """A storage whose every value nests 2,000 levels deep (within choice_memory's length cap)."""

    def get(self, key: str) -> str:
        return "[" * 2000 + "]" * 2000

    def set(self, key: str, value: str) -> None:
        raise AssertionError("nothing is written while reading")


def test_each_reader_that_was_plain_reads_a_deep_value_as_damaged() -> None:
    import pytest

    from pygame_core.errors import RecordError
    from pygame_core.puzzles.catalog import read
    from ui.play.choice_memory import recall
    from ui.saves.save_index import SaveFacts, facts_in

    assert facts_in('{"game_id": ' + DEEP + "}") == SaveFacts()
    assert recall(DeepStorage(), "susan", ["human"]) is None
    with pytest.raises(RecordError, match="not JSON"):
        read(DEEP)
