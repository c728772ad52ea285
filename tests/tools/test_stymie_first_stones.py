"""tools/stymie_first_stones.py: games from every first stone with the swap taken away, checked
on the solved 3-board against the solver; the classes follow the board's symmetries."""

from __future__ import annotations

from pathlib import Path

import pytest

from pygame_core.game import SWAP
from pygame_core.games.stymie.solver import PROVED
from pygame_core.registry import find_game
from tools.stymie_first_stones import classes, decisions, jobs_for, main, play_from_stone, table

STYMIE = find_game("stymie")


def test_without_swap_takes_away_the_swap_and_nothing_else() -> None:
    first = STYMIE.new_game({"size": 5}).apply(0)
    assert SWAP in first.legal_actions()
    assert first.without_swap().legal_actions() == [a for a in first.legal_actions() if a != SWAP]
    assert first.without_swap().to_move == first.to_move


@pytest.mark.slow
def test_perfect_play_on_the_solved_board_wins_from_the_proved_stones_only() -> None:
    """Expert plays the 3-board perfectly: Vert must win from exactly the solver's strong openings."""
    records = [play_from_stone(job) for job in jobs_for("expert", 3, 1, 1, set())]
    assert len(records) == 13
    assert {r["stone"] for r in records if r["vert_won"]} == set(PROVED[3])
    rows = table(records, 3)
    assert rows[0]["class"] == "C3" and rows[0]["vert_share"] == 1.0
    assert sum(row["games"] for row in rows) == 13


def test_a_resumed_run_plays_only_the_missing_games_round_by_round() -> None:
    names = STYMIE.new_game({"size": 3}).board.names
    work = jobs_for("easy", 3, 7, 2, {(0, names[0]), (1, names[5])})
    assert len(work) == 2 * 13 - 2
    assert [job[3] for job in work] == sorted(job[3] for job in work)
    assert (1, 5) not in {(job[3], job[4]) for job in work} and (0, 0) not in {(job[3], job[4]) for job in work}


def test_a_run_can_be_kept_to_some_classes_of_stones() -> None:
    of = classes(8)
    work = jobs_for("easy", 8, 7, 3, {(0, "C11")}, frozenset({"C11", "H8"}))
    names = STYMIE.new_game({"size": 8}).board.names
    played = [(job[3], names[job[4]]) for job in work]
    assert {of[name] for _, name in played} == {"C11", "H8"}
    assert len(played) == 3 * (4 + 1) - 1 and (0, "C11") not in played


def test_an_unknown_class_is_refused_by_name_before_anything_is_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results.jsonl"
    with pytest.raises(SystemExit):
        main(["--classes", "c11,Z99", "--results", str(results)])
    assert "no class Z99 on the 8-board" in capsys.readouterr().err
    assert not results.exists()


def test_classes_join_the_stones_the_mirrors_exchange() -> None:
    of = classes(8)
    assert len(set(of.values())) == 32
    assert of["G7"] == of["I7"] == of["G9"] == of["I9"]
    assert of["H8"] == "H8"  # the centre maps to itself


def test_the_decisions_probe_reports_each_stone_s_answer_by_class() -> None:
    swaps = decisions("easy", 3, 1)
    assert sum(len(answers) for answers in swaps.values()) == 13
    assert swaps["C3"] == [True]  # the table's one swap on the solved board
    assert not any(any(answers) for name, answers in swaps.items() if name != "C3")
