"""The runtime's standard library, trimmed to the modules the site loads (issue 27).

Why: Pyodide's python_stdlib.zip holds 559 modules (2.5 MB on the wire, gzip or not: it is
already compressed); the page, its workers and PyScript's own Python load a small part of it.
tools/build.py writes KEPT_MODULES' files, and nothing else, into the site's STDLIB_ARCHIVE,
and assets/pyodide-early.mjs and assets/snapshot-maker.mjs load it through `stdLibURL`.

How the list is made (reproducible: `python3 tools/stdlib_trim.py --record` rewrites it):
every module the app's packages name in an import statement, anywhere (at module level or
inside a function), every module PyScript's own Python and the site's JavaScript modules' Python
name (strings in @pyscript/core's bundle and in assets/*.mjs), then every module of the packages, are imported by the site's
Pyodide under Node with the whole library, which then plays random turns of every game, reads
the puzzles and formats a traceback (tools/record_stdlib.mjs); the library's modules then in
sys.modules are the list. The packages' command-line tools (COMMAND_LINE_MODULES) never run in
the browser and are left out. tests/tools/test_stdlib_trim.py re-records and fails when the
app needs a module the list lacks; e2e/test_trimmed_stdlib.py plays every feature on the
trimmed library in the browser.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Iterable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python3 tools/stdlib_trim.py` too

from tools.deflated_zip import write_deflated_zip  # noqa: E402
from tools.strip_sources import strip_sources  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
RECORDER = REPO / "tools" / "record_stdlib.mjs"
STDLIB_SOURCE = "python_stdlib.zip"   # in node_modules/pyodide: the whole library
APP_PACKAGES = ("pygame_core", "ui")
ENTRY_MODULE = "ui.main"  # <script type="py" src="./ui/main.py">
# `python -m pygame_core` and what only it imports (tests/tools/test_stdlib_trim.py checks that
# no other module of the packages imports these). The ladder and the strength matches are not in
# the packages at all: lab/, `python -m lab`.
COMMAND_LINE_MODULES = ("pygame_core.__main__", "pygame_core.cli", "pygame_core.ai.cli",
                        "pygame_core.lessons.cli", "pygame_core.lessons.check", "pygame_core.lessons.coverage")
# What only the build, the benchmarks or the lab run, also left out of the site so that a first
# visit stays under its 5.0 MB: random play (the benchmarks' games). Nothing in the packages
# imports it at a module's top level (tests/tools/test_stdlib_trim.py). SUSAN's learned evaluation
# and its weights ship (Expert plays with it; its hints import it inside a loader, on first use).
# ui.board.svg ships (about 1 KB): Your openings draws its position previews with it
# (ui/play/openings_view.py), as the build draws the first screen.
# STYMIE's two-distance prior is an experiment (`prior=twodistance`), measured before it ships.
TOOL_MODULES = ("pygame_core.random_play", "pygame_core.games.stymie.two_distance")
TOOL_DATA: tuple[str, ...] = ()
NOT_SHIPPED = COMMAND_LINE_MODULES + TOOL_MODULES
PYSCRIPT_DIST = Path("@pyscript") / "core" / "dist"
# an import statement inside a JavaScript string of Python code (newlines written as \n there)
PYTHON_IMPORT = re.compile(r"(?:^|;)[ \t]*(?:import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)|from[ \t]+([\w.]+)[ \t]+import\b)",
                           re.M)

# BEGIN RECORDED (python3 tools/stdlib_trim.py --record)
KEPT_MODULES: tuple[str, ...] = (
    "__future__",
    "_collections_abc",
    "_colorize",
    "_opcode_metadata",
    "_py_warnings",
    "_pyodide",
    "_pyodide._base",
    "_pyodide._core_docs",
    "_pyodide._future_helper",
    "_pyodide._importhook",
    "_pyodide.docs_argspec",
    "_pyodide.docstring",
    "_pyodide.jsbind",
    "_sitebuiltins",
    "_ssl",
    "_weakrefset",
    "abc",
    "annotationlib",
    "ast",
    "asyncio",
    "asyncio.base_events",
    "asyncio.base_futures",
    "asyncio.base_subprocess",
    "asyncio.base_tasks",
    "asyncio.constants",
    "asyncio.coroutines",
    "asyncio.events",
    "asyncio.exceptions",
    "asyncio.format_helpers",
    "asyncio.futures",
    "asyncio.graph",
    "asyncio.locks",
    "asyncio.log",
    "asyncio.mixins",
    "asyncio.protocols",
    "asyncio.queues",
    "asyncio.runners",
    "asyncio.selector_events",
    "asyncio.sslproto",
    "asyncio.staggered",
    "asyncio.streams",
    "asyncio.subprocess",
    "asyncio.taskgroups",
    "asyncio.tasks",
    "asyncio.threads",
    "asyncio.timeouts",
    "asyncio.transports",
    "asyncio.trsock",
    "asyncio.unix_events",
    "base64",
    "bisect",
    "bz2",
    "codecs",
    "codeop",
    "collections",
    "compression",
    "compression._common",
    "compression._common._streams",
    "compression.zstd",
    "compression.zstd._zstdfile",
    "concurrent",
    "concurrent.futures",
    "concurrent.futures._base",
    "contextlib",
    "contextvars",
    "copy",
    "copyreg",
    "dataclasses",
    "datetime",
    "difflib",
    "dis",
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "enum",
    "fnmatch",
    "functools",
    "genericpath",
    "gettext",
    "glob",
    "gzip",
    "heapq",
    "hmac",
    "html",
    "html.entities",
    "importlib",
    "importlib._abc",
    "importlib._bootstrap",
    "importlib._bootstrap_external",
    "importlib.abc",
    "importlib.machinery",
    "importlib.util",
    "inspect",
    "io",
    "ipaddress",
    "json",
    "json.decoder",
    "json.encoder",
    "json.scanner",
    "keyword",
    "linecache",
    "locale",
    "logging",
    "lzma",
    "ntpath",
    "opcode",
    "operator",
    "os",
    "pathlib",
    "pathlib._os",
    "pkgutil",
    "posixpath",
    "pyodide",
    "pyodide._package_loader",
    "pyodide._state",
    "pyodide.code",
    "pyodide.common",
    "pyodide.ffi",
    "pyodide.webloop",
    "random",
    "re",
    "re._casefix",
    "re._compiler",
    "re._constants",
    "re._parser",
    "reprlib",
    "secrets",
    "selectors",
    "shutil",
    "signal",
    "site",
    "socket",
    "ssl",
    "stat",
    "string",
    "struct",
    "subprocess",
    "tarfile",
    "tempfile",
    "textwrap",
    "threading",
    "token",
    "tokenize",
    "traceback",
    "types",
    "typing",
    "urllib",
    "urllib.parse",
    "warnings",
    "weakref",
    "zipfile",
    "zipfile._path",
    "zipfile._path.glob",
    "zipimport",
)
# END RECORDED


def module_files(archive: zipfile.ZipFile) -> dict[str, str]:
    """Module name -> its member in a standard-library zip (packages by their __init__.py)."""
    files = {}
    for name in archive.namelist():
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".")
            files[module.removesuffix(".__init__")] = name
    return files


def top_level_names(stdlib: Path) -> set[str]:
    """The library's top-level modules and packages."""
    with zipfile.ZipFile(stdlib) as archive:
        return {module.split(".")[0] for module in module_files(archive)}


