"""tools/build.py: what ships, the generated precache list, and the content-hashed cache name."""

import html
import json
import re
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest

from tools.stdlib_trim import KEPT_MODULES, STDLIB_SOURCE
from ui.page.puzzle_file import PUZZLE_URL
from tools.build import (
    CONTENT_SECURITY_POLICY,
    NOT_IN_BROWSER,
    LOCK_FILE,
    PYODIDE_FILES,
    REPO,
    STDLIB_ARCHIVE,
    BuildError,
    build_site,
    fill_marked_line,
    inline_config,
    precached_files,
    read_package_archive,
    site_files,
    write_package_archive,
    with_policy,
    write_service_worker,
)


def write_fake_stdlib(path: Path, extra: tuple[str, ...] = ()) -> None:
    """A standard-library zip with a one-line file for each kept module, and `extra` modules."""
    with zipfile.ZipFile(path, "w") as archive:
        for name in (*KEPT_MODULES, *extra):
            archive.writestr(name.replace(".", "/") + ".py", f"# {name}\n")


@pytest.fixture
def fake_node_modules(tmp_path: Path) -> Path:
    """The two npm packages with stand-in files, so the build runs without `npm ci`."""
    root = tmp_path / "node_modules"
    (root / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        (root / "pyodide" / name).write_text(name)
    (root / "pyodide" / LOCK_FILE).write_text(json.dumps(
        {"info": {"abi_version": "2026_0", "python": "3.14.2"}, "packages": {"numpy": {"imports": ["numpy"]}}}))
    write_fake_stdlib(root / "pyodide" / STDLIB_SOURCE, ("extra",))
    dist = root / "@pyscript" / "core" / "dist"
    dist.mkdir(parents=True)
    (dist / "core.js").write_text("export {};")
    (dist / "core.js.map").write_text("{}")
    return root


@pytest.fixture
def site(tmp_path: Path, fake_node_modules: Path) -> Path:
    out = tmp_path / "site"
    build_site(out, node_modules=fake_node_modules, bytecode=False)
    return out


def precache_list(site: Path) -> list[str]:
    source = (site / "sw.js").read_text()
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", source, re.S).group(1))


def cache_name(site: Path) -> str:
    return re.search(r'const CACHE_NAME = "([^"]+)";', (site / "sw.js").read_text()).group(1)


def test_precache_lists_every_built_file_but_the_worker_the_catalogs_and_the_puzzles(site: Path):
    assert precache_list(site) == sorted(precached_files(site))
    assert set(site_files(site)) - set(precached_files(site)) == {
        url for url in site_files(site) if url.startswith("i18n/") or url == PUZZLE_URL.removeprefix("./")}
    assert "sw.js" not in precache_list(site)
    assert "index.html" in precache_list(site)


def test_runtime_is_copied_without_source_maps(site: Path):
    for name in PYODIDE_FILES:
        assert (site / "vendor" / "pyodide" / name).is_file()
    assert (site / "vendor" / "pyscript" / "core.js").is_file()
    assert not list(site.rglob("*.map"))


def test_the_lock_file_keeps_its_info_and_lists_no_packages(site: Path):
    lock = json.loads((site / "vendor" / "pyodide" / LOCK_FILE).read_text())
    assert lock == {"info": {"abi_version": "2026_0", "python": "3.14.2"}, "packages": {}}


def test_config_points_at_built_files(site: Path):
    config = tomllib.loads((site / "pyscript.toml").read_text())
    assert (site / config["interpreter"]).is_file()
    for source in config["files"]:
        assert (site / source).is_file(), source
    assert config["files"] == {"./python/app.zip": "./app.zip", "./ui/app_archive.py": "./app_archive.py"}, \
        "the entry scripts unwrap ./app.zip with ./app_archive.py, then import from it"
    for script in ("ui/main.py", "ui/ai_worker.py"):
        source = (site / script).read_text()
        assert source.index('unwrap("app.zip")') < source.index('sys.path.insert(0, "app.zip")'), script
    page = (site / "index.html").read_text()
    for reference in re.findall(r'(?:src|href)="\./([^"]+)"', page):
        assert (site / reference).is_file(), reference


def test_page_carries_the_config_inline(site: Path):
    """The page's config is pyscript.toml's settings, as JSON in the attribute (no fetch)."""
    page = (site / "index.html").read_text()
    attribute = re.search(r'<script type="py" src="\./ui/main\.py" config="([^"]+)"', page)
    assert attribute is not None
    assert json.loads(html.unescape(attribute.group(1))) == tomllib.loads((site / "pyscript.toml").read_text())


def test_page_carries_the_content_security_policy_early_in_its_head(site: Path):
    page = (site / "index.html").read_text()
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert meta is not None and html.unescape(meta.group(1)) == CONTENT_SECURITY_POLICY
    assert page.index(meta.group(0)) < page.index("<script")  # before any script runs
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY and "*" not in CONTENT_SECURITY_POLICY
    with pytest.raises(BuildError, match="exactly once"):
        with_policy("<head></head>")


def test_page_without_its_config_attribute_is_a_build_error():
    with pytest.raises(BuildError, match="exactly once"):
        inline_config('<script type="py" src="./ui/main.py"></script>', 'interpreter = "x"')


def test_archive_holds_every_python_file_of_the_packages(site: Path):
    with read_package_archive(site / "python" / "app.zip") as archive:
        names = set(archive.namelist())
    expected = {
        path.relative_to(REPO).as_posix()
        for package in ("pygame_core", "ui")
        for path in (REPO / package).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    left_out = {name for name in expected if any(name == out or name.startswith(out + "/") for out in NOT_IN_BROWSER)}
    left_out.add("ui/main.py")   # the entry script: fetched as a file of its own, never imported
    assert expected - left_out <= names and not left_out & names
    assert {"pygame_core/ai/cli.py", "pygame_core/lessons/check.py"} <= left_out
    assert "pygame_core/puzzles/__init__.py" in names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_archive_is_reproducible(tmp_path: Path):
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    write_package_archive(first, REPO, ("ui",), bytecode=False)
    write_package_archive(second, REPO, ("ui",), bytecode=False)
    assert first.read_bytes() == second.read_bytes()


needs_pyodide = pytest.mark.skipif(not (REPO / "node_modules" / "pyodide").is_dir(), reason="needs `npm ci`")


@pytest.mark.slow
@needs_pyodide
def test_archive_carries_bytecode_for_the_browser_python(tmp_path: Path):
    package = tmp_path / "repo" / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("ANSWER = 42\n")
    (package / "inner").mkdir()
    (package / "inner" / "__init__.py").write_text("")
    (package / "data.json").write_text("{}")
    names = write_package_archive(tmp_path / "pkg.zip", tmp_path / "repo", ("pkg",))
    pyc = "pkg/__init__.pyc"  # where the source was: where zipimport looks
    assert names == ["pkg/__init__.pyc", "pkg/data.json", "pkg/inner/__init__.pyc"], "bytecode without sources"
    with read_package_archive(tmp_path / "pkg.zip") as archive:
        code = archive.read(pyc)
        inner = archive.read("pkg/inner/__init__.pyc")
    assert int.from_bytes(code[4:8], "little") == 0b01, "an unchecked-hash pyc: valid without the source's timestamp"
    assert b"pkg.zip/pkg/__init__.py" in code and b"pkg.zip/pkg/inner/__init__.py" in inner, \
        "tracebacks name the file inside the archive"


# Runs in the site's Pyodide under Node: the archive's bytecode is for its CPython, not this one.
READ_POSITIONS = """
import { loadPyodide } from "pyodide";
const pyodide = await loadPyodide();
pyodide.globals.set("pyc", pyodide.toPy(new Uint8Array(await new Response(process.stdin).arrayBuffer())));
console.log(pyodide.runPython(`
import json, marshal
code = marshal.loads(bytes(pyc)[16:])
json.dumps([list(c.co_positions()) for c in (code, *(k for k in code.co_consts if hasattr(k, "co_positions")))])
`));
"""


@pytest.mark.slow
@needs_pyodide
def test_archived_bytecode_keeps_line_numbers_but_no_column_positions(tmp_path: Path):
    """Columns only place a traceback's ^^^ under its source line, and the archive ships no
    sources: they were 28% of app.zip on the wire (tools/compile_pyc.mjs)."""
    package = tmp_path / "repo" / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("def total(a, b):\n    return a.x + b.y\n\nLIMIT = total\n")
    write_package_archive(tmp_path / "pkg.zip", tmp_path / "repo", ("pkg",))
    with read_package_archive(tmp_path / "pkg.zip") as archive:
        pyc = archive.read("pkg/__init__.pyc")
    run = subprocess.run(["node", "--input-type=module", "-e", READ_POSITIONS], input=pyc, capture_output=True,
                         cwd=REPO, check=True)
    positions = [position for code in json.loads(run.stdout) for position in code]
    lines = {line for line, __, __, __ in positions if line is not None}
    columns = {(start, end) for __, __, start, end in positions}
    assert {1, 2, 4} <= lines, "tracebacks still name the line"
    assert columns == {(None, None)}, "no column positions"


@pytest.mark.slow
@needs_pyodide
def test_a_source_that_does_not_parse_is_a_build_error(tmp_path: Path):
    package = tmp_path / "repo" / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("def broken(:\n")
    with pytest.raises(BuildError, match="(?s)failed.*SyntaxError"):
        write_package_archive(tmp_path / "pkg.zip", tmp_path / "repo", ("pkg",))


def test_archive_refuses_a_folder_that_is_not_a_package(tmp_path: Path):
    (tmp_path / "loose").mkdir()
    with pytest.raises(BuildError, match="not a Python package"):
        write_package_archive(tmp_path / "x.zip", tmp_path, ("loose",), bytecode=False)


def test_cache_name_follows_content(tmp_path: Path):
    page = tmp_path / "index.html"
    page.write_text("one")
    files = {"index.html": page}
    first = write_service_worker(tmp_path / "sw.js", files, prefix="site-", page="index.html")
    assert write_service_worker(tmp_path / "sw.js", files, prefix="site-", page="index.html") == first
    page.write_text("two")
    second = write_service_worker(tmp_path / "sw.js", files, prefix="site-", page="index.html")
    assert second != first and second.startswith("site-")


def test_worker_needs_its_fallback_page_precached(tmp_path: Path):
    with pytest.raises(BuildError, match="fallback page"):
        write_service_worker(tmp_path / "sw.js", {}, prefix="site-", page="index.html")


def test_build_refuses_to_replace_the_sources(tmp_path: Path, fake_node_modules: Path):
    repo = tmp_path / "repo"
    (repo / "index.html").parent.mkdir()
    (repo / "index.html").write_text("keep me")
    for out in (repo, tmp_path):
        with pytest.raises(BuildError, match="holds the sources"):
            build_site(out, repo=repo, node_modules=fake_node_modules)
    assert (repo / "index.html").read_text() == "keep me"


def test_missing_node_modules_says_what_to_run(tmp_path: Path):
    with pytest.raises(BuildError, match="npm ci"):
        build_site(tmp_path / "site", node_modules=tmp_path / "nothing")


def test_the_manifest_and_its_icons_are_built_and_precached(site: Path):
    """Installable: the page links the manifest, whose icons the build draws as real PNGs."""
    import struct
    import zlib

    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"] and manifest["background_color"]
    assert 'rel="manifest" href="./manifest.webmanifest"' in (site / "index.html").read_text()
    assert {"manifest.webmanifest", "icons/icon-192.png", "icons/icon-512.png"} <= set(precache_list(site))
    for icon in manifest["icons"]:
        data = (site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
        width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
        assert icon["sizes"] == f"{width}x{height}" and (depth, colour) == (8, 2)
        length = struct.unpack(">I", data[33:37])[0]
        assert data[37:41] == b"IDAT"
        pixels = zlib.decompress(data[41:41 + length])
        assert len(pixels) == height * (1 + 3 * width)   # every row: filter byte + RGB pixels
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}


def built_constant(site: Path, module: str, name: str) -> dict:
    """The JSON value tools/build.py wrote on the marked `const NAME = ...;` line of a module."""
    source = (site / module).read_text()
    return json.loads(re.search(rf"^const {name} = (.*);$", source, re.M).group(1))  # the marker comment is stripped


def test_snapshot_key_covers_the_runtime_and_the_app(tmp_path: Path, fake_node_modules: Path, site: Path):
    build = built_constant(site, "assets/snapshot.mjs", "BUILD")
    assert build["files"] == tomllib.loads((REPO / "pyscript.toml").read_text())["files"]
    assert build["scripts"] == ["ui/main.py", "ui/ai_worker.py"]
    assert re.fullmatch(r"[0-9a-f]{16}", build["key"])
    same = tmp_path / "same"
    build_site(same, node_modules=fake_node_modules, bytecode=False)
    assert built_constant(same, "assets/snapshot.mjs", "BUILD")["key"] == build["key"]
    (fake_node_modules / "pyodide" / "pyodide.asm.wasm").write_text("another runtime build")
    other = tmp_path / "other"
    build_site(other, node_modules=fake_node_modules, bytecode=False)
    assert built_constant(other, "assets/snapshot.mjs", "BUILD")["key"] != build["key"]
    write_fake_stdlib(fake_node_modules / "pyodide" / STDLIB_SOURCE, ("extra", "another"))
    trimmed_same = tmp_path / "trimmed-same"
    build_site(trimmed_same, node_modules=fake_node_modules, bytecode=False)
    assert built_constant(trimmed_same, "assets/snapshot.mjs", "BUILD")["key"] == built_constant(
        other, "assets/snapshot.mjs", "BUILD")["key"], "a module the site does not load changes nothing"
    (fake_node_modules / "pyodide" / STDLIB_SOURCE).unlink()
    write_fake_stdlib(fake_node_modules / "pyodide" / STDLIB_SOURCE)
    with zipfile.ZipFile(fake_node_modules / "pyodide" / STDLIB_SOURCE, "a") as archive:
        archive.writestr("json/__init__.py", "# another json\n")
    new_library = tmp_path / "new-library"
    build_site(new_library, node_modules=fake_node_modules, bytecode=False)
    assert built_constant(new_library, "assets/snapshot.mjs", "BUILD")["key"] != built_constant(
        other, "assets/snapshot.mjs", "BUILD")["key"], "a kept module's change makes a new snapshot"


def test_the_page_and_the_worker_know_each_needed_file_by_size_and_digest(site: Path):
    import base64
    import hashlib

    checks = built_constant(site, "assets/download-progress.mjs", "FILES")
    runtime = {f"vendor/pyodide/{name}" for name in PYODIDE_FILES} | {STDLIB_ARCHIVE}
    assert runtime | {"python/app.zip", "ui/main.py"} <= set(checks)
    for url, check in checks.items():
        data = (site / url).read_bytes()
        assert check == {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), "counted": url in runtime}
    worker = (site / "sw.js").read_text()
    integrity = json.loads(re.search(r"^const INTEGRITY = (\{.*?\});$", worker, re.M | re.S).group(1))
    assert set(integrity) == set(precache_list(site)) >= set(checks)   # every kept copy is checked
    for url, value in integrity.items():
        assert value == "sha256-" + base64.b64encode(hashlib.sha256((site / url).read_bytes()).digest()).decode()


def test_a_module_without_its_marker_fails_the_build(tmp_path: Path):
    module = tmp_path / "module.mjs"
    module.write_text("const BUILD = {};\n")
    with pytest.raises(BuildError, match="SNAPSHOT_BUILD"):
        fill_marked_line(module, "// SNAPSHOT_BUILD", "const BUILD = {};")


def test_puzzles_are_fetched_on_first_use_not_archived(site: Path):
    """Learn fetches the puzzle file (ui/page/puzzle_file.py) where the build puts it; the
    service worker keeps it once fetched (so Learn works offline after its first use) and does
    not precache it, so a first visit does not download it."""
    with read_package_archive(site / "python" / "app.zip") as archive:
        assert "pygame_core/puzzles/puzzles.json" not in archive.namelist()
    url = PUZZLE_URL.removeprefix("./")
    assert (site / url).read_bytes() == (REPO / "pygame_core" / "puzzles" / "puzzles.json").read_bytes()
    assert url not in precache_list(site)


@pytest.mark.slow
def test_precompressed_siblings_are_written_but_never_precached(tmp_path: Path, fake_node_modules: Path):
    out = tmp_path / "deploy"
    build_site(out, node_modules=fake_node_modules, bytecode=False, precompress=("gzip",))
    assert (out / "index.html.gz").is_file() and (out / "sw.js.gz").is_file()
    assert (out / "vendor" / "pyodide" / "pyodide.asm.wasm.gz").is_file()
    assert not (out / "python" / "app.zip.gz").exists()
    assert not [url for url in precache_list(out) if url.endswith((".gz", ".br"))]
    assert precache_list(out) == sorted(precached_files(out))


@pytest.mark.skipif(not (REPO / "node_modules" / "@pyscript").is_dir(), reason="needs `npm ci`")
def test_pyscript_ships_without_unused_chunks_but_with_everything_it_imports(tmp_path: Path):
    out = tmp_path / "site"
    build_site(out, bytecode=False)
    shipped = {path.name for path in (out / "vendor" / "pyscript").iterdir()}
    assert "core.js" in shipped and not [name for name in shipped if name.startswith(("codemirror", "xterm"))]
    for name in shipped:
        if name.endswith(".js"):
            source = (out / "vendor" / "pyscript" / name).read_text(encoding="utf-8")
            static = re.findall(r'(?:from|import)\s*"\./([^"]+)"', source)   # import(...) is on demand
            assert set(static) <= shipped, f"{name} imports {set(static) - shipped} at load"
