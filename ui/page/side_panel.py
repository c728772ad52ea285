"""The texts and controls around the board, kept in step with the Session once per frame:
status, message and turn note, which buttons are offered, the move list (ui.page.move_list) and
the score table."""

from __future__ import annotations

from pygame_core.ai.levels import LEVELS
from pygame_core.game import END_TURN, PASS, SWAP, GameState
from ui.i18n import _, number, say
from ui.page.dom_helpers import Dom
from ui.page.move_list import MoveList
from ui.play.saved_game import AI
from ui.play.session import Session
from ui.play.view import ending, seats_line, status

LEVEL_LABELS = {level.name: level.label for level in LEVELS.values()}


class SidePanel:
    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        # a puzzle or guided replay is on the board (ui.page.learn_panel): its result shows only
        # at its end, and there is no rematch or share of it
        self.lesson = False
        self.moves = MoveList(dom)

    def update(self, s: Session, thinking: bool, can_share: bool = False, clock_warning: str = "") -> None:
        """Show `s`; `thinking` while the computer searches its turn; `can_share` when the page
        can make a share link (the end-of-game panel offers it then); `clock_warning` after the
        status while a seat runs low on time (ui.page.clock_panel)."""
        dom, el = self.dom, self.dom.by_id
        state = s.live
        line = status(s)
        if thinking:
            line = _("{side} (computer) is thinking.", side=say(state.player_name(state.to_move)))
        dom.set_text("status", f"{line} {clock_warning}" if clock_warning else line)
        dom.set_text("message", say(s.message or s.note))
        # one line under the status: a refusal when there is one, else what the turn allows
        presentation = s.spec.presentation
        dom.set_text("turn-note", say(presentation.turn_note(state)) if s.humans_turn() and not s.message else "")
        dom.set_text("game-title", s.spec.title)
        dom.set_text("seats-line", seats_line(s, {name: say(label) for name, label in LEVEL_LABELS.items()}))
        for element_id, action in (("end-turn", END_TURN), ("pass", PASS), ("swap", SWAP)):
            el(element_id).hidden = not s.can(action)
        el("clear-turn").hidden = not s.pending
        el("undo").disabled = not s.can_undo()
        el("redo").disabled = not s.can_redo()
        el("resign").disabled = not s.can_resign()
        el("nav-first").disabled = el("nav-prev").disabled = s.cursor == 0
        el("nav-last").disabled = el("nav-next").disabled = s.at_end
        el("move-input").disabled = not s.humans_turn()
        el("move-input").placeholder = say(presentation.example_move) if presentation.example_move else _("move")
        self.moves.update(s)
        self._show_ending(s, can_share)
        _show_score(self.dom, state)
        dom.document.body.dataset.over = "yes" if s.is_over else "no"
        dom.document.body.dataset.computer = "yes" if any(seat.kind == AI for seat in s.seats) else "no"

    def _show_ending(self, s: Session, can_share: bool) -> None:
        """The end-of-game panel: result, reason, Rematch, Review this game, Share."""
        el = self.dom.by_id
        ended = None if self.lesson and not s.at_end else ending(s)
        el("game-over").hidden = ended is None
        if ended is None:
            return
        self.dom.set_text("game-over-result", say(ended.result))
        self.dom.set_text("game-over-reason", say(ended.reason))
        el("rematch").hidden = self.lesson
        el("share-game").hidden = self.lesson or not can_share


def _show_score(dom: Dom, state: GameState) -> None:
    """The game's live count, when it keeps one: totals, its note and one row per scoring unit
    under the columns the game declares."""
    table = state.spec.presentation.score_table(state)
    box = dom.by_id("score")
    box.hidden = table is None
    if table is None:
        return
    box.replaceChildren()
    dom.make("h2", box, _("Score {totals}", totals=" – ".join(f"{say(side)} {number(total)}" for side, total in table.totals)))
    dom.make("p", box, say(table.note))
    if not table.rows:
        return
    grid = dom.make("table", box)
    head = dom.make("tr", grid)
    for label in table.columns:
        dom.make("th", head, say(label))
    for row in table.rows:
        tr = dom.make("tr", grid)
        for value in row:
            dom.make("td", tr, say(value))
