"""Named saves and the autosave slot, kept as save-file JSON under namespaced storage keys.

The storage object is injected (the page passes its guarded localStorage wrapper, tests a dict
stand-in), so this runs under CPython. Storage may be missing, throw, or be full: every such
failure becomes a StoreError with a message and the game goes on. An entry that does not decode
is listed as damaged and never rewritten or removed unless the player deletes it. Reaching
storage (keys, texts, decoding, the index) is ui.saves.shelf's SaveShelf; this module decides
what the saves mean.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Callable, Collection, NamedTuple, Sequence

from pygame_core.game import GameState
from pygame_core.record import Record, SideLine, replay
from pygame_core.registry import find_game
from pygame_core.errors import as_text, text_of
from ui.i18n import N_, Text, _, ngettext
from ui.play.saved_game import HUMAN, SavedGame, by_link
from ui.saves.savefile import MAX_NAME_CHARS, SaveError, decode, encode
from ui.saves.shelf import AUTOSAVE_KEY, PREFIX, SAVE_PREFIX, SaveShelf, Storage, StoreError, check_key

__all__ = ["AUTOSAVE_KEY", "PREFIX", "SAVE_PREFIX", "SaveEntry", "SavesStore", "Storage", "StoreError",
           "clean_name", "continues", "utc_now", "whose_turn"]
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class SaveEntry(NamedTuple):
    """One line of the saves list. `problem` is set (and the rest mostly empty) for an entry
    that does not load; it stays in storage until the player deletes it."""

    key: str
    name: str = ""
    game: str = ""
    saved_at: str = ""
    moves: int = 0
    result: str = ""
    problem: str = ""
    opponent: str = ""   # a game by link: the friend's name ("" when none was typed)
    by_link: bool = False


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


class SavesStore:
    """The saves as the panels see them: the autosave slot shared by every tab, named saves,
    their list, games by link and a backup's restore. What sits where in storage, and every
    failure to reach it, is the SaveShelf's (ui.saves.shelf)."""

    def __init__(self, storage: Storage, levels: Collection[str] | None = None,
                 clock: Callable[[], str] = utc_now) -> None:
        self._storage = storage
        self._levels = levels
        self._clock = clock
        self._shelf = SaveShelf(storage, levels)
        self._autosave_off = ""  # why autosave must not write (a damaged autosave we could not keep)
        self._last_written: str | None = None  # the text this tab last put in the autosave slot
        self._listed: dict[str, tuple[str, SaveEntry]] = {}   # key -> (text, its entry), as last listed

    @property
    def available(self) -> bool:
        """False where the browser denies storage (a cross-site frame): saves are off."""
        return bool(getattr(self._storage, "available", True))

    # --- autosave -----------------------------------------------------------------------
    def autosave(self, saved: SavedGame) -> SavedGame | None:
        """Keep `saved` as the game to resume; StoreError when storage refuses.

        There is one autosave slot for every tab of the site. When it holds a game with moves
        that `saved` does not continue, written by another tab (or this tab's game continued
        differently in another), that game is first kept as a named save, so no tab's game is
        ever lost to another's autosave. Returns the game so kept, if any. A slot that holds
        `saved` already (the game just resumed) is not written again: a full store keeps it."""
        if self._autosave_off:
            raise StoreError(self._autosave_off)
        slot = self._shelf.read(AUTOSAVE_KEY)
        kept = None
        if slot is not None and slot != self._last_written:
            try:
                other = decode(slot, self._levels)
            except SaveError:
                other = None   # a damaged autosave was kept in the list by resume()
            if other is not None and encode(_stamped(saved, saved.name, other.saved_at)) == slot:
                self._last_written = slot
                return None
            kept = self._keep_other_tabs_game(saved, other)
        text = encode(_stamped(saved, saved.name, self._clock()))
        self._shelf.write(AUTOSAVE_KEY, text)
        self._last_written = text
        return kept

    def _keep_other_tabs_game(self, saved: SavedGame, other: SavedGame | None) -> SavedGame | None:
        """Keep `other` (the slot's game, written by another tab) when `saved` would replace
        a move of it that no save holds; returns it when kept."""
        if other is None or not other.record.turns or continues(saved, other) or by_link(other):
            return None   # (a game by link keeps its own save up to date: ui.page.link_panel)
        same_game = self._shelf.saves_of(other.game_id)
        if any(continues(earlier, other) for unused, earlier in same_game):
            return None   # already saved with all its moves (e.g. before a share link opened)
        self._keep(other, same_game)
        return other

    def _keep(self, other: SavedGame, same_game: list[tuple[str, SavedGame]]) -> None:
        """Store another tab's game as a named save: the one kept earlier of the same line of
        play is brought up to date, so tabs taking turns at the slot do not fill the list."""
        key = next((entry_key for entry_key, earlier in same_game
                    if earlier.kept and earlier.game_id == other.game_id and continues(other, earlier)),
                   None)
        name = _("{name}, kept from another tab", name=_default_name(other))
        self._shelf.write(key or self._shelf.new_key(), encode(_stamped(other._replace(kept=True), name, self._clock())))

    def resume(self) -> SavedGame | None:
        """The autosaved game, None when there is none. A damaged one raises StoreError and
        its text is kept, byte for byte, as a (damaged) entry of the saves list, so the next
        autosave does not destroy it; if even that copy fails, autosave stays off."""
        text = self._shelf.read(AUTOSAVE_KEY)
        if text is None:
            return None
        try:
            return decode(text, self._levels)
        except SaveError as exc:
            problem = Text(N_("the game saved from last time could not be restored: {problem}"),
                           {"problem": text_of(exc)})
        try:
            self._shelf.write(self._shelf.new_key(), text)
        except StoreError:
            self._autosave_off = Text(N_("autosave is off: {problem}"), {"problem": problem})
            raise StoreError(self._autosave_off) from None
        raise StoreError(Text(N_("{problem} (it is kept in the saves list)"), {"problem": problem}))

    # --- named saves --------------------------------------------------------------------
    def save(self, saved: SavedGame, name: str) -> str:
        """Store `saved` under a new key with the given name; returns the key."""
        name = clean_name(name) or _default_name(saved)
        key = self._shelf.new_key()
        self._shelf.write(key, encode(_stamped(saved, name, self._clock())))
        return key

    def saved_games(self) -> list[tuple[str, SavedGame]]:
        """(key, save) for every named save that loads (damaged ones are left out)."""
        return self.scan()[0]

    def scan(self) -> tuple[list[tuple[str, SavedGame]], int]:
        """(key, save) for every named save that loads, and how many are damaged."""
        return self._shelf.loaded(self._shelf.keys())

    def heard(self, key: str | None, text: str | None) -> None:
        """Another tab changed `key` to `text` (None: removed; key None: storage cleared)."""
        self._shelf.heard(key, text)

    def entries(self) -> list[SaveEntry]:
        """Every named save, in the saves list's order (see `page`)."""
        return self.page(0)[0]

    def page(self, first: int, count: int | None = None) -> tuple[list[SaveEntry], int]:
        """`count` entries of the saves list from its `first` (every one from there when None),
        and how many saves there are. The list is newest first by the date each save states,
        those that state none (damaged) last. Only the page's saves are decoded (a restored
        backup may hold 1,000: issue 54, item 16), and a save whose text is as when last
        listed is not decoded again."""
        keys = self._shelf.newest_first()
        for gone in set(self._listed).difference(keys):
            del self._listed[gone]
        entries = []
        for key in keys[first:] if count is None else keys[first:first + count]:
            text = self._shelf.read(key)
            if text is None:
                continue   # deleted meanwhile
            known = self._listed.get(key)
            if known is None or known[0] != text:
                try:
                    known = (text, _entry(key, self._shelf.decoded(text)))
                except StoreError as exc:
                    known = (text, SaveEntry(key, problem=text_of(exc)))
                self._listed[key] = known
            entries.append(known[1])
        return entries, len(keys)

    def load(self, key: str) -> SavedGame:
        check_key(key)
        return self._shelf.load(key)

    # --- games by link (ui.saves.correspondence) ------------------------------------------
    def find_by_link(self, game_id: str) -> tuple[str, SavedGame] | None:
        """The game by link kept under `game_id`: (key, game), or None."""
        return next(((key, saved) for key, saved in self._shelf.saves_of(game_id)
                     if saved.game_id == game_id and by_link(saved)), None)

    def keep_by_link(self, saved: SavedGame) -> str:
        """Keep a game by link under its id: its save is brought up to date (its name kept,
        its date now: the last activity), or made. Returns the key."""
        found = self.find_by_link(saved.game_id)
        if found and (found[1].record, found[1].seats, found[1].opponent) == (saved.record, saved.seats, saved.opponent):
            return found[0]   # nothing new: its date stays the last activity
        key, name = (found[0], found[1].name) if found else (self._shelf.new_key(), "")
        name = name or _("{game} by link", game=find_game(saved.record.game).title)
        self._shelf.write(key, encode(_stamped(saved, name, self._clock())))
        return key

    def restore(self, added: Sequence[SavedGame], replaced: Sequence[tuple[str, SavedGame]]) -> None:
        """Add saves and replace saves here (a backup's merge: ui.saves.backup), each keeping its
        name and date, all or nothing: when storage refuses one write (full), every write done
        so far is undone and StoreError says why."""
        done: list[tuple[str, str | None]] = []   # (key, its text before)

        def put(key: str, saved: SavedGame) -> None:
            check_key(key)
            before = self._shelf.read(key)
            self._shelf.write(key, encode(saved._replace(name=clean_name(saved.name) or _default_name(saved))))
            done.append((key, before))
        try:
            for key, saved in replaced:
                put(key, saved)
            for saved in added:
                put(self._shelf.new_key(), saved)   # each new key after the one just written
        except StoreError as exc:
            for key, before in reversed(done):
                try:
                    if before is None:
                        self.delete(key)
                    else:
                        self._shelf.write(key, before)
                except StoreError:
                    pass   # a removal makes room, so undoing our own writes does not fail in practice
            raise StoreError(Text(N_("nothing was restored: {problem}"), {"problem": text_of(exc)})) from None

    def rename(self, key: str, name: str) -> None:
        """Give a save a new name (its date is kept); a damaged save is left as it is."""
        saved = self.load(key)
        name = clean_name(name)
        if not name:
            raise StoreError(N_("a save needs a name"))
        self._shelf.write(key, encode(_stamped(saved, name, saved.saved_at)))

    def delete(self, key: str) -> None:
        """Remove this one save (damaged or not), nothing else."""
        check_key(key)
        self._shelf.remove(key)


