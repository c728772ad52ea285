"""Every game of this browser in one file, and that file merged back: the player's own copy of
their saves, for when the browser clears the site's storage (Safari does after seven days
without a visit; any browser may under storage pressure).

The file is a list of saves in the save file's own format (ui.saves.savefile), so each game is
checked by the same decoder as a save; reading trusts nothing and is all-or-nothing: one bad
game and the whole file is refused, with its number. Merging matches games by id: a game
already here (same id, same moves, seats and shown move) is skipped, so restoring twice adds
nothing; a save here that the file holds a different version of (same id and name, or the same
game by link) is only replaced after the player says so. The file's own repeats are restored
once and are not "already here"; saves of one game under different names stay apart. Pure:
tested under CPython.
"""

from __future__ import annotations

import json
from typing import Any, Collection, Iterable, Mapping, NamedTuple

from pygame_core.errors import quote, reads_outside_input, text_of
from pygame_core.jsontext import load_json
from pygame_core.record import to_data
from ui.i18n import N_, Text, _, ngettext
from ui.play.results import Entry, entries_data, entries_from_data
from ui.play.saved_game import SavedGame, by_link
from ui.play.streak import streaks_from_data
from ui.saves.savefile import FORMAT as SAVE_FORMAT, MAX_CHARS as MAX_SAVE_CHARS, SaveError, save_data, saved_from_data

FORMAT = "pygame-site-backup"
VERSION = 1
MAX_GAMES = 1000
MAX_CHARS = 10_000_000   # more than a browser's whole local storage (5 M characters) can hold
IN_PROGRESS_NAME = N_("Game in progress")   # written in the player's language; read back in any


class BackupError(ValueError):
    """A backup file could not be read or restored; the message is for the player."""


class Backup(NamedTuple):
    """What a backup file holds: its games, the record against the computer (id -> entry), and
    the best puzzle streaks (game -> length; none in a backup made before streaks)."""

    games: list[SavedGame]
    results: dict[str, Entry]
    streaks: dict[str, int]


def backup_text(saves: Iterable[SavedGame], in_progress: SavedGame | None, made_at: str,
                results: Mapping[str, Entry] | None = None, streaks: Mapping[str, int] | None = None) -> str:
    """The backup file: the named saves, then the game on the board (when it has a move) as a
    save named "Game in progress" (a restore never replaces the game on the board), the
    record against the computer and the best puzzle streaks."""
    games = list(saves)
    if in_progress is not None and in_progress.record.turns:
        games.append(in_progress._replace(name=in_progress.name or _(IN_PROGRESS_NAME),
                                          saved_at=in_progress.saved_at or made_at))
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "made_at": made_at,
                            "games": [save_data(game) for game in games]}
    if results:
        data["results"] = entries_data(results)
    if streaks:
        data["streaks"] = dict(streaks)
    return json.dumps(data, separators=(",", ":"))


def read_backup(text: str, levels: Collection[str] | None = None) -> list[SavedGame]:
    """Every game of a backup file, each checked as a save is; BackupError otherwise."""
    return read_backup_file(text, levels).games


