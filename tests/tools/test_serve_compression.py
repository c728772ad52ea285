"""tools/serve.py serves the build's precompressed siblings as a static host does; tools/precompress.py writes them."""

import gzip
import os
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tools.build import site_files
from tools import precompress
from tools.precompress import gzip_best, write_siblings
from tools.serve import SiteServer

SCRIPT = b"export const answer = 42;\n" * 200


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_bytes(b"<!doctype html><title>t</title>" * 50)
    (tmp_path / "app.mjs").write_bytes(SCRIPT)
    (tmp_path / "app.zip").write_bytes(b"PK not compressible")
    write_siblings([tmp_path / "index.html", tmp_path / "app.mjs", tmp_path / "app.zip"], ("gzip",))
    return tmp_path


def get(url: str, accept: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept else {})
    with urllib.request.urlopen(request) as response:
        return dict(response.headers), response.read()


def test_siblings_are_written_for_text_and_wasm_only(root: Path):
    assert gzip.decompress((root / "app.mjs.gz").read_bytes()) == SCRIPT
    assert not (root / "app.zip.gz").exists(), "a zip is compressed already"
    assert sorted(site_files(root)) == ["app.mjs", "app.zip", "index.html"], "siblings are no site files"
    first = (root / "app.mjs.gz").read_bytes()
    write_siblings([root / "app.mjs"], ("gzip",))
    assert (root / "app.mjs.gz").read_bytes() == first, "reproducible"


def test_the_gzip_siblings_are_smaller_than_gzip_9_where_zopfli_is_installed():
    text = Path(precompress.__file__).read_bytes() * 4
    assert gzip.decompress(gzip_best(text)) == text
    assert precompress.zopfli_compress is not None, "make's venv installs zopfli (requirements-dev.txt)"
    assert len(gzip_best(text)) < len(gzip.compress(text, compresslevel=9, mtime=0))


def test_without_zopfli_the_siblings_are_gzip_9(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(precompress, "zopfli_compress", None)
    assert gzip_best(SCRIPT) == gzip.compress(SCRIPT, compresslevel=9, mtime=0)


def test_a_server_with_gzip_sends_the_sibling_when_accepted(root: Path):
    with SiteServer(root, encodings=("gzip",)) as server:
        headers, body = get(server.url + "app.mjs", "gzip, deflate, br")
        assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "text/javascript"
        assert "Accept-Encoding" in headers["Vary"]
        assert gzip.decompress(body) == SCRIPT and int(headers["Content-Length"]) == len(body)
        headers, body = get(server.url, "gzip")   # the page at /
        assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"].startswith("text/html")
        headers, body = get(server.url + "app.mjs", "br, gzip;q=0")
        assert "Content-Encoding" not in headers and body == SCRIPT
        headers, body = get(server.url + "app.zip", "gzip")
        assert "Content-Encoding" not in headers and body == b"PK not compressible"


def test_a_stale_sibling_is_never_sent(root: Path):
    (root / "app.mjs").write_bytes(b"export const answer = 43;\n")
    old = os.path.getmtime(root / "app.mjs") - 10
    os.utime(root / "app.mjs.gz", (old, old))
    with SiteServer(root, encodings=("gzip",)) as server:
        headers, body = get(server.url + "app.mjs", "gzip")
    assert "Content-Encoding" not in headers and body == b"export const answer = 43;\n"


def test_the_default_server_sends_files_as_they_are(root: Path):
    with SiteServer(root) as server:
        headers, body = get(server.url + "app.mjs", "gzip")
    assert "Content-Encoding" not in headers and body == SCRIPT


@pytest.mark.skipif(not shutil.which("node"), reason="needs node")
def test_brotli_siblings_decode_to_the_file(root: Path):
    write_siblings([root / "app.mjs"], ("br",))
    decoded = subprocess.run(["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
                              "require('fs').readFileSync(process.argv[1])))", str(root / "app.mjs.br")],
                             capture_output=True, check=True).stdout
    assert decoded == SCRIPT and (root / "app.mjs.br").stat().st_size < len(SCRIPT) / 10
    with SiteServer(root, encodings=("br", "gzip")) as server:
        assert get(server.url + "app.mjs", "gzip, br")[0]["Content-Encoding"] == "br"
        assert get(server.url + "app.mjs", "gzip")[0]["Content-Encoding"] == "gzip"
