"""What played a ladder game, written into its row: the code (`commit`) and each seat's
resolved player (`players`). A spec's text means what the code of the day makes of it, so a
row without these cannot say which player it measured (docs/opponent.md, "Rows that say what
played")."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from pygame_core.patterns import Prior
from pygame_core.ai.alphabeta import AlphaBetaPlayer
from pygame_core.ai.player import MctsPlayer, Player
from pygame_core.ai.resolved import callable_name
from pygame_core.ai.search import SearchConfig
from ..page_player import PagePlayer

CHECKOUT = Path(__file__).resolve().parents[2]  # the repository: lab/ladder/ is two folders down
# the code that plays a ladder game: the rules and the players (pygame_core/), the schedule and
# the game loop (lab/)
PLAYING_CODE = ("pygame_core", "lab")
GIT_SECONDS = 10
CHANGED_SHOWN = 20  # changed files named in a row's commit


def code_commit(checkout: Path = CHECKOUT) -> dict[str, Any]:
    """`{"hash": HEAD, "dirty": bool, "changed": [...]}` for `checkout`; `dirty`: a file of the
    PLAYING_CODE folders (pygame_core/, the games included, and lab/) differs from HEAD or is new
    and not ignored (other files of the checkout do not change how the players play); `changed`
    names the first CHANGED_SHOWN of them, so a reader can tell an edit to the search from one to
    the coach. Where git cannot answer, `{"hash": None, "dirty": None, "unknown": why}`: the row
    says so rather than guess."""
    try:
        head = _git(checkout, "rev-parse", "HEAD")
        changes = _git(checkout, "status", "--porcelain", "--", *PLAYING_CODE).splitlines()
    except (OSError, subprocess.SubprocessError) as exc:
        return {"hash": None, "dirty": None, "unknown": f"git did not answer here ({exc})"}
    changed = [line[3:] for line in changes if line.strip()]
    return {"hash": head.strip(), "dirty": bool(changed), "changed": changed[:CHANGED_SHOWN]}


def _git(where: Path, *args: str) -> str:
    """git's output (CalledProcessError when it fails, OSError when there is no git)."""
    done = subprocess.run(["git", *args], cwd=where, capture_output=True, text=True, timeout=GIT_SECONDS,
                          check=True)
    return done.stdout


def resolved_player(player: Player) -> dict[str, Any]:
    """The settings `player` actually plays with, as plain data (one row's `players` entry)."""
    if isinstance(player, PagePlayer):  # the page's workers: how many, how fast, and what each plays
        return {"kind": player.name, "workers": player.budget.workers, "speed_ratio": player.ratio,
                "clock": "cpu/ratio per worker", "worker": resolved_player(player.worker_player())}
    if isinstance(player, MctsPlayer):
        return {**player.resolved(), "search": config_settings(player.mcts.config)}
    if isinstance(player, AlphaBetaPlayer):
        return {"kind": player.name, "seconds": player.seconds, "depth": player.max_depth,
                **named("evaluate", player.evaluate), "candidates": callable_name(player.candidates)}
    return {"kind": player.name}  # random, tactician: no settings


def config_settings(config: SearchConfig) -> dict[str, Any]:
    """Every knob of the search config as plain data."""
    settings: dict[str, Any] = {}
    for field in dataclasses.fields(config):
        value = getattr(config, field.name)
        if isinstance(value, Prior):
            settings[field.name] = prior_settings(value)
        elif callable(value):
            settings.update(named(field.name, value))
        else:
            settings[field.name] = value
    return settings


def prior_settings(prior: Prior) -> dict[str, Any]:
    """A learned prior: its features by name, its weights by the SHA-256 of their content (the
    same fit read from two files is one prior; a refit is another), and how a subclass reweights
    them (Prior.settings; none for the learned prior, so older rows stay comparable)."""
    table = json.dumps(sorted(prior.weights.table.items()), separators=(",", ":"))
    return {"features": callable_name(prior.features),
            "weights_sha256": hashlib.sha256(table.encode("utf-8")).hexdigest()[:16], **prior.settings()}


def named(key: str, function: Any) -> dict[str, Any]:
    """`{key: module.qualname}`, and `{key + "_weights_sha256": ...}` where the function's module
    reads learned weights (it names them in `WEIGHTS_FILE`, beside it): a refit keeps the
    function's name, so only the weights' content tells two fits apart."""
    found: dict[str, Any] = {key: callable_name(function)}
    digest = weights_digest(function)
    if digest is not None:
        found[key + "_weights_sha256"] = digest
    return found


def weights_digest(function: Any) -> str | None:
    """The SHA-256 (16 hex digits) of the weights file the function's module names, None for
    code that reads none."""
    module = sys.modules.get(getattr(function, "__module__", None) or "")
    weights = getattr(module, "WEIGHTS_FILE", None)
    if module is None or not isinstance(weights, str):
        return None
    data = pkgutil.get_data(module.__name__.rpartition(".")[0], weights)
    if data is None:
        raise ValueError(f"{module.__name__} names weights {weights!r} that cannot be read")
    return hashlib.sha256(data).hexdigest()[:16]
