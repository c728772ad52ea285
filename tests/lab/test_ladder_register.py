"""The register of ladder runs (docs/ladder/runs.json, lab/ladder/register.py): the report's
"Decisions and confirmations" table gives each run apart with its own W–D–L and verdict, a run
is judged only at its planned count, and notes rename a file's players so a run of another
player (an old budget, a search no longer shipped) is never merged with today's (issue 53)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lab.cli import COMMANDS
from lab.ladder import register, report
from pygame_core.cli import main

HARD, MEDIUM = "mcts:level=hard", "mcts:level=medium"
TARGET = {"score": 0.64, "low95": 0.55}


def games(path: Path, wins: int, draws: int, losses: int, seed: int, first: str = HARD,
          second: str = MEDIUM) -> None:
    """A results file where `first` scores exactly wins–draws–losses against `second`, seats alternating."""
    outcomes = [[0]] * wins + [[]] * draws + [[1]] * losses  # winners as `first` in seat 0 sees them
    rows = []
    for n, winners in enumerate(outcomes):
        flipped = n % 2 == 1
        seats = [second, first] if flipped else [first, second]
        seat_winners = [1 - w for w in winners] if flipped else winners
        rows.append({"game": "susan", "options": {}, "seats": seats, "seed": seed, "pair": n,  # one key a game
                     "opening_turns": 4, "winners": seat_winners})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def write_register(folder: Path, runs: list[dict[str, Any]], notes: dict[str, Any] | None = None) -> Path:
    path = folder / "runs.json"
    path.write_text(json.dumps({"runs": runs, "notes": notes or {}}), encoding="utf-8")
    return path


def run(file: str, role: str, seed: int, planned: int = 200, confirms: str | None = None) -> dict[str, Any]:
    entry = {"file": file, "role": role, "game": "susan", "pair": [HARD, MEDIUM], "seed": seed,
             "planned": planned, "target": TARGET}
    return entry | ({"confirms": confirms} if confirms else {})


def test_the_table_gives_each_run_apart_met_missed_and_in_progress(tmp_path: Path) -> None:
    games(tmp_path / "decide.jsonl", 115, 35, 50, seed=1)        # 66.2% (59.4–72.4%): met
    games(tmp_path / "confirm.jsonl", 120, 0, 80, seed=2)        # 60.0%: missed
    games(tmp_path / "again.jsonl", 30, 0, 8, seed=3)            # 78.9%, but 38 of 200: in progress
    path = write_register(tmp_path, [run("decide.jsonl", "decision", 1),
                                     run("confirm.jsonl", "confirmation", 2, confirms="decide.jsonl"),
                                     run("again.jsonl", "confirmation", 3, confirms="decide.jsonl")])
    rows = report.runs_table(register.outcomes(register.load(path))).splitlines()[2:]
    assert [row.split(" | ")[2:] for row in rows] == [
        ["`decide.jsonl`", "decision", "1", "200 of 200", "115–35–50", "66.2% (59.4–72.4%)",
         "≥ 64%, low end > 55%", "met |"],
        ["`confirm.jsonl`", "confirmation of `decide.jsonl`", "2", "200 of 200", "120–0–80", "60.0% (53.1–66.5%)",
         "≥ 64%, low end > 55%", "missed |"],
        ["`again.jsonl`", "confirmation of `decide.jsonl`", "3", "38 of 200", "30–0–8", "78.9% (63.7–88.9%)",
         "≥ 64%, low end > 55%", "in progress, 38 of 200 |"]]
    assert all(row.startswith("| SUSAN | hard vs medium |") for row in rows)


def test_a_confirmation_is_never_met_before_its_planned_count(tmp_path: Path) -> None:
    games(tmp_path / "decide.jsonl", 115, 35, 50, seed=1)
    path = write_register(tmp_path, [run("decide.jsonl", "decision", 1),
                                     run("sweep.jsonl", "confirmation", 4, confirms="decide.jsonl")])
    for played in (1, 100, 199):
        games(tmp_path / "sweep.jsonl", played, 0, 0, seed=4)   # every game won, the interval's low end high
        done = register.outcomes(register.load(path))[1]
        assert done.verdict == f"in progress, {played} of 200"
    games(tmp_path / "sweep.jsonl", 200, 0, 0, seed=4)
    assert register.outcomes(register.load(path))[1].verdict == "met"


def test_a_register_entry_naming_a_missing_file_is_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games(tmp_path / "decide.jsonl", 115, 35, 50, seed=1)
    path = write_register(tmp_path, [run("decide.jsonl", "decision", 1),
                                     run("gone.jsonl", "confirmation", 2, confirms="decide.jsonl")])
    with pytest.raises(ValueError, match=r"lists gone.jsonl, but .*gone.jsonl is not there"):
        register.outcomes(register.load(path))
    out = tmp_path / "out"
    assert main(["ladder", "report", "--levels", str(tmp_path / "decide.jsonl"), "--runs", str(path),
                 "--out", str(out)], COMMANDS) == 2
    assert "gone.jsonl is not there" in capsys.readouterr().err and not (out / "tables.md").exists()


def test_rows_of_another_seed_than_registered_are_refused(tmp_path: Path) -> None:
    games(tmp_path / "decide.jsonl", 10, 0, 10, seed=9)
    path = write_register(tmp_path, [run("decide.jsonl", "decision", 1)])
    with pytest.raises(ValueError, match=r"seed\(s\) \[9\], the register says 1"):
        register.outcomes(register.load(path))


def test_a_note_names_a_files_player_apart_in_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games(tmp_path / "old.jsonl", 3, 0, 1, seed=5)               # hard at an old budget, unrecorded
    games(tmp_path / "new.jsonl", 120, 0, 80, seed=6)
    path = write_register(tmp_path, [], {"old.jsonl": {"players": {HARD: "3,000 iterations"}}})
    out = tmp_path / "out"
    assert main(["ladder", "report", "--levels", str(tmp_path / "old.jsonl"), str(tmp_path / "new.jsonl"),
                 "--runs", str(path), "--out", str(out)], COMMANDS) == 0
    capsys.readouterr()
    tables = (out / "tables.md").read_text(encoding="utf-8")
    assert "| SUSAN | hard (unrecorded) vs medium (unrecorded) | 120–0–80 |" in tables
    assert "| SUSAN | hard, 3,000 iterations (unrecorded) vs medium (unrecorded) | 3–0–1 |" in tables
    assert "Decisions and confirmations" not in tables  # no run registered: no table


def test_the_repositorys_register_reads_and_judges_no_confirmation_before_its_count() -> None:
    runs = register.load(Path(__file__).resolve().parents[2] / "docs" / "ladder" / "runs.json")
    for done in register.outcomes(runs):
        assert done.played <= done.run.planned
        assert (done.verdict in ("met", "missed")) == (done.played == done.run.planned)


def test_the_committed_tables_rate_the_noted_players_apart() -> None:
    """make ladder-report with the register: STYMIE's expert at the old budget is not merged into
    the shipped one's row, and SUSAN's scaling rows say they were the playout search."""
    tables = (Path(__file__).resolve().parents[2] / "docs" / "ladder" / "tables.md").read_text(encoding="utf-8")
    stymie_expert = [line for line in tables.splitlines() if line.startswith("| STYMIE | expert")]
    assert any("old 12,000-iteration budget" in line for line in stymie_expert)
    assert not any(line.endswith("| 204 |") for line in stymie_expert)
    susan_scaling = [line for line in tables.split("### Scaling")[1].split("\n### ")[0].splitlines() if line.startswith("| SUSAN |")]
    assert susan_scaling and all("playouts (not shipped)" in line for line in susan_scaling)
    assert "### Decisions and confirmations" in tables


def test_a_measurement_is_listed_from_its_registration_and_gets_the_page_table(tmp_path: Path) -> None:
    """The levels as a player gets them: a registered measurement shows before its file exists
    ("not started"), then its counts, on the page's worker count; it stays out of the table of
    decisions and confirmations."""
    page_hard, page_medium = "page:level=hard,workers=4", "page:level=medium,workers=4"
    entries = [run("decide.jsonl", "decision", 1),
               run("page4.jsonl", "measurement", 7) | {"pair": [page_hard, page_medium]}]
    games(tmp_path / "decide.jsonl", 115, 35, 50, seed=1)
    path = write_register(tmp_path, entries)
    waiting = register.outcomes(register.load(path))[1]
    assert waiting.verdict == "not started" and waiting.played == 0
    games(tmp_path / "page4.jsonl", 140, 0, 60, seed=7, first=page_hard, second=page_medium)
    done = register.outcomes(register.load(path))
    measured = [o for o in done if o.run.role == "measurement"]
    rows = report.measurements_table(measured).splitlines()[2:]
    assert rows == ["| SUSAN | hard vs medium | 4 | `page4.jsonl` | 7 | 200 of 200 | 140–0–60 | "
                    "70.0% (63.3–75.9%) | ≥ 64%, low end > 55% | met |"]
    with pytest.raises(ValueError, match="is not there"):   # a decision's file must be there
        (tmp_path / "decide.jsonl").unlink()
        register.outcomes(register.load(path))


def test_a_confirmation_on_the_page_player_renews_a_measurement_whose_level_changed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A level changed after its measurement missed: the old row is named for what played (the
    file's note), and the confirmation of the change, played by the page's player, is listed in
    the page's table right below it as well as beside its decision."""
    page_hard, page_medium = "page:level=hard,workers=1", "page:level=medium,workers=1"
    games(tmp_path / "decide.jsonl", 115, 35, 50, seed=1)
    games(tmp_path / "old.jsonl", 120, 0, 80, seed=7, first=page_hard, second=page_medium)
    games(tmp_path / "renew.jsonl", 140, 0, 60, seed=8, first=page_hard, second=page_medium)
    games(tmp_path / "other.jsonl", 10, 0, 0, seed=9, first=page_medium, second="page:level=easy,workers=1")
    page = {"pair": [page_hard, page_medium]}
    path = write_register(tmp_path, [run("decide.jsonl", "decision", 1),
                                     run("old.jsonl", "measurement", 7) | page,
                                     run("renew.jsonl", "confirmation", 8, confirms="decide.jsonl") | page,
                                     run("other.jsonl", "measurement", 9) | {
                                         "pair": [page_medium, "page:level=easy,workers=1"]}],
                          {"old.jsonl": {"players": {page_hard: "hand evaluation"}}})
    out = tmp_path / "out"
    assert main(["ladder", "report", "--levels", str(tmp_path / "decide.jsonl"), "--runs", str(path),
                 "--out", str(out)], COMMANDS) == 0
    capsys.readouterr()
    page_table, runs_table = (out / "tables.md").read_text(encoding="utf-8").split(
        "### The levels as a player gets them")[1].split("### Decisions and confirmations")
    assert [row.split(" | ")[1:4] for row in page_table.strip().splitlines()[2:]] == [
        ["hard, hand evaluation vs medium", "1", "`old.jsonl`"],
        ["hard vs medium", "1", "`renew.jsonl`"],
        ["medium vs easy", "1", "`other.jsonl`"]]
    assert "| 120–0–80 | 60.0% (53.1–66.5%) | ≥ 64%, low end > 55% | missed |" in page_table
    assert [row.split(" | ")[2:4] for row in runs_table.strip().splitlines()[2:]] == [
        ["`decide.jsonl`", "decision"], ["`renew.jsonl`", "confirmation of `decide.jsonl`"]]
