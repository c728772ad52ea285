"""The game's archive ships as one gzip stream of a stored zip (tools/build.py write_archive),
and ui/app_archive.py turns it back into the zip zipimport reads, before the first import."""

import gzip
import importlib.util
import io
import zipfile
import types
import zipimport
from pathlib import Path

import pytest

from tools.build import REPO, read_package_archive, write_package_archive
from ui.app_archive import unwrap


@pytest.fixture
def package_repo(tmp_path: Path) -> Path:
    """A repository holding one small package, `packedpkg`."""
    package = tmp_path / "repo" / "packedpkg"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("ANSWER = 42\n")
    (package / "inner" / "__init__.py").write_text("from packedpkg import ANSWER\nDOUBLE = 2 * ANSWER\n")
    (package / "data.json").write_text('{"a": 1}')
    return tmp_path / "repo"


def import_from(archive: Path, name: str) -> types.ModuleType:
    """Import `name` from the zip at `archive` with zipimport, as the page does (not cached)."""
    spec = zipimport.zipimporter(str(archive)).find_spec(name)
    assert spec is not None and spec.loader is not None, f"{name} not found in {archive}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_game_archive_is_one_gzip_stream_of_a_stored_zip(tmp_path: Path):
    dest = tmp_path / "app.zip"
    names = write_package_archive(dest, REPO, ("pygame_core", "ui"), bytecode=False)
    data = dest.read_bytes()
    assert data[:2] == b"\x1f\x8b", "a gzip stream, named app.zip all the same"
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(data))) as archive:
        assert archive.namelist() == names
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
    expected = sorted(path.relative_to(REPO).as_posix() for package in ("pygame_core", "ui")
                      for path in (REPO / package).rglob("*")
                      if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
                      and not any(part.startswith(".") for part in path.relative_to(REPO).parts))
    assert names == expected, "every file of the packages, as before"
    deflated = io.BytesIO()
    with zipfile.ZipFile(deflated, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as per_member:
        for name in names:
            per_member.writestr(name, (REPO / name).read_bytes())
    assert len(data) < 0.9 * len(deflated.getvalue()), "one stream beats a zip of deflated members"


def test_unwrap_gives_a_zip_that_zipimport_imports_from(tmp_path: Path, package_repo: Path):
    archive = tmp_path / "app.zip"
    write_package_archive(archive, package_repo, ("packedpkg",), bytecode=False)
    with pytest.raises(zipimport.ZipImportError):
        zipimport.zipimporter(str(archive))  # the gzip as shipped: zipimport cannot read it
    unwrap(str(archive))
    assert archive.read_bytes()[:2] == b"PK"
    assert import_from(archive, "packedpkg").ANSWER == 42
    with read_package_archive(archive) as unwrapped:
        assert unwrapped.read("packedpkg/data.json") == b'{"a": 1}'


def test_unwrap_leaves_a_plain_zip_alone(tmp_path: Path, package_repo: Path):
    """A host or proxy that took the gzip layer off hands the page the zip itself."""
    archive = tmp_path / "app.zip"
    write_package_archive(archive, package_repo, ("packedpkg",), bytecode=False)
    archive.write_bytes(gzip.decompress(archive.read_bytes()))
    plain = archive.read_bytes()
    unwrap(str(archive))
    assert archive.read_bytes() == plain
    assert import_from(archive, "packedpkg").ANSWER == 42
    with read_package_archive(archive) as unwrapped:
        assert "packedpkg/inner/__init__.py" in unwrapped.namelist()


def test_unwrap_refuses_a_cut_stream(tmp_path: Path, package_repo: Path):
    archive = tmp_path / "app.zip"
    write_package_archive(archive, package_repo, ("packedpkg",), bytecode=False)
    archive.write_bytes(archive.read_bytes()[:-20])
    with pytest.raises(ValueError, match="cut short"):
        unwrap(str(archive))
