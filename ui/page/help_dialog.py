"""The rules dialog: the current game's help (declared by the game, `spec.presentation.help`)
in the markup ui.play.help writes (the same the page shows before Python runs), with its
diagram drawn by the board's own renderer in the page's theme. Loaded when first opened."""

from __future__ import annotations

from typing import Any

from pygame_core.game import GameSpec
from pygame_core.presentation import Diagram
from ui.board.boards import art_for
from ui.board.layout import fit
from ui.board.render import draw
from ui.i18n import _, say
from ui.page.board_canvas import path_cache, size_canvas
from ui.page.page_api import Page
from ui.play.help import diagram_view, help_html
from ui.play.markup import element

DIAGRAM_MAX_PX = 320.0
DIAGRAM_MARGIN_PX = 4


class HelpDialog:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = page.dom
        self.dialog = self.dom.by_id("help-dialog")
        self.dom.on_click(self.dom.by_id("help-close"), self._close)

    def open(self) -> None:
        """Rules help for the current game: its markup, then the diagram drawn on its canvas."""
        spec = self.page.session.spec
        body = self.dom.by_id("help-body")
        self.dom.set_text("help-title", _("How to play {game}", game=spec.title))
        body.innerHTML = help_html(spec, lambda diagram: element("canvas", role="img", aria_label=say(diagram.caption)))
        self.dialog.showModal()
        canvas = body.querySelector("canvas")
        content = spec.presentation.help
        if canvas is not None and content is not None and content.diagram is not None:
            self._draw_diagram(canvas, spec, content.diagram, float(body.clientWidth))

    def _close(self) -> None:
        self.dialog.close()
        self.page.refresh()

    def _draw_diagram(self, canvas: Any, spec: GameSpec, diagram: Diagram, room: float) -> None:
        """Draw after showModal, when the dialog's body has a width to fit."""
        theme = self.page.theme
        board, view = diagram_view(spec, diagram, theme)
        art = art_for(board, spec.presentation.goal_bars)
        min_x, min_y, max_x, max_y = art.bounds
        width = min(DIAGRAM_MAX_PX, room or DIAGRAM_MAX_PX)
        height = width * (max_y - min_y) / (max_x - min_x)
        ratio = float(self.dom.window.devicePixelRatio or 1)
        size_canvas(canvas, width, height, ratio)
        draw(canvas.getContext("2d"), art, view, theme, fit(art.bounds, width, height, DIAGRAM_MARGIN_PX),
             width, height, ratio, path_cache(self.dom.window))
