"""`ladder run --ray` on a real local Ray cluster (2 CPUs, started once for the module): it
plays the same games as this machine's processes, and its workers import the checkout's code
through the runtime environment the executor ships, not through the folder the run started in.

Ray is a pinned development dependency (requirements-dev.txt); the cluster costs about 3 s and
0.7 GB to start. CPython only: the lab never runs in the browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

import ray

from lab.cli import COMMANDS
from lab.ladder import results
from lab.ladder.executors import ray_runtime_env
from pygame_core.cli import main

GAME = ["stymie", "--size", "3", "--player", "mcts:iterations=8", "--player", "random",
        "--player", "tactician", "--pairs", "2", "--seed", "11"]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A local cluster whose workers start in an empty folder: they find `pygame_core` and `lab`
    only if the runtime environment carries them."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(elsewhere)
        patch.setenv("PYTHONPATH", "")
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env=ray_runtime_env())
    try:
        yield ray
    finally:
        ray.shutdown()


def ladder(*args: str) -> int:
    return main(["ladder", "run", *GAME, *args], COMMANDS, "python -m lab")


def games(path: Path) -> list[Any]:
    return sorted((results.record_key(r), r["winners"], r["turns"]) for r in results.read([path]))


def test_a_ray_cluster_plays_the_same_games_as_the_local_processes(cluster: Any, tmp_path: Path) -> None:
    assert ladder("--ray", "local", "--results", str(tmp_path / "ray.jsonl")) == 0
    assert ladder("--jobs", "1", "--results", str(tmp_path / "local.jsonl")) == 0
    played = games(tmp_path / "ray.jsonl")
    assert len(played) == 2 * 3 * 2  # pairs x matchups x seat orders
    assert played == games(tmp_path / "local.jsonl")


def test_the_games_ran_in_the_clusters_workers(cluster: Any) -> None:
    @cluster.remote
    def where() -> list[str]:
        import os

        import lab
        import pygame_core
        return [str(os.getpid()), pygame_core.__file__ or "", lab.__file__ or ""]

    pid, core, lab_file = cluster.get(where.remote())
    assert int(pid) != __import__("os").getpid()
    root = str(Path(__file__).resolve().parents[2])
    # the runtime environment's copies, unpacked under Ray's session folder, not the checkout
    assert not core.startswith(root + "/pygame_core") and core.endswith("pygame_core/__init__.py")
    assert not lab_file.startswith(root + "/lab") and lab_file.endswith("lab/__init__.py")


def test_a_resumed_ray_run_plays_only_the_missing_games(cluster: Any, tmp_path: Path) -> None:
    path = tmp_path / "resume.jsonl"
    assert ladder("--ray", "local", "--results", str(path)) == 0
    rows = path.read_text().splitlines()
    path.write_text("\n".join(rows[:5]) + "\n")
    assert ladder("--ray", "local", "--results", str(path)) == 0
    after = [json.loads(row) for row in path.read_text().splitlines()]
    assert len(after) == len(rows)
    assert len({json.dumps(results.record_key(row)) for row in after}) == len(rows)  # none twice
