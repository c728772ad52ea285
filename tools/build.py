"""Build the deployable static site (dist/ by default) from the repository and node_modules.

Why a build step: the runtime (Pyodide, PyScript) is copied from the npm packages pinned in
package-lock.json, never committed and never fetched from a CDN; the Python packages ship as
one zip archive, so nobody keeps a list of .py files; and the service worker's precache list
and cache name are derived from the built files and their content hash. The app icons the
manifest names are drawn here (no image library: a PNG is zlib and struct).

Usage: python3 tools/build.py [OUT_DIR]      (needs `npm ci` first)
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import html
import io
import json
import shutil
import struct
import subprocess
import sys
import tempfile
import tomllib
import zipfile
import zlib
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Collection, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python3 tools/build.py` too

from tools.precompress import gzip_best, is_sibling, write_siblings  # noqa: E402
from tools.stdlib_trim import NOT_SHIPPED, STDLIB_SOURCE, TOOL_DATA, trim  # noqa: E402
from tools.strip_sources import StripError, strip_sources  # noqa: E402

if __package__ in (None, ""):   # run as a script (python3 tools/build.py): the repo's packages
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.first_screen import front_door, rules_help, write_first_screen  # noqa: E402  (the board pictures, front door and rules)
from tools.i18n import I18N_DIR, compile_site, with_first_screen  # noqa: E402  (the languages' catalogs)
from ui.app_archive import as_zip  # noqa: E402  (what the page runs to read the archive)

REPO = Path(__file__).resolve().parent.parent
NODE_MODULES = REPO / "node_modules"
SW_TEMPLATE = REPO / "tools" / "sw_template.js"
COMPILE_SCRIPT = REPO / "tools" / "compile_pyc.mjs"
JS_STRIP_SCRIPT = REPO / "tools" / "strip_js_comments.mjs"

PAGE = "index.html"
CONFIG = "pyscript.toml"  # the page's config (inlined by the build) and the workers' (a file)
CONFIG_ATTRIBUTE = 'config="./pyscript.toml"'  # how index.html names it
ASSET_DIR = "assets"
PYTHON_PACKAGES = ("pygame_core", "ui")
PYTHON_ARCHIVE = "python/app.zip"  # referenced by pyscript.toml's [files]; a gzip of a stored zip
# Data the app fetches on first use (ui/page/puzzle_file.py) rather than carries in the archive:
# source in the packages -> URL in the site (precached by the service worker like every file).
FETCHED_DATA = {"pygame_core/puzzles/puzzles.json": "python/puzzles.json"}
# Python the page never imports (tools/stdlib_trim.py's NOT_SHIPPED: `python -m
# pygame_core`, the lessons' checker, and what only tools and the lab use, with its data;
# tests/tools/test_stdlib_trim.py checks the app does not import them), left out of the archive: a first visit stays lighter (e2e/test_first_visit_bytes.py
# holds it to 5.0 MB). The ladder and self-play matches are lab/'s, outside PYTHON_PACKAGES.
NOT_IN_BROWSER = tuple(name.replace(".", "/") + ".py" for name in NOT_SHIPPED) + TOOL_DATA
ENTRY_SCRIPT = "ui/main.py"  # <script type="py" src=...> fetches it as a file of its own
CATALOG_SOURCES = "ui/locale"  # the .po files and glossary: compiled into i18n/ (tools/i18n.py), not archived
WORKER_SCRIPTS = ("ui/ai_worker.py",)  # named workers' src files, fetched the same way
# What the entry scripts import before the archive is on sys.path (it unwraps the archive):
# shipped beside them as a file, and pyscript.toml's [files] writes it beside app.zip.
ARCHIVE_UNWRAPPER = "ui/app_archive.py"
LOCK_FILE = "pyodide-lock.json"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", LOCK_FILE)
PYODIDE_DIR = "vendor/pyodide"
# The runtime's standard library, trimmed to the modules the site loads (tools/stdlib_trim.py);
# assets/pyodide-early.mjs and assets/snapshot-maker.mjs name it as loadPyodide's stdLibURL.
STDLIB_ARCHIVE = "python/stdlib.zip"
PYSCRIPT_DIR = "vendor/pyscript"
# PyScript's chunks for features the site does not use, which it imports only when a page uses
# them: the editor's CodeMirror (and its index chunk), the terminal's xterm, unpacking [files]
# archives (zip) and installing packages (pyodide_graph). Left out, no first visit precaches
# them (0.29 MB gzip). The plugins' own small entry chunks (py-editor, py-terminal, py-game,
# donkey) stay: PyScript imports every plugin at start. Should PyScript ever ask for a left-out
# chunk, the page's 404 fails the e2e tests (their monitor).
PYSCRIPT_UNUSED = ("codemirror*", "index-*", "xterm*", "zip-*", "pyodide_graph-*")
SERVICE_WORKER = "sw.js"
# The runtime snapshot's code (assets/snapshot.mjs): the build writes this build's key, [files] and
# entry scripts on its marked line. The key hashes everything a snapshot's memory depends on.
SNAPSHOT_MODULE = "assets/snapshot.mjs"
SNAPSHOT_MARKER = "// SNAPSHOT_BUILD"
DOWNLOAD_MODULE = "assets/download-progress.mjs"  # a first visit's progress bar and download check
DOWNLOAD_MARKER = "// DOWNLOAD_FILES"
# The files a visit needs before it can play: the page (DOWNLOAD_MODULE) refuses a download of
# one whose size or SHA-256 differs from the build's, so a cut or damaged download is never
# started. (The service worker checks every file it keeps: write_service_worker.)
CHECKED_DOWNLOADS = (*(f"{PYODIDE_DIR}/{name}" for name in PYODIDE_FILES), STDLIB_ARCHIVE, PYTHON_ARCHIVE,
                     ENTRY_SCRIPT, *WORKER_SCRIPTS, ARCHIVE_UNWRAPPER)
SNAPSHOT_CODE = ("assets/snapshot.mjs", "assets/snapshot-maker.mjs", "assets/pyodide-early.mjs")
MANIFEST = "manifest.webmanifest"  # the web app manifest, committed as is; it names the icons below
ICON_SIZES = (192, 512)  # icons/icon-<size>.png, drawn by the build (install prompt, home screen)
ICON_BACKGROUND = (0x00, 0x72, 0xB2)  # the page's accent blue (also the manifest's theme colour)
ICON_STONES = (((0.34, 0.5), (0x1D, 0x1B, 0x16)), ((0.66, 0.5), (0xFB, 0xF7, 0xEF)))  # a black and a white stone
ICON_STONE_RADIUS = 0.15
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same bytes and hash


class BuildError(RuntimeError):
    """The inputs of the build are missing or wrong; the message says what to run."""


def _skip(path: Path) -> bool:
    """Caches and hidden files never ship."""
    return any(part.startswith(".") or part == "__pycache__" for part in path.parts) or path.suffix == ".pyc"


def stage_packages(staging: Path, repo: Path, packages: tuple[str, ...]) -> None:
    """Copy every file of the packages (caches and hidden files left out) into staging."""
    for package in packages:
        package_dir = repo / package
        if not (package_dir / "__init__.py").is_file():
            raise BuildError(f"{package_dir} is not a Python package (no __init__.py)")
        for path in sorted(package_dir.rglob("*")):
            relative = path.relative_to(repo)
            if path.is_file() and not _skip(relative):
                (staging / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, staging / relative)


def compile_bytecode(staging: Path, archive_name: str) -> None:
    """Replace every module.py by module.pyc, compiled by the site's Pyodide.

    Why without the sources: they were 40% of the archive's bytes and Python never reads them
    (the bytecode is unchecked-hash). The code objects name their file as archive_name/<path>,
    so a traceback still says which file and line (app.zip/ui/main.py, line 12), only not the
    line's text: the repository has it."""
    run = subprocess.run(["node", str(COMPILE_SCRIPT), str(staging), archive_name], capture_output=True, text=True)
    if run.returncode != 0:
        raise BuildError(f"bytecode compilation failed: {(run.stdout + run.stderr).strip()}")
    for source in staging.rglob("*.py"):
        if not source.with_suffix(".pyc").is_file():
            raise BuildError(f"no bytecode was written for {source.relative_to(staging)}")
        source.unlink()


