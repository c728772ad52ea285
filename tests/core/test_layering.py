"""Dependency direction (ARCHITECTURE §1): ui -> pygame_core, never back; the core never
touches the browser, so it runs unchanged under CPython and Pyodide."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE_FILES = sorted((ROOT / "pygame_core").rglob("*.py"))
BROWSER = {"js", "pyodide", "pyscript"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_core_imports_no_browser_and_no_ui(path: Path) -> None:
    assert not _imports(path) & (BROWSER | {"ui"})


def test_rules_do_not_import_the_ai() -> None:
    for path in CORE_FILES:
        if "ai" in path.relative_to(ROOT / "pygame_core").parts or path.name == "cli.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "pygame_core.ai" not in text and "from .ai" not in text and "from ..ai" not in text, path
