"""The analysis panel: the engine explains the shown position (evaluation, best line, the top
three turns, the threats), refining while the player looks.

Opened by the Analyse toggle (`#analysis-toggle`), loaded on first use (PlayPage.engine()).
The search runs in the coach's worker through ui.explain_client, in slices, so the page's
thread only awaits and draws. It analyses up to the default depth and stops, unless "Keep
analysing" is on: then it goes on refining the same tree for as long as the panel is open, the
page is visible and the position unchanged. A move, a step through the moves or a new game
restarts it on the new position (the tree is kept where the new position follows the old).

Public API (the analysis board shows this panel too): `show()`, `hide()`, `toggle()`, and
`refresh(record=None)`: analyse `record`'s last position, or the page's shown position.
The best line is exposed as `#analysis-pv[data-pv]`: its actions in the game's notation,
space-separated. While the panel is open the board shows the best line and the threats
(ui.board.line_marks), or the top turn picked; what the last paint drew is published as
`#analysis[data-marks]` ("1 e5 · 2 d4 · threat c3"). What the words say is decided in
ui.play.engine_words.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pygame_core.ai.explanation import Explanation
from pygame_core.game import Action, GameState
from pygame_core.record import Record, replay, to_data
from ui.board.boards import BoardArt
from ui.board.hint_marks import draw_hint, hint_mark
from ui.board.line_marks import draw_line_marks, line_marks, marks_text, threat_marks
from ui.board.layout import Layout
from ui.board.theme import Theme
from ui.explain_client import ExplainClient
from ui.i18n import _
from ui.page.page_api import Page
from ui.play import engine_words
from ui.play.player_input import play_text
from ui.play.session import Session

ROWS = 3


class AnalysisPanel:
    """The panel and its one running analysis (a new position cancels the last)."""

    def __init__(self, page: Page, client: ExplainClient | None = None) -> None:
        self.page = page
        self.dom = page.dom
        self.client = client or ExplainClient()
        self.is_open = False
        self.record: Record | None = None     # what refresh() was given (None: the page's position)
        self._key = ""                        # the analysed position (its record as JSON)
        self._state: GameState | None = None  # and its state
        self._explanation: Explanation | None = None
        self._picked: tuple[GameState, tuple[Action, ...]] | None = None   # a top turn shown on the board
        self._task: asyncio.Future | None = None
        dom = self.dom
        self._rows = [self._make_row(dom.by_id("analysis-top"), i) for i in range(ROWS)]
        dom.on(dom.by_id("analysis-keep"), "change", lambda e: self._keep_changed())
        dom.on(dom.document, "visibilitychange", lambda e: self._visibility())
        page.after_move.append(self._moved)
        page.on_new_session.append(self._moved)
        page.board.overlays.append(self._draw_overlay)

    def _make_row(self, parent: Any, index: int) -> dict[str, Any]:
        item = self.dom.make("li", parent, "", **{"class": "analysis-row"})
        item.hidden = True
        show = self.dom.button(item, "", lambda: self._pick(index), **{"class": "analysis-move", "aria-pressed": "false"})
        figures = self.dom.make("span", item, "", **{"class": "analysis-figures"})
        play = self.dom.button(item, _("Play"), lambda: self._play(index), **{"class": "analysis-play"})
        return {"item": item, "show": show, "figures": figures, "play": play}

    # --- the public API -----------------------------------------------------------------------
    def show(self) -> None:
        self.is_open = True
        self.dom.by_id("analysis").hidden = False
        self.dom.by_id("analysis-toggle").setAttribute("aria-pressed", "true")
        self.refresh(self.record)

    def hide(self) -> None:
        self.is_open = False
        self._stop()
        self._picked = None
        self.dom.by_id("analysis").dataset.shown = ""
        self.dom.by_id("analysis").hidden = True
        self.dom.by_id("analysis-toggle").setAttribute("aria-pressed", "false")
        self.page.refresh(board_only=True)

    def toggle(self) -> None:
        self.hide() if self.is_open else self.show()

    def refresh(self, record: Record | None = None) -> None:
        """Analyse `record`'s last position (None: the page's shown position), if open."""
        self.record = record
        if not self.is_open:
            return
        record = record or self.page.session.record()
        key = json.dumps(to_data(record), sort_keys=True)
        if key == self._key and self._task is not None:
            return
        if key != self._key:
            self._key, self._state, self._explanation, self._picked = key, replay(record)[-1], None, None
            self.dom.by_id("analysis").dataset.shown = ""
            self._waiting()
        if self._hidden():
            return
        self._stop()
        self._task = asyncio.ensure_future(self._run(record, self._state))

    # --- the running analysis -----------------------------------------------------------------
    def _stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            self.client.cancel()
            task.cancel()

    async def _run(self, record: Record, state: Any) -> None:
        task = asyncio.current_task()
        try:
            await self.client.explain(record, lambda e, done: self._answer(state, e, done))
        except asyncio.CancelledError:
            pass
        except Exception as exc:   # the worker failed: say so; the game goes on
            self.dom.set_text("analysis-progress", _("The engine could not analyse this position ({reason}).", reason=exc))
        finally:
            if self._task is task:
                self._task = None

    def _answer(self, state: GameState, explanation: Explanation, done: bool) -> bool:
        """Show an answer about `state`; whether to refine further."""
        if not self.is_open or state is not self._state:
            return False
        keep = bool(self.dom.by_id("analysis-keep").checked)
        going = not self._hidden() and not explanation.exact and (keep or not done)
        moved = self._explanation is None or self._explanation.line != explanation.line \
            or self._explanation.threats != explanation.threats
        self._explanation = explanation
        self._draw(state, explanation, going)
        if moved:   # the marks on the board follow the line and the threats
            self.page.refresh(board_only=True)
        return going

    def _keep_changed(self) -> None:
        if self.is_open and self._task is None:
            self.refresh(self.record)   # the same position: the worker carries on with its tree

    def _hidden(self) -> bool:
        """Whether the page is out of sight (another tab, a minimised window): no analysis then."""
        return bool(getattr(self.dom.document, "hidden", False))

    def _visibility(self) -> None:
        if self._hidden():
            self._stop()
        elif self.is_open:
            self.refresh(self.record)

    def _moved(self, session: Session) -> None:
        if self.is_open and self.record is None:
            self.refresh()

    # --- drawing ------------------------------------------------------------------------------
    def _waiting(self) -> None:
        self.dom.set_text("analysis-eval", _("Analysing…"))
        self._set_line("", "")
        self.dom.set_text("analysis-threats", "")
        self.dom.set_text("analysis-progress", "")
        for row in self._rows:
            row["item"].hidden = True

    def _set_line(self, words: str, actions: str) -> None:
        line = self.dom.by_id("analysis-pv")
        line.textContent = words
        line.dataset.pv = actions

    def _draw(self, state: GameState, explanation: Explanation, going: bool) -> None:
        dom = self.dom
        dom.set_text("analysis-eval", engine_words.evaluation_words(state, explanation))
        self._set_line(engine_words.line_words(explanation), " ".join(explanation.line_text))
        threats = engine_words.threats_words(state, explanation)
        dom.set_text("analysis-threats", threats)
        dom.by_id("analysis-threats").hidden = not threats
        dom.set_text("analysis-progress", engine_words.progress_words(explanation, going))
        dom.by_id("analysis").dataset.iterations = str(explanation.iterations)
        playable = self.record is None and not self.page.session.is_over
        rows = engine_words.top_rows(explanation)
        for index, row in enumerate(self._rows):
            row["item"].hidden = index >= len(rows)
            if index < len(rows):
                shown = rows[index]
                row["show"].textContent = shown.turn
                row["show"].setAttribute("aria-label", shown.label)
                row["show"].dataset.turn = shown.turn
                row["figures"].textContent = shown.figures
                row["play"].hidden = not playable or shown.turn.endswith("…")
                row["play"].setAttribute("aria-label", _("Play {turn}", turn=shown.turn))
                picked = self._picked is not None and self._picked[1] == explanation.top[index].actions
                row["show"].setAttribute("aria-pressed", "true" if picked else "false")

    def _pick(self, index: int) -> None:
        """Show (or stop showing) a top turn on the board."""
        explanation, state = self._explanation, self._state
        if explanation is None or state is None or index >= len(explanation.top):
            return
        actions = explanation.top[index].actions
        self._picked = None if self._picked is not None and self._picked[1] == actions else (state, actions)
        self.dom.by_id("analysis").dataset.shown = explanation.top[index].text if self._picked else ""
        self._draw(state, explanation, self._task is not None)
        self.page.refresh(board_only=True)

    def _play(self, index: int) -> None:
        """Play a top turn at the shown position (a side line where the game went on from here)."""
        explanation = self._explanation
        if explanation is None or index >= len(explanation.top) or self.record is not None:
            return
        play_text(self.page.session, explanation.top[index].text)
        self.page.refresh()

    def _on_the_board(self, state: GameState) -> bool:
        """Whether the board shows `state` (a step through the moves repaints before the
        analysis of the new position has begun)."""
        shown = self.page.session.turn_start
        return self.record is not None or (shown.position_rows(), shown.to_move) == (state.position_rows(), state.to_move)

    def _draw_overlay(self, ctx: Any, art: BoardArt, layout: Layout, theme: Theme) -> None:
        """The picked top turn, else the best line and the threats, over the analysed position."""
        picked, state, explanation = self._picked, self._state, self._explanation
        drawn = ""
        if self.is_open and state is not None and not self.page.session.pending:
            if picked is not None and picked[0] is state:
                draw_hint(ctx, art, layout, theme, hint_mark(picked[0], picked[1], theme))
            elif explanation is not None and explanation.to_move >= 0 and self._on_the_board(state):
                line = line_marks(state, explanation.line, theme)
                threats = threat_marks(state, explanation.threat_seat, explanation.threats, theme)
                draw_line_marks(ctx, art, layout, theme, line, threats)
                drawn = marks_text(state, line, threats)
        panel = self.dom.by_id("analysis")
        if (getattr(panel.dataset, "marks", None) or "") != drawn:
            panel.dataset.marks = drawn
