"""tools/stdlib_trim.py: the recorded list covers what the app loads, and the trim keeps it."""

import ast
import shutil
import zipfile
from pathlib import Path

import pytest

from tools.stdlib_trim import (
    COMMAND_LINE_MODULES,
    TOOL_MODULES,
    KEPT_MODULES,
    PYSCRIPT_DIST,
    REPO,
    app_modules,
    imported_names,
    pyscript_imports,
    record,
    trim,
)

NODE_MODULES = REPO / "node_modules"
needs_pyodide = pytest.mark.skipif(not (NODE_MODULES / "pyodide").is_dir() or not shutil.which("node"),
                                   reason="needs npm ci and node")


@pytest.mark.slow
@needs_pyodide
def test_every_module_the_app_loads_is_kept():
    """Re-records under Node: a new import of a module the list lacks fails here, not for a player."""
    recorded = record(NODE_MODULES)
    assert {"json", "random", "asyncio", "encodings.utf_8", "pyodide.ffi", "ast"} <= set(recorded)
    missing = sorted(set(recorded) - set(KEPT_MODULES))
    assert not missing, f"run `python3 tools/stdlib_trim.py --record`: the app now loads {missing}"


@needs_pyodide
def test_the_list_names_only_modules_of_this_pyodide(tmp_path: Path):
    written = trim(NODE_MODULES / "pyodide" / "python_stdlib.zip", tmp_path / "stdlib.zip")
    assert len(written) >= len(KEPT_MODULES)
    assert "unittest/__init__.py" not in written and "pydoc.py" not in written


@needs_pyodide
def test_pyscripts_own_python_is_read_from_its_bundle():
    names = pyscript_imports(NODE_MODULES / PYSCRIPT_DIST)
    assert {"json", "base64", "html", "pyodide.ffi", "pyscript.util"} <= names


def test_trim_keeps_the_named_modules_and_their_packages(tmp_path: Path):
    source = tmp_path / "full.zip"
    with zipfile.ZipFile(source, "w") as archive:
        for member in ("json/__init__.py", "json/decoder.py", "json/tool.py", "random.py", "pydoc.py",
                       "site-packages/README.txt"):
            archive.writestr(member, f"# {member}\n")
    written = trim(source, tmp_path / "out" / "stdlib.zip", ("json.decoder", "random"))
    assert written == ["json/__init__.py", "json/decoder.py", "random.py"]
    with zipfile.ZipFile(tmp_path / "out" / "stdlib.zip") as archive:
        assert archive.namelist() == written
        assert archive.read("random.py") == b"# random.py\n"
    again = tmp_path / "again.zip"
    trim(source, again, ("random", "json.decoder"))
    assert again.read_bytes() == (tmp_path / "out" / "stdlib.zip").read_bytes(), "reproducible bytes"
    with pytest.raises(KeyError):
        trim(source, tmp_path / "bad.zip", ("tomllib",))


def test_imports_inside_functions_are_named():
    source = "import os, json.decoder\ndef f():\n    from concurrent import futures\n    from . import sibling\n"
    assert imported_names(source) == {"os", "json.decoder", "concurrent", "concurrent.futures"}


def test_python_in_javascript_strings_is_read(tmp_path: Path):
    (tmp_path / "bundle.js").write_text(
        'import{a as b}from"./x.js";const c="_A=None\\nimport base64,html\\nfrom pyscript.util import x";'
        'run(`try:\\n\\timport js;from pyodide.ffi import create_proxy`);')
    assert pyscript_imports(tmp_path) == {"base64", "html", "pyscript.util", "js", "pyodide.ffi"}


def _import_names(node: ast.AST, package: str) -> set[str]:
    """The modules an import statement names, relative ones resolved against `package`."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if isinstance(node, ast.ImportFrom):
        base = package.rsplit(".", node.level - 1)[0] if node.level else ""
        target = ".".join(part for part in (base, node.module or "") if part)
        return {target} | {f"{target}.{alias.name}" for alias in node.names}
    return set()


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _absolute_imports(module: str, path: Path) -> set[str]:
    """The app modules `path` imports, relative imports resolved."""
    package = _package_of(module, path)
    return {name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            for name in _import_names(node, package)}


def test_the_browser_never_imports_the_command_line_tools():
    """Their imports (argparse, multiprocessing...) are not recorded, so nothing else may need them."""
    for module, path in app_modules().items():
        wrong = _absolute_imports(module, path) & set(COMMAND_LINE_MODULES)
        assert not wrong, f"{module} imports {wrong}, which the trimmed library does not serve"


def _top_level_imports(module: str, path: Path) -> set[str]:
    """The modules `path` imports outside its functions (what importing it imports)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_functions = {id(node) for function in ast.walk(tree)
                    if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) for node in ast.walk(function)}
    package = _package_of(module, path)
    return {name for node in ast.walk(tree) if id(node) not in in_functions for name in _import_names(node, package)}


def test_no_app_module_imports_a_tool_module_when_it_is_imported():
    """The build leaves them out: the page must never need them. A function may import one
    (SUSAN's hints load the learned evaluation only when a spec asks for it)."""
    for module, path in app_modules().items():
        wrong = _top_level_imports(module, path) & set(TOOL_MODULES)
        assert not wrong, f"{module} imports {wrong}, which the site does not ship"


def test_the_tool_module_check_finds_a_top_level_import(tmp_path: Path) -> None:
    path = tmp_path / "hints.py"
    path.write_text("from .learned import evaluate\n\ndef later():\n    from .svg import x\n", encoding="utf-8")
    assert _top_level_imports("pygame_core.games.susan.hints", path) == {
        "pygame_core.games.susan.learned", "pygame_core.games.susan.learned.evaluate"}


def test_the_app_reads_no_docstrings():
    """The build strips them from the browser's Python (tools/strip_sources.py)."""
    readers = [module for module, path in app_modules().items() if "__doc__" in path.read_text(encoding="utf-8")]
    assert not readers, f"{readers} read __doc__, which the site's bytecode does not carry"
