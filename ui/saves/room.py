"""What the player is told while the browser's storage for this site is full: which moves are
not kept, and what would make room. Pure (no DOM): ui/page/save_notice.py shows it by the board.

Why the advice depends on who holds the space: every page of one origin shares one store (all
the projects of a `user.github.io` site do), so a store filled by other pages is not helped by
deleting saved games here; then the one thing that keeps the game is downloading it.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol, Sequence

from ui.i18n import _
from ui.saves.store import PREFIX


class Listing(Protocol):
    """What is read of the storage: its keys and their texts (ui.saves.storage.BrowserStorage)."""

    def keys(self) -> list[str]: ...
    def get(self, key: str) -> str | None: ...


class Space(NamedTuple):
    """Characters stored (keys and texts) by this site's games, and by everything else."""

    ours: int
    others: int


class Words(NamedTuple):
    """The notice: a headline, what is and is not kept, and what to do."""

    headline: str
    kept: str
    advice: str


def space_used(storage: Listing) -> Space:
    """How the store's space is shared (read only when it is full: it reads every text)."""
    ours = others = 0
    for key in storage.keys():
        size = len(key) + len(storage.get(key) or "")
        if key.startswith(PREFIX):
            ours += size
        else:
            others += size
    return Space(ours, others)


def not_kept(kept: Sequence[str], turns: Sequence[str]) -> str:
    """Which moves of `turns` (the game on the board) the store does not hold, where it holds
    `kept` of the same game (its turns at the last save that worked)."""
    same = 0
    while same < min(len(kept), len(turns)) and kept[same] == turns[same]:
        same += 1
    if same == len(turns):
        return _("Your latest change is not saved.") if turns else _("This game is not saved.")
    if same == len(turns) - 1:
        return _("Move {move} is not saved.", move=len(turns))
    return _("Moves {first} to {last} are not saved.", first=same + 1, last=len(turns))


def advice(space: Space) -> str:
    """What makes room: deleting saves here, unless other pages hold most of the space."""
    if space.others > space.ours:
        return _("Most of this space is used by other pages of this website, not by your saved games, "
                 "so deleting saves here frees little. Download this game to keep it.")
    return _("Delete saved games you no longer need (in “Saves, sharing and export”) to make room, "
             "or download this game to keep it.")


def notice_words(problem: str, full: bool, kept: Sequence[str], turns: Sequence[str], space: Space) -> Words:
    """The notice while saving fails (`problem`: why the last autosave did not work, as a
    sentence) or the store is `full`; `kept` and `turns` as for `not_kept`."""
    help_now = advice(space) if full else _("{problem} Download this game to keep it.", problem=problem)
    if not problem:
        return Words(_("The browser's storage for this site is full."),
                     _("Your game is saved so far, but the next moves may not be."), help_now)
    title = (_("Your moves are not being saved: the browser's storage for this site is full.") if full
             else _("Your moves are not being saved."))
    return Words(title, _("{unsaved} If this page closes, they are lost.", unsaved=not_kept(kept, turns)), help_now)
