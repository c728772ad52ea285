"""Export and import: the record as the manual's listing or JSON, the board as an ASCII diagram,
and one reader for whatever a player pastes or picks (listing, record JSON, save file, share link).

Imports are outside data: each goes through the same checks as a save (sizes, game, options,
replay) and comes back as a whole SavedGame or a SaveError. Nothing here builds HTML; the page
shows imported text and messages as plain text only.
"""

from __future__ import annotations

import re
from typing import Collection

from pygame_core.errors import reads_outside_input, text_of
from pygame_core.game import GameState
from pygame_core.jsontext import load_json
from pygame_core.record import FORMAT as RECORD_FORMAT, Record, from_text, start_state, to_json, to_text
from ui.i18n import N_, Text
from ui.play.saved_game import SavedGame, Seat
from ui.saves.savefile import FORMAT as SAVE_FORMAT, MAX_CHARS, SaveError, check_record, checked_record, decode
from ui.saves.share import ShareError, is_share_code, shared_game

# A numbered line of a listing: "14 W  e5", "14. e5", "7 B f3" (a letter or a move after the number),
# also one that opens a side line ("( 3 B  c3"), or a line of side-line brackets alone.
_NUMBERED = re.compile(r"^\s*(?:\(\s*)*\d+\.?\s+[A-Za-z]|^\s*[()][\s()]*$")
_QUOTED = re.compile(r"^[ \t]*(?:>[ \t]?)+")  # an email reply's quote marks, "> " or ">> "
_GAME_HEADER = re.compile(r"^[ \t]*#[ \t]*game[ \t]*:", re.IGNORECASE | re.MULTILINE)  # [ \t]: linear


def record_text(record: Record) -> str:
    """The manual-style listing, with header lines naming the game and options."""
    return to_text(record)


def record_json(record: Record) -> str:
    return to_json(record)


def diagram_text(state: GameState) -> str:
    """The position as the manual draws it: the game's own labelled diagram where it has one,
    else a spaced diagram whose columns follow the cells' positions on the board."""
    own = getattr(state, "diagram", None)
    if callable(own):
        return "\n".join(own(labelled=True)) + "\n"
    return "\n".join(_placed_rows(state)) + "\n"


def _placed_rows(state: GameState) -> list[str]:
    """Each cell's symbol at its place on the board: one text line per height of cell centres,
    one column per half of the smallest horizontal step between side-by-side cells."""
    board = state.board
    symbol = {cell: ch for cells, row in zip(board.rows, state.position_rows(), strict=True) for cell, ch in zip(cells, row, strict=True)}
    xs, ys = zip(*board.centres, strict=True)
    level = sorted({round(y, 3) for y in ys})
    steps = [abs(xs[a] - xs[b]) for a in range(board.size) for b in board.neighbours[a]
             if abs(ys[a] - ys[b]) < 1e-3 and abs(xs[a] - xs[b]) > 1e-9]
    half = min(steps, default=2.0) / 2
    left = min(xs)
    grid: list[list[str]] = [[] for _ in level]
    for cell in sorted(range(board.size), key=lambda c: xs[c]):
        line = grid[level.index(round(ys[cell], 3))]
        column = round((xs[cell] - left) / half)
        line.extend(" " * (column - len(line)))
        line.append(symbol.get(cell, "?"))
    return ["".join(line).rstrip() for line in grid]


@reads_outside_input(SaveError, N_("the import"))
def import_game(text: str, current_game: str, levels: Collection[str] | None = None) -> SavedGame:
    """The game in pasted or loaded `text`: a share link or code, a save file, record JSON, or
    a listing (the manual's own pages work: prose and diagrams between numbered move lines
    are skipped). A listing without a `# game:` header is read as `current_game`.
    SaveError with the reason otherwise; the result opens at the last move unless it is a save."""
    if not isinstance(text, str):
        raise SaveError(N_("the import is not text"))
    text = text.strip().lstrip("\ufeff")
    if len(text) > MAX_CHARS:
        raise SaveError(Text(N_("the import is {length} characters long, more than {limit}"),
                             {"length": len(text), "limit": MAX_CHARS}))
    if not text:
        raise SaveError(N_("there is nothing to import"))
    share = text.rsplit("#", 1)[-1] if "#" in text and "\n" not in text else text
    if is_share_code(share):
        try:
            return shared_game(share)
        except ShareError as exc:
            raise SaveError(text_of(exc)) from None
    if text.startswith("{"):
        return _from_json(text, levels)
    return _opened(_listing(text, current_game))


def _from_json(text: str, levels: Collection[str] | None) -> SavedGame:
    try:
        kind = load_json(text).get("format")
    except (ValueError, AttributeError):
        kind = None
    if kind == SAVE_FORMAT:
        return decode(text, levels)
    if kind == RECORD_FORMAT:
        return _opened(checked_record(load_json(text)))
    raise SaveError(N_("this JSON is neither a saved game nor a game record of this site"))


def _listing(text: str, current_game: str) -> Record:
    """A listing, also as an email quotes it back (the game-by-link message: ui.saves.correspondence)."""
    text = "\n".join(_QUOTED.sub("", line) for line in text.splitlines())
    lines = text.splitlines()
    if any(_NUMBERED.match(line) for line in lines):
        lines = [line for line in lines if _NUMBERED.match(line) or line.lstrip().startswith("#")]
    game = None if _GAME_HEADER.search(text) else current_game
    try:
        record = from_text("\n".join(lines), game=game)
    except ValueError as exc:
        raise SaveError(Text(N_("the listing could not be read: {problem}"), {"problem": text_of(exc)})) from None
    return check_record(record)


def _opened(record: Record) -> SavedGame:
    players = start_state(record).num_players
    return SavedGame(record, tuple(Seat() for _ in range(players)), len(record.turns))
