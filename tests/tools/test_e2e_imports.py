"""No e2e test file imports another test file: shared helpers live in e2e/helpers.py (and the
browser set-up in e2e/harness.py), fixtures in e2e/conftest.py. Importing a test module ties
two files together and hands pytest the other file's fixtures behind the reader's back."""

import ast
from pathlib import Path

E2E = Path(__file__).resolve().parents[2] / "e2e"


def _imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_e2e_file_imports_a_test_module() -> None:
    offenders = {path.name: sorted(m for m in _imported_modules(path) if m.rsplit(".", 1)[-1].startswith("test_"))
                 for path in sorted(E2E.rglob("*.py"))}
    assert {name: found for name, found in offenders.items() if found} == {}
