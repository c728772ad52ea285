"""The new-game dialog: game picker, the game's options and one player choice per seat.

The form's content and its checking come from ui.play.setup (pure); this module builds the
controls and starts the chosen game. Each game's last choices come back when it is picked
again (ui.play.choice_memory). Each computer level in the seats' lists shows your record at it
in the picked game, and the line under them the chosen levels in plain words (ui.play.results).
Loaded when the dialog is first opened.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from pygame_core.registry import all_games, find_game
from ui.i18n import say
from ui.page.page_api import Page
from ui.play.choice_memory import recall, remember
from ui.play.results import ResultsRecord, Tally, level_note, level_option
from ui.play.saved_game import AI
from ui.play.setup import (
    CUSTOM_CLOCK, HUMAN_CHOICE, Field, clock_choices, clock_value, fields, read_choice, read_clock, seat_choices,
    seat_labels, seats_like)


class NewGameDialog:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = dom = page.dom
        self.dialog = dom.by_id("new-game-dialog")
        from ui.saves.storage import BrowserStorage
        self.storage = BrowserStorage.for_page()
        self.results = ResultsRecord(self.storage)
        dom.on(dom.by_id("new-game-form"), "submit", self._submitted)
        dom.on(dom.by_id("setup-game"), "change", lambda e: self._fill(None))
        dom.on(dom.by_id("setup-options"), "change", lambda e: self._fill_seats(self._seat_values()))
        dom.on(dom.by_id("setup-seats"), "change", lambda e: self._show_levels())
        dom.on(dom.by_id("setup-clock"), "change", lambda e: self._show_custom())
        dom.on_click(dom.by_id("setup-cancel"), self._cancel)
        dom.on_click(dom.by_id("setup-front-door"), self._quick_start)

    def open(self) -> None:
        """Show the form preset to the game on the board (its clock too: None when it has none)."""
        self._fill(self.page.session.spec.name)
        clock = self.page.session.clock
        self.dom.by_id("setup-clock").value = clock_value(clock.control if clock is not None else None)
        if clock is not None and clock_value(clock.control) == CUSTOM_CLOCK:
            self.dom.by_id("setup-clock-minutes").value = str(clock.control.base_s // 60)
            self.dom.by_id("setup-clock-increment").value = str(clock.control.increment_s)
        self._show_custom()
        self.dom.set_text("setup-error", "")
        self.dialog.showModal()

    def _show_custom(self) -> None:
        """The minutes and seconds fields, shown while the Clock list says Custom."""
        self.dom.by_id("setup-clock-custom").hidden = str(self.dom.by_id("setup-clock").value) != CUSTOM_CLOCK

    def _cancel(self) -> None:
        self.dialog.close()
        self.page.refresh()

    def _quick_start(self) -> None:
        """The front door's short way (play the computer or a friend), Resume included."""
        self.dialog.close()
        self.page.open_front_door()

    def _levels(self) -> list[tuple[str, str]]:
        """(name, words) of each level, the words with your record in the picked game."""
        from pygame_core.ai.levels import LEVELS
        tallies = self.results.tallies(str(self.dom.by_id("setup-game").value))
        return [(level.name, level_option(say(level.label), tallies.get(level.name, Tally()))) for level in LEVELS.values()]

    def _show_levels(self) -> None:
        """The computer levels chosen in the seats, in plain words with your record at each."""
        from pygame_core.ai.level_words import level_words
        from pygame_core.ai.levels import LEVELS
        spec = find_game(str(self.dom.by_id("setup-game").value))
        tallies = self.results.tallies(spec.name)
        chosen = [LEVELS[value] for value in dict.fromkeys(self._seat_values()) if value in LEVELS]
        unread = self.results.unread
        self.dom.set_text("setup-level-note", " ".join(
            level_note(say(level.label), say(level_words(spec, level)), tallies.get(level.name, Tally()), unread)
            for level in chosen))

    def _fill(self, game: str | None) -> None:
        """Game picker, the game's options (from its OptionSpecs) and one control per seat,
        preset to the game on the board, else to the picked game's last choices."""
        picker = self.dom.by_id("setup-game")
        if picker.options.length == 0:
            self.dom.options(picker, [(spec.name, spec.title) for spec in all_games()])
            self.dom.options(self.dom.by_id("setup-clock"), clock_choices())
        if game is not None:
            picker.value = game
        spec = find_game(str(picker.value))
        session = self.page.session
        options: Mapping[str, Any] | None
        seats: Sequence[str | None]
        if spec.name == session.spec.name:
            options, seats = session.options, [s.level if s.kind == AI else HUMAN_CHOICE for s in session.seats]
        else:
            remembered = recall(self.storage, spec.name, self._seat_choices())
            options, seats = remembered if remembered is not None else (
                None, seats_like(session.seats, len(seat_labels(spec, {}))))
        box = self.dom.by_id("setup-options")
        box.replaceChildren()
        shown = fields(spec, options)
        for field in shown:
            self._option_control(box, field)
        self.dom.by_id("setup-options-group").hidden = not shown   # LISBON has none: no empty box
        self._fill_seats(seats)

    def _option_control(self, box: Any, field: Field) -> None:
        """A labelled <select> for listed choices, else a number input, with its help below."""
        label = self.dom.make("label", box, say(field.label) + " ")
        if field.choices:
            control = self.dom.make("select", label)
            self.dom.options(control, [(choice, say(choice)) for choice in field.choices])
        else:
            control = self.dom.make("input", label, type="number")
            for attribute, value in (("min", field.minimum), ("max", field.maximum), ("step", field.step)):
                if value is not None:
                    control.setAttribute(attribute, f"{value:g}")
        control.name = field.name
        control.value = field.default
        control.title = help_words = say(field.help)
        self.dom.make("small", label, help_words)

    def _raw_options(self) -> dict[str, str]:
        controls = self.dom.by_id("setup-options").querySelectorAll("select, input")
        return {str(c.name): str(c.value) for c in controls}

    def _seat_choices(self) -> list[str]:
        return [value for value, unused in seat_choices(self._levels())]

    def _seat_values(self) -> list[str]:
        return [str(c.value) for c in self.dom.by_id("setup-seats").querySelectorAll("select")]

    def _fill_seats(self, previous: Sequence[str | None]) -> None:
        """One control per seat of the picked game and options, keeping `previous` choices in
        order (a person for seats beyond them)."""
        spec = find_game(str(self.dom.by_id("setup-game").value))
        box = self.dom.by_id("setup-seats")
        box.replaceChildren()
        choices = seat_choices(self._levels())
        for i, name in enumerate(seat_labels(spec, self._raw_options())):
            label = self.dom.make("label", box, say(name) + " ")
            control = self.dom.make("select", label, name=f"seat{i}")
            self.dom.options(control, choices)
            control.value = previous[i] if i < len(previous) else HUMAN_CHOICE
            if not control.value:
                control.value = HUMAN_CHOICE
        self._show_levels()

    def _submitted(self, event: Any) -> None:
        event.preventDefault()
        seats = self._seat_values()
        choice = read_choice(str(self.dom.by_id("setup-game").value), self._raw_options(), seats,
                             [name for name, unused in self._levels()])
        if isinstance(choice, str):
            self.dom.set_text("setup-error", say(choice))
            return
        clock = read_clock(str(self.dom.by_id("setup-clock").value), choice.seats,
                           str(self.dom.by_id("setup-clock-minutes").value),
                           str(self.dom.by_id("setup-clock-increment").value))
        if isinstance(clock, str):
            self.dom.set_text("setup-error", clock)
            return
        remember(self.storage, choice.game, self._raw_options(), seats)
        self.dialog.close()
        self.page.new_game(choice.game, choice.options, choice.seats, clock)
