"""Browser memory for the benchmarks: the PSS of a process tree, read from Linux /proc.

Why PSS: Chromium's processes share most of their pages; summing RSS would count the shared
ones once per process, PSS splits them between the processes that share them.
"""

from __future__ import annotations

from pathlib import Path


def process_table() -> tuple[dict[int, int], dict[int, bytes]]:
    """{pid: parent pid} and {pid: command line} of every process readable now."""
    parents: dict[int, int] = {}
    commands: dict[int, bytes] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            parents[int(proc.name)] = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            commands[int(proc.name)] = (proc / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
    return parents, commands


def descendants(root: int, parents: dict[int, int]) -> set[int]:
    """`root` and every process started under it."""
    family, frontier = {root}, {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - family
        family |= frontier
    return family


def pss_mb(pids: set[int]) -> float:
    """The summed PSS of `pids` in MB (a process gone meanwhile counts nothing)."""
    total_kb = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total_kb += int(line.split()[1])
        except OSError:
            continue
    return total_kb / 1024