def write_archive(dest: Path, root: Path) -> list[str]:
    """Zip every file under root uncompressed (stored) and write the zip as one gzip stream,
    byte-for-byte reproducibly; returns the member names.

    Why not a deflated zip: a zip compresses each member alone, so what modules share (names,
    constants, bytecode patterns) is paid for in every one; one stream over the whole zip is
    ~110 KB smaller (689 -> 577 KB). Not left to the host's HTTP compression: many (GitHub
    Pages) send zips as they are. The page inflates it before importing (ui/app_archive.py)."""
    members: list[str] = []
    stored = io.BytesIO()
    with zipfile.ZipFile(stored, "w", compression=zipfile.ZIP_STORED) as archive:
        for path in sorted(root.rglob("*")):
            if path.is_dir():
                continue
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), ZIP_DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
            members.append(info.filename)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(gzip_best(stored.getvalue()))
    return members


def read_package_archive(path: Path) -> zipfile.ZipFile:
    """The zip that write_archive wrapped in gzip at `path`, opened for reading (a plain zip too)."""
    return zipfile.ZipFile(io.BytesIO(as_zip(path.read_bytes())))


def write_package_archive(dest: Path, repo: Path, packages: tuple[str, ...], bytecode: bool = True,
                          left_out: tuple[str, ...] = ()) -> list[str]:
    """The packages as one zip for PyScript's [files], imported in place by zipimport (unpacking
    it cost the boot ~30 ms); with bytecode, Python skips compiling the modules at import in
    the browser (about half of the page's Python start-up), and the sources (stripped of
    docstrings and comments before compiling: line numbers kept) stay out. The
    files `left_out` names (paths in the repository) are not archived."""
    with tempfile.TemporaryDirectory(prefix="python-packages-") as tmp:
        staging = Path(tmp)
        stage_packages(staging, repo, packages)
        for name in left_out:
            (staging / name).unlink()
        if bytecode:
            try:
                strip_sources(staging)
            except StripError as error:
                raise BuildError(str(error)) from error
            compile_bytecode(staging, dest.name)
        return write_archive(dest, staging)


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG of `rows` (3 bytes a pixel), written with zlib and struct alone."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\0" + row for row in rows)   # filter type 0 (none) on every row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icon_png(size: int) -> bytes:
    """The app icon: a black and a white stone on the accent blue, `size` pixels square."""
    background = bytes(ICON_BACKGROUND)
    radius2 = (ICON_STONE_RADIUS * size) ** 2
    centres = [((x * size, y * size), bytes(colour)) for (x, y), colour in ICON_STONES]
    rows = []
    for j in range(size):
        row = bytearray(background * size)
        for (cx, cy), colour in centres:
            dy2 = (j + 0.5 - cy) ** 2
            if dy2 > radius2:
                continue
            half = (radius2 - dy2) ** 0.5
            for i in range(max(0, round(cx - half)), min(size, round(cx + half))):
                row[3 * i:3 * i + 3] = colour
        rows.append(bytes(row))
    return png(size, size, rows)


