"""`make test-fast`: the loop for every edit. The quick checks of the files changed, then the
tests that could see the change: those that import a changed module, directly or through its
importers (the import graph, tools/import_graph.py, walked backwards), and changed test files.

Which files changed: by default `git diff HEAD` plus untracked files, i.e. what is not
committed yet (in a checkout shared by several people that includes their edits too: name your
own with --files); with --base REF, everything since REF's merge base with HEAD, committed or
not (a branch's whole change: `--base main`).

Mapping a file to tests:
- a Python module (pygame_core/, ui/, tools/, tests/, e2e/, any top-level folder of Python):
  the test files among it and its importers; a conftest.py among those brings every test file
  under its folder;
- any other file counts as a change to the package it is in (a game's lessons.json) and to the
  modules whose code names it in a string (index.html: tools/build.py, the tests that read it;
  a docstring that points at docs/architecture.md does not count);
- test files whose name holds the changed file's stem: a game's package is reached by most tests
  through the registry, by name, which no import shows; so a change to lessons.json brings
  test_lessons.py and one to a game's playout.py test_playout_agreement.py, but the page's tests
  that happen to play SUSAN are left to `make test-quick`;
- the structure tests (the layering test and the docs pins) always run: they read every file.

Tests marked `slow` are left out (as in `make test-quick`) and so are the e2e tests, which boot
a browser each, unless --e2e (`make test-fast E2E=1`). The checks are ruff and mypy over the
changed Python files, eslint over changed JavaScript, and the element-id check when ui/ or
index.html changed: `make check` runs them all over everything.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.import_graph import ROOT, Graph, import_graph, importers, module_name, modules  # noqa: E402

NOT_OURS = {"node_modules", "vendor", "dist", "build"}   # installed or built, never edited
# every top-level folder of Python (pygame_core, ui, tools, tests, e2e, and any added later)
FOLDERS = tuple(sorted(p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")
                       and p.name not in NOT_OURS and next(p.rglob("*.py"), None)))
TYPED = ("pygame_core", "ui", "tools", "lab")   # what mypy checks (pyproject.toml)
SUITES = ("tests", "e2e")
ALWAYS = ("tests/core/test_layering.py", "tests/tools/test_docs_pin_the_tree.py")
JS_SUFFIXES = (".js", ".mjs")
BIN = Path(sys.executable).parent


def changed_files(base: str | None = None, root: Path = ROOT) -> list[str]:
    """Repository-relative paths changed: against HEAD (or REF's merge base), plus untracked."""
    def git(*args: str) -> list[str]:
        out = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout
        return [line for line in out.splitlines() if line]

    since = git("merge-base", base, "HEAD")[0] if base else "HEAD"
    return sorted(set(git("diff", "--name-only", since)) | set(git("ls-files", "--others", "--exclude-standard")))


def is_test_file(path: str) -> bool:
    name = Path(path).name
    return path.split("/")[0] in SUITES and name.startswith("test_") and name.endswith(".py")


def changed_modules(paths: Iterable[str], known: dict[str, Path], root: Path = ROOT) -> set[str]:
    """The modules the changed paths are (a deleted one too: its importers still name it), or
    belong to, or that name a changed file that is not Python."""
    found: set[str] = set()
    other: set[str] = set()
    for path in paths:
        file = root / path
        if path.endswith(".py") and path.split("/")[0] in FOLDERS:
            found.add(module_name(file, root))
            continue
        other.add(file.name)
        package = next((p for p in file.parents if p != root and (p / "__init__.py").is_file()), None)
        if package is not None:
            found.add(module_name(package / "__init__.py", root))
    if other:
        found |= {name for name, p in known.items() if any(word in text for text in strings_in_code(p) for word in other)}
    return found


def strings_in_code(path: Path) -> list[str]:
    """The string literals of a module's code: not its docstrings, which name files only to
    point a reader at them (docs/architecture.md), and not its comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def named_after(path: str, tests: Iterable[str]) -> set[str]:
    """The test files whose name holds the stem of `path` (four letters at least, not
    __init__ or conftest): test_lessons.py for lessons.json."""
    stem = Path(path).stem
    if len(stem) < 4 or stem in ("__init__", "conftest"):
        return set()
    return {test for test in tests if stem in Path(test).stem}


def select_tests(paths: Sequence[str], graph: Graph, known: dict[str, Path], *, e2e: bool = False,
                 root: Path = ROOT) -> list[str]:
    """The test files to run for the changed `paths` (repository-relative, sorted)."""
    every = {name: str(p.relative_to(root)) for name, p in known.items() if is_test_file(str(p.relative_to(root)))}
    reached = importers(graph, changed_modules(paths, known, root))
    tests = {path for name, path in every.items() if name in reached}
    for conftest in (known[name] for name in reached if name.endswith("conftest") and name in known):
        tests |= {str(p.relative_to(root)) for p in conftest.parent.rglob("test_*.py")}
    tests |= {path for path in paths if is_test_file(path) and (root / path).is_file()}
    tests |= {test for path in paths for test in named_after(path, every.values())}
    tests |= {path for path in ALWAYS if (root / path).is_file()}
    return sorted(path for path in tests if e2e or not path.startswith("e2e/"))


def check_commands(paths: Sequence[str], root: Path = ROOT) -> list[tuple[str, list[str]]]:
    """The quick checks for the changed paths that still exist, each (name, command)."""
    present = [path for path in paths if (root / path).is_file()]
    python = [path for path in present if path.endswith(".py")]
    typed = [path for path in python if path.split("/")[0] in TYPED]
    scripts = [path for path in present if path.endswith(JS_SUFFIXES) and not path.startswith(("vendor/", "dist/"))]
    commands = []
    if python:
        commands.append(("ruff", [str(BIN / "ruff"), "check", *python]))
    if typed:
        commands.append(("mypy", [str(BIN / "mypy"), *typed]))
    if scripts:
        commands.append(("eslint", [str(root / "node_modules" / ".bin" / "eslint"), *scripts]))
    if any(path.startswith("ui/") and path.endswith(".py") or path == "index.html" for path in present):
        commands.append(("element ids", [sys.executable, "tools/check_element_ids.py"]))
    return commands


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--base", help="compare with this ref's merge base (e.g. main) instead of HEAD")
    parser.add_argument("--files", nargs="*", help="these repository-relative paths instead of git's changes")
    parser.add_argument("--e2e", action="store_true", help="run the e2e tests reached too (a browser each)")
    parser.add_argument("--dry-run", action="store_true", help="print the checks and tests, run nothing")
    args = parser.parse_args(argv)
    started = time.monotonic()
    paths = sorted(args.files) if args.files is not None else changed_files(args.base)
    known = modules(FOLDERS)
    tests = select_tests(paths, import_graph(known), known, e2e=args.e2e)
    print(f"test-fast: {len(paths)} changed ({'--files' if args.files is not None else args.base or 'HEAD + untracked'}): "
          f"{' '.join(paths) or '-'}\ntest-fast: {len(tests)} test files: {' '.join(tests)}", flush=True)
    commands = check_commands(paths) + [("pytest", [sys.executable, "-m", "pytest", "-q", "-m", "not slow", *tests])]
    if args.dry_run:
        print("\n".join(" ".join(command) for _, command in commands))
        return 0
    failed = [name for name, command in commands if subprocess.run(command, cwd=ROOT).returncode not in (0, 5)]
    print(f"test-fast: {time.monotonic() - started:.1f} s, " + (f"FAILED: {' '.join(failed)}" if failed else "all passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
