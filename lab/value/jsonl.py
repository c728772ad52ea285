"""Append-only JSON-lines files that a killed run leaves readable: a torn last line is skipped
on reading and cut off before the next append, so a stopped run resumes where it stopped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator


def read(path: str | Path) -> Iterator[dict[str, Any]]:
    """Every record in the file (none when it does not exist); ValueError for a bad line that
    is not the last."""
    path = Path(path)
    if not path.exists():
        return
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            if number == len(lines):
                return  # the half-written line of a killed run
            raise ValueError(f"{path}, line {number}: not a JSON record") from None
        yield record


def append(path: str | Path, records: list[dict[str, Any]]) -> None:
    """Add records, flushed at once; a torn last line is cut off first."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.stat().st_size:
        data = path.read_bytes()
        if not data.endswith(b"\n"):
            with path.open("rb+") as handle:
                handle.truncate(data.rfind(b"\n") + 1)
    with path.open("a", encoding="utf-8") as handle:
        handle.write("".join(json.dumps(record, sort_keys=True) + "\n" for record in records))
        handle.flush()
