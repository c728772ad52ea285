"""How the AI worker's exports (ui/ai_worker.py) answer a request they cannot serve.

Every call crosses the worker boundary as JSON text, and the page's clients read a bad request
as an answer {"error": message}, not as an exception (which would reach the page as a lost
worker). One decorator gives every export that answer, so none can forget it.
"""

from __future__ import annotations

import functools
import json
from typing import Callable, ParamSpec

P = ParamSpec("P")


def error_as_json(call: Callable[P, str]) -> Callable[P, str]:
    """`call`, answering {"error": message} as JSON text when it raises ValueError (a bad
    request: the sessions' SessionError, an unknown game...). `__wrapped__` names `call`."""

    @functools.wraps(call)
    def answer(*args: P.args, **kwargs: P.kwargs) -> str:
        try:
            return call(*args, **kwargs)
        except ValueError as exc:
            return json.dumps({"error": str(exc)})

    return answer
