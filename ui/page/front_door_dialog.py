"""The front door (#front-door-dialog): one block per game, each with "Play the computer" (a
level and your seat), "Play a friend on this device" and "Play a friend by link", and "Resume"
on the game in progress. Each level in the list shows your record at it, and the line under the
choices the chosen level in plain words (ui.play.results), refreshed each time the door opens.

A first visit opens on it; New game's "Quick start…" reaches it later. The blocks' markup comes
from ui.play.front_door.front_door_html, which the build writes into the page so that the door
shows before Python runs (assets/first-screen.mjs). This wires those same elements, and carries
out a choice the player made before Python was ready (`take_over`). The choices and the seats
they give live in ui.play.front_door (pure); a choice starts its game through the page's one
new-game path (PlayPage.new_game), which asks first when a game in progress would be replaced.
Loaded when first opened.
"""

from __future__ import annotations

from typing import Any, Callable

from pygame_core.ai.level_words import level_words
from pygame_core.ai.levels import DEFAULT_LEVEL, LEVELS
from pygame_core.game import GameSpec
from pygame_core.registry import all_games, find_game
from ui.i18n import say
from ui.page.page_api import Page
from ui.play.front_door import (CHOICES, LEARN, LEVEL_NOTE, RESUME, choice_name, computer_seats, default_players,
                                friend_seats, front_door_html, learn_words, link_seats, resume_name, seat_choices)
from ui.play.results import ResultsRecord, Tally, level_note, level_option
from ui.play.view import in_progress
from ui.saves.storage import BrowserStorage

FIRST_SCREEN = "__firstScreen"   # window property set by assets/first-screen.mjs


class FrontDoorDialog:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = dom = page.dom
        self.dialog = dom.by_id("front-door-dialog")
        self._resume: dict[str, Any] = {}   # game name -> its block's Resume button
        self._first: Any = None             # the first "Play the computer" button
        self._choices: dict[tuple[str, str], Callable[[], None]] = {}   # (game, button class) -> start
        self._levels: dict[str, Any] = {}   # game name -> its block
        self.results = ResultsRecord(BrowserStorage.for_page())
        dom.on_click(dom.by_id("front-door-close"), self._close)
        dom.on(self.dialog, "close", self._closed)
        box = dom.by_id("front-door-games")
        if box.querySelector(".front-door-game") is None:   # a page the build did not fill in
            box.innerHTML = front_door_html(all_games(), [(each.name, say(each.label)) for each in LEVELS.values()],
                                            DEFAULT_LEVEL, lambda spec: "")
        for spec in all_games():
            block = box.querySelector(f'section[data-game="{spec.name}"]')
            self._speak(block, spec)
            self._wire(block, spec)

    def open(self) -> None:
        """Show the blocks, with Resume on the game on the board while it is under way."""
        session = self.page.session
        for name in self._levels:
            self._show_levels(name)
        for name, button in self._resume.items():
            button.hidden = not (name == session.spec.name and in_progress(session))
        if not self.dialog.open:
            self.dialog.showModal()
        shown = self._resume.get(session.spec.name)
        (shown if shown is not None and not shown.hidden else self._first).focus()

    def take_over(self) -> bool:
        """Take the door from assets/first-screen.mjs: its listeners stop, and a choice the
        player made before Python was ready is carried out now. True when one was."""
        first_screen = getattr(self.dom.window, FIRST_SCREEN, None)
        if first_screen is None:
            return False
        choice = first_screen.handOver()
        if choice is None:
            return False
        start = self._choices.get((str(choice.game), str(choice.kind)))
        if start is None:
            return False
        start()
        return True

    def _wire(self, block: Any, spec: GameSpec) -> None:
        """One game's block: its buttons start the game with the level and seat chosen."""
        dom = self.dom
        level, yours = block.querySelector(".front-door-level"), block.querySelector(".front-door-seat")
        players = default_players(spec)
        starts = {
            "front-door-computer": lambda: self._start(spec, computer_seats(players, str(yours.value),
                                                                            str(level.value))),
            "front-door-friend": lambda: self._start(spec, friend_seats(players)),
            "front-door-link": lambda: self._start(spec, link_seats(players, str(yours.value))),
        }
        learn = block.querySelector(f".{LEARN}")
        if learn is not None:   # a game with tutorials
            starts[LEARN] = lambda: self._learn(spec)
        for kind, start in starts.items():
            dom.on_click(block.querySelector(f".{kind}"), start)
            self._choices[(spec.name, kind)] = start
        self._levels[spec.name] = block
        dom.on(level, "change", lambda event: self._show_levels(spec.name))
        self._resume[spec.name] = resume = block.querySelector(f".{RESUME}")
        dom.on_click(resume, self._close)
        if self._first is None:
            self._first = block.querySelector(".front-door-computer")

    @staticmethod
    def _speak(block: Any, spec: GameSpec) -> None:
        """The block's texts composed from parts (the seats, the buttons' names, Learn) in the
        page's language: the build wrote them in English, and the first screen's words may lack
        one (a page built before its catalog had it); Python's catalog has them all."""
        for kind, words in CHOICES:
            block.querySelector(f".{kind}").setAttribute("aria-label", choice_name(words, spec))
        block.querySelector(f".{RESUME}").setAttribute("aria-label", resume_name(spec))
        options = block.querySelector(".front-door-seat").querySelectorAll("option")
        for option, (_value, label) in zip(options, seat_choices(spec), strict=True):
            option.textContent = label
        learn = block.querySelector(f".{LEARN}")
        if learn is not None:
            learn.textContent = learn_words(spec)

    def _show_levels(self, game: str) -> None:
        """Your record next to each level of the game's list, and the chosen level's words."""
        block = self._levels[game]
        select, tallies = block.querySelector(".front-door-level"), self.results.tallies(game)
        for option in select.querySelectorAll("option"):
            option.textContent = level_option(say(LEVELS[str(option.value)].label), tallies.get(str(option.value), Tally()))
        chosen = LEVELS[str(select.value)]
        block.querySelector(f".{LEVEL_NOTE}").textContent = level_note(
            say(chosen.label), say(level_words(find_game(game), chosen)), tallies.get(chosen.name, Tally()), self.results.unread)

    def _start(self, spec: GameSpec, seats: tuple[Any, ...]) -> None:
        self.dialog.close()
        self.page.new_game(spec.name, {}, seats)
        self.page.refresh()

    def _learn(self, spec: GameSpec) -> None:
        self.dialog.close()
        self.page.open_tutorial(spec.name)
        self.page.refresh()

    def _close(self) -> None:
        self.dialog.close()
        self.page.refresh()

    def _closed(self, event: Any) -> None:
        """However the door closed (a choice, Resume, Escape), the keyboard goes on at the board,
        where the game is, rather than at the top of the page or New game; unless another
        dialog opened meanwhile (the question before a game in progress is replaced)."""
        if not self.dom.document.querySelector("dialog[open]"):   # JS null (jsnull) is falsy
            self.dom.by_id("board").focus()
