"""Your record against the computer: wins, losses and draws per game and level, on this device.

What counts: a game with one person at this device and the computer, at one level, in every
other seat (a game by link, with friends at this device or with computers at different levels
is not a game against "the computer at a level"), ended while it is played here, by a move or
by a resignation (a loss). Each game counts once, by its id, and the first result it reaches is
the one kept: taking moves back and playing the end again, reloading, reopening the save or
restoring a backup never counts it again.

Kept under RESULTS_KEY as one entry per game (id -> game, level, result) rather than as totals,
so a backup's record merges with this device's exactly: the union by id, counting no game twice
(ui.saves.backup carries the entries). Each change reads the stored record afresh, so two tabs
never write over each other's results. Where storage is denied the record lives for the visit;
a write the browser refuses (full storage) leaves the record as it was, and nothing else is
touched. A stored record that does not read whole (damaged, too deeply nested, or written by a
newer version of this page) is never written over, as a damaged save is not (issue 54, item
14): it is left as it is, the games finished meanwhile are counted apart under APART_KEY, and
`unread` says so to the player. Pure: tested under CPython.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, NamedTuple

from pygame_core.ai.levels import DEFAULT_LEVEL
from pygame_core.jsontext import load_json
from ui.i18n import N_, _, ngettext, say
from ui.play.saved_game import AI, HUMAN
from ui.play.session import Session
from ui.play.storage_api import KeyValueStorage

RESULTS_KEY = "abstract-games:results"
APART_KEY = "abstract-games:results-apart"   # games counted while RESULTS_KEY does not read
WIN, LOSS, DRAW = "win", "loss", "draw"
VERSION = 1
MAX_GAMES = 100_000   # far more games than anyone plays; a bigger record is damaged
MAX_NAME = 40         # a game's, a level's or a game id's length

Entry = tuple[str, str, str]   # (game, level, result)


class Tally(NamedTuple):
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def words(self) -> str:
        """'3 wins, 1 loss' (draws only when there are some); '' for no games."""
        parts = [ngettext("{n} win", "{n} wins", self.wins), ngettext("{n} loss", "{n} losses", self.losses)] if (
            self.wins or self.losses) else []
        if self.draws:
            parts.append(ngettext("{n} draw", "{n} draws", self.draws))
        return ", ".join(parts)


def counted_result(session: Session) -> tuple[str, str] | None:
    """(level, result) when the game on the board is over and is one that counts (see the
    module's docstring), from the side of the person at this device; None otherwise."""
    outcome = session.outcome
    if outcome is None or not session.at_end:
        return None
    people = [seat for seat, who in enumerate(session.seats) if who.kind == HUMAN]
    computers = [who.level or DEFAULT_LEVEL for who in session.seats if who.kind == AI]
    if len(people) != 1 or len(people) + len(computers) != len(session.seats) or len(set(computers)) != 1:
        return None
    level = computers[0]
    result = DRAW if outcome.is_draw else WIN if people[0] in outcome.winners else LOSS
    return level, result


def entries_from_data(data: Any) -> dict[str, Entry]:
    """The record's entries from its plain data (stored or in a backup); anything damaged is
    left out, and a record that is not one at all reads as empty."""
    games = data.get("games") if isinstance(data, dict) and data.get("version") == VERSION else None
    if not isinstance(games, dict) or len(games) > MAX_GAMES:
        return {}
    found: dict[str, Entry] = {}
    for game_id, entry in games.items():
        if (isinstance(game_id, str) and 0 < len(game_id) <= MAX_NAME and isinstance(entry, list)
                and len(entry) == 3 and all(isinstance(part, str) and 0 < len(part) <= MAX_NAME for part in entry)
                and entry[2] in (WIN, LOSS, DRAW)):
            found[game_id] = (entry[0], entry[1], entry[2])
    return found


def entries_data(entries: Mapping[str, Entry]) -> dict[str, Any]:
    """The record as plain data, for storage and backups."""
    return {"version": VERSION, "games": {game_id: list(entry) for game_id, entry in entries.items()}}


NEWER = "newer"     # the stored record was written by a newer version of this page
DAMAGED = "damaged"
UNREAD = {   # ResultsRecord.unread's words for each
    NEWER: N_("Your earlier record against the computer here was written by a newer version of this page: it "
              "is kept as it is, and games finished now are counted apart."),
    DAMAGED: N_("Your earlier record against the computer here is damaged: it is kept as it is, and games "
                "finished now are counted apart."),
}


def read_record(raw: str | None) -> tuple[dict[str, Entry], str]:
    """(the entries that read, why the record did not read whole: NEWER, DAMAGED or "").
    An absent record reads whole, as empty."""
    if raw is None:
        return {}, ""
    try:
        data = load_json(raw)
    except ValueError:
        return {}, DAMAGED
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version > VERSION:
        return {}, NEWER
    entries = entries_from_data(data)
    games = data.get("games") if isinstance(data, dict) else None
    whole = version == VERSION and isinstance(games, dict) and len(entries) == len(games)
    return entries, "" if whole else DAMAGED


class ResultsRecord:
    """The record in the page's storage (for the visit only where storage is denied)."""

    def __init__(self, storage: KeyValueStorage) -> None:
        self.storage = storage
        self._visit: dict[str, Entry] = {}   # used only where storage is denied

    def entries(self) -> dict[str, Entry]:
        """Every counted game: id -> (game, level, result), read afresh (the record's own and
        those counted apart)."""
        if not self.storage.available:
            return dict(self._visit)
        record, apart = self._stored()
        return {**apart[0], **record[0]}

    @property
    def unread(self) -> str:
        """For the player: why the stored record is left as it is ("" when it reads whole)."""
        problem = self._stored()[0][1] if self.storage.available else ""
        return say(UNREAD[problem]) if problem else ""

    def _stored(self) -> tuple[tuple[dict[str, Entry], str], tuple[dict[str, Entry], str]]:
        """read_record of the record and of the games counted apart."""
        return read_record(self.storage.get(RESULTS_KEY)), read_record(self.storage.get(APART_KEY))

    def tally(self, game: str, level: str) -> Tally:
        return self.tallies(game).get(level, Tally())

    def tallies(self, game: str) -> dict[str, Tally]:
        """The game's record at each level it was played at (one read of the storage)."""
        found: dict[str, Tally] = {}
        for entry_game, level, result in self.entries().values():
            if entry_game == game:
                wins, losses, draws = found.get(level, Tally())
                found[level] = Tally(wins + (result == WIN), losses + (result == LOSS), draws + (result == DRAW))
        return found

    def add(self, game_id: str, game: str, level: str, result: str) -> bool:
        """Count one game's result unless its id is counted already; False when it was, or when
        the browser refused the write (the record stays as it was)."""
        return self.merge({game_id: (game, level, result)}) == 1

    def merge(self, entries: Mapping[str, Entry]) -> int:
        """Add the games not counted here yet (a backup's, or one just finished); how many were
        added (0 when the browser refused the write, or when neither the record nor the games
        counted apart read whole: nothing that did not read is written over)."""
        if not self.storage.available:
            new = {game_id: entry for game_id, entry in entries.items() if game_id not in self._visit}
            self._visit.update(new)
            return len(new)
        (record, problem), (apart, apart_problem) = self._stored()
        new = {game_id: entry for game_id, entry in entries.items() if game_id not in record and game_id not in apart}
        if not new or (problem and apart_problem):
            return 0
        try:
            if problem:
                self._write(APART_KEY, {**apart, **new})
                return len(new)
            self._write(RESULTS_KEY, {**apart, **record, **new})
        except ValueError:   # the browser refused the write (StorageError)
            return 0
        if apart:   # (the record reads again: the games counted apart are in it now)
            try:
                self.storage.remove(APART_KEY)
            except ValueError:
                pass   # harmless: a game counted in both is counted once, by its id
        return len(new)

    def _write(self, key: str, entries: Mapping[str, Entry]) -> None:
        self.storage.set(key, json.dumps(entries_data(entries), separators=(",", ":")))


def given_up(session: Session) -> bool:
    """Whether the game ended by the players' hand: a resignation or a loss on time."""
    return session.resigned is not None or session.clock is not None and session.clock.flagged is not None


class ResultsWatch:
    """Counts a game when it ends while played here: after a turn was played, a resignation
    made or a flag fallen, never when a finished game is merely shown (opened, reloaded, stepped through)."""

    def __init__(self, record: ResultsRecord) -> None:
        self.record = record
        self._session: Session | None = None
        self._seen: tuple[tuple[str, ...], bool] = ((), False)

    def started(self, session: Session) -> None:
        """A game was put on the board: what it holds now was not played here."""
        self._session = session
        self._seen = (session.turns, given_up(session))

    def moved(self, session: Session) -> None:
        """After a move, an undo or a jump: count the game if this ended it."""
        if session is not self._session:
            self.started(session)
            return
        seen, self._seen = self._seen, (session.turns, given_up(session))
        played = session.turns != seen[0] or (self._seen[1] and not seen[1])
        counted = counted_result(session) if played else None
        if counted is not None:
            self.record.add(session.game_id, session.spec.name, *counted)


def level_option(label: str, tally: Tally) -> str:
    """A level's entry in a list of levels: 'Hard — you: 3 wins, 1 loss' ('Hard' before a game);
    `label` is in the player's language already."""
    words = tally.words()
    return _("{level} — you: {record}", level=label, record=words) if words else label


def level_note(label: str, plain: str, tally: Tally, unread: str = "") -> str:
    """The chosen level in plain words, with the player's record at it (and, where the stored
    record does not read, ResultsRecord.unread and the games counted since); `label` and `plain`
    are in the player's language already."""
    words = tally.words()
    level = _("{level}: {plain}.", level=label, plain=plain)
    if unread:
        return f"{level} {unread}" + (" " + _("Counted since: {record}.", record=words) if words else "")
    return f"{level} " + (_("You: {record}.", record=words) if words else _("You have not played it here yet."))
