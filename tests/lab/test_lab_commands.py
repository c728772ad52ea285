"""The lab's commands moved out of the product (issue 55 item 4): `python -m lab match|ladder`
run them, and the old `python -m pygame_core match|ladder` answers with one line naming the new
command and exit status 2 (the product cannot run them: it never imports lab)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pygame_core.ai.cli import MOVED_TO_LAB
from pygame_core.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[2]


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("argv", [["ladder", "ratings", "docs/ladder/stymie-levels.jsonl"],
                                  ["match", "stymie", "--a", "random", "--b", "tactician"],
                                  ["ladder", "--results", "x.jsonl"]])
def test_the_old_command_names_the_new_one(argv: list[str]) -> None:
    done = run("pygame_core", *argv)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"error: `python -m pygame_core {argv[0]}` has moved: run `python -m lab {argv[0]} ...` instead"]


def test_the_new_commands_run() -> None:
    done = run("lab", "match", "stymie", "--size", "3", "--a", "random", "--b", "tactician", "--games", "2")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2
    done = run("lab", "ladder", "--help")
    assert done.returncode == 0 and all(name in done.stdout for name in ("run", "ratings", "sprt", "report"))


def test_a_moved_command_is_answered_before_any_parsing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "--no-such-flag"], COMMANDS, moved=MOVED_TO_LAB) == 2
    assert "run `python -m lab ladder ...` instead" in capsys.readouterr().err
