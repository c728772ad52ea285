"""Unwraps the game's archive before anything imports from it (ui/main.py, ui/ai_worker.py).

Why: the build ships python/app.zip as one gzip stream of an uncompressed zip (tools/build.py),
which is ~110 KB smaller on the wire than a zip of separately deflated members, on every host,
whether or not it compresses zips. zipimport reads only a zip, so the entry scripts inflate
the gzip in place first (a few ms). A file that is a zip already (a host or proxy took the
gzip layer off) is left as it is. Standard library only: it runs before the archive is on
sys.path, shipped beside the entry scripts by pyscript.toml's [files], never from the archive.
"""

import zlib

GZIP_MAGIC = b"\x1f\x8b"
GZIP_WINDOW = 16 + zlib.MAX_WBITS  # zlib reads a gzip header and trailer with this window


def as_zip(data: bytes) -> bytes:
    """The zip that `data` is: inflated when it is a gzip stream, else `data` itself."""
    return zlib.decompress(data, GZIP_WINDOW) if data.startswith(GZIP_MAGIC) else data


def unwrap(path: str) -> None:
    """Replace the gzip stream at `path` by the zip it holds; a plain zip stays untouched."""
    with open(path, "rb") as file:
        data = file.read()
    if data.startswith(GZIP_MAGIC):
        with open(path, "wb") as file:
            file.write(as_zip(data))
