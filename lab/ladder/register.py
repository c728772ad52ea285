"""The register of ladder runs (docs/ladder/runs.json): which results file decided a change and
which confirmed it (issue 53, "decide on one run, confirm on another"), which measures a level
as shipped (a `measurement`: nothing is chosen on it; listed from its registration, before its
file exists, so the plan shows whole), with each run's pair,
seed, planned game count and target, and notes naming what a file's players really were where
the spec alone misleads (a curve played by a search no longer shipped, a level at an old
budget). The report reads it so the notes live in data, not in special cases of code.

A note renames a seat NAME to NAME + NOTE + note before any other naming (`--same`, the
unrecorded label), so a noted player is a player of its own and is never merged with today's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from ..match import wilson
from . import identity, results

NOTE = " — "        # between a spec and its note in a player's name
ROLES = ("decision", "confirmation", "measurement")


@dataclass(frozen=True)
class Run:
    file: str
    role: str
    game: str
    pair: tuple[str, str]        # the player measured first, then its opponent, as the rows spell them
    seed: int
    planned: int
    target_score: float          # the score to reach (a draw counts half)
    target_low: float            # the 95% Wilson interval's low end must be above this
    confirms: str | None = None  # a confirmation: the decision run's file

    @property
    def measures_the_page(self) -> bool:
        """A measurement, or a decision or confirmation played by the page's player (`page:`
        specs): either tells how a level plays as a player gets it."""
        return self.role == "measurement" or all(spec.startswith("page:") for spec in self.pair)


@dataclass(frozen=True)
class Register:
    folder: Path                          # the files are named relative to it
    runs: tuple[Run, ...]
    notes: dict[str, dict[str, str]]      # file -> {spec or "*": note}

    def path(self, file: str) -> Path:
        return self.folder / file


def load(path: str | Path) -> Register:
    """The register; ValueError with the entry at fault for a malformed one."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        runs = tuple(_run(entry) for entry in data["runs"])
        notes = {file: dict(entry["players"]) for file, entry in data.get("notes", {}).items()}
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"the register of runs {path} cannot be read: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"the register of runs {path} is malformed: {exc}") from None
    files = {run.file for run in runs}
    for run in runs:
        if run.role == "confirmation" and run.confirms not in files:
            raise ValueError(f"{path}: {run.file} confirms {run.confirms!r}, which the register does not list")
    return Register(path.parent, runs, notes)


def _run(entry: dict[str, Any]) -> Run:
    if entry["role"] not in ROLES:
        raise ValueError(f"{entry['file']}: role {entry['role']!r} is not one of {', '.join(ROLES)}")
    if entry["role"] == "confirmation" and not entry.get("confirms"):
        raise ValueError(f"{entry['file']}: a confirmation names the decision it confirms (key 'confirms')")
    first, second = entry["pair"]
    return Run(entry["file"], entry["role"], entry["game"], (first, second), int(entry["seed"]),
               int(entry["planned"]), float(entry["target"]["score"]), float(entry["target"]["low95"]),
               entry.get("confirms"))


def read_noted(paths: Iterable[str | Path], register: Register) -> list[dict[str, Any]]:
    """The files' games, as results.read gives them, with each file's noted seats renamed."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for path in paths:
        notes = next((n for file, n in register.notes.items()
                      if register.path(file).resolve() == Path(path).resolve()), {})
        for record in results.read([path]):
            key = results.record_key(record)
            if key not in seen:
                seen.add(key)
                out.append(dict(record, seats=[_noted(seat, notes) for seat in record["seats"]]))
    return out


def _noted(seat: str, notes: dict[str, str]) -> str:
    note = notes.get(seat, notes.get("*"))
    return seat + NOTE + note if note else seat


def spec(name: str) -> str:
    """The spec of a player's name, without its note or unrecorded label."""
    return identity.spec_of(name).partition(NOTE)[0]


def note(name: str) -> str:
    """A player's note ("" for none)."""
    return identity.spec_of(name).partition(NOTE)[2]


@dataclass(frozen=True)
class Outcome:
    run: Run
    wins: int
    draws: int
    losses: int
    names: tuple[str, str]       # the pair as the report names it: each spec with the file's note, if any

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.played if self.played else 0.0

    @property
    def interval95(self) -> tuple[float, float]:
        """The score's 95% Wilson interval (a draw counts half)."""
        return wilson(self.wins + 0.5 * self.draws, self.played)

    @property
    def verdict(self) -> str:
        """met / missed only at the planned count; before it the run is in progress, whatever it scores."""
        if self.played == 0:
            return "not started"
        if self.played < self.run.planned:
            return f"in progress, {self.played} of {self.run.planned}"
        if self.played > self.run.planned:
            return f"past its plan: {self.played} of {self.run.planned}, not judged"
        met = self.score >= self.run.target_score and self.interval95[0] > self.run.target_low
        return "met" if met else "missed"


def outcomes(register: Register) -> list[Outcome]:
    """Each run's W–D–L for its pair's first player, decisions each followed by their confirmations;
    ValueError for a file that is not there (a measurement's is not there until it starts),
    rows of another seed, or one name for two players."""
    found = []
    for run in _in_order(register.runs):
        path = register.path(run.file)
        notes = register.notes.get(run.file, {})
        names = (_noted(run.pair[0], notes), _noted(run.pair[1], notes))
        if run.role == "measurement" and not path.exists():
            found.append(Outcome(run, 0, 0, 0, names))
            continue
        if not path.is_file():
            raise ValueError(f"the register of runs lists {run.file}, but {path} is not there: "
                             "restore the file or remove its entry")
        rows = [r for r in identity.labelled(results.read([path]))
                if r["game"] == run.game and {identity.spec_of(s) for s in r["seats"]} == set(run.pair)]
        seeds = sorted({r["seed"] for r in rows} - {run.seed})
        if seeds:
            raise ValueError(f"{run.file}: rows of {run.pair[0]} vs {run.pair[1]} played with seed(s) "
                             f"{seeds}, the register says {run.seed}")
        scores = [results.seat_score(r) if identity.spec_of(r["seats"][0]) == run.pair[0] else 1 - results.seat_score(r)
                  for r in rows]
        wins, draws = scores.count(1.0), scores.count(0.5)
        found.append(Outcome(run, wins, draws, len(scores) - wins - draws, names))
    return found


def of_the_page(done: Iterable[Outcome], register: Register) -> list[Outcome]:
    """The outcomes of the runs that measure the page's player, in the register's order: a
    confirmation on the page's player is listed where it is registered, beside the measurement
    of the level it renews, not after its decision."""
    return sorted((o for o in done if o.run.measures_the_page), key=lambda o: register.runs.index(o.run))


def _in_order(runs: Iterable[Run]) -> list[Run]:
    """Decisions in the register's order, each followed by the runs that confirm it."""
    runs = list(runs)
    ordered = []
    for decision in (r for r in runs if r.role == "decision"):
        ordered += [decision] + [r for r in runs if r.confirms == decision.file]
    return ordered + [r for r in runs if r not in ordered]
