"""Unwraps the game's archive before anything imports from it (ui/main.py, ui/ai_worker.py).

Why: the build ships python/app.zip as one gzip stream of an uncompressed zip (tools/build.py),
which is ~110 KB smaller on the wire than a zip of separately deflated members, on every host,
whether or not it compresses zips. zipimport reads only a zip, so the entry scripts inflate
the gzip in place first (a few ms). A file that is a zip already (a host or proxy took the
gzip layer off) is left as it is. Standard library only: it runs before the archive is on
sys.path, shipped beside the entry scripts by pyscript.toml's [files], never from the archive.
"""

import os
import zlib

GZIP_MAGIC = b"\x1f\x8b"
GZIP_WINDOW = 16 + zlib.MAX_WBITS  # zlib reads a gzip header and trailer with this window
CHUNK = 1 << 16


def as_zip(data: bytes) -> bytes:
    """The zip that `data` is: inflated when it is a gzip stream, else `data` itself."""
    return zlib.decompress(data, GZIP_WINDOW) if data.startswith(GZIP_MAGIC) else data


def unwrap(path: str) -> None:
    """Replace the gzip stream at `path` by the zip it holds; a plain zip stays untouched.

    Inflated a chunk at a time, never whole in memory: the runtime snapshot
    (assets/snapshot-maker.mjs) is made after this, and a heap grown by megabytes fails to
    restore (measured: RangeError, offset is out of bounds)."""
    with open(path, "rb") as source:
        if source.read(len(GZIP_MAGIC)) != GZIP_MAGIC:
            return
        source.seek(0)
        inflater = zlib.decompressobj(GZIP_WINDOW)
        with open(path + ".part", "wb") as target:
            while chunk := source.read(CHUNK):
                target.write(inflater.decompress(chunk))
            target.write(inflater.flush())
        if not inflater.eof:
            raise ValueError(f"{path} is cut short: its gzip stream does not end")
    os.replace(path + ".part", path)
