"""A small SVG chart written by hand (no plotting library): one line per series, each point
with its 95% interval as a vertical bar. Enough for the docs' two ladder plots."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from typing import Sequence

WIDTH, HEIGHT = 680, 400
LEFT, RIGHT, TOP, BOTTOM = 64, 190, 40, 48  # margins: axis labels left and below, the legend right
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")  # Okabe–Ito, colour-blind safe


@dataclass
class Point:
    x: float
    y: float
    low: float
    high: float


@dataclass
class Series:
    name: str
    points: list[Point] = field(default_factory=list)


def chart(title: str, series: Sequence[Series], x_ticks: Sequence[tuple[float, str]], x_label: str,
          y_label: str) -> str:
    """The chart as an SVG document; x_ticks are (position, label) along the x axis."""
    xs = [t[0] for t in x_ticks] + [p.x for s in series for p in s.points]
    ys = [v for s in series for p in s.points for v in (p.low, p.high, p.y)] or [0.0, 1.0]
    x0, x1 = min(xs), max(xs)
    y0, y1 = _nice_range(min(ys), max(ys))
    span_x = (x1 - x0) or 1.0
    pad = 0.06 * span_x

    def px(x: float) -> float:
        return LEFT + (x - x0 + pad) / (span_x + 2 * pad) * (WIDTH - LEFT - RIGHT)

    def py(y: float) -> float:
        return HEIGHT - BOTTOM - (y - y0) / (y1 - y0) * (HEIGHT - TOP - BOTTOM)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
           f'<text x="{WIDTH / 2:.0f}" y="22" text-anchor="middle" font-size="15">{escape(title)}</text>']
    step = _tick_step(y1 - y0)
    tick = math.ceil(y0 / step) * step
    while tick <= y1 + 1e-9:
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py(tick):.1f}" y2="{py(tick):.1f}" stroke="#dddddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{py(tick) + 4:.1f}" text-anchor="end">{tick:g}</text>')
        tick += step
    for x, label in x_ticks:
        out.append(f'<text x="{px(x):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle">{escape(label)}</text>')
    out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{HEIGHT - BOTTOM}" y2="{HEIGHT - BOTTOM}" stroke="#333333"/>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" stroke="#333333"/>')
    out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.0f}" y="{HEIGHT - 10}" text-anchor="middle">{escape(x_label)}</text>')
    out.append(f'<text transform="translate(16 {(TOP + HEIGHT - BOTTOM) / 2:.0f}) rotate(-90)" '
               f'text-anchor="middle">{escape(y_label)}</text>')
    for index, line in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        shift = (index - (len(series) - 1) / 2) * 4  # side by side, so the bars do not hide each other
        points = sorted(line.points, key=lambda p: p.x)
        path = " ".join(f"{px(p.x) + shift:.1f},{py(p.y):.1f}" for p in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for p in points:
            x = px(p.x) + shift
            out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{py(p.low):.1f}" y2="{py(p.high):.1f}" '
                       f'stroke="{colour}" stroke-width="1.5"/>')
            out.append(f'<circle cx="{x:.1f}" cy="{py(p.y):.1f}" r="3.5" fill="{colour}"/>')
        legend_y = TOP + 10 + 20 * index
        out.append(f'<line x1="{WIDTH - RIGHT + 16}" x2="{WIDTH - RIGHT + 36}" y1="{legend_y}" y2="{legend_y}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 42}" y="{legend_y + 4}">{escape(line.name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _tick_step(span: float) -> float:
    """A round step giving 4–10 grid lines over `span`."""
    raw = span / 6
    power = 10.0 ** math.floor(math.log10(raw))
    return next(float(m * power) for m in (1, 2, 5, 10) if m * power >= raw)


def _nice_range(low: float, high: float) -> tuple[float, float]:
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    step = _tick_step(high - low)
    return math.floor(low / step) * step, math.ceil(high / step) * step
