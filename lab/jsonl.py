"""The lab's append-only JSON-lines files (ladder results, labelled positions) that a killed run leaves readable: a torn last line is skipped
on reading and cut off before the next append, so a stopped run resumes where it stopped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator


def read(path: str | Path, check: Callable[[Any], object] | None = None,
         what: str = "a JSON record") -> Iterator[dict[str, Any]]:
    """Every record in the file (none when it does not exist); ValueError for a bad line that
    is not the last. `check` raises ValueError, KeyError or TypeError for a line that is JSON
    but not a record of the file's kind (`what`, for the message)."""
    path = Path(path)
    if not path.exists():
        return
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            if check is not None:
                check(record)
        except (ValueError, KeyError, TypeError):
            if number == len(lines):
                return  # the half-written line of a killed run
            raise ValueError(f"{path}, line {number}: not {what}") from None
        yield record


def append(path: str | Path, records: list[dict[str, Any]]) -> None:
    """Add records, flushed at once; a torn last line is cut off first."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.stat().st_size:
        with path.open("rb+") as handle:
            handle.seek(-1, 2)
            if handle.read(1) != b"\n":   # read the whole file only when its end is torn
                handle.truncate(path.read_bytes().rfind(b"\n") + 1)
    with path.open("a", encoding="utf-8") as handle:
        handle.write("".join(json.dumps(record, sort_keys=True) + "\n" for record in records))
        handle.flush()
