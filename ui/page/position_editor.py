"""The position editor of the analysis board: stones, side to move, options and facets.

Everything it offers comes from the game's spec: the stones and the facets from its position
rules (`GameSpec.position`), the options from its OptionSpecs. While it is open a tap or Enter on
a board cell places the chosen stone there (the page's `cell_tap`), and the board shows the
position as it is made; what is still wrong is listed in the rules' words, and Done leaves only
with a position a game can reach. Pasted text (a diagram or a record) is read by
pygame_core.position.read_pasted; its errors are shown as text, never as HTML.
"""

from __future__ import annotations

from typing import Any

from pygame_core.errors import RecordError
from pygame_core.facets import Facet
from pygame_core.game import GameState
from pygame_core.position import Draft, read_pasted
from ui.i18n import _, say
from ui.play.analysis import inferred_words, over_words, shown_draft
from ui.play.error_words import error_words
from ui.play.setup import fields

REMOVE = "remove"
MAX_SHOWN = 8   # problems listed at once (a long pasted facet could name hundreds)


class PositionEditor:
    """The editor's panel under the analysis bar, and the draft it edits."""

    def __init__(self, analysis: Any) -> None:
        self.analysis = analysis
        self.page = analysis.page
        self.dom = analysis.page.dom
        self.draft: Draft | None = None
        self.before: GameState | None = None   # the position shown when the editor opened
        self._build()

    def _build(self) -> None:
        make, button = self.dom.make, self.dom.button
        self.panel = make("section", None, id="position-editor", class_="position-editor",
                          aria_labelledby="editor-title")
        self.panel.hidden = True
        self.analysis.bar.after(self.panel)
        make("h2", self.panel, _("Set up a position"), id="editor-title")
        make("p", self.panel, _("Choose a stone, then tap cells (or use the arrow keys and Enter on the "
                               "board): a tap puts the stone there, a second tap takes it away."),
             class_="coach-source")
        self.palette = make("fieldset", self.panel, id="editor-palette")
        self.to_move = make("select", self._labelled(_("Side to move")), id="editor-to-move")
        self.dom.on(self.to_move, "change", self._side_changed)
        self.options = make("fieldset", self.panel, id="editor-options")
        self.dom.on(self.options, "change", self._options_changed)
        self.facets = make("fieldset", self.panel, id="editor-facets")
        self.dom.on(self.facets, "change", self._facet_changed)
        self.inferred = make("p", self.panel, id="editor-inferred", class_="coach-source")
        starts = make("div", self.panel, class_="coach-buttons", role="group", aria_label=_("Start from"))
        button(starts, _("Empty board"), self._empty, id="editor-empty")
        button(starts, _("Current game"), self._current, id="editor-current")
        self.paste = make("textarea", self._labelled(_("Paste a diagram or a game record")), id="editor-paste",
                          rows="4", spellcheck="false")
        button(self.panel, _("Read pasted text"), self._read_paste, id="editor-read")
        self.problems = make("ul", self.panel, id="editor-problems", class_="message", aria_live="polite")
        self.result = make("p", self.panel, id="editor-result", role="status")
        ends = make("div", self.panel, class_="coach-buttons", role="group", aria_label=_("Leave the editor"))
        button(ends, _("Done"), self.done, id="editor-done")
        button(ends, _("Cancel"), self.cancel, id="editor-cancel")

    def _labelled(self, text: str) -> Any:
        return self.dom.make("label", self.panel, text + " ")

    # --- opening and closing ------------------------------------------------------------------
    def open(self, state: GameState) -> None:
        """Edit a copy of `state` (the position on the analysis board)."""
        self.before = state
        self._set(Draft.of_state(state))
        self.panel.hidden = False
        self.page.cell_tap = self.tap
        self.dom.by_id("editor-title").scrollIntoView()

    def close(self) -> None:
        self.panel.hidden = True
        self.page.cell_tap = None

    def done(self) -> None:
        """Leave the editor with the position on the board, unless it is not one a game reaches."""
        if self.draft is None:
            return
        try:
            state = self.draft.state()
        except ValueError:
            self.problems.focus()
            return
        self.close()
        self.analysis.show(state)
        self.analysis.say(over_words(state) or _("The position is set up: play a move for either side."))

    def cancel(self) -> None:
        self.close()
        if self.before is not None:
            self.analysis.show(self.before)

    # --- the draft ------------------------------------------------------------------------------
    def _set(self, draft: Draft) -> None:
        """Edit `draft`: its palette, side to move, options and facets, shown on the board."""
        self.draft = draft
        self._fill_palette(draft)
        self.to_move.replaceChildren()
        self.dom.options(self.to_move, [(side.name, say(side.name)) for side in draft.sides])
        self.to_move.value = draft.to_move
        self._fill_options(draft)
        self._fill_facets(draft)
        self._changed()

    def _fill_palette(self, draft: Draft) -> None:
        self.palette.replaceChildren()
        self.dom.make("legend", self.palette, _("Stone to place"))
        choices = [(side.symbol, _("{side} stone", side=say(side.name))) for side in draft.sides] + [
            (REMOVE, _("Remove stones"))]
        for i, (value, text) in enumerate(choices):
            label = self.dom.make("label", self.palette, class_="toggle")
            radio = self.dom.make("input", label, type="radio", name="editor-stone", value=value,
                                  id=f"editor-stone-{i}")
            radio.checked = i == 0
            self.dom.make("span", label, " " + text)

    def _fill_options(self, draft: Draft) -> None:
        self.options.replaceChildren()
        self.options.hidden = not draft.spec.options
        self.dom.make("legend", self.options, _("Options (a change empties the board)"))
        for field in fields(draft.spec, draft.options):
            label = self.dom.make("label", self.options, say(field.label) + " ")
            if field.choices:
                control = self.dom.make("select", label, name=field.name)
                self.dom.options(control, [(choice, say(choice)) for choice in field.choices])
            else:
                control = self.dom.make("input", label, type="number", name=field.name)
                for attribute, value in (("min", field.minimum), ("max", field.maximum), ("step", field.step)):
                    if value is not None:
                        control.setAttribute(attribute, f"{value:g}")
            control.value = field.default
            self.dom.make("small", label, " " + say(field.help))

    def _fill_facets(self, draft: Draft) -> None:
        self.facets.replaceChildren()
        self.facets.hidden = not draft.facets
        self.dom.make("legend", self.facets, _("What the stones do not show"))
        for facet in draft.facets:
            self._facet_control(facet, draft.values.get(facet.name, facet.default))
        self._show_inferred(draft)

    def _show_inferred(self, draft: Draft) -> None:
        """The settings the player left to the stones show the stones' values, and say so."""
        implied = draft.inferred()
        for name, value in implied.items():
            control = self.facets.querySelector(f"[name={name}]")
            if control is not None:
                control.value = value
        self.inferred.textContent = inferred_words(draft.facets, implied)

    def _facet_control(self, facet: Facet, value: str) -> None:
        label = self.dom.make("label", self.facets, say(facet.label) + " ")
        if facet.choices:
            control = self.dom.make("select", label, name=facet.name)
            self.dom.options(control, [(choice, say(choice)) for choice in facet.choices])
        else:
            control = self.dom.make("input", label, name=facet.name, autocomplete="off", spellcheck="false")
        control.value = value
        self.dom.make("small", label, " " + say(facet.help))

    def _changed(self) -> None:
        """Show the draft on the board and say what is wrong with it, or how it ended."""
        draft = self.draft
        if draft is None:
            return
        self.analysis.show(shown_draft(draft))
        self._show_inferred(draft)
        self.problems.replaceChildren()
        problems = draft.problems()
        for problem in problems[:MAX_SHOWN]:
            self.dom.make("li", self.problems, _as_sentence(say(problem)))
        self.problems.setAttribute("tabindex", "-1")
        state = None if problems else draft.state()
        self.result.textContent = "" if state is None else over_words(state)

    # --- what the player does -------------------------------------------------------------------
    def tap(self, cell: int) -> None:
        """A tap or Enter on `cell`: the chosen stone goes there (or comes off)."""
        if self.draft is None:
            return
        chosen = self.palette.querySelector("input:checked")
        symbol = str(chosen.value) if chosen is not None else REMOVE
        self.draft.place(cell, self.draft.rules.empty if symbol == REMOVE else symbol)
        self._changed()

    def _side_changed(self, event: Any) -> None:
        if self.draft is not None:
            self.draft.turn_to(str(self.to_move.value))
            self._changed()

    def _facet_changed(self, event: Any) -> None:
        if self.draft is not None:
            self.draft.choose(str(event.target.name), str(event.target.value))
            self._changed()

    def _options_changed(self, event: Any) -> None:
        """A new option: an empty board of the game with these options (a bad number is said)."""
        if self.draft is None:
            return
        raw = {str(c.name): str(c.value) for c in self.options.querySelectorAll("select, input")}
        try:
            draft = Draft(self.draft.spec, raw)
        except ValueError as exc:
            self._problem(error_words(exc))
            return
        self._set(draft)

    def _empty(self) -> None:
        if self.draft is not None:
            self._set(Draft(self.draft.spec, self.draft.options))

    def _current(self) -> None:
        if self.before is not None:
            self._set(Draft.of_state(self.before))

    def _read_paste(self) -> None:
        if self.draft is None:
            return
        try:
            draft = read_pasted(self.draft.spec, self.draft.options, str(self.paste.value))
        except (RecordError, ValueError) as exc:
            self._problem(error_words(exc))
            return
        self._set(draft)

    def _problem(self, text: str) -> None:
        self.problems.replaceChildren()
        self.dom.make("li", self.problems, _as_sentence(text))


def _as_sentence(words: str) -> str:
    """A problem in the rules' words ("cell e5 is empty") as a line of the list."""
    return words[:1].upper() + words[1:] + "."