def app_modules(repo: Path = REPO, packages: Iterable[str] = APP_PACKAGES) -> dict[str, Path]:
    """Every module of the app's packages that runs in the browser: dotted name -> source."""
    modules = {}
    for package in packages:
        for path in sorted((repo / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            name = ".".join(path.relative_to(repo).with_suffix("").parts).removesuffix(".__init__")
            if name not in NOT_SHIPPED:
                modules[name] = path
    return modules


def imported_names(source: str) -> set[str]:
    """Every absolute module an import statement of `source` names, at any depth (for
    `from a import b`, both a and a.b: b may be a submodule)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def pyscript_imports(dist: Path, pattern: str = "*.js") -> set[str]:
    """The modules the Python inside the JavaScript files of `dist` imports: PyScript's own
    (strings in its bundle), or the site's (assets/*.mjs: the snapshot maker's warm-up)."""
    names: set[str] = set()
    for script in sorted(dist.glob(pattern)):
        text = script.read_text(encoding="utf-8").replace("\\n", "\n").replace("\\t", "\t")
        for plain, source in PYTHON_IMPORT.findall(text):
            names.update(n.strip() for n in plain.split(",") if n.strip())
            if source:
                names.add(source)
    return names


def record(node_modules: Path, repo: Path = REPO) -> list[str]:
    """Run the recorder: the library modules the app loads, sorted (see the module docstring)."""
    stdlib = node_modules / "pyodide" / STDLIB_SOURCE
    library = top_level_names(stdlib)
    modules = app_modules(repo)
    named = set().union(*(imported_names(path.read_text(encoding="utf-8")) for path in modules.values()))
    named |= pyscript_imports(node_modules / PYSCRIPT_DIST) | pyscript_imports(repo / "assets", "*.mjs")
    # The page's entry script runs the page, with a top-level await that only PyScript's async
    # run accepts: what it imports is named above, but it is not imported itself.
    importable = [module for module in modules if module != ENTRY_MODULE]
    requested = sorted(n for n in named if n.split(".")[0] in library) + importable
    run = subprocess.run(["node", str(RECORDER), str(repo), *requested], capture_output=True, text=True,
                         cwd=repo)
    if run.returncode != 0:
        raise RuntimeError(f"recording the standard library failed: {run.stderr.strip()}")
    with zipfile.ZipFile(stdlib) as archive:
        files = module_files(archive)
    return sorted(name for name in run.stdout.split() if name in files)


def trim(source: Path, dest: Path, keep: Iterable[str] = KEPT_MODULES, strip: bool = False) -> list[str]:
    """Write the modules `keep` names (and their parent packages) from the library `source` into
    `dest`, byte-for-byte reproducibly; returns the members written. With strip, without their
    docstrings and comments (tools/strip_sources.py: line numbers kept). KeyError for a name
    the library lacks: a list from another Pyodide needs recording again."""
    wanted: set[str] = set()
    for name in keep:
        parts = name.split(".")
        wanted.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="stdlib-") as tmp:
        with zipfile.ZipFile(source) as archive:
            files = module_files(archive)
            members = sorted(files[name] for name in wanted)
            for member in members:
                (Path(tmp) / member).parent.mkdir(parents=True, exist_ok=True)
                (Path(tmp) / member).write_bytes(archive.read(member))
        if strip:
            strip_sources(Path(tmp))
        write_deflated_zip(dest, ((member, (Path(tmp) / member).read_bytes()) for member in members))
    return members


def rewrite_list(modules: list[str], module_path: Path = Path(__file__)) -> None:
    """Replace KEPT_MODULES in this file by `modules`."""
    text = module_path.read_text(encoding="utf-8")
    body = "".join(f'    "{name}",\n' for name in modules)
    block = f"KEPT_MODULES: tuple[str, ...] = (\n{body})\n"
    text = re.sub(r"(# BEGIN RECORDED[^\n]*\n).*?(# END RECORDED)", lambda m: m[1] + block + m[2], text, count=1, flags=re.S)
    module_path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="record the list again and rewrite it in this file")
    args = parser.parse_args(argv)
    modules = record(REPO / "node_modules")
    if args.record:
        rewrite_list(modules)
    missing = sorted(set(modules) - set(KEPT_MODULES))
    print(f"{len(modules)} modules recorded; {len(KEPT_MODULES)} kept" + (f"; missing: {missing}" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
