"""Each game's last New game choices: kept per game, never carried to another game, and a
damaged, unreadable or throwing storage only means the defaults."""

from __future__ import annotations

import json

import pytest

from ui.play.choice_memory import MEMORY_KEY, recall, remember
from ui.saves.storage import BrowserStorage

SEATS = ["human", "easy", "medium", "hard"]


class Backend:
    """A localStorage stand-in: a dict, or one that throws on every call."""

    def __init__(self, throws: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.throws = throws

    def _check(self) -> None:
        if self.throws:
            raise RuntimeError("SecurityError: the operation is insecure")

    def getItem(self, key: str) -> str | None:
        self._check()
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self._check()
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self._check()
        self.items.pop(key, None)

    def key(self, index: int) -> str:
        return list(self.items)[index]

    @property
    def length(self) -> int:
        return len(self.items)


class FullBackend(Backend):
    """Reads work; every write is refused, as in a full store."""

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError("QuotaExceededError")


def test_each_game_gets_back_its_own_last_choices() -> None:
    storage = BrowserStorage(Backend())
    remember(storage, "susan", {"size": "6", "players": "4"}, ["human", "easy", "human", "hard"])
    remember(storage, "stymie", {"size": "12"}, ["hard", "human"])
    susan = recall(storage, "susan", SEATS)
    assert susan is not None and susan.options["size"] == 6 and susan.options["players"] == 4
    assert susan.seats == ["human", "easy", "human", "hard"]
    stymie = recall(storage, "stymie", SEATS)
    assert stymie is not None and stymie.options["size"] == 12 and stymie.seats == ["hard", "human"]
    assert recall(storage, "lisbon", SEATS) is None          # never chosen: its defaults


def test_a_later_choice_replaces_the_earlier_one_of_that_game_only() -> None:
    storage = BrowserStorage(Backend())
    remember(storage, "susan", {"size": "6"}, ["human", "easy"])
    remember(storage, "stymie", {"size": "4"}, ["human", "human"])
    remember(storage, "susan", {"size": "5"}, ["hard", "human"])
    susan = recall(storage, "susan", SEATS)
    assert susan is not None and susan.options["size"] == 5 and susan.seats == ["hard", "human"]
    stymie = recall(storage, "stymie", SEATS)
    assert stymie is not None and stymie.options["size"] == 4


@pytest.mark.parametrize("stored", [
    "not json", "[1, 2]", '{"susan": 3}', '{"susan": {"options": [], "seats": []}}',
    '{"susan": {"options": {"size": "99"}, "seats": ["human", "human"]}}',      # out of range
    '{"susan": {"options": {"colour": "red"}, "seats": ["human", "human"]}}',   # no such option
    '{"susan": {"options": {"size": 6}, "seats": ["human", "human"]}}',         # not as written
    '{"susan": {"options": {}, "seats": ["human", "wizard"]}}',                 # unknown player
    '{"susan": {"options": {}, "seats": ["human"]}}',                           # too few seats
    '{"susan": {"options": {}, "seats": ["human", "human"]}, "x": "' + "y" * 5000 + '"}',  # too long
])
def test_damaged_memory_means_the_defaults(stored: str) -> None:
    backend = Backend()
    backend.items[MEMORY_KEY] = stored
    storage = BrowserStorage(backend)
    assert recall(storage, "susan", SEATS) is None
    remember(storage, "stymie", {"size": "6"}, ["human", "human"])   # and it can be written again
    assert recall(storage, "stymie", SEATS) is not None


def test_a_throwing_or_full_storage_loses_nothing_but_the_memory() -> None:
    for backend in (Backend(throws=True), FullBackend()):
        storage = BrowserStorage(backend)
        remember(storage, "susan", {"size": "6"}, ["human", "easy"])    # no exception
        assert recall(storage, "susan", SEATS) is None


def test_what_is_written_is_plain_json_per_game() -> None:
    backend = Backend()
    remember(BrowserStorage(backend), "susan", {"size": "6"}, ["human", "easy"])
    assert json.loads(backend.items[MEMORY_KEY]) == {"susan": {"options": {"size": "6"}, "seats": ["human", "easy"]}}


def test_a_game_not_played_yet_follows_the_players_on_the_board() -> None:
    from ui.play.saved_game import AI, FRIEND, HUMAN, Seat
    from ui.play.setup import seats_like

    against = (Seat(HUMAN), Seat(AI, "hard"))
    assert seats_like(against, 2) == ["human", "hard"]
    assert seats_like(against, 4) == ["human", "hard", "hard", "hard"]
    assert seats_like((Seat(AI, "easy"), Seat(AI, "easy"), Seat(HUMAN)), 2) == ["easy", "human"]
    assert seats_like((Seat(HUMAN), Seat(HUMAN)), 3) == ["human"] * 3
    assert seats_like((Seat(HUMAN), Seat(FRIEND)), 2) == ["human"] * 2   # a friend is never assumed