def write_icons(out: Path) -> None:
    (out / "icons").mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        (out / "icons" / f"icon-{size}.png").write_bytes(icon_png(size))


def content_hash(files: dict[str, Path]) -> str:
    """A short digest of the URLs and bytes of the files: it changes when any of them does."""
    digest = hashlib.sha256()
    for url in sorted(files):
        digest.update(url.encode() + b"\0" + hashlib.sha256(files[url].read_bytes()).digest())
    return digest.hexdigest()[:16]


# A kept copy at least this big is checked just after the service worker hands it out, not
# before: the runtime's JavaScript and its WebAssembly (1.2 and 9.6 MB), which the browser
# compiles as the bytes arrive; reading them whole first would hold up every boot. Every other
# file (0.6 MB at most) is checked before it is served.
CHECK_AFTER_SERVING_BYTES = 1_000_000


def write_service_worker(sw_path: Path, files: dict[str, Path], prefix: str, page: str) -> str:
    """Write a precaching worker for `files` (URL relative to the worker -> built file), with
    every file's SHA-256, so that no damaged copy is cached or, once kept, served.

    Returns the cache name: prefix + content hash, so a new build gets a new cache and the
    worker deletes caches of its prefix with any other name when it activates.
    """
    if page not in files:
        raise BuildError(f"the offline fallback page {page} is not in the precache list")
    cache_name = f"{prefix}{content_hash(files)}"
    integrity = {url: "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
                 for url, path in sorted(files.items())}
    after_serving = [url for url, path in sorted(files.items()) if path.stat().st_size >= CHECK_AFTER_SERVING_BYTES]
    source = SW_TEMPLATE.read_text().replace("__INTEGRITY__", json.dumps(integrity, indent=2))
    source = source.replace("__CHECKED_AFTER_SERVING__", json.dumps(after_serving))
    for placeholder, value in (
        ("__CACHE_NAME__", cache_name),
        ("__CACHE_PREFIX__", prefix),
        ("__PAGE__", page),
    ):
        source = source.replace(placeholder, value)
    source = source.replace("__PRECACHE__", json.dumps(sorted(files), indent=2))
    sw_path.write_text(without_comment_lines(source))
    return cache_name