@reads_outside_input(BackupError, N_("the backup"))
def read_backup_file(text: str, levels: Collection[str] | None = None) -> Backup:
    """A backup file's games, each checked as a save is (BackupError otherwise), and its record
    against the computer (what of it is damaged is left out)."""
    if not isinstance(text, str):
        raise BackupError(N_("the file is not text"))
    if len(text) > MAX_CHARS:
        raise BackupError(Text(N_("the file is {length} characters long, more than a backup can be ({limit})"),
                               {"length": len(text), "limit": MAX_CHARS}))
    try:
        data = load_json(text.lstrip("\ufeff"))
    except ValueError as exc:
        raise BackupError(Text(N_("the file is not a backup of this site: it is not JSON ({detail})"),
                               {"detail": quote(str(exc), 80)})) from None
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == SAVE_FORMAT:
        raise BackupError(N_("this file is one saved game, not a backup: open it with Import instead"))
    if kind != FORMAT:
        raise BackupError(N_("the file is not a backup of this site"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BackupError(N_("the backup has no valid version number"))
    if version > VERSION:
        raise BackupError(Text(N_("the backup is format version {version}, newer than this page reads ({supported})"),
                               {"version": quote(version), "supported": VERSION}))
    games = data.get("games")
    if not isinstance(games, list):
        raise BackupError(N_("the backup holds no list of games"))
    if len(games) > MAX_GAMES:
        raise BackupError(Text(N_("the backup holds {count} games, more than {limit}"),
                               {"count": len(games), "limit": MAX_GAMES}))
    return Backup([_game(number, item, levels) for number, item in enumerate(games, start=1)],
                  entries_from_data(data.get("results")), streaks_from_data(data.get("streaks")))


def _game(number: int, item: object, levels: Collection[str] | None) -> SavedGame:
    try:
        if len(json.dumps(item)) > MAX_SAVE_CHARS:
            raise SaveError(Text(N_("it is longer than a save can be ({limit} characters)"),
                                 {"limit": MAX_SAVE_CHARS}))
        return saved_from_data(item, levels)
    except SaveError as exc:
        raise BackupError(Text(N_("game {number} of the backup is not a valid save, so nothing was restored: {problem}"),
                               {"number": number, "problem": text_of(exc)})) from None


class RestorePlan(NamedTuple):
    """What restoring a backup does: saves to add, saves here to replace (key, the file's
    version; asked first), how many of the file's games are here already (in this browser),
    and how many repeat a game the file holds before them (restored once)."""

    added: tuple[SavedGame, ...]
    replaced: tuple[tuple[str, SavedGame], ...]
    already_here: int
    repeated: int = 0


def plan_restore(games: Iterable[SavedGame], stored: Iterable[tuple[str, SavedGame]],
                 in_progress: SavedGame | None = None) -> RestorePlan:
    """Merge a backup's games into the saves here (key, game) and the game on the board.

    Two saves of one game at one point under different names are two saves (the player kept
    both: no name is dropped); the same under the same name, or the game that was on the board
    ("Game in progress") beside a save of it, is one."""
    stored = list(stored)
    here = {_content(saved) for unused, saved in stored}
    if in_progress is not None:
        here.add(_content(in_progress))
    taken: dict[str, set[str]] = {}   # the file's games planned so far: content -> names
    added: list[SavedGame] = []
    replaced: dict[str, SavedGame] = {}
    already = repeated = 0
    for game in games:
        content = _content(game)
        if content in here:
            already += 1
            continue
        names = taken.setdefault(content, set())
        if game.name in names or (names and game.name in (IN_PROGRESS_NAME, _(IN_PROGRESS_NAME))):
            repeated += 1
            continue
        names.add(game.name)
        key = next((key for key, saved in stored if _same_save(game, saved) and key not in replaced), None)
        if key is None:
            added.append(game)
        else:
            replaced[key] = game
    return RestorePlan(tuple(added), tuple(replaced.items()), already, repeated)


def _content(saved: SavedGame) -> str:
    """What makes two saves the same game at the same point (its name and date aside)."""
    return json.dumps([saved.game_id, to_data(saved.record), list(saved.seats), saved.cursor, saved.opponent],
                      sort_keys=True)


def _same_save(a: SavedGame, b: SavedGame) -> bool:
    """Two versions of one save: the same game (by id) kept under the same name, or the same
    game by link (which keeps one save per game)."""
    return bool(a.game_id) and a.game_id == b.game_id and (a.name == b.name or (by_link(a) and by_link(b)))


def restore_words(plan: RestorePlan, results_added: int = 0) -> str:
    """What a restore did, for the status line (and how many games it added to the record
    against the computer)."""
    parts = []
    if plan.added:
        parts.append(ngettext("{n} game added", "{n} games added", len(plan.added)))
    if plan.replaced:
        parts.append(ngettext("{n} game replaced by the backup's version", "{n} games replaced by the backup's version",
                              len(plan.replaced)))
    if plan.already_here:
        parts.append(ngettext("{n} game already here", "{n} games already here", plan.already_here))
    if plan.repeated:
        parts.append(_("{count} repeated in the backup", count=plan.repeated))
    said = _("Restored: {parts}.", parts=", ".join(parts)) if parts else _("Restored: the backup holds no games.")
    if not results_added:
        return said
    return said + " " + ngettext("Your record against the computer: {n} game added.",
                                 "Your record against the computer: {n} games added.", results_added)
