"""The rules help as the page shows it. The help itself (summary, sections, diagram) is declared
by each game (`spec.presentation.help`); this writes it as HTML (`help_html`: the build puts it
into the page, so the rules read at once, before Python runs, and the rules dialog shows the
same markup) and turns its diagram into a board and a BoardView for the board renderer.
Pure: tested under CPython."""

from __future__ import annotations

from typing import Callable

from pygame_core.game import GameSpec
from pygame_core.geometry import Board
from pygame_core.presentation import Diagram
from ui.i18n import _, say
from ui.play.markup import element
from ui.board.render import BoardView
from ui.board.theme import Theme


def diagram_view(spec: GameSpec, diagram: Diagram, theme: Theme) -> tuple[Board, BoardView]:
    """The board and BoardView that draw `diagram`, a position of `spec`'s game."""
    state = spec.new_game(diagram.options)
    board = state.board
    occupants: list[int | None] = [None] * board.size
    for name, seat in diagram.stones.items():
        occupants[board.cell(name)] = seat      # type: ignore[index]
    names = spec.player_names(state.options)
    styles = tuple(theme.stone(name, seat) for seat, name in enumerate(names))
    highlight = frozenset(board.cell(name) for name in diagram.highlight)
    return board, BoardView(tuple(occupants), styles, highlight=highlight)  # type: ignore[arg-type]


def help_html(spec: GameSpec, picture: Callable[[Diagram], str]) -> str:
    """The rules help of `spec`'s game as HTML: summary, the diagram (`picture` gives the markup
    that shows it: the build's SVG, or a canvas the dialog draws on), its caption, then each
    section's paragraphs and bullets."""
    content = spec.presentation.help
    if content is None:
        return element("p", text=_("There is no rules help for {game} yet.", game=spec.title), class_="summary")
    parts = [element("p", text=say(content.summary), class_="summary")]
    if content.diagram is not None:
        parts.append(element("figure", picture(content.diagram),
                             element("figcaption", text=say(content.diagram.caption))))
    for section in content.sections:
        parts.append(element("h3", text=say(section.heading)))
        parts.extend(element("p", text=say(text)) for text in section.paragraphs)
        if section.bullets:
            parts.append(element("ul", *(element("li", text=say(text)) for text in section.bullets)))
    return "".join(parts)
