"""The page's player on the ladder (issue 53, item 3): `page:level=L,workers=N` plays what the
page's N workers play (pooled SearchSessions, each action chosen from all their rows and
committed to all), each worker on a clock of its own that counts its CPU time at Pyodide's
measured speed; `match` and `ladder` both accept it and a ladder row records it resolved."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterable, Sequence

import pytest

import lab.page_player as page_module
from lab.ladder import results, runner, schedule
from lab.ladder.executors import LocalExecutor
from lab.page_player import PagePlayer, WorkerClock, stored_ratios
from lab.players import lab_player
from pygame_core.ai.budget import resolve
from pygame_core.ai.search import merge_stats, pooled_choice, rank
from pygame_core.ai.session import SearchSession, request_json
from pygame_core.game import GameState
from pygame_core.registry import GAMES, find_game
from ui import ai_client

ROOT = Path(__file__).resolve().parents[2]
STYMIE = find_game("stymie")
SMALL = {"size": 3}


def page(text: str, seed: int = 3) -> PagePlayer:
    player = lab_player(text, STYMIE, random.Random(seed))
    assert isinstance(player, PagePlayer)
    return player


def positions() -> list[tuple[GameState, tuple[Any, ...]]]:
    """A new 3-board and the position after its first turn (random stones), with the histories
    play_to_end passes (a key, then every action)."""
    start = STYMIE.new_game(SMALL)
    history: tuple[Any, ...] = ("key",)
    state, rng = start, random.Random(1)
    while state.to_move == start.to_move:
        action = rng.choice(list(state.legal_actions()))
        state, history = state.apply(action), history + (action,)
    return [(start, ("key",)), (state, history)]


def test_the_spec_parses_and_rejects_bad_input_clearly() -> None:
    player = page("page:level=hard,workers=3")
    assert player.budget == resolve(STYMIE, "hard", workers=3)
    assert player.ratio == stored_ratios()["stymie"] and len(player.sessions) == 3
    assert page("page:workers=2,iterations=40").budget == resolve(STYMIE, "medium", 2).overridden(iterations=40)
    for bad, message in (("page:level=hard,workers=0", "workers must be at least 1"),
                         ("page:level=hard", "give the page's worker count"),
                         ("page:level=hard,workers=2,rave=0", "unknown parameter 'rave'"),
                         ("page:level=grand,workers=2", "unknown level 'grand'"),
                         ("page:level=hard,workers", "is not written as name=value")):
        with pytest.raises(ValueError, match=message):
            lab_player(bad, STYMIE, random.Random(0))
    with pytest.raises(ValueError, match="no measured Pyodide speed for stymie"):
        page_module.page_player("page:workers=1", STYMIE, random.Random(0), ratios={})


def test_one_worker_plays_the_turn_one_session_plays() -> None:
    for seed in (1, 2, 3):
        for state, history in positions():
            player = page("page:level=medium,workers=1,iterations=60", seed)
            turn = player.choose_turn(state, history)
            record = page_module._record_of(STYMIE, state, history)
            session = SearchSession()
            session.start(request_json(record, "medium", player.seed, iterations=60, seconds=None))
            answer = json.loads(session.step(10 ** 9))
            assert turn == answer["actions"], (seed, record.turns)


def test_two_workers_choose_every_action_from_both_sessions_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    chosen: list[tuple[list[list[Any]], Any]] = []

    def spy(searches: Iterable[Sequence[Any]]) -> Any:
        rows = [list(r) for r in searches]
        chosen.append((rows, pooled_choice(rows)))
        return chosen[-1][1]

    monkeypatch.setattr(page_module, "pooled_choice", spy)
    state, history = positions()[1]
    player = page("page:level=medium,workers=2,iterations=80")
    turn = player.choose_turn(state, history)
    assert [action for _, action in chosen] == turn and len(turn) >= 1
    for rows, action in chosen:
        assert len(rows) == 2   # STYMIE's small board: no action decided early here
        assert action == rank(merge_stats(rows))[0][0]
    assert [a["actions"] for a in player.last] == [turn, turn]   # committed to both


def test_the_worker_clocks_advance_independently() -> None:
    ticks = iter(float(n) for n in range(100))
    first, second = WorkerClock(0.5, lambda: next(ticks)), WorkerClock(0.5, lambda: next(ticks))
    with first.running():
        assert first() == 2.0 and second() == 0.0   # (first started at 0, read at 1: 1 s of CPU / 0.5)
    with second.running():
        assert first() == 4.0 and second() == 2.0
    assert first() == 4.0
    state, history = positions()[0]
    page("page:level=medium,workers=2,iterations=10").choose_turn(state, history)   # imports done outside the clocks
    player = page("page:level=medium,workers=2,seconds=0.2")   # the level's 800 iterations, a 0.2 s cap
    started = time.process_time()
    player.choose_turn(state, history)
    spent = [clock.spent for clock in player.clocks]
    assert all(0.0 < s <= 0.2 + 2 * page_module.SLICE_MS / 1000 for s in spent), spent   # each its own cap
    assert sum(spent) * player.ratio <= time.process_time() - started   # only its own runs count


def test_the_page_slices_as_the_page_does() -> None:
    assert page_module.SLICE_MS == ai_client.SLICE_MS


def test_a_ladder_row_records_the_page_player_resolved(tmp_path: Path) -> None:
    players = ["page:level=easy,workers=2,iterations=8", "random"]
    jobs = list(schedule.games(STYMIE, GAMES["stymie"], STYMIE.resolve_options(SMALL), players, "round-robin",
                               1, seed=5))
    path = tmp_path / "games.jsonl"
    assert runner.run(jobs, path, LocalExecutor(1)) == 2
    for row in results.read([path]):
        resolved = row["players"][row["seats"].index(players[0])]
        assert resolved["kind"] == "page" and resolved["workers"] == 2
        assert resolved["speed_ratio"] == stored_ratios()["stymie"]
        assert resolved["worker"]["iterations"] == 8 and resolved["worker"]["seconds"] is None


def test_match_accepts_the_page_player() -> None:
    from lab.match import run_match
    result = run_match(STYMIE, STYMIE.resolve_options(SMALL), "page:level=easy,workers=2,iterations=8",
                       "mcts:iterations=8", 2, seed=1)
    assert result.games == 2


def test_match_and_ladder_commands_take_the_page_player(tmp_path: Path) -> None:
    spec = "page:level=easy,workers=2,iterations=8"
    commands = (["match", "stymie", "--size", "3", "--a", spec, "--b", "random", "--games", "2"],
                ["ladder", "run", "stymie", "--size", "3", "--player", spec, "--player", "random", "--pairs", "1",
                 "--results", str(tmp_path / "page.jsonl")])
    for argv in commands:
        done = subprocess.run([sys.executable, "-m", "lab", *argv], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
    assert [row["players"][row["seats"].index(spec)]["kind"] for row in results.read([tmp_path / "page.jsonl"])] == [
        "page", "page"]
    bad = subprocess.run([sys.executable, "-m", "lab", "ladder", "run", "stymie", "--player", "page:level=easy",
                          "--player", "random", "--results", str(tmp_path / "bad.jsonl")], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "give the page's worker count" in bad.stderr