def without_comment_lines(source: str) -> str:
    """JavaScript without its whole-line comments (// lines, /* ... */ blocks that start a
    line): the template's comments are for its readers, and every first visit downloads the
    worker (1.8 KB of its 7 KB gzip)."""
    kept, in_block = [], False
    for line in source.splitlines(keepends=True):
        text = line.strip()
        if in_block:
            in_block = not text.endswith("*/")
        elif text.startswith("/*"):
            in_block = not text.endswith("*/")
        elif not text.startswith("//"):
            kept.append(line)
    return "".join(kept)


def strip_script_comments(scripts: list[Path]) -> None:
    """The site's own scripts without their comments, line for line (tools/strip_js_comments.mjs:
    13 KB gzip off a first visit); BuildError where a script would not stay the same program."""
    run = subprocess.run(["node", str(JS_STRIP_SCRIPT), *map(str, scripts)], capture_output=True, text=True)
    if run.returncode != 0:
        raise BuildError(f"stripping the scripts' comments failed: {(run.stdout + run.stderr).strip()}")


def site_files(site: Path) -> dict[str, Path]:
    """Every built file of the site, by URL relative to the site root (the worker and the
    precompressed siblings excluded: a host sends those in place of their file)."""
    return {
        path.relative_to(site).as_posix(): path
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.relative_to(site).as_posix() != SERVICE_WORKER and not is_sibling(path)
    }


def precached_files(site: Path) -> dict[str, Path]:
    """The site's files the service worker keeps from the first visit on: all but the languages'
    catalogs (i18n/), of which a visit fetches only its own language's, and the data fetched on
    first use (FETCHED_DATA: the puzzles, 100 KB gzip that only Learn reads); the worker keeps
    those once fetched (docs/languages.md, docs/coach.md)."""
    on_use = set(FETCHED_DATA.values())
    return {url: path for url, path in site_files(site).items()
            if not url.startswith(f"{I18N_DIR}/") and url not in on_use}


def write_first_screen_strings(out: Path, page: str) -> str:
    """Compile every language's catalog into `out` (i18n/); returns `page` with the first screen's
    strings for all languages inline, and prints their size gzipped (they ride on every visit)."""
    first = compile_site(out, page, rules=partial(rules_help, out), door=front_door)
    filled = with_first_screen(page, first)
    added = (len(gzip.compress(filled.encode(), 9)) - len(gzip.compress(page.encode(), 9))) / 1e3
    print(f"first screen's strings: {len(json.dumps(first, ensure_ascii=False).encode()) / 1e3:.1f} KB, "
          f"{added:.1f} KB gzip in index.html")
    return filled


