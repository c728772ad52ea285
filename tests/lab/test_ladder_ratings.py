"""The ladder's ratings (numpy) and its report: the fit recovers
known strengths and the seat advantage from synthetic games, its 95% intervals cover the
truth about 95% of the time, and the docs' tables and plots are written from results."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from lab.cli import COMMANDS
from lab.ladder import ratings, report
from pygame_core.cli import main

TRUE = {"easy": 0.0, "medium": 150.0, "hard": 250.0, "expert": 450.0}
SEAT = 40.0


def synthetic(seed: int, games: int = 3000, draws: float = 0.1) -> list[ratings.Game]:
    """Random pairings, seat 0 worth SEAT Elo; draws at the given rate, the mean score logistic."""
    rng = random.Random(seed)
    names = list(TRUE)
    played = []
    for _ in range(games):
        first, second = rng.sample(names, 2)
        p = ratings.score_of_elo(TRUE[first] - TRUE[second] + SEAT)
        u = rng.random()
        score = 1.0 if u < p - draws / 2 else 0.5 if u < p + draws / 2 else 0.0
        played.append(ratings.Game(first, second, score))
    return played


def within_three_errors(value: float, interval: tuple[float, float], truth: float) -> bool:
    """|value − truth| ≤ 3 standard errors (99.7%; the 95% coverage is tested below)."""
    error = (interval[1] - interval[0]) / (2 * ratings.Z95)
    return abs(value - truth) <= 3 * error


def test_the_fit_recovers_known_strengths_and_the_seat_advantage() -> None:
    fit = ratings.fit(synthetic(seed=1), anchor="easy")
    for name, elo in TRUE.items():
        assert within_three_errors(fit.elo[name], fit.interval[name], elo), (name, fit.elo[name])
        assert fit.elo[name] == pytest.approx(elo, abs=40)
    assert within_three_errors(fit.seat_advantage, fit.seat_interval, SEAT)
    assert fit.interval["easy"] == (0.0, 0.0) and sum(fit.games.values()) == 2 * 3000


def test_the_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    covered = total = 0
    for seed in range(20):
        fit = ratings.fit(synthetic(seed, games=1000), anchor="easy")
        for name in ("medium", "hard", "expert"):
            low, high = fit.interval[name]
            covered += low <= TRUE[name] <= high
            total += 1
    assert 0.85 <= covered / total <= 1.0


def test_a_clean_sweep_gets_a_finite_rating_and_a_wide_interval() -> None:
    games = [ratings.Game("b", "a", 1.0), ratings.Game("a", "b", 0.0)] * 4
    fit = ratings.fit(games, anchor="a")
    low, high = fit.interval["b"]
    assert 100 < fit.elo["b"] < 1000 and high - low > 300


def test_players_who_never_met_cannot_be_rated() -> None:
    with pytest.raises(ValueError, match="never met"):
        ratings.fit([ratings.Game("a", "b", 1.0), ratings.Game("c", "d", 0.5)])


def _records(specs: dict[str, float], game: str, pairs: int, seed: int,
             played: dict[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Results-file records of a chain of players whose true Elo is given; with `played`, each
    row records the players as that maps their specs (else the rows are old ones, unrecorded)."""
    rng = random.Random(seed)
    names = list(specs)
    records = []
    for pair in range(pairs):
        for low, high in zip(names, names[1:], strict=False):
            for seats in ((low, high), (high, low)):
                p = ratings.score_of_elo(specs[seats[0]] - specs[seats[1]])
                records.append({"game": game, "options": {}, "seats": list(seats), "seed": seed, "pair": pair,
                                "opening_turns": 4, "winners": [0] if rng.random() < p else [1]})
                if played is not None:
                    records[-1]["players"] = [played[seat] for seat in seats]
    return records


def test_the_report_writes_tables_and_plots_per_game() -> None:
    levels = {f"mcts:level={name}": elo for name, elo in TRUE.items()}
    grouped = report.by_game(_records(levels, "susan", 100, 1) + _records(levels, "stymie", 100, 2))
    fits = report.fitted(grouped)
    assert set(fits) == {"susan", "stymie"} and all(f.anchor == "mcts:level=easy" for f in fits.values())
    assert fits["susan"].elo["mcts:level=expert"] == pytest.approx(450, abs=120)
    table = report.rating_table(fits, report.level_label)
    assert "| SUSAN | easy | 0 (anchor) | 200 |" in table and "| STYMIE | expert |" in table
    pairs = report.matchup_table(grouped, report.level_label)
    assert "| SUSAN | medium vs easy |" in pairs and "| 200 |" in pairs
    svg = ET.fromstring(report.levels_chart(fits))
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "SUSAN" in texts and "STYMIE" in texts and "expert" in texts
    assert len(list(svg.iter("{http://www.w3.org/2000/svg}circle"))) == 8  # 4 levels x 2 games


def test_the_scaling_plot_puts_budgets_on_a_doubling_axis() -> None:
    budgets = {f"mcts:iterations={800 * 2 ** k}": 30.0 * k for k in range(5)}
    fits = report.fitted(report.by_game(_records(budgets, "susan", 60, 3)))
    svg = ET.fromstring(report.scaling_chart(fits))
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert all(str(800 * m) in texts for m in (1, 2, 4, 8, 16)) and "SUSAN (0 = 800)" in texts
    assert fits["susan"].anchor == "mcts:iterations=800"


