"""Precompressed siblings of the built site's text and WebAssembly files (FILE.gz, FILE.br).

Why: a static host that finds FILE.br or FILE.gz beside FILE serves it with Content-Encoding
when the browser accepts it (docs/hosting.md), at the best compression rather than the fast
one hosts use on the fly; the runtime's 9.6 MB pyodide.asm.wasm is 3.5 MB gzip and 2.8 MB
brotli. Zip archives and PNGs are compressed already and get none. The siblings are not site
files (tools/build.py's site_files leaves them out): the service worker never precaches them,
the browser decodes what it is sent.

The gzip siblings are written by zopfli (PyPI `zopfli`, in the build's venv) where it is
installed: the same gzip format every browser reads, about 3% smaller than gzip -9 (the
runtime's wasm: 3.42 MB instead of 3.53), at a few seconds a megabyte, once per deploy build.
Without it the build says so and falls back to gzip -9.
"""

from __future__ import annotations

import gzip
import subprocess
import zlib
from pathlib import Path
from typing import Iterable

try:
    from zopfli.zopfli import compress as zopfli_compress
except ImportError:  # a build outside the venv (make dist uses it): gzip -9 instead
    zopfli_compress = None

REPO = Path(__file__).resolve().parent.parent
BROTLI_SCRIPT = REPO / "tools" / "precompress.mjs"
SUFFIXES = {"br": ".br", "gzip": ".gz"}          # Content-Encoding -> sibling suffix
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".webmanifest", ".toml", ".py", ".svg", ".txt")
ZOPFLI_ITERATIONS = 1  # more buys ~0.1% on the wasm for many times the build time


def gzip_best(data: bytes) -> bytes:
    """`data` as a gzip stream, as small as the installed tools make it (zopfli, else gzip -9),
    with no timestamp, so a build is reproducible."""
    if zopfli_compress is None:
        return gzip.compress(data, compresslevel=9, mtime=0)
    return bytes(zopfli_compress(data, numiterations=ZOPFLI_ITERATIONS, gzip_mode=1))


def deflate_best(data: bytes) -> bytes:
    """`data` as a raw deflate stream (a zip member's), by zopfli where installed, else zlib -9."""
    if zopfli_compress is None:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return packer.compress(data) + packer.flush()
    return bytes(zopfli_compress(data, numiterations=ZOPFLI_ITERATIONS, gzip_mode=0))[2:-4]  # zlib's 2-byte head, 4-byte check


def is_sibling(path: Path) -> bool:
    """A precompressed copy of another file."""
    return path.suffix in SUFFIXES.values()


def write_siblings(files: Iterable[Path], encodings: Iterable[str]) -> list[Path]:
    """Write FILE.gz and/or FILE.br (as `encodings` names them) beside each compressible file;
    returns the siblings written."""
    targets = [path for path in files if path.suffix in COMPRESSIBLE]
    written: list[Path] = []
    encodings = set(encodings)
    if unknown := encodings - set(SUFFIXES):
        raise ValueError(f"unknown encodings: {sorted(unknown)}")
    if "gzip" in encodings:
        if zopfli_compress is None:
            print("precompress: zopfli is not installed (pip install -r requirements-dev.txt): gzip -9 instead")
        for path in targets:
            sibling = path.with_name(path.name + SUFFIXES["gzip"])
            sibling.write_bytes(gzip_best(path.read_bytes()))
            written.append(sibling)
    if "br" in encodings and targets:
        subprocess.run(["node", str(BROTLI_SCRIPT), *map(str, targets)], check=True)
        written += [path.with_name(path.name + SUFFIXES["br"]) for path in targets]
    return written
