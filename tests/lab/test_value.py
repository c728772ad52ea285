"""The learned evaluation's pipeline (lab/value): the board's symmetries, reproducible self-play
positions deduplicated under them, labels that a stopped run resumes, a fit that recovers a
known model, and the ladder's provenance naming the evaluation a spec chose. CPython only
(lab is not shipped; numpy for the fit)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from lab import jsonl
from lab.value import fit, games, labels
from lab.value.__main__ import main
from lab.value.symmetry import automorphisms, canonical, images
from lab.ladder.executors import LocalExecutor
from lab.ladder.provenance import resolved_player
from pygame_core.ai.player import make_player
from pygame_core.games.susan import learned
from pygame_core.games.susan.state import Setup
from pygame_core.registry import find_game

BOARD = Setup.of(games.OPTIONS).board
QUICK = "mcts:iterations=30"  # a quick search: these tests check the plumbing, not strength


def test_the_board_has_12_symmetries_that_keep_neighbours() -> None:
    perms = automorphisms(BOARD)
    assert len(set(perms)) == 12 and perms[0] == tuple(range(BOARD.size))
    for perm in perms:
        assert sorted(perm) == list(range(BOARD.size))
        for c, nbrs in enumerate(BOARD.neighbours):
            assert sorted(perm[x] for x in nbrs) == sorted(BOARD.neighbours[perm[c]])


def test_a_position_and_its_images_share_one_key() -> None:
    rng = random.Random(1)
    cells = "".join(rng.choice("mt..") for _ in range(BOARD.size))
    assert len(set(images(BOARD, cells))) == 12  # a random position has no symmetry of its own
    assert {canonical(BOARD, image) for image in images(BOARD, cells)} == {canonical(BOARD, cells)}


def test_a_torn_last_line_is_skipped_and_cut_before_the_next_append(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    jsonl.append(path, [{"a": 1}])
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"a": 2')  # a run killed mid-line
    assert list(jsonl.read(path)) == [{"a": 1}]
    jsonl.append(path, [{"a": 3}])
    assert list(jsonl.read(path)) == [{"a": 1}, {"a": 3}]


def test_games_repeat_from_their_seed_and_their_positions_are_deduplicated(tmp_path: Path) -> None:
    job = games.GameJob(seed=7, index=0, player=QUICK, random_turns=3)
    first, again = games.play(job), games.play(job)
    assert {**first, "cpu_s": 0} == {**again, "cpu_s": 0}
    assert first["positions"] and all(p["cells"].count("m") + p["cells"].count("t") for p in first["positions"])
    path = tmp_path / "games.jsonl"
    jsonl.append(path, [first, {**first, "index": 1}])  # the same game twice: each position once
    distinct = games.distinct_positions(path)
    assert len(distinct) == len({f"{canonical(BOARD, p['cells'])}/{p['slides']}" for p in first["positions"]})
    assert {p.game for p in distinct} == {0}
    assert games.pending([job, games.GameJob(7, 1, QUICK, 3), games.GameJob(7, 2, QUICK, 3)], path) == \
        [games.GameJob(7, 2, QUICK, 3)]


def test_a_stopped_labelling_run_labels_only_what_is_missing(tmp_path: Path) -> None:
    record = games.play(games.GameJob(seed=8, index=0, player=QUICK, random_turns=2))
    path, out = tmp_path / "games.jsonl", tmp_path / "labels.jsonl"
    jsonl.append(path, [record])
    positions = games.distinct_positions(path)[:5]
    first = labels.jobs_for(positions[:3], out, QUICK, 1, chunk=2)
    assert labels.run(first, out, LocalExecutor(1).run) == 3
    rest = labels.jobs_for(positions, out, QUICK, 1, chunk=2)
    assert [p[0] for job in rest for p in job.positions] == [p.key for p in positions[3:]]
    labels.run(rest, out, LocalExecutor(1).run)
    known = labels.known_labels(out)
    assert set(known) == {p.key for p in positions} and all(-1.0 <= v <= 1.0 for v in known.values())


def test_a_label_is_the_searchs_root_value_for_the_side_to_move() -> None:
    # the other side's corner stone has one liberty left: placing there wins, the search proves it
    cells = ["."] * BOARD.size
    cells[0] = "t"
    for x in BOARD.neighbours[0][1:]:
        cells[x] = "m"
    [found] = labels.label(labels.LabelJob(QUICK, 1, (("k", "".join(cells), 0),)))
    assert found["value"] == 1.0


def test_the_fit_recovers_a_model_that_made_the_labels() -> None:
    record = games.play(games.GameJob(seed=9, index=0, player=QUICK, random_turns=40))
    positions = [games.Position(str(i), 0, p["cells"], p["slides"]) for i, p in enumerate(record["positions"])]
    rng = random.Random(3)
    truth = learned.Model(tuple(rng.gauss(0, 0.2) for _ in range(learned.TABLE_SIZE)), 0.1,
                          (0.9, 0.8, 0.7, 0.6, 0.5, 0.4))
    known = {p.key: learned.value_of(truth, games.state_of(p.cells, p.slides)) for p in positions}
    data = fit.data_for(positions, known)
    model = fit.fit(data, steps=800)
    assert fit.mse(model.predict(data), data.labels) < 0.05 * fit.mse(0 * data.labels, data.labels)


def test_the_command_line_runs_the_pipeline_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g, lab, w = tmp_path / "g.jsonl", tmp_path / "l.jsonl", tmp_path / "w.bin"
    tiny = "mcts:iterations=5"  # five games (the fifth is held out), as fast as a search goes
    assert main(["games", "--out", str(g), "--games", "5", "--player", tiny, "--jobs", "1"]) == 0
    assert main(["label", "--games-file", str(g), "--out", str(lab), "--searcher", tiny, "--jobs", "1"]) == 0
    assert main(["fit", "--games-file", str(g), "--labels", str(lab), "--out", str(w), "--steps", "50"]) == 0
    assert learned.model_from_bytes(w.read_bytes())
    assert main(["bench", "--games-file", str(g), "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "held-out MSE: hand" in out and "positions a CPU second" in out and "us an evaluation" in out
    assert main(["fit", "--games-file", str(tmp_path / "none.jsonl"), "--labels", str(lab)]) == 2


def test_the_provenance_names_the_evaluation_a_spec_chose() -> None:
    spec = find_game("susan")
    chosen = resolved_player(make_player("mcts:level=hard,eval=learned", spec, random.Random(1)))
    shipped = resolved_player(make_player("mcts:level=hard", spec, random.Random(1)))
    assert chosen["search"]["evaluate"] == "pygame_core.games.susan.learned.evaluate"
    assert shipped["search"]["evaluate"] == "pygame_core.games.susan.evaluation.evaluate"
    expert = resolved_player(make_player("mcts:level=expert", spec, random.Random(1)))   # Expert's own
    before = resolved_player(make_player("mcts:level=expert,eval=hand", spec, random.Random(1)))
    assert expert["search"]["evaluate"] == "pygame_core.games.susan.learned.evaluate"
    assert before["search"]["evaluate"] == "pygame_core.games.susan.evaluation.evaluate"
    yardstick = resolved_player(make_player("alphabeta:seconds=1,eval=learned", spec, random.Random(1)))
    assert yardstick["evaluate"] == "pygame_core.games.susan.learned.evaluate"
    json.dumps(chosen)  # plain data, as a ladder row holds it
