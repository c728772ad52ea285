"""JSON from outside (records, saves, imports) read with a bound on nesting.

`json.loads` recurses once per nesting level. Under CPython a deep input ends in a clean
RecursionError, but inside Pyodide the WebAssembly stack overflows first and the whole
interpreter dies, taking the page with it. Our formats nest a few levels deep, so anything
deeper is refused before the parser sees it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .translatable import N_, Text

MAX_DEPTH = 32
# one linear pass over the characters that matter: an escape pair (so an escaped quote never
# ends a string), a quote, a bracket. (A regex for whole strings backtracks quadratically on
# an unterminated string full of escaped quotes.)
_TOKEN = re.compile(r'\\.|["\[\]{}]', re.DOTALL)


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting of JSON `text` outside strings, in time linear in its length."""
    depth = deepest = 0
    in_string = False
    for token in _TOKEN.findall(text):
        if token == '"':
            in_string = not in_string
        elif not in_string and len(token) == 1:
            depth += 1 if token in "[{" else -1
            deepest = max(deepest, depth)
    return deepest


def load_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON `text`; ValueError when it is not JSON or nests deeper than `max_depth`."""
    if nesting_depth(text) > max_depth:
        raise ValueError(Text(N_("nested more than {depth} levels deep"), {"depth": max_depth}))
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(Text(N_("nested too deeply"))) from None
