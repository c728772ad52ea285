"""A player's settings written as plain data: what it resolved from its spec, not the spec.

The ladder records this with every game (`players`, one object per seat) so that a spec whose
meaning drifts with the code (`mcts:level=hard` at two budgets) cannot be counted as one player.
Two specs that play alike resolve alike: functions are named by module and name, learned
weights by a hash of their content, and switches a game cannot use (perfect play where it
knows no perfect turns) by what they do, not by what was asked.
"""

from __future__ import annotations

import binascii
import dataclasses
import json
from typing import Any

from ..patterns import Prior
from .search import SearchConfig


def callable_name(function: Any) -> str | None:
    """`module.qualname` of a function (None for None): code is identified by name, the
    commit recorded beside it says which version."""
    if function is None:
        return None
    module = getattr(function, "__module__", None) or type(function).__module__
    name = getattr(function, "__qualname__", None) or type(function).__qualname__
    return f"{module}.{name}"


def prior_settings(prior: Prior) -> dict[str, Any]:
    """A learned prior: its features by name, its weights by a CRC-32 of their content (the
    same fit read from two files is one prior; a refit is another). CRC-32, not SHA-256: the
    page imports this module with the player, and its trimmed standard library serves
    binascii (base64 needs it) but not hashlib (tools/stdlib_trim.py)."""
    table = json.dumps(sorted(prior.weights.table.items()), separators=(",", ":"))
    return {"features": callable_name(prior.features),
            "weights_crc32": f"{binascii.crc32(table.encode('utf-8')):08x}"}


def config_settings(config: SearchConfig) -> dict[str, Any]:
    """Every knob of the search config as plain data."""
    settings: dict[str, Any] = {}
    for field in dataclasses.fields(config):
        value = getattr(config, field.name)
        if isinstance(value, Prior):
            settings[field.name] = prior_settings(value)
        elif callable(value):
            settings[field.name] = callable_name(value)
        else:
            settings[field.name] = value
    return settings
