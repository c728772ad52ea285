"""Your openings: the dialog over the tree of the first turns of the player's saved games
(ui.play.openings), opened from Learn or the saves panel and loaded on first use.

The dialog walks the tree one turn at a time, as a move list does: the line so far as buttons
(each goes back there), the position after it (ui.play.openings_view's SVG), its games, results,
score and opponents, a button that opens it on the analysis board, and a table of the next turns
played, each a button. Every button is a real one, so the keyboard and a screen reader reach all
of it; the summary is a polite status line, said after each step. The saves are read afresh at
each opening and only read: a storage that throws says so here and changes nothing.
"""

from __future__ import annotations

from typing import Any

from pygame_core.ai.levels import LEVELS
from pygame_core.record import Record
from pygame_core.registry import all_games, find_game
from ui.i18n import _, ngettext
from ui.page.page_api import Page
from ui.play.error_words import error_words
from ui.play.openings import DEPTH, Branch, GameLine, TreeKey, game_line, tree_key, trees_of
from ui.play.openings_view import (against_words, games_words, line_words, position_svg, results_words,
                                   score_words, tree_name)
from ui.play.saved_game import SavedGame, Seat
from ui.play.session import Session
from ui.saves.storage import BrowserStorage
from ui.saves.shelf import SaveShelf, StoreError

Choice = tuple[str, TreeKey | None]   # a game's name and one of its trees (None: it has none)