def _entry(key: str, saved: SavedGame) -> SaveEntry:
    final = replay(saved.record)[-1]
    outcome = final.outcome
    if outcome is None:
        result = whose_turn(saved, final)
    elif outcome.is_draw:
        result = Text(N_("draw ({reason})"), {"reason": as_text(outcome.reason)})
    else:
        result = Text(N_("{players} won ({reason})"),
                      {"players": names_text(final, outcome.winners), "reason": as_text(outcome.reason)})
    return SaveEntry(key, saved.name, find_game(saved.record.game).title, saved.saved_at,
                     len(saved.record.turns), result, opponent=saved.opponent, by_link=by_link(saved))


def whose_turn(saved: SavedGame, final: GameState) -> Text:
    """'Black to move'; in a game by link 'your move (Black)' or 'Alice's move' (a Text: the
    page shows it with `say`)."""
    mover = as_text(final.player_name(final.to_move))
    if not by_link(saved):
        return Text(N_("{player} to move"), {"player": mover})
    if saved.seats[final.to_move].kind == HUMAN:
        return Text(N_("your move ({player})"), {"player": mover})
    return Text(N_("{player}'s move"), {"player": saved.opponent or mover})


def names_text(state: GameState, seats: Sequence[int]) -> Text:
    """The players in `seats` as one text: 'Black', 'White and Red' (each name translatable)."""
    together = as_text(state.player_name(seats[0]))
    for seat in seats[1:]:
        together = Text(N_("{first} and {second}"), {"first": together, "second": as_text(state.player_name(seat))})
    return together


