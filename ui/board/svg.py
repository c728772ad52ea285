"""The board renderer's drawing calls (ui.board.render.Canvas2D) recorded as SVG shapes.

Why: the build draws each game's empty board, its stones and the rules diagrams as pictures
the page shows before Python runs (tools/first_screen.py), with the very code that paints the
live canvas, so no game's look is written twice. Every path the renderer makes (polygons,
full circles, stone marks) becomes an SVG path; text becomes <text>. Pure: tested under CPython.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, NamedTuple

FULL_TURN = 2 * math.pi - 1e-9


class Shape(NamedTuple):
    """One drawn shape: an SVG tag, its attributes, and its text (for <text>)."""

    tag: str
    attrs: dict[str, str]
    text: str = ""

    def markup(self) -> str:
        attrs = " ".join(f'{name}="{escape(value, quote=True)}"' for name, value in self.attrs.items())
        return f"<{self.tag} {attrs}>{escape(self.text, quote=False)}</{self.tag}>"


def _n(value: float) -> str:
    """A coordinate, short: one decimal (a tenth of a pixel) without a trailing zero."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class SvgContext:
    """Takes the calls of a CanvasRenderingContext2D (the subset in ui.board.render.Canvas2D)
    and keeps what they draw as `shapes`. The transform is taken as the identity: the build
    draws at one pixel per SVG unit."""

    def __init__(self) -> None:
        self.shapes: list[Shape] = []
        self.fillStyle: Any = "#000"
        self.strokeStyle: Any = "#000"
        self.lineWidth: Any = 1.0
        self.font: Any = "10px sans-serif"
        self.textAlign: Any = "start"
        self.textBaseline: Any = "alphabetic"
        self.globalAlpha: Any = 1.0
        self._dash: list[float] = []
        self._path: list[str] = []

    def setTransform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        """Only the identity is meaningful here (the build draws at pixel ratio 1)."""

    def setLineDash(self, segments: Any) -> None:
        self._dash = [float(s) for s in segments]

    def fillRect(self, x: float, y: float, w: float, h: float) -> None:
        self.shapes.append(Shape("rect", {"x": _n(x), "y": _n(y), "width": _n(w), "height": _n(h),
                                          "fill": str(self.fillStyle)}))

    def beginPath(self) -> None:
        self._path = []

    def moveTo(self, x: float, y: float) -> None:
        self._path.append(f"M{_n(x)} {_n(y)}")

    def lineTo(self, x: float, y: float) -> None:
        self._path.append(f"L{_n(x)} {_n(y)}")

    def closePath(self) -> None:
        self._path.append("Z")

    def arc(self, x: float, y: float, r: float, start: float, end: float) -> None:
        if end - start < FULL_TURN:
            raise ValueError("only full circles are drawn by the board renderer")
        self._path.append(f"M{_n(x - r)} {_n(y)}A{_n(r)} {_n(r)} 0 1 0 {_n(x + r)} {_n(y)}"
                          f"A{_n(r)} {_n(r)} 0 1 0 {_n(x - r)} {_n(y)}Z")

    def fill(self, path: Any = None) -> None:
        self.shapes.append(Shape("path", {"d": self._data(path), "fill": str(self.fillStyle),
                                          "fill-rule": "evenodd", **self._alpha()}))

    def stroke(self, path: Any = None) -> None:
        attrs = {"d": self._data(path), "fill": "none", "stroke": str(self.strokeStyle),
                 "stroke-width": _n(float(self.lineWidth)), "stroke-linejoin": "round", **self._alpha()}
        if self._dash:
            attrs["stroke-dasharray"] = " ".join(_n(s) for s in self._dash)
        self.shapes.append(Shape("path", attrs))

    def fillText(self, text: str, x: float, y: float) -> None:
        anchor = {"center": "middle", "right": "end", "end": "end"}.get(str(self.textAlign), "start")
        baseline = {"middle": "central", "top": "hanging"}.get(str(self.textBaseline), "auto")
        size, _, family = str(self.font).rpartition("px ")
        words = size.split()
        self.shapes.append(Shape("text", {"x": _n(x), "y": _n(y), "fill": str(self.fillStyle),
                                          "font-size": words[-1] if words else "10",
                                          "font-weight": "bold" if "bold" in words else "normal",
                                          "font-family": family, "text-anchor": anchor,
                                          "dominant-baseline": baseline}, text))

    def _data(self, path: Any) -> str:
        """A prepared path (ui.board.render.PathCache keeps SVG path text) or the current one."""
        return str(path) if path is not None else "".join(self._path)

    def _alpha(self) -> dict[str, str]:
        return {} if float(self.globalAlpha) >= 1 else {"opacity": _n(float(self.globalAlpha))}


def svg_document(shapes: list[Shape], width: float, height: float, label: str) -> str:
    """A standalone SVG picture of `shapes`, `width` x `height` units, with an accessible title."""
    body = "".join(shape.markup() for shape in shapes)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" '
            f'width="{_n(width)}" height="{_n(height)}" role="img"><title>{escape(label)}</title>{body}</svg>\n')
