"""A fifth game is one folder: Tiny Hex (tests/core/tinyhex/), once registered, is played
through the CLI's replay, ai and bench, and through the search, with nothing changed outside
its folder (the page's controller logic is driven in tests/ui/test_fifth_game_ui.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import tinyhex
from playout_checks import replay_trace, winners_of

from pygame_core.ai.cli import COMMANDS as AI_COMMANDS
from pygame_core.cli import COMMANDS, main
from pygame_core.game import Trace
from pygame_core.registry import find_game, game_names


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv), COMMANDS + AI_COMMANDS)
    return code, capsys.readouterr().out


def test_importing_it_registers_nothing() -> None:
    assert "tinyhex" not in game_names()   # whatever the test files imported before this one


@pytest.mark.usefixtures("fifth_game")
def test_registered_it_is_found_by_name() -> None:
    assert "tinyhex" in game_names() and find_game("TinyHex") is tinyhex.SPEC


@pytest.mark.usefixtures("fifth_game")
def test_replay_plays_a_record_to_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.txt"
    record.write_text("1 B a1\n2 W a2\n3 B b1\n4 W b2\n5 B c1\n")
    code, out = run(capsys, "replay", "tinyhex", "--size", "3", str(record))
    report = json.loads(out)
    assert code == 0 and report["over"] and report["winners"] == ["black"] and report["plies"] == 5


@pytest.mark.usefixtures("fifth_game")
def test_ai_answers_with_a_legal_winning_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.txt"
    record.write_text("a1\na2\nb1\nb2\n")  # Black to move; c1 joins top and bottom
    code, out = run(capsys, "ai", "tinyhex", "--size", "3", "--iterations", "200", str(record))
    assert code == 0 and "c1" in out


@pytest.mark.usefixtures("fifth_game")
def test_bench_measures_its_playout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "bench", "tinyhex", "--seconds", "0.05")
    lines = out.strip().splitlines()
    assert code == 0 and [line.split()[:2] for line in lines] == [["tinyhex", "size=3"], ["tinyhex", "size=5"]]
    assert all(float(line.split()[2]) > 0 for line in lines)


@pytest.mark.parametrize("stones", [1, 2])
def test_its_playout_agrees_with_its_rules(stones: int) -> None:
    spec = tinyhex.SPEC
    for seed in range(20):
        start = spec.new_game({"size": 4, "stones": stones})
        trace: Trace = []
        returns = spec.playout(start, random.Random(seed), trace)  # type: ignore[misc]
        final, _ = replay_trace(start, trace)
        assert final.outcome is not None and winners_of(returns) == final.outcome.winners
