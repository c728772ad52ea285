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

MAX_DEPTH = 32
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def load_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON `text`; ValueError when it is not JSON or nests deeper than `max_depth`."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > max_depth:
            raise ValueError(f"nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
