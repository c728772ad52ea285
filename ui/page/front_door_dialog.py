"""The front door (#front-door-dialog): one block per game, each with "Play the computer" (a
level and your seat) and "Play a friend on this device", and "Resume" on the game in progress.

A first visit opens on it (ui/main.py, after the page is ready); New game's "Quick start…"
reaches it later. The choices and the seats they give live in ui.play.front_door (pure); a
choice starts its game through the page's one new-game path (PlayPage.new_game), which asks
first when a game in progress would be replaced. Loaded when first opened.
"""

from __future__ import annotations

from typing import Any

from pygame_core.ai.levels import DEFAULT_LEVEL, LEVELS
from pygame_core.game import GameSpec
from pygame_core.registry import all_games
from ui.page.page_api import Page
from ui.play.front_door import computer_seats, default_players, friend_seats, link_seats, seat_choices
from ui.play.view import in_progress


class FrontDoorDialog:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = dom = page.dom
        self.dialog = dom.by_id("front-door-dialog")
        self._resume: dict[str, Any] = {}   # game name -> its block's Resume button
        self._first: Any = None             # the first "Play the computer" button
        dom.on_click(dom.by_id("front-door-close"), self._close)
        box = dom.by_id("front-door-games")
        for spec in all_games():
            self._block(box, spec)

    def open(self) -> None:
        """Show the blocks, with Resume on the game on the board while it is under way."""
        session = self.page.session
        for name, button in self._resume.items():
            button.hidden = not (name == session.spec.name and in_progress(session))
        self.dialog.showModal()
        shown = self._resume.get(session.spec.name)
        (shown if shown is not None and not shown.hidden else self._first).focus()

    def _block(self, box: Any, spec: GameSpec) -> None:
        """One game: title, summary, level and seat choices, and its buttons."""
        dom, make = self.dom, self.dom.make
        title_id = f"front-door-{spec.name}"
        block = make("section", box, class_="front-door-game", data_game=spec.name, aria_labelledby=title_id)
        make("h3", block, spec.title, id=title_id)
        help_ = spec.presentation.help   # a game may come without rules help
        make("p", block, help_.summary if help_ is not None else "", class_="front-door-summary")
        choices = make("div", block, class_="front-door-choices")
        level = make("select", make("label", choices, "Level "), class_="front-door-level")
        dom.options(level, [(each.name, each.label) for each in LEVELS.values()])
        level.value = DEFAULT_LEVEL
        yours = make("select", make("label", choices, "You play "), class_="front-door-seat")
        dom.options(yours, seat_choices(spec))
        buttons = make("div", block, class_="dialog-buttons", role="group", aria_label=spec.title)
        players = default_players(spec)
        computer = dom.button(buttons, "Play the computer", lambda: self._start(
            spec, computer_seats(players, str(yours.value), str(level.value))),
            class_="front-door-computer", aria_label=f"Play the computer: {spec.title}")
        dom.button(buttons, "Play a friend on this device", lambda: self._start(spec, friend_seats(players)),
                   class_="front-door-friend", aria_label=f"Play a friend on this device: {spec.title}")
        dom.button(buttons, "Play a friend by link", lambda: self._start(spec, link_seats(players, str(yours.value))),
                   class_="front-door-link", aria_label=f"Play a friend by link: {spec.title}")
        self._resume[spec.name] = dom.button(buttons, "Resume", self._close, class_="front-door-resume",
                                             aria_label=f"Resume {spec.title}")
        if self._first is None:
            self._first = computer

    def _start(self, spec: GameSpec, seats: tuple[Any, ...]) -> None:
        self.dialog.close()
        self.page.new_game(spec.name, {}, seats)
        self.page.refresh()

    def _close(self) -> None:
        self.dialog.close()
        self.page.refresh()
