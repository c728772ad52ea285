"""The import graph of the repository's Python, read from the source (nothing is imported).

Why a tool: the layering test (tests/core/test_layering.py) checks the graph's arrows, and
`make test-fast` (tools/fast_tests.py) walks it backwards from the files changed to the tests
that import them. Standard library only: the layering test also runs inside Pyodide.

Every import counts, function-level ones included. A module's name is its dotted path from
the root (`ui/page/__init__.py` is ui.page). A `from X import y` that names a submodule counts
as importing the submodule. A bare `import helper` that names no module of the graph but a
file beside the importer (the tests' helpers, which pytest puts on sys.path: fake_dom) counts
as importing that file.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parents[1]
Graph = dict[str, set[str]]


def module_name(path: Path, root: Path = ROOT) -> str:
    """`path`'s dotted module name relative to `root`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(folders: Iterable[str], root: Path = ROOT) -> dict[str, Path]:
    """Every Python module under the given top-level folders: dotted name -> file."""
    return {module_name(p, root): p for folder in folders if (root / folder).is_dir()
            for p in sorted((root / folder).rglob("*.py"))}


def imports_of(name: str, known: dict[str, Path], root: Path = ROOT) -> set[str]:
    """Every module `name` (a key of `known`) imports, as absolute names (modules outside
    `known` too, e.g. `json` or `js`)."""
    path = known[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            submodules = {f"{target}.{alias.name}" for alias in node.names} & known.keys()
            found.update(submodules)
            if node.module or not submodules:  # `from . import x` imports x, not the package
                found.add(target)
    return {_beside(target, path, known, root) for target in found} - {name}


def _beside(target: str, importer: Path, known: dict[str, Path], root: Path) -> str:
    """`target`, or the module of the same name in the importer's folder when `target` is a bare
    name that is no module of `known` (a test helper on pytest's sys.path)."""
    if "." in target or target in known:
        return target
    for candidate in (importer.parent / f"{target}.py", importer.parent / target / "__init__.py"):
        if candidate.is_file():
            return module_name(candidate, root)
    return target


def import_graph(known: dict[str, Path], root: Path = ROOT) -> Graph:
    """Module -> the modules it imports, for every module of `known`."""
    return {name: imports_of(name, known, root) for name in known}


def importers(graph: Graph, changed: Iterable[str]) -> set[str]:
    """The `changed` modules and every module that imports one of them, directly or through
    others (the graph walked backwards)."""
    back: Graph = {}
    for name, targets in graph.items():
        for target in targets:
            back.setdefault(target, set()).add(name)
    found, todo = set(changed), list(changed)
    while todo:
        for importer in back.get(todo.pop(), ()):
            if importer not in found:
                found.add(importer)
                todo.append(importer)
    return found


def find_cycle(graph: Graph) -> list[str] | None:
    """One import cycle among the graph's own modules, or None."""
    state: dict[str, int] = {}  # 1 = on the stack, 2 = done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in graph:
                continue
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None
