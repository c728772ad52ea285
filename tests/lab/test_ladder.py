"""The ladder's runner and sequential test (pure Python; lab/ is not shipped, so CPython only): openings are
paired, a run resumes where it stopped, files combine without counting a game twice, and the
SPRT stops on synthetic streams with the right answer in about the games Wald's theory says."""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from lab.ladder import results, runner, schedule, sprt
from lab.cli import COMMANDS
from lab.ladder.executors import LocalExecutor, RayExecutor
from pygame_core.cli import main
from pygame_core.registry import GAMES, find_game

FAST = ["mcts:iterations=8", "random", "tactician"]


def tiny_jobs(pairs: int = 2, players: list[str] = FAST, plan: str = "round-robin") -> list[schedule.GameJob]:
    """Games on STYMIE's smallest board (quick: a few turns each)."""
    spec = find_game("stymie")
    return list(schedule.games(spec, GAMES["stymie"], spec.resolve_options({"size": 3}), players, plan, pairs,
                               seed=7))


def test_every_opening_is_played_from_both_seats() -> None:
    jobs = tiny_jobs()
    assert len(jobs) == 2 * 3 * 2  # pairs x matchups x seat orders
    by_opening: dict[tuple[Any, ...], list[tuple[str, str]]] = {}
    for job in jobs:
        by_opening.setdefault((job.pair, frozenset(job.seats)), []).append(job.seats)
    assert all(sorted(seats) == sorted([(a, b), (b, a)]) for seats in by_opening.values() for a, b in [seats[0]])