def write_lock_without_packages(source: Path, target: Path) -> None:
    """The runtime's lock file with an empty package index. The site ships no packages (npm's
    Pyodide holds none, and nothing loads one), yet the runtime reads the whole index at start:
    357 entries, 24 KB of a first visit's download. The runtime checks the rest (its ABI)."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    lock["packages"] = {}
    target.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


def _copy_runtime(out: Path, node_modules: Path, bytecode: bool) -> None:
    pyodide = node_modules / "pyodide"
    pyscript = node_modules / "@pyscript" / "core" / "dist"
    for source in (pyodide, pyscript):
        if not source.is_dir():
            raise BuildError(f"{source} is missing: run `npm ci` first")
    (out / PYODIDE_DIR).mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name == LOCK_FILE:
            write_lock_without_packages(pyodide / name, out / PYODIDE_DIR / name)
        else:
            shutil.copy2(pyodide / name, out / PYODIDE_DIR / name)
    trim(pyodide / STDLIB_SOURCE, out / STDLIB_ARCHIVE, strip=bytecode)
    shutil.copytree(pyscript, out / PYSCRIPT_DIR, ignore=shutil.ignore_patterns("*.map", *PYSCRIPT_UNUSED))


# The site's Content-Security-Policy: the page carries it as a <meta> tag (any host gets it) and
# tools/serve.py sends it as a header too. Scripts and styles only from the site itself, no inline
# script, no other origin; 'wasm-unsafe-eval' lets the runtime compile its WebAssembly, blob:
# workers are how PyScript starts its worker. 'unsafe-eval' is there for PyScript alone: 0.7.31
# builds its worker hooks with Function() (core.js `jo`, run for every page), and without it the
# page never becomes ready (measured: EvalError in the boot). frame-ancestors is left out: blogs
# may embed the game.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
))
CSP_MARKER = "<!-- content-security-policy -->"  # where index.html wants the policy's <meta> tag


def with_policy(page: str) -> str:
    """The page with its Content-Security-Policy <meta> tag in place of CSP_MARKER."""
    if page.count(CSP_MARKER) != 1:
        raise BuildError(f"{PAGE} must hold {CSP_MARKER} exactly once, early in <head>")
    tag = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(CONTENT_SECURITY_POLICY)}">'
    return page.replace(CSP_MARKER, tag)


def inline_config(page: str, config: str) -> str:
    """The page with its script's config="./pyscript.toml" replaced by the same settings as
    JSON: PyScript then fetches no config and loads no TOML parser before it starts the
    page's Python (~10 ms of boot). Relative URLs mean the same: both files are at the root."""
    if page.count(CONFIG_ATTRIBUTE) != 1:
        raise BuildError(f"{PAGE} must name its config exactly once as {CONFIG_ATTRIBUTE}")
    settings = json.dumps(tomllib.loads(config), separators=(",", ":"))
    return page.replace(CONFIG_ATTRIBUTE, f'config="{html.escape(settings)}"')


def runtime_files(out: Path) -> dict[str, Path]:
    """The runtime's files in the built site, by URL: what every Python start downloads."""
    return {**{f"{PYODIDE_DIR}/{name}": out / PYODIDE_DIR / name for name in PYODIDE_FILES},
            STDLIB_ARCHIVE: out / STDLIB_ARCHIVE}


def write_snapshot_build(out: Path, repo: Path, config: str) -> str:
    """Write this build's snapshot key, [files] and entry scripts into the built SNAPSHOT_MODULE;
    returns the key. It changes with the runtime, the app archive, the entry scripts or the
    snapshot code, so a new build never restores an old build's memory."""
    files = tomllib.loads(config).get("files", {})
    inputs = {name: out / name for name in (*files, *runtime_files(out), ENTRY_SCRIPT, *WORKER_SCRIPTS)}
    inputs.update({f"source:{name}": repo / name for name in SNAPSHOT_CODE})
    key = content_hash({name.removeprefix("./"): path for name, path in inputs.items()})
    build = {"key": key, "files": files, "scripts": [ENTRY_SCRIPT, *WORKER_SCRIPTS]}
    fill_marked_line(out / SNAPSHOT_MODULE, SNAPSHOT_MARKER, f"const BUILD = {json.dumps(build, sort_keys=True)};")
    return key


def fill_marked_line(module: Path, marker: str, statement: str) -> None:
    """Replace the one line of a built JS module that ends with `marker` by `statement` + marker."""
    lines = module.read_text(encoding="utf-8").splitlines(keepends=True)
    marked = [i for i, line in enumerate(lines) if line.rstrip().endswith(marker)]
    if len(marked) != 1:
        raise BuildError(f"{module.name} must end exactly one line with {marker}")
    lines[marked[0]] = f"{statement} {marker}\n"
    module.write_text("".join(lines), encoding="utf-8")


