"""tools/deflated_zip.py: an ordinary zip that any reader opens, smaller than zipfile's -9."""

import io
import random
import zipfile
import zipimport
from pathlib import Path

from tools.deflated_zip import write_deflated_zip

SOURCE = Path(__file__).resolve().parents[2] / "tools" / "stdlib_trim.py"


def _members() -> list[tuple[str, bytes]]:
    noise = random.Random(5).randbytes(3000)  # incompressible: deflate must still round-trip it
    return [("pkg/__init__.py", b""), ("pkg/module.py", SOURCE.read_bytes()), ("pkg/noise.bin", noise)]


def test_zipfile_and_zipimport_read_back_every_member(tmp_path: Path) -> None:
    dest = tmp_path / "lib.zip"
    write_deflated_zip(dest, _members())
    with zipfile.ZipFile(dest) as archive:
        assert archive.testzip() is None
        assert archive.namelist() == [name for name, _ in _members()]
        assert all(archive.read(name) == data for name, data in _members())
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_DEFLATED}
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert {info.external_attr >> 16 for info in archive.infolist()} == {0o644}
    assert zipimport.zipimporter(str(dest / "pkg")).find_spec("module") is not None


def test_the_same_members_give_the_same_bytes_and_fewer_than_zipfile_at_level_9(tmp_path: Path) -> None:
    write_deflated_zip(tmp_path / "a.zip", _members())
    write_deflated_zip(tmp_path / "b.zip", _members())
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    plain = io.BytesIO()
    with zipfile.ZipFile(plain, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in _members():
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data, compress_type=zipfile.ZIP_DEFLATED)
    assert (tmp_path / "a.zip").stat().st_size < len(plain.getvalue())