def test_same_counts_one_player_spelled_two_ways_as_one(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    explicit, shipped = "mcts:level=hard,iterations=10000", "mcts:level=hard"
    path = tmp_path / "games.jsonl"
    medium = "mcts:level=medium"
    alike = {medium: {"kind": "mcts", "iterations": 1600}, explicit: HARD, shipped: HARD}
    played = (_records({medium: 0.0, explicit: 100.0}, "susan", 20, 5, alike)
              + _records({medium: 0.0, shipped: 100.0}, "susan", 20, 6, alike))
    path.write_text("".join(json.dumps(r) + "\n" for r in played), encoding="utf-8")

    assert main(["ladder", "ratings", str(path), "--json"], COMMANDS) == 0
    assert {p["player"] for p in json.loads(capsys.readouterr().out)["players"]} == {medium, explicit, shipped}
    assert main(["ladder", "ratings", str(path), "--json", "--same", explicit, shipped], COMMANDS) == 0
    fit = json.loads(capsys.readouterr().out)
    assert {p["player"] for p in fit["players"]} == {medium, shipped} and [row["games"] for row in fit["matchups"]] == [80]
    assert main(["ladder", "ratings", str(path), "--same", explicit, medium], COMMANDS) == 2
    assert "play itself" in capsys.readouterr().err


HARD = {"kind": "mcts", "iterations": 10000, "seconds": 4.0}


def _ladder(args: list[str]) -> int:
    return main(["ladder", *args], COMMANDS)


def test_ratings_and_report_refuse_one_name_for_two_players_whatever_same_says(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    medium, hard, old = "mcts:level=medium", "mcts:level=hard", "mcts:level=hard,iterations=3000"
    budgets = {medium: {"kind": "mcts", "iterations": 1600}, hard: HARD, old: dict(HARD, iterations=3000)}
    path = tmp_path / "games.jsonl"
    played = _records({medium: 0.0, hard: 100.0}, "susan", 10, 5, budgets) + _records({medium: 0.0, old: 50.0},
                                                                                      "susan", 10, 6, budgets)
    path.write_text("".join(json.dumps(r) + "\n" for r in played), encoding="utf-8")

    assert _ladder(["ratings", str(path), "--same", old, hard]) == 2
    message = capsys.readouterr().err
    assert "'mcts:level=hard' names 2 different players" in message and "iterations 10000 / 3000" in message
    assert _ladder(["report", "--levels", str(path), "--same", old, hard, "--out", str(tmp_path / "out")]) == 2
    assert "names 2 different players" in capsys.readouterr().err and not (tmp_path / "out" / "tables.md").exists()
    assert _ladder(["ratings", str(path), "--json"]) == 0  # apart, both are rated
    assert {p["player"] for p in json.loads(capsys.readouterr().out)["players"]} == {medium, hard, old}


def test_old_rows_without_players_are_rated_as_a_player_of_their_own(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    medium, hard = "mcts:level=medium", "mcts:level=hard"
    path = tmp_path / "games.jsonl"
    played = (_records({medium: 0.0, hard: 100.0}, "susan", 10, 5, {medium: {"kind": "mcts"}, hard: HARD})
              + _records({medium: 0.0, hard: 100.0}, "susan", 10, 6))
    path.write_text("".join(json.dumps(r) + "\n" for r in played), encoding="utf-8")

    assert _ladder(["ratings", str(path)]) == 2  # two groups of players that never met: not one fit
    assert "mcts:level=hard (unrecorded), mcts:level=medium (unrecorded) never met" in capsys.readouterr().err
    old_only = tmp_path / "old.jsonl"
    old_only.write_text("".join(json.dumps(r) + "\n" for r in played[20:]), encoding="utf-8")
    assert _ladder(["ratings", str(old_only), "--json", "--anchor", medium]) == 0
    fit = json.loads(capsys.readouterr().out)
    assert fit["anchor"] == medium + " (unrecorded)" and len(fit["players"]) == 2
    out = tmp_path / "out"
    assert _ladder(["report", "--levels", str(path), "--out", str(out)]) == 0
    capsys.readouterr()
    tables = (out / "tables.md").read_text(encoding="utf-8")
    assert "| SUSAN | hard vs medium |" in tables and "| SUSAN | hard (unrecorded) vs medium (unrecorded) |" in tables


def test_a_level_s_label_says_what_its_spec_changes() -> None:
    """A candidate (`hard` at another budget) is not the level as shipped: its label says so; the
    page's worker count has a column of its own and a plain level stays its name."""
    assert report.level_label("page:level=hard,workers=1,iterations=20000,seconds=4") == \
        "hard (iterations=20000, seconds=4)"
    assert report.level_label("mcts:level=hard,eval=learned") == "hard (eval=learned)"
    assert report.level_label("page:level=medium,workers=4") == "medium"
    assert report.level_label("alphabeta:seconds=1") == "alphabeta:seconds=1"