def download_checks(files: dict[str, Path], counted: Collection[str]) -> dict[str, dict[str, object]]:
    """{URL: {"bytes", "sha256", "counted"}} of the CHECKED_DOWNLOADS among `files` (URL -> built
    file); `counted` marks the runtime's files, whose bytes the first visit's progress bar shows."""
    return {url: {"bytes": path.stat().st_size, "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                  "counted": url in counted}
            for url, path in sorted(files.items()) if url in CHECKED_DOWNLOADS}


def write_download_checks(out: Path) -> None:
    """Write the checked files' sizes and digests into DOWNLOAD_MODULE: the first visit's progress
    bar counts the runtime's bytes, and no file reaches the runtime unless it arrived whole."""
    checks = json.dumps(download_checks(site_files(out), runtime_files(out)), sort_keys=True)
    fill_marked_line(out / DOWNLOAD_MODULE, DOWNLOAD_MARKER, f"const FILES = {checks};")


@contextmanager
def site_to_measure(given: Path | None) -> Iterator[Path]:
    """The built site a benchmark runs on: `given` when one was named, else a fresh build of
    this checkout in a temporary folder, removed afterwards."""
    if given is not None:
        yield given
        return
    with tempfile.TemporaryDirectory() as folder:
        build_site(Path(folder))
        yield Path(folder)


def build_site(out: Path, repo: Path = REPO, node_modules: Path = NODE_MODULES, bytecode: bool = True,
               precompress: tuple[str, ...] = ()) -> str:
    """Build the site into `out` (replaced if present); returns the service worker's cache name.

    bytecode=False leaves the .pyc files out and the Python sources unstripped (both need the
    real Pyodide of node_modules);
    precompress names the encodings ("br", "gzip") to write siblings in (tools/precompress.py:
    a deploy build's, ~1 min of CPU for brotli; tests and local serving do without)."""
    out = out.resolve()
    if out == repo.resolve() or repo.resolve().is_relative_to(out):
        raise BuildError(f"refusing to replace {out}: it holds the sources")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copy2(repo / CONFIG, out / CONFIG)
    page = with_policy(inline_config((repo / PAGE).read_text(encoding="utf-8"),
                                     (repo / CONFIG).read_text(encoding="utf-8")))
    (out / PAGE).write_text(write_first_screen_strings(out, write_first_screen(out, page)), encoding="utf-8")
    shutil.copytree(repo / ASSET_DIR, out / ASSET_DIR, ignore=shutil.ignore_patterns(".*"))
    shutil.copy2(repo / MANIFEST, out / MANIFEST)
    write_icons(out)
    (out / ENTRY_SCRIPT).parent.mkdir(parents=True)
    for script in (ENTRY_SCRIPT, *WORKER_SCRIPTS, ARCHIVE_UNWRAPPER):
        shutil.copy2(repo / script, out / script)
    _copy_runtime(out, node_modules, bytecode)
    catalog_sources = tuple(path.relative_to(repo).as_posix() for path in sorted((repo / CATALOG_SOURCES).glob("*")))
    write_package_archive(out / PYTHON_ARCHIVE, repo, PYTHON_PACKAGES, bytecode,
                          left_out=(*FETCHED_DATA, *NOT_IN_BROWSER, ENTRY_SCRIPT, *catalog_sources))
    for source, url in FETCHED_DATA.items():
        shutil.copy2(repo / source, out / url)
    write_snapshot_build(out, repo, (repo / CONFIG).read_text(encoding="utf-8"))
    write_download_checks(out)
    # after the two marked lines are filled (their markers are comments), before the digests
    strip_script_comments(sorted(path for path in (out / ASSET_DIR).iterdir() if path.suffix in (".js", ".mjs")))
    cache_name = write_service_worker(out / SERVICE_WORKER, precached_files(out), prefix="site-", page=PAGE)
    write_siblings([*site_files(out).values(), out / SERVICE_WORKER], precompress)
    return cache_name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(REPO / "dist"), help="output folder (default: dist/)")
    parser.add_argument("--precompress", default="br,gzip",
                        help="encodings of the precompressed siblings, comma-separated ('' for none; default br,gzip)")
    args = parser.parse_args(argv)
    try:
        cache_name = build_site(Path(args.out), precompress=tuple(filter(None, args.precompress.split(","))))
    except (BuildError, StripError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    files = site_files(Path(args.out))
    size = sum(path.stat().st_size for path in files.values())
    print(f"built {args.out}: {len(files)} files, {size / 1e6:.1f} MB, cache {cache_name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
