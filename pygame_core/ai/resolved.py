"""Code named as plain data, for a player's resolved settings (ladder.provenance).

A spec's meaning drifts with the code (`mcts:level=hard` at two budgets), so the ladder records
what each seat resolved to; the functions in it (playouts, evaluations, candidates) are named by
module and qualified name here, in a module the page may import (ai.tuning names its leaf), while
the hashing of learned weights stays in the command line's provenance module.
"""

from __future__ import annotations

from typing import Any


def callable_name(function: Any) -> str | None:
    """`module.qualname` of a function (None for None): code is identified by name, the
    commit recorded beside it says which version."""
    if function is None:
        return None
    module = getattr(function, "__module__", None) or type(function).__module__
    name = getattr(function, "__qualname__", None) or type(function).__qualname__
    return f"{module}.{name}"