def test_both_games_of_a_pair_start_from_the_same_opening_and_pairs_differ(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    runner.run(tiny_jobs(players=["random", "tactician"], pairs=3), path, LocalExecutor(1))
    records = results.read([path])
    openings: dict[int, set[tuple[str, ...]]] = {}
    for record in records:
        openings.setdefault(record["pair"], set()).add(tuple(record["opening"]))
        assert len(record["opening"]) == schedule.OPENING_TURNS
    assert all(len(seen) == 1 for seen in openings.values())  # one opening per pair, both seats
    assert len({next(iter(seen)) for seen in openings.values()}) == 3  # and another for each pair
    assert {tuple(r["seats"]) for r in records if r["pair"] == 0} == {("random", "tactician"), ("tactician", "random")}


def test_an_opening_depends_on_seed_and_pair_alone() -> None:
    spec = find_game("stymie")
    options = spec.resolve_options()
    assert schedule.opening(spec, options, 3, 5, 4) == schedule.opening(spec, options, 3, 5, 4)
    assert schedule.opening(spec, options, 3, 5, 4) != schedule.opening(spec, options, 3, 6, 4)


def test_the_schedules() -> None:
    players = ["a", "b", "c", "d"]
    assert schedule.matchups(players, "round-robin") == [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"),
                                                         ("b", "d"), ("c", "d")]
    assert schedule.matchups(players, "gauntlet") == [("a", "b"), ("a", "c"), ("a", "d")]
    assert schedule.matchups(players, "chain") == [("a", "b"), ("b", "c"), ("c", "d")]
    with pytest.raises(ValueError, match="twice"):
        schedule.matchups(["a", "a"], "chain")


def test_a_stopped_run_resumes_with_the_games_it_lacks(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    jobs = tiny_jobs()
    assert runner.run(jobs, path, LocalExecutor(1), stop=lambda: len(results.read([path])) >= 5) == 5
    assert len(runner.pending(jobs, path)) == len(jobs) - 5
    assert runner.run(jobs, path, LocalExecutor(1)) == len(jobs) - 5
    assert runner.run(jobs, path, LocalExecutor(1)) == 0
    keys = [results.record_key(r) for r in map(json.loads, path.read_text().splitlines())]
    assert sorted(keys) == sorted(job.key for job in jobs)  # every game once


def test_files_combine_and_a_game_counts_once(tmp_path: Path) -> None:
    first, second = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    jobs = tiny_jobs(pairs=1, players=["random", "tactician"])
    more = tiny_jobs(pairs=2, players=["random", "tactician"])
    runner.run(jobs, first, LocalExecutor(1))
    runner.run(more, second, LocalExecutor(1))  # holds the first file's games again, and more
    combined = results.read([first, second])
    assert len(combined) == len(more)
    assert results.read([first, first]) == results.read([first])


def test_a_torn_last_line_is_skipped_and_cut_off_by_the_next_game(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    jobs = tiny_jobs(pairs=1, players=["random", "tactician"])
    runner.run(jobs[:1], path, LocalExecutor(1))
    with path.open("a") as handle:
        handle.write('{"game": "sus')  # a run killed in mid-write
    assert len(results.read([path])) == 1
    runner.run(jobs, path, LocalExecutor(1))
    assert len(results.read([path])) == 2
    path.write_text('not json\n' + path.read_text())
    with pytest.raises(ValueError, match="line 1"):
        results.read([path])


def test_two_processes_play_the_same_games_as_one(tmp_path: Path) -> None:
    jobs = tiny_jobs(pairs=1)
    runner.run(jobs, tmp_path / "one.jsonl", LocalExecutor(1))
    runner.run(jobs, tmp_path / "two.jsonl", LocalExecutor(2))

    def games(name: str) -> list[Any]:
        return sorted((results.record_key(r), r["winners"], r["turns"]) for r in results.read([tmp_path / name]))
    assert games("one.jsonl") == games("two.jsonl")


@pytest.mark.parametrize(("address", "hint"), [("local", "pip install ray"),
                                             ("ray://head:10001", "pip install 'ray[client]'")])
def test_missing_ray_says_which_ray_to_install(monkeypatch: pytest.MonkeyPatch, address: str, hint: str) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    with pytest.raises(RuntimeError, match="Ray, which is not installed") as raised:
        RayExecutor(address)
    assert hint in str(raised.value)


# --- the sequential test, on synthetic streams ---------------------------------------------

def _game(rng: random.Random, elo: float, draws: float = 0.1) -> float:
    """One game's score for a player `elo` stronger, with the given draw rate, mean as logistic."""
    p = sprt.score_of_elo(elo)
    u = rng.random()
    return 1.0 if u < p - draws / 2 else 0.5 if u < p + draws / 2 else 0.0


def _run_test(test: sprt.Test, elo: float, seed: int, seat: float = 40) -> tuple[str, int]:
    """B `elo` stronger, pairs from both seats (the first seat worth `seat`): (verdict, games)."""
    rng = random.Random(seed)
    counts = [0] * 5
    while True:
        pair = _game(rng, elo + seat) + _game(rng, elo - seat)
        counts[round(2 * pair)] += 1
        verdict = test.verdict(test.llr(counts))
        if verdict is not None:
            return verdict, 2 * sum(counts)


def _wald_games(test: sprt.Test, elo: float, accept_h1: float) -> float:
    """Wald's expected number of games at a true `elo` for per-game scores with variance ~0.25
    (the normal approximation of the log-likelihood ratio's drift)."""
    s0, s1, s = (sprt.score_of_elo(e) for e in (test.elo0, test.elo1, elo))
    drift = (s1 - s0) * (2 * s - s0 - s1) / (2 * 0.25)
    low, high = test.bounds
    return (accept_h1 * high + (1 - accept_h1) * low) / drift


def test_a_clearly_stronger_b_is_accepted_within_the_expected_games() -> None:
    test = sprt.Test(elo0=0, elo1=50)
    runs = [_run_test(test, elo=100, seed=seed) for seed in range(30)]
    assert all(verdict == "H1" for verdict, _ in runs)
    assert statistics.mean(g for _, g in runs) < 1.5 * _wald_games(test, 100, 1.0)


def test_an_equal_b_is_rejected_within_the_expected_games() -> None:
    test = sprt.Test(elo0=0, elo1=50)
    runs = [_run_test(test, elo=0, seed=seed) for seed in range(40)]
    assert sum(verdict == "H0" for verdict, _ in runs) >= 36  # alpha = 5%: about 2 of 40 may err
    assert statistics.mean(g for _, g in runs) < 1.5 * _wald_games(test, 0, 0.05)


def test_a_weaker_b_is_rejected_quickly() -> None:
    test = sprt.Test(elo0=0, elo1=50)
    runs = [_run_test(test, elo=-100, seed=seed) for seed in range(20)]
    assert all(verdict == "H0" for verdict, _ in runs) and max(g for _, g in runs) < 200


def test_the_log_likelihood_ratio_and_its_bounds() -> None:
    test = sprt.Test(elo0=0, elo1=20, alpha=0.05, beta=0.05)
    assert test.bounds == pytest.approx((-math.log(19), math.log(19)))
    assert test.llr([0, 0, 0, 0, 0]) == 0
    assert test.llr([0, 1, 8, 1, 0]) < 0 < test.llr([0, 1, 6, 3, 0])
    assert test.llr([0, 0, 10, 10, 0], sprt.PENTANOMIAL) > test.llr([0, 0, 5, 5, 0], sprt.PENTANOMIAL)
    with pytest.raises(ValueError):
        sprt.Test(elo0=10, elo1=0)


def _record(seats: list[str], winners: list[int], pair: int) -> dict[str, Any]:
    return {"game": "susan", "options": {}, "seats": seats, "seed": 1, "pair": pair, "opening_turns": 4,
            "winners": winners}


def test_pairs_and_games_are_counted_for_b() -> None:
    records = [_record(["a", "b"], [1], 0), _record(["b", "a"], [0], 0),    # b wins both: 2 points
               _record(["a", "b"], [], 1), _record(["b", "a"], [1], 1),     # a draw and a loss: ½
               _record(["a", "b"], [0], 2),                                 # half a pair: left out
               _record(["a", "c"], [0], 0)]                                 # another matchup
    assert sprt.pentanomial(records, "a", "b") == [0, 1, 0, 0, 1]
    assert sprt.trinomial(records, "a", "b") == [2, 1, 2]


# --- the command line ------------------------------------------------------------------------

def ladder(*argv: str) -> int:
    return main(["ladder", *argv], COMMANDS)


def test_the_ladder_command_lists_its_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        ladder("--help")
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert all(name in shown for name in ("run", "ratings", "sprt", "report"))


@pytest.mark.parametrize(("argv", "message"), [
    (["run", "susan", "--players", "3", "--player", "random", "--player", "tactician", "--results", "x.jsonl"],
     "two-player"),
    (["run", "susan", "--player", "random", "--player", "mcts:level=huge", "--results", "x.jsonl"], "unknown level"),
    (["run", "susan", "--player", "random", "--results", "x.jsonl"], "at least two players"),
    (["sprt", "susan", "--a", "random", "--b", "tactician", "--elo0", "5", "--elo1", "0", "--results", "x.jsonl"],
     "elo1 must be greater"),
    (["ratings", "nowhere.jsonl"], "no games to rate"),
])
def test_bad_input_gets_one_clear_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert ladder(*argv) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()  # nothing played


def test_sprt_plays_pairs_until_it_decides(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sprt.jsonl"
    assert ladder("sprt", "stymie", "--size", "3", "--a", "random", "--b", "mcts:iterations=30", "--elo0", "0",
                  "--elo1", "200", "--jobs", "1", "--results", str(path)) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] in ("H1", "H0") and answer["games"] == len(results.read([path]))
    assert answer["games"] < 2 * 2000 and answer["llr"] >= answer["bounds"][1] or answer["llr"] <= answer["bounds"][0]
    # a second call finds the decision in the file and plays nothing more
    assert ladder("sprt", "stymie", "--size", "3", "--a", "random", "--b", "mcts:iterations=30", "--elo0", "0",
                  "--elo1", "200", "--jobs", "1", "--results", str(path)) == 0
    assert json.loads(capsys.readouterr().out)["games"] == answer["games"]


class FakeRay:
    """Ray's task API as the executor uses it (init, remote, wait, get), run in this process."""

    def __init__(self) -> None:
        self.started: dict[str, Any] | None = None

    def is_initialized(self) -> bool:
        return self.started is not None

    def init(self, address: str | None = None, runtime_env: dict[str, Any] | None = None) -> None:
        self.started = {"address": address, "runtime_env": runtime_env}

    def remote(self, work: Any) -> Any:
        class Task:
            @staticmethod
            def remote(job: Any) -> Any:
                return lambda: work(job)  # the object reference: its result when called
        return Task

    def wait(self, refs: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        return refs[-num_returns:], refs[:-num_returns]  # finishing out of order

    def get(self, ref: Any) -> Any:
        return ref()


def test_the_ray_executor_runs_each_game_as_a_task(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    jobs = tiny_jobs(pairs=1)
    runner.run(jobs, tmp_path / "ray.jsonl", RayExecutor("ray://head:10001"))
    runner.run(jobs, tmp_path / "local.jsonl", LocalExecutor(1))
    assert fake.started is not None and fake.started["address"] == "ray://head:10001"
    assert [Path(m).name for m in fake.started["runtime_env"]["py_modules"]] == ["pygame_core", "lab"]
    assert all(Path(m).is_dir() for m in fake.started["runtime_env"]["py_modules"])

    def games(name: str) -> list[Any]:
        return sorted((results.record_key(r), r["winners"], r["turns"]) for r in results.read([tmp_path / name]))
    assert games("ray.jsonl") == games("local.jsonl")


def test_a_local_ray_ships_the_packages_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """A local cluster's workers start in Ray's own folders: without the packages shipped they
    import `pygame_core` only when the run happens to start at the checkout's root."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    RayExecutor("local")
    assert fake.started is not None and fake.started["address"] is None
    assert [Path(m).name for m in fake.started["runtime_env"]["py_modules"]] == ["pygame_core", "lab"]