def continues(later: SavedGame, earlier: SavedGame) -> bool:
    """True when `later` is `earlier`'s game with the same or more moves: same start, options
    and id, and every move of `earlier`, side lines included, in `later` (in any of its lines:
    a side line promoted in one tab and its main line played on in another both count)."""
    a, b = later.record, earlier.record
    same_game = later.game_id == earlier.game_id or not (later.game_id and earlier.game_id)  # "" = saved before ids
    if not (same_game and a.game == b.game and a.start == b.start and dict(a.options) == dict(b.options)):
        return False
    ids: dict[tuple[int, str], int] = {}
    return positions(b, ids) <= positions(a, ids)


def positions(record: Record, ids: dict[tuple[int, str], int]) -> set[int]:
    """Every position after a move in `record`'s tree as a number: the same number in any record
    read with the same `ids` for the same moves from the start, whichever line holds them."""
    found: set[int] = set()

    def line(before: int, first: int, turns: Sequence[str], side_lines: Sequence[SideLine]) -> None:
        path = [before]   # path[i]: the position before turn first + i
        for text in turns:
            path.append(ids.setdefault((path[-1], text), len(ids) + 1))
        found.update(path[1:])
        for side in side_lines:   # nested no deeper than MAX_DEPTH (checked when read)
            line(path[side.at - first], side.at, side.turns, side.side_lines)

    line(0, 1, record.turns, record.side_lines)
    return found


def _stamped(saved: SavedGame, name: str, when: str) -> SavedGame:
    return saved._replace(name=name, saved_at=when)


def _default_name(saved: SavedGame) -> str:
    moves = len(saved.record.turns)
    return ngettext("{game}, {n} move", "{game}, {n} moves", moves, game=find_game(saved.record.game).title)


def clean_name(name: str) -> str:
    """A name typed by the player as a save keeps it: no control characters, short."""
    return _CONTROL.sub(" ", name).strip()[:MAX_NAME_CHARS]
