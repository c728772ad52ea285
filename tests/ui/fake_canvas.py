"""A recording stand-in for CanvasRenderingContext2D: every call and attribute set, in order."""

from __future__ import annotations

from typing import Any


class RecordingCanvas:
    def __init__(self) -> None:
        object.__setattr__(self, "log", [])

    def __setattr__(self, name: str, value: Any) -> None:
        self.log.append(("set", name, value))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)

        def record(*args: Any) -> None:
            self.log.append(("call", name, args))
        return record

    def calls(self, name: str) -> list[tuple[Any, ...]]:
        return [entry[2] for entry in self.log if entry[0] == "call" and entry[1] == name]

    def texts(self) -> list[str]:
        return [args[0] for args in self.calls("fillText")]

    def fills_in(self, colour: str) -> int:
        """How many fill() calls happened while fillStyle was `colour`."""
        current, count = None, 0
        for entry in self.log:
            if entry[:2] == ("set", "fillStyle"):
                current = entry[2]
            elif entry[:2] == ("call", "fill") and current == colour:
                count += 1
        return count
