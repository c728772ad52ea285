"""Colours and stone marks for the board canvas, in a light and a dark variant.

Stone colours come from the Okabe-Ito palette, which stays distinguishable under the common
colour-vision deficiencies; where colour alone could still fail (three or four players, or a
grey-scale print) every stone also carries a shape mark. The page chrome takes its colours from
CSS custom properties; the canvas cannot, so its colours live here, keyed by `dark`.
"""

from __future__ import annotations

from typing import NamedTuple


# Okabe & Ito (2008), "Color Universal Design".
VERMILLION = "#D55E00"
BLUE = "#0072B2"
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
PURPLE = "#CC79A7"


class StoneStyle(NamedTuple):
    """How one side's stones look: fill, rim, and a mark drawn on top.

    mark is one of "" (none), "triangle", "square", "vbar", "hbar"; mark_colour contrasts
    with fill.
    """

    fill: str
    rim: str
    mark: str = ""
    mark_colour: str = "#FFFFFF"


class Theme(NamedTuple):
    dark: bool
    background: str
    cell: str
    cell_alt: str       # second cell kind (STYMIE squares) so the two shapes read apart
    grid: str
    frame: str          # SUPERSTAR's edge ring and similar off-board decoration
    label: str          # coordinates on empty cells
    target: str         # legal-target dots
    last: str           # last-move marker
    pending: str        # ring around stones placed in the unfinished turn
    highlight: str      # the surrounded stone / winning group at the end
    cursor: str         # keyboard cursor
    selected: str       # stone chosen for a slide

    def stone(self, side: str, seat: int) -> StoneStyle:
        """Style for the stones of the side named `side` (docs/rules.md: each game's seats); `seat` picks a
        fallback for names this module does not know."""
        style = _SIDE_STYLES.get(side.lower())
        if style is None:
            style = _FALLBACK[seat % len(_FALLBACK)]
        if self.dark and side.lower() in _DARK_RIMS:   # keep the stone's edge visible on dark cells
            return StoneStyle(style.fill, _DARK_RIMS[side.lower()], style.mark, style.mark_colour)
        return style


_SIDE_STYLES: dict[str, StoneStyle] = {
    "black": StoneStyle("#1A1A1A", "#000000", "", "#FFFFFF"),
    "white": StoneStyle("#F7F7F2", "#3A3A3A", "", "#1A1A1A"),
    # SUSAN's third and fourth players: colour plus a shape, so they never rely on hue alone.
    "red": StoneStyle(VERMILLION, "#7A3300", "triangle", "#FFFFFF"),
    "blue": StoneStyle(BLUE, "#003E63", "square", "#FFFFFF"),
    # STYMIE: the bar shows the direction each side connects in.
    "vert": StoneStyle(VERMILLION, "#7A3300", "vbar", "#FFFFFF"),
    "horz": StoneStyle(BLUE, "#003E63", "hbar", "#FFFFFF"),
}
_DARK_RIMS = {"white": "#C8C8C8", "black": "#9A9A9A"}
_FALLBACK = (StoneStyle(ORANGE, "#6B4A00", "triangle", "#000000"),
             StoneStyle(SKY, "#1F5F86", "square", "#000000"),
             StoneStyle(GREEN, "#004D38", "vbar", "#FFFFFF"),
             StoneStyle(PURPLE, "#6E3556", "hbar", "#000000"))

LIGHT = Theme(
    dark=False, background="#F4EBD9", cell="#E3C995", cell_alt="#D2B07A", grid="#7A5C2E",
    frame="#A9A397", label="#5B4626", target="#2D6A4F", last=VERMILLION, pending=SKY,
    highlight=GREEN, cursor=BLUE, selected=ORANGE,
)
DARK = Theme(
    dark=True, background="#1E1F24", cell="#5A4A33", cell_alt="#4A3C28", grid="#B39B72",
    frame="#3B3F48", label="#E8DCC4", target="#7FD3A8", last=ORANGE, pending=SKY,
    highlight=GREEN, cursor=SKY, selected=ORANGE,
)


THEMES = ("auto", "light", "dark")   # the choices a page offers: auto follows the system


def theme_choice(asked: str | None, remembered: str | None) -> str:
    """The theme the full page opens in: the address's `?theme=` when it names one, else the
    player's remembered choice, else auto. Anything else (a typo, a hand-edited value) is
    ignored, never an error."""
    for value in (asked, remembered):
        if isinstance(value, str) and value.strip().lower() in THEMES:
            return value.strip().lower()
    return "auto"


def theme_for(dark: bool) -> Theme:
    """The theme matching the system's colour scheme (prefers-color-scheme)."""
    return DARK if dark else LIGHT
