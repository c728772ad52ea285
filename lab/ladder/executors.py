"""Where a ladder's games run: local processes (the default, all cores) or a Ray cluster.

An executor takes a function and its jobs and yields the results as they finish, in any
order; the caller writes each one down at once, so a stopped run loses only the games in
flight. Ray is imported only when asked for: the page never needs it, and the development
requirements pin it for the test that runs a real local cluster (tests/lab/test_ladder_ray.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Callable, Iterator, Protocol, Sequence, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")
SHIPPED = ("pygame_core", "lab")  # the packages a Ray cluster's workers need to play a game


class Executor(Protocol):
    def run(self, work: Callable[[Job], Result], jobs: Sequence[Job]) -> Iterator[Result]:
        """`work(job)` for every job, yielded as each finishes (any order)."""


def local_cores() -> int:
    """The cores this process may use (its affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class LocalExecutor:
    """`processes` worker processes on this machine (1: in this process, as in Pyodide)."""

    def __init__(self, processes: int) -> None:
        if processes < 1:
            raise ValueError("--jobs must be at least 1")
        self.processes = processes

    def run(self, work: Callable[[Job], Result], jobs: Sequence[Job]) -> Iterator[Result]:
        if self.processes == 1 or len(jobs) <= 1:
            yield from map(work, jobs)
            return
        # at most `processes` games in flight, submitted in order: a run stopped early has
        # played the first games of its schedule, not a scattering
        with ProcessPoolExecutor(max_workers=min(self.processes, len(jobs))) as pool:
            waiting = iter(jobs)
            running: set[Future[Result]] = set()
            try:
                for job in waiting:
                    running.add(pool.submit(work, job))
                    if len(running) < self.processes:
                        continue
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    yield from (future.result() for future in done)
                while running:
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    yield from (future.result() for future in done)
            finally:
                for future in running:
                    future.cancel()


def ray_runtime_env() -> dict[str, Any]:
    """What every Ray worker gets: the packages a game runs (`pygame_core` and `lab`, pure
    Python) as runtime-environment modules, so a node needs only Python and Ray, and a local
    cluster's workers import this checkout's code whatever folder the run was started in."""
    checkout = Path(__file__).resolve().parents[2]  # lab/ladder/ is two folders down
    return {"py_modules": [str(checkout / name) for name in SHIPPED]}


class RayExecutor:
    """The same jobs as Ray tasks: on a local Ray (`address` "local") or on the cluster at
    `address` (e.g. `ray://head:10001` through Ray Client, or "auto" on a cluster node). Each
    task is one game. A Ray already started in this process (`ray.init`) is used as it is."""

    def __init__(self, address: str) -> None:
        try:
            import ray  # optional: only for --ray
        except ImportError:
            raise RuntimeError(f"--ray needs Ray, which is not installed here ({install_hint(address)}); "
                               "without --ray the ladder runs on this machine's cores") from None
        self.ray: Any = ray
        if not ray.is_initialized():
            if address == "local":
                ray.init(runtime_env=ray_runtime_env())
            else:
                ray.init(address=address, runtime_env=ray_runtime_env())

    def run(self, work: Callable[[Job], Result], jobs: Sequence[Job]) -> Iterator[Result]:
        remote = self.ray.remote(work)
        pending = [remote.remote(job) for job in jobs]
        while pending:
            done, pending = self.ray.wait(pending, num_returns=1)
            for ref in done:
                yield self.ray.get(ref)


def install_hint(address: str) -> str:
    """The pip command for the Ray that `address` needs: a `ray://` address goes through Ray
    Client, which only the `client` extra brings."""
    return "pip install 'ray[client]'" if address.startswith("ray://") else "pip install ray"


def executor_for(jobs: int, ray_address: str | None) -> Executor:
    """The executor the command line asks for."""
    return RayExecutor(ray_address) if ray_address else LocalExecutor(jobs)
