"""`ladder measure` (lab/ladder/measure.py): the register's measurements are played exactly as
docs/confirmations.md registered them (pair with the lower level seated first, seed, planned
count as pairs, CPU-time clock, default options), filtered by the page's worker count and by
game, resumed from their files; a register that lists none, or an odd count, is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lab.cli import COMMANDS
from lab.ladder import measure, register, schedule
from pygame_core.cli import main
from pygame_core.registry import GAMES, find_game

EASY, MEDIUM = "page:level=easy,workers=1", "page:level=medium,workers=1"
TARGET = {"score": 0.64, "low95": 0.55}


def entry(file: str, pair: list[str], seed: int, planned: int, game: str = "stymie",
          role: str = "measurement") -> dict[str, Any]:
    return {"file": file, "role": role, "game": game, "pair": pair, "seed": seed, "planned": planned,
            "target": TARGET}


def write(folder: Path, runs: list[dict[str, Any]]) -> Path:
    path = folder / "runs.json"
    path.write_text(json.dumps({"runs": runs}), encoding="utf-8")
    return path


def test_the_games_are_those_of_the_registered_command(tmp_path: Path) -> None:
    path = write(tmp_path, [entry("m.jsonl", [MEDIUM, EASY], 5321, 200)])
    (run,) = measure.measurements(register.load(path))
    stymie = find_game("stymie")
    # the command docs/confirmations.md registers: --player EASY --player MEDIUM --schedule chain
    # --pairs 100 --cpu-time --seed 5321, the default size
    registered = list(schedule.games(stymie, GAMES["stymie"], {"size": 8}, [EASY, MEDIUM], "chain", 100, 5321,
                                     cpu_time=True))
    assert list(measure.jobs(run)) == registered and len(registered) == 200


def test_the_measurements_are_chosen_by_role_and_worker_count(tmp_path: Path) -> None:
    four = ["page:level=medium,workers=4", "page:level=easy,workers=4"]
    path = write(tmp_path, [entry("one.jsonl", [MEDIUM, EASY], 1, 200),
                            entry("plain.jsonl", ["page:level=medium", "page:level=easy"], 2, 200),
                            entry("four.jsonl", four, 3, 200),
                            entry("decide.jsonl", ["mcts:level=hard", "mcts:level=medium"], 4, 200, role="decision")])
    runs = register.load(path)
    assert [r.file for r in measure.measurements(runs)] == ["one.jsonl", "plain.jsonl", "four.jsonl"]
    assert [r.file for r in measure.measurements(runs, 1)] == ["one.jsonl", "plain.jsonl"]   # workers=1 unless given
    assert [r.file for r in measure.measurements(runs, 4)] == ["four.jsonl"]
    lisbon = write(tmp_path, [entry("s.jsonl", [MEDIUM, EASY], 1, 200, game="susan"),
                              entry("l.jsonl", [MEDIUM, EASY], 2, 200, game="lisbon"),
                              entry("t.jsonl", [MEDIUM, EASY], 3, 200)])
    assert [r.file for r in measure.measurements(register.load(lisbon), games=["lisbon", "stymie"])] == [
        "l.jsonl", "t.jsonl"]   # a game held back waits; the others keep the register's order
    with pytest.raises(ValueError, match="odd"):
        list(measure.jobs(measure.measurements(register.load(write(tmp_path, [entry("o.jsonl", [MEDIUM, EASY], 1, 3)])))[0]))


def test_measure_plays_what_is_missing_and_a_second_run_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, [entry("m.jsonl", [MEDIUM, EASY], 9, 2)])
    assert main(["ladder", "measure", "--runs", str(path), "--jobs", "1"], COMMANDS) == 0
    rows = [json.loads(line) for line in (tmp_path / "m.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["seats"] for r in rows] == [[EASY, MEDIUM], [MEDIUM, EASY]]
    assert {r["seed"] for r in rows} == {9} and all(r["clock"] == "cpu" for r in rows)
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["played"] == 2
    assert main(["ladder", "measure", "--runs", str(path), "--jobs", "1"], COMMANDS) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["played"] == 0
    assert len((tmp_path / "m.jsonl").read_text(encoding="utf-8").splitlines()) == 2


def test_a_register_without_measurements_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, [entry("m.jsonl", [MEDIUM, EASY], 9, 2)])
    assert main(["ladder", "measure", "--runs", str(path), "--workers", "4"], COMMANDS) == 2
    assert "registers no measurement on 4 workers" in capsys.readouterr().err
    assert main(["ladder", "measure", "--runs", str(path), "--game", "lisbon"], COMMANDS) == 2
    assert "registers no measurement of lisbon" in capsys.readouterr().err
    assert main(["ladder", "measure", "--runs", str(path), "--game", "chess"], COMMANDS) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["ladder", "measure", "--runs", str(path), "--jobs", "0"], COMMANDS) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err
    assert main(["ladder", "measure", "--runs", str(tmp_path / "none.json")], COMMANDS) == 2
    assert "cannot be read" in capsys.readouterr().err