class OpeningsDialog:
    """The dialog: `choices` lists every game's trees (one empty entry for a game without
    saved games), `path` the turns shown of the chosen tree."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = page.dom
        self.trees: dict[TreeKey, Branch] = {}
        self._read: dict[str, tuple[SavedGame, GameLine | None]] = {}   # a save's text -> its game and line
        self.choices: list[Choice] = []
        self.path: tuple[str, ...] = ()
        self._build()

    def _build(self) -> None:
        make, dom = self.dom.make, self.dom
        self.dialog = make("dialog", dom.by_id("dialogs"), id="openings-dialog", class_="openings-dialog",
                           aria_labelledby="openings-title")
        head = make("div", self.dialog, class_="dialog-head")
        make("h2", head, _("Your openings"), id="openings-title")
        dom.button(head, _("Close"), self.dialog.close, id="openings-close")
        make("p", self.dialog, _("The first {depth} turns of your saved games, each game once: how often you played "
                                 "each turn and how your games went after it. In a game between people at this "
                                 "device, the results are those of the side that moved first.", depth=DEPTH),
             class_="coach-source")
        label = make("label", self.dialog, _("Game"))
        self.select = make("select", label, id="openings-tree")
        dom.on(self.select, "change", lambda event: self._choose(int(self.select.value)))
        self.say = dom.status_line(self.dialog, "openings-status")
        self.empty = make("p", self.dialog, id="openings-empty")
        self.body = make("div", self.dialog, id="openings-body")
        self.line = make("nav", self.body, id="openings-line", aria_label=_("Your line"))
        dom.on(self.line, "click", self._line_clicked)
        here = make("div", self.body, class_="openings-here")
        self.board = make("div", here, id="openings-board")
        self.summary = make("p", here, id="openings-summary", role="status", aria_live="polite")
        dom.button(here, _("Open in the analysis board"), self.analyse, id="openings-analyse")
        table = make("table", self.body, id="openings-next")
        make("caption", table, _("Next turns"))
        row = make("tr", make("thead", table))
        for title in (_("Turn"), _("Games"), _("Your results"), _("Score"), _("Against")):
            make("th", row, title, scope="col")
        self.rows = make("tbody", table)
        dom.on(self.rows, "click", self._turn_clicked)
        self.table = table
        self.end = make("p", self.body, id="openings-end")

    # --- opening ------------------------------------------------------------------------------
    def open(self) -> None:
        """Read the saves, choose the tree of the game on the board and show its first turns."""
        self.say("")
        try:
            unread = self._read_saves()
        except StoreError as exc:
            self._read, unread = {}, 0
            self.say(_("Your saves could not be read: {problem}", problem=error_words(exc)))
        if unread:
            self.say(ngettext("{n} save could not be read and is left out.",
                              "{n} saves could not be read and are left out.", unread))
        self.trees = trees_of(self._read.values())
        self.choices = []
        for spec in all_games():
            keys = sorted((key for key in self.trees if key[0] == spec.name), key=lambda key: -self.trees[key].games)
            self.choices += [(spec.name, key) for key in keys] or [(spec.name, None)]
        self.select.replaceChildren()
        self.dom.options(self.select, ((str(number), self._choice_name(choice))
                                       for number, choice in enumerate(self.choices)))
        self.select.value = str(self._first_choice())
        self._choose(int(self.select.value))
        self.dialog.showModal()

    def _read_saves(self) -> int:
        """Read the named saves into `_read` (a save's text read before is not decoded and
        replayed again); returns how many could not be read (damaged, or refused)."""
        shelf = SaveShelf(BrowserStorage.for_page(), tuple(LEVELS))
        read: dict[str, tuple[SavedGame, GameLine | None]] = {}
        unread = 0
        for key in shelf.keys():
            text = shelf.read(key)
            try:
                if text is None:
                    raise StoreError(key)   # gone meanwhile, or the browser refused to read it
                known = self._read.get(text)
                if known is None:
                    saved = shelf.decoded(text)
                    known = (saved, game_line(saved))   # right after its decoding: not replayed again
                read[text] = known
            except StoreError:
                unread += 1
        self._read = read
        return unread

    def _choice_name(self, choice: Choice) -> str:
        name, key = choice
        if key is None:
            return _("{game}: no saved games", game=find_game(name).title)
        return _("{tree} ({games})", tree=tree_name(key), games=games_words(self.trees[key]))

    def _first_choice(self) -> int:
        """The tree of the game on the board (its options), else that game's first entry."""
        record = self.page.session.record()
        for wanted in (lambda choice: choice[1] == tree_key(record), lambda choice: choice[0] == record.game):
            found = next((number for number, choice in enumerate(self.choices) if wanted(choice)), None)
            if found is not None:
                return found
        return 0

    def _choose(self, number: int) -> None:
        self.chosen = self.choices[number]
        self.path = ()
        self.show()

    # --- one turn -----------------------------------------------------------------------------
    def show(self) -> None:
        """The chosen tree at `path`: the line, the position, its counts and the next turns."""
        name, key = self.chosen
        self.body.hidden, self.empty.hidden = key is None, key is not None
        if key is None:
            self.empty.textContent = (_("You have no saved {game} games yet. Save a game in “Saves, sharing and export” (or restore a "
                       "backup) and its first turns show here.", game=find_game(name).title))
            return
        branch = self.trees[key].find(self.path) or self.trees[key]
        self._fill_line()
        self.board.innerHTML = position_svg(key, self.path, self.page.theme)   # the renderer's markup, text escaped
        self.summary.textContent = _("{line}: {games}; {results}; score {score}; against {opponents}.",
                                     line=line_words(self.path), games=games_words(branch),
                                     results=results_words(branch.results), score=score_words(branch),
                                     opponents=against_words(branch))
        self.dialog.dataset.games = str(branch.games)   # a test hook, as the board's data-cells
        self._fill_rows(branch)

    def _fill_line(self) -> None:
        self.line.replaceChildren()
        for depth, turn in enumerate(("",) + self.path):
            button = self.dom.make("button", self.line, turn or _("Empty board"), type="button", class_="openings-step")
            button.dataset.depth = str(depth)
            if depth == len(self.path):
                button.setAttribute("aria-current", "step")

    def _fill_rows(self, branch: Branch) -> None:
        make = self.dom.make
        self.rows.replaceChildren()
        for child in branch.ranked():
            row = make("tr", self.rows)
            row.dataset.turn, row.dataset.games = child.turn, str(child.games)
            head = make("th", row, scope="row")
            make("button", head, child.turn, type="button", class_="openings-turn").dataset.turn = child.turn
            for text in (str(child.games), results_words(child.results), score_words(child), against_words(child)):
                make("td", row, text)
        self.table.hidden = not branch.children
        self.end.textContent = "" if branch.children else (
            _("No saved game goes on from here.") if len(self.path) < DEPTH
            else _("The tree stops after {depth} turns: open the position to look further.", depth=DEPTH))

    def _line_clicked(self, event: Any) -> None:
        button = event.target.closest("button")
        if button is not None:
            self.path = self.path[:int(button.dataset.depth)]
            self.show()
            self._focus()

    def _turn_clicked(self, event: Any) -> None:
        button = event.target.closest("button")
        if button is not None:
            self.path += (str(button.dataset.turn),)
            self.show()
            self._focus()

    def _focus(self) -> None:
        """Keep the keyboard in the dialog: on the first next turn, else on the line's last step."""
        target = self.rows.querySelector("button") or self.line.querySelector("[aria-current]")
        target.focus()

    # --- the analysis board -----------------------------------------------------------------
    def analyse(self) -> None:
        """Open the position shown on the analysis board, its turns in the move list."""
        key = self.chosen[1]
        if key is None:
            return
        spec = find_game(key[0])
        record = Record(spec.name, dict(key[1]), self.path)
        players = spec.new_state(record.options).num_players
        self.dialog.close()
        self.page.analysis().open(Session.from_saved(SavedGame(record, tuple(Seat() for unused in range(players)),
                                                               len(self.path))))
        self.page.refresh()
