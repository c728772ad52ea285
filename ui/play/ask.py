"""The Ask box's commands: a typed question about the board, answered in words (ui.play.spoken).

A command is a word, in the page's language or in English, with a cell name after it where it
needs one ('row e5'); a cell name alone reads that cell. A command line was chosen over shortcut
keys because a screen reader passes every key typed into a text field to the page, so nothing
clashes with the reader's own keys or the page's. Pure: tested under CPython.
"""

from __future__ import annotations

import difflib
import unicodedata
from typing import Callable, Iterable

from pygame_core.game import GameState
from pygame_core.translatable import N_
from ui.i18n import _
from ui.play.session import Session
from ui.play import spoken

# the commands that read the whole board or the game: word -> answer
WHOLE: dict[str, Callable[[Session], str]] = {
    N_("position"): lambda s: spoken.position_words(s.live),
    N_("empty"): lambda s: spoken.empty_words(s.live),
    N_("last"): spoken.last_move_words,
    N_("threats"): lambda s: spoken.threat_words(s.live) or _("No threat to win at once."),
}
# the commands that read around one cell: word -> answer for (state, cell)
AT_CELL: dict[str, Callable[[GameState, int], str]] = {
    N_("cell"): spoken.cell_words,
    N_("row"): spoken.row_words,
    N_("group"): spoken.group_words,
}
HELP = N_("help")
NEAR_MISS = 0.8   # difflib's likeness a typed word needs to a command's ('postion' 0.93, 'row'/'rij' 0.33)


def commands_words() -> str:
    """The list of commands, as the help line and the answer to 'help' say it."""
    return _("Commands: {whole}; {at_cell} followed by a cell (e.g. {example}); a cell alone reads it.",
             whole=", ".join(_(word) for word in (*WHOLE, HELP)),
             at_cell=", ".join(_(word) for word in AT_CELL), example=_("row") + " e5")


def _folded(word: str) -> str:
    """`word` in lower case without its accents: 'Rangée' -> 'rangee', as a keyboard without
    accents types it."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def _command(word: str, keys: Iterable[str]) -> str | None:
    """The English key of the command `word` names, in the page's language or in English, its
    accents optional; else the one it is a letter or two off ('postion', 'vide' for 'vides'):
    a command only reads the board, so a near miss costs nothing."""
    names = {_folded(name): key for key in keys for name in (key, _(key))}
    near = difflib.get_close_matches(_folded(word), names, n=1, cutoff=NEAR_MISS)
    return names[near[0]] if near else None


def answer(session: Session, text: str) -> str:
    """The answer to the typed `text`: the words asked for, or what to type instead."""
    words = text.strip().lower().split()
    if not words:
        return commands_words()
    state = session.live
    if len(words) == 1:
        whole = _command(words[0], WHOLE)
        if whole is not None:
            return WHOLE[whole](session)
        if _command(words[0], (HELP,)) is not None:
            return commands_words()
        cell = state.board.cell(words[0])
        if cell is not None:
            return spoken.cell_words(state, cell)
    elif len(words) == 2:
        at_cell = _command(words[0], AT_CELL)
        if at_cell is not None:
            cell = state.board.cell(words[1])
            if cell is None:
                return _("There is no cell {cell} on this board.", cell=words[1])
            return AT_CELL[at_cell](state, cell)
    return _("I do not know “{asked}”. {commands}", asked=text.strip(), commands=commands_words())
