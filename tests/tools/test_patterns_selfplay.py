"""tools/patterns_selfplay.py: the training's self-play runs on the ladder's executors, and a
game's record depends only on (seed, index), however many processes play and in what order."""

from __future__ import annotations

from lab.ladder.executors import LocalExecutor
from pygame_core.registry import find_game
from tools.patterns_selfplay import self_play
from tools.train_patterns import main, positions_of

PLAYER = "mcts:iterations=4"


def test_records_do_not_depend_on_the_processes() -> None:
    alone = sorted(self_play("lisbon", PLAYER, 4, 9, LocalExecutor(1)), key=lambda r: r["index"])
    shared = sorted(self_play("lisbon", PLAYER, 4, 9, LocalExecutor(2)), key=lambda r: r["index"])
    assert [r["index"] for r in alone] == [0, 1, 2, 3]
    assert shared == alone
    assert len({tuple(r["moves"]) for r in alone}) > 1  # each index is its own game


def test_a_resumed_run_plays_only_the_missing_games() -> None:
    records = list(self_play("lisbon", PLAYER, 4, 9, LocalExecutor(1), skip={0, 2}))
    assert sorted(r["index"] for r in records) == [1, 3]


def test_a_record_replays_to_its_result() -> None:
    (record,) = self_play("lisbon", PLAYER, 1, 9, LocalExecutor(1))
    state = find_game("lisbon").new_game({})
    for action in record["moves"]:
        state = state.apply(action)
    assert state.outcome is not None and list(state.outcome.winners) == record["winners"]


def test_play_only_records_the_games_and_writes_no_weights(tmp_path) -> None:
    records, out = tmp_path / "games.jsonl", tmp_path / "weights.json"
    assert main(["--game", "lisbon", "--games", "2", "--player", PLAYER, "--jobs", "1", "--play-only",
                 "--records", str(records), "--out", str(out)]) == 0
    assert len(records.read_text().splitlines()) == 2 and not out.exists()


def test_a_fit_can_draw_a_few_positions_from_each_game() -> None:
    records = sorted(self_play("lisbon", PLAYER, 3, 9, LocalExecutor(1)), key=lambda r: r["index"])
    every = positions_of("lisbon", records)
    drawn = positions_of("lisbon", records, per_game=4)
    assert [len(rows) for rows in drawn] == [4, 4, 4] and sum(map(len, every)) > 12
    assert all(all(p in full for p in few) for few, full in zip(drawn, every, strict=True))
    assert positions_of("lisbon", records, per_game=4) == drawn
