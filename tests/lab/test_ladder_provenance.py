"""Rows that say what played (issue 53, item 2): every ladder row records the commit and each
seat's resolved player; two specs that play alike resolve alike, one spec at two budgets does
not; rows that give one name to two players are refused, and rows that record no player are a
player of their own. Also: an explicit budget never silently turns perfect play off."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from lab.ladder import identity, provenance, results, runner, schedule
from lab.ladder.executors import LocalExecutor
from pygame_core.ai.player import MctsPlayer, make_player
from pygame_core.registry import GAMES, find_game

ROOT = Path(__file__).resolve().parents[2]


def resolved(text: str, game: str = "susan") -> dict[str, Any]:
    return provenance.resolved_player(make_player(text, find_game(game), random.Random(0)))


def test_two_specs_that_play_alike_resolve_alike() -> None:
    # SUSAN's hard is 10,000 iterations under a 4 s cap (SearchHints.budgets): spelled out, it is the same player
    assert resolved("mcts:level=hard") == resolved("mcts:level=hard,iterations=10000,seconds=4")
    assert resolved("mcts:level=hard")["iterations"] == 10000


def test_one_spec_at_two_budgets_or_two_searches_resolves_apart() -> None:
    hard = resolved("mcts:level=hard")
    assert identity.differences(hard, resolved("mcts:level=hard,iterations=3000,seconds=4")) == [
        ("iterations", 10000, 3000)]
    assert identity.differences(hard, resolved("mcts:level=hard,exploration=0.7")) == [
        ("search.exploration", 0.1, 0.7)]
    assert resolved("mcts:level=hard,cut=off")["leaf"] != hard["leaf"]
    assert resolved("alphabeta:seconds=1") != resolved("alphabeta:seconds=2")


def test_a_prior_is_named_by_its_weights_content(tmp_path: Path) -> None:
    shipped = resolved("mcts:level=hard")["search"]["prior"]
    copy = tmp_path / "same.json"
    copy.write_bytes((ROOT / "pygame_core/games/susan/patterns.json").read_bytes())
    assert resolved(f"mcts:level=hard,patterns={copy}")["search"]["prior"] == shipped
    refit = ROOT / "docs/ladder/susan-patterns-5000.json"
    assert resolved(f"mcts:level=hard,patterns={refit}")["search"]["prior"] != shipped


def test_a_learned_evaluation_is_named_by_its_weights_content(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """SUSAN's Expert evaluates with learned weights: the row names the weights' content
    beside the function, so a refit under the same name is another player; the hand evaluation's
    rows read as before."""
    import hashlib
    shipped = (ROOT / "pygame_core/games/susan/learned.bin").read_bytes()
    for spec in ("mcts:level=expert", "mcts:level=hard,eval=learned", "mcts:level=medium,eval=learned"):
        search = resolved(spec)["search"]
        assert search["evaluate"] == "pygame_core.games.susan.learned.evaluate"
        assert search["evaluate_weights_sha256"] == hashlib.sha256(shipped).hexdigest()[:16]
    assert "evaluate_weights_sha256" not in resolved("mcts:level=medium")["search"]
    assert resolved("alphabeta:seconds=1,eval=learned")["evaluate_weights_sha256"] == \
        resolved("mcts:level=expert")["search"]["evaluate_weights_sha256"]
    package = tmp_path / "refit"                  # the same module and name, other weights
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "judge.py").write_text('WEIGHTS_FILE = "w.bin"\n\ndef evaluate(state):\n    return 0.0\n',
                                      encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    from refit import judge  # type: ignore[import-not-found]
    digests = []
    for weights in (b"first fit", b"second fit"):
        (package / "w.bin").write_bytes(weights)
        digests.append(provenance.named("evaluate", judge.evaluate))
    assert digests[0]["evaluate"] == digests[1]["evaluate"] == "refit.judge.evaluate"
    assert digests[0]["evaluate_weights_sha256"] != digests[1]["evaluate_weights_sha256"]
    (package / "w.bin").unlink()
    with pytest.raises((ValueError, OSError)):
        provenance.named("evaluate", judge.evaluate)


def test_a_reweighted_prior_says_so_and_the_learned_one_stays_as_rows_recorded_it() -> None:
    learned = resolved("mcts:level=hard", "stymie")["search"]["prior"]
    assert set(learned) == {"features", "weights_sha256"}   # rows recorded these before Prior.settings
    reweighted = resolved("mcts:level=hard,prior=twodistance", "stymie")["search"]["prior"]
    assert reweighted == {**learned, "reweighted_by": "two-distance", "sharpness": 2.0}


def test_an_explicit_budget_keeps_the_levels_perfect_play() -> None:
    stymie = find_game("stymie")
    for text in ("mcts:level=expert,iterations=500", "mcts:level=expert,iterations=500,seconds=2"):
        player = make_player(text, stymie, random.Random(0))
        assert isinstance(player, MctsPlayer) and player.perfect, text
    off = make_player("mcts:level=expert,iterations=500,perfect=0", stymie, random.Random(0))
    assert isinstance(off, MctsPlayer) and not off.perfect
    with pytest.raises(ValueError, match="is not 0 or 1"):
        make_player("mcts:level=expert,perfect=yes", stymie, random.Random(0))


def test_perfect_play_resolves_as_it_acts_in_the_game() -> None:
    # STYMIE knows perfect turns on its smallest board; SUSAN knows none, so asking changes nothing there
    assert resolved("mcts:level=expert,iterations=500", "stymie")["perfect"] is True
    assert resolved("mcts:level=expert,iterations=500")["perfect"] is False
    assert resolved("mcts:level=expert,iterations=500") == resolved("mcts:level=expert,iterations=500,perfect=0")


def test_every_row_records_the_commit_and_the_resolved_players(tmp_path: Path) -> None:
    spec = find_game("stymie")
    players = ["mcts:iterations=8", "random"]
    jobs = list(schedule.games(spec, GAMES["stymie"], spec.resolve_options({"size": 3}), players, "round-robin",
                               1, seed=7))
    path = tmp_path / "games.jsonl"
    assert runner.run(jobs, path, LocalExecutor(1)) == 2
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    rows = results.read([path])
    for row in rows:
        assert row["commit"]["hash"] == head
        assert row["commit"]["dirty"] == bool(row["commit"]["changed"])
        assert all(path.startswith(("pygame_core/", "lab/")) for path in row["commit"]["changed"])
        assert [p["kind"] for p in row["players"]] == [seat.partition(":")[0] for seat in row["seats"]]
        mcts = row["players"][row["seats"].index("mcts:iterations=8")]
        assert mcts["iterations"] == 8 and mcts["seconds"] is None


def test_a_change_to_the_rules_or_the_lab_makes_a_row_dirty_and_others_do_not(tmp_path: Path) -> None:
    """The players' code is pygame_core/ and the games' loop and openings lab/ (provenance.PLAYING_CODE)."""
    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=tmp_path, check=True,
                       capture_output=True)

    for name in ("pygame_core/game.py", "lab/match.py", "docs/notes.md"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("x\n")
    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "start")
    assert provenance.code_commit(tmp_path)["dirty"] is False
    (tmp_path / "docs/notes.md").write_text("y\n")
    assert provenance.code_commit(tmp_path)["dirty"] is False
    (tmp_path / "lab/match.py").write_text("y\n")
    (tmp_path / "pygame_core/new.py").write_text("y\n")
    commit = provenance.code_commit(tmp_path)
    assert commit["dirty"] is True and commit["changed"] == ["lab/match.py", "pygame_core/new.py"]


def test_without_git_the_commit_says_it_is_unknown(tmp_path: Path) -> None:
    commit = provenance.code_commit(tmp_path)  # not a checkout (or no git at all, as in the browser)
    assert commit["hash"] is None and commit["dirty"] is None and "git did not answer" in commit["unknown"]


def row(seats: list[str], players: list[dict[str, Any]] | None, pair: int) -> dict[str, Any]:
    record: dict[str, Any] = {"game": "susan", "options": {}, "seats": seats, "seed": 1, "pair": pair,
                              "opening_turns": 4, "winners": [0]}
    if players is not None:
        record["players"] = players
    return record


def test_one_name_for_two_resolved_players_is_refused() -> None:
    medium, hard = resolved("mcts:level=medium"), resolved("mcts:level=hard")
    hard3000 = resolved("mcts:level=hard,iterations=3000,seconds=4")
    names = ["mcts:level=medium", "mcts:level=hard"]
    rows = [row(names, [medium, hard], 0), row(names, [medium, hard3000], 1)]
    with pytest.raises(identity.MixedPlayers, match="'mcts:level=hard' names 2 different players.*iterations 10000 / 3000"):
        identity.labelled(rows)
    assert identity.labelled(rows[:1]) == rows[:1]


def test_rows_without_players_are_a_player_of_their_own() -> None:
    medium, hard = resolved("mcts:level=medium"), resolved("mcts:level=hard")
    names = ["mcts:level=medium", "mcts:level=hard"]
    labelled = identity.labelled([row(names, [medium, hard], 0), row(names, None, 1)])
    assert labelled[0]["seats"] == names
    assert labelled[1]["seats"] == ["mcts:level=medium (unrecorded)", "mcts:level=hard (unrecorded)"]
    assert identity.spec_of(labelled[1]["seats"][1]) == "mcts:level=hard"


def test_a_row_whose_players_do_not_match_its_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="records players for other seats"):
        identity.labelled([row(["mcts:level=medium", "random"], [{"kind": "random"}], 0)])
