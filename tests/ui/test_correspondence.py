"""Play by link (issue 18), the pure part: game links, what an arriving link does to the game
kept here, the seats, the saves list, the email text and its import, the read-only embed."""

from __future__ import annotations

import random

import pytest

from pygame_core.record import Record, from_actions
from pygame_core.registry import GAME_NAMES, find_game
from pygame_core.random_play import random_turns
from ui.play.front_door import link_seats as front_door_link_seats
from ui.play.saved_game import AI, FRIEND, HUMAN, SavedGame, Seat, by_link
from ui.play.session import Session, rematch
from ui.play.setup import FRIEND_CHOICE, HUMAN_CHOICE, read_choice
from ui.saves.correspondence import (
    FOR_YOU, NEW, NEWER, OLDER, REWRITTEN, SAME, LinkError, LinkGame, arrival_message, arrive, decode_link, embed_snippet,
    encode_link, link_seats, link_url, message_text, receiver_seat, turn_note)
from ui.saves.embed import parse_embed
from ui.saves.exporting import import_game
from ui.saves.savefile import decode, encode
from ui.saves.store import SavesStore

GAME_ID = "a1b2c3d4e5f6"
SUSAN_WIN = ("c1", "i5", "h6", "h5", "i4")   # Black surrounds i5 on move 5


def susan(*turns: str) -> Record:
    return Record("susan", find_game("susan").resolve_options({}), turns)


def kept(*turns: str, mine: int = 0, opponent: str = "Bob") -> SavedGame:
    return SavedGame(susan(*turns), link_seats(2, mine), len(turns), game_id=GAME_ID, opponent=opponent)


class DictStorage:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


# --- the link -----------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_link_carries_the_id_and_the_whole_record(game: str) -> None:
    spec = find_game(game)
    start = spec.new_game({})
    record = Record(game, spec.resolve_options({}), tuple(from_actions(start, random_turns(start, random.Random(7), 12))))
    url = link_url("https://example.org/games/?x=1#old", GAME_ID, record)
    assert url.startswith("https://example.org/games/#c1." + GAME_ID + ".r1")
    assert decode_link(url.split("#", 1)[1]) == LinkGame(GAME_ID, record)


def test_a_link_is_read_in_canonical_notation() -> None:
    code = encode_link(GAME_ID, susan("d6")).replace("d6", "D6")
    assert decode_link(code).record.turns == ("d6",)


@pytest.mark.parametrize("code, words", [
    ("r1t.susan~~~d6", "should start with c1"),
    ("c9.a1b2.r1t.susan~~~d6", "newer than this page reads"),
    ("c0.a1b2.r1t.susan~~~d6", "does not exist"),
    ("c1.a b.r1t.susan~~~d6", "should start with c1"),
    ("c1.a1b2.r1t.susan~~~d6_d6", "does not load"),
    ("c1.a1b2.r1z.!!!", "does not load"),
    ("c1.a1b2." + "x" * 70_000, "more than"),
])
def test_a_bad_link_says_why(code: str, words: str) -> None:
    with pytest.raises(LinkError, match=words):
        decode_link(code)


def test_an_id_that_is_not_one_is_refused_when_making_a_link() -> None:
    with pytest.raises(ValueError):
        encode_link("not an id.", susan())


# --- arriving links -------------------------------------------------------------------------

def test_a_new_game_s_link_seats_its_reader_where_the_move_is() -> None:
    arrival = arrive(LinkGame(GAME_ID, susan("d6")), None)
    assert arrival.kind == NEW
    assert arrival.opened.seats == (Seat(FRIEND), Seat(HUMAN)) and arrival.opened.game_id == GAME_ID
    assert arrival.opened.cursor == 1
    assert arrival_message(arrival) == "Opened a game by link (1 move; Black played d6)."
    # no move yet (the sender plays second): the reader opens
    assert arrive(LinkGame(GAME_ID, susan()), None).opened.seats == (Seat(HUMAN), Seat(FRIEND))


def test_the_reader_of_a_finished_game_sits_after_the_last_mover() -> None:
    assert receiver_seat(susan(*SUSAN_WIN)) == 1


def test_a_newer_link_moves_the_kept_game_on() -> None:
    arrival = arrive(LinkGame(GAME_ID, susan("d6", "b5")), kept("d6"))
    assert arrival.kind == NEWER
    assert arrival.opened.record.turns == ("d6", "b5") and arrival.opened.cursor == 2
    assert arrival.opened.seats == link_seats(2, 0) and arrival.opened.opponent == "Bob"
    assert arrival_message(arrival) == "The game moved on: White played b5."


def test_the_same_link_again_changes_nothing() -> None:
    arrival = arrive(LinkGame(GAME_ID, susan("d6")), kept("d6"))
    assert arrival.kind == SAME and arrival.opened == kept("d6")


def test_an_older_link_does_not_roll_the_game_back() -> None:
    arrival = arrive(LinkGame(GAME_ID, susan("d6")), kept("d6", "b5", "c4"))
    assert arrival.kind == OLDER
    assert arrival.opened.record.turns == ("d6", "b5", "c4") and arrival.opened.cursor == 3
    assert "not rolled back" in arrival_message(arrival)


def test_a_rewritten_history_is_flagged_and_offered_apart() -> None:
    mine = kept("d6", "b5", "c4", "e5", mine=1)
    arrival = arrive(LinkGame(GAME_ID, susan("d6", "b5", "c5")), mine)
    assert arrival.kind == REWRITTEN and arrival.ply == 3
    assert arrival.opened == mine                       # the kept game, untouched
    separate = arrival.separate
    assert separate is not None and separate.record.turns == ("d6", "b5", "c5")
    assert separate.game_id != GAME_ID and separate.seats == mine.seats and separate.opponent == "Bob"
    message = arrival_message(arrival)
    assert "move 3 is 'c4' here but 'c5' in the link" in message and "not merged" in message


def test_a_link_that_moves_for_you_is_flagged_and_offered_apart() -> None:
    mine = kept("d6")                                     # you are Black; White (Bob) to move
    arrival = arrive(LinkGame(GAME_ID, susan("d6", "b5", "c4")), mine)   # c4 is Black's: yours
    assert arrival.kind == FOR_YOU and arrival.ply == 3 and arrival.opened == mine
    assert arrival.separate is not None and arrival.separate.record.turns == ("d6", "b5", "c4")
    assert arrival.separate.game_id != GAME_ID
    assert arrival_message(arrival).startswith("This link plays move 3 for you (Black): 'c4'")


def test_another_game_under_the_same_id_is_a_rewrite_too() -> None:
    stymie = Record("stymie", find_game("stymie").resolve_options({}), ("c3",))
    arrival = arrive(LinkGame(GAME_ID, stymie), kept("d6"))
    assert arrival.kind == REWRITTEN and arrival.ply == 0
    assert "a different game under the same id" in arrival_message(arrival)


# --- seats, the session, the new-game choices ---------------------------------------------

def test_a_friend_s_seat_is_never_played_here() -> None:
    session = Session.from_saved(kept("d6"))              # White (the friend) to move
    assert not session.humans_turn() and session.opponent_to_move() is None
    assert not session.ready() and "played by link" in session.message


def test_undo_takes_back_your_own_move_but_never_the_friend_s() -> None:
    session = Session.from_saved(kept("d6", "b5", "c4"))   # you (Black) played c4
    assert session.can_undo() and session.undo() and session.cursor == 2
    assert session.ready()                                  # and may play another move instead
    assert not session.can_undo() and not session.undo()   # b5 was the friend's
    session.goto(0)                                         # Black to move, before the friend's b5
    assert not session.ready() and "a friend's move stays" in session.message


def test_the_session_keeps_the_opponent_s_name() -> None:
    session = Session.from_saved(kept("d6", opponent="Ann"))
    assert session.to_saved().opponent == "Ann"
    again = rematch(session)   # colours swap, the friend stays the friend
    assert again.opponent == "Ann" and again.seats == (Seat(FRIEND), Seat(HUMAN))


def test_a_save_by_link_round_trips() -> None:
    saved = kept("d6", opponent="Ann")._replace(name="SUSAN by link")
    again = decode(encode(saved))
    assert again.seats == saved.seats and again.opponent == "Ann" and by_link(again)


def test_the_choices_that_start_a_game_by_link() -> None:
    choice = read_choice("susan", {}, [FRIEND_CHOICE, HUMAN_CHOICE], ["easy"])
    assert not isinstance(choice, str) and choice.seats == (Seat(FRIEND), Seat(HUMAN))
    assert isinstance(read_choice("susan", {}, [FRIEND_CHOICE, FRIEND_CHOICE], ["easy"]), str)
    assert isinstance(read_choice("susan", {}, [FRIEND_CHOICE, "easy"], ["easy"]), str)
    assert front_door_link_seats(2, "1") == (Seat(FRIEND), Seat(HUMAN))
    assert front_door_link_seats(3, "random", pick=lambda n: 2) == (Seat(FRIEND), Seat(FRIEND), Seat(HUMAN))
    assert Seat(AI, "easy") not in front_door_link_seats(2, "0")


# --- the saves list -----------------------------------------------------------------------

def test_games_by_link_are_kept_by_id_and_listed_with_whose_turn() -> None:
    times = iter(["2026-11-23T10:00:00Z", "2026-11-23T11:00:00Z", "2026-11-23T12:00:00Z"])
    store = SavesStore(DictStorage(), clock=lambda: next(times))
    key = store.keep_by_link(kept("d6"))
    assert store.keep_by_link(kept("d6")) == key            # nothing new: no write, same date
    other = store.keep_by_link(kept("d6")._replace(game_id="ffffffffffff", opponent="Cy"))
    assert other != key
    assert store.keep_by_link(kept("d6", "b5")) == key      # the same game moved on: updated in place
    entries = {entry.key: entry for entry in store.entries()}
    assert entries[key].moves == 2 and entries[key].result == "your move (Black)"
    assert entries[key].saved_at == "2026-11-23T12:00:00Z" and entries[key].opponent == "Bob"
    assert entries[key].by_link and entries[key].name == "SUSAN by link"
    assert entries[other].result == "Cy's move"
    assert store.find_by_link("000000000000") is None


def test_the_turn_note_names_the_result_at_the_end() -> None:
    assert turn_note(kept(*SUSAN_WIN)) == "Black won (Black surrounded i5)"
    assert turn_note(kept("d6", opponent="")) == "White's move"


# --- the message and the embed ------------------------------------------------------------

@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_message_imports_back_as_the_record(game: str) -> None:
    spec = find_game(game)
    start = spec.new_game({})
    turns = tuple(from_actions(start, random_turns(start, random.Random(3), 20)))
    saved = SavedGame(Record(game, spec.resolve_options({}), turns), link_seats(2, 0), len(turns), game_id=GAME_ID)
    text = message_text(saved, link_url("https://example.org/", GAME_ID, saved.record))
    assert f"Last move: {len(turns)} " in text and "Position:" in text and "#c1." + GAME_ID in text
    for pasted in (text, "\n".join("> " + line for line in text.splitlines())):   # as sent, as quoted back
        assert import_game(pasted, "susan").record == saved.record


def test_the_embed_shows_a_game_by_link_read_only() -> None:
    record = susan("d6", "b5")
    snippet = embed_snippet("https://example.org/play/#x", GAME_ID, record, "SUSAN")
    src = snippet.split('src="', 1)[1].split('"', 1)[0]
    assert src.startswith("https://example.org/play/?embed=1&pos=susan-") and "#c1." in src
    assert src.split("#")[0].endswith(":d6:b5")   # the position, painted before the runtime starts
    query, fragment = src.split("?", 1)[1].split("#", 1)
    config = parse_embed("?" + query, "#" + fragment, ("easy",))
    assert config.saved.record == record and config.saved.cursor == 2 and not config.messages
    assert config.saved.seats == (Seat(FRIEND), Seat(FRIEND))
    # in the record parameter as well, and a damaged one is named and the board still opens
    assert parse_embed("?embed=1&record=" + fragment).saved.seats == (Seat(FRIEND), Seat(FRIEND))
    assert "not loaded" in parse_embed("?embed=1&record=c1.abc.r1t.zzz").messages[0]


def test_the_embed_snippet_fits_a_phone() -> None:
    """Issue 38.17: no fixed 720 px width (a blog page on a 390 px phone would scroll sideways);
    the frame is as wide as the post, at most 720 px, and keeps its 720:560 shape."""
    snippet = embed_snippet("https://example.org/play/", GAME_ID, susan("d6"), "SUSAN")
    style = snippet.split('style="', 1)[1].split('"', 1)[0].replace(" ", "")
    assert "width:100%" in style and "max-width:720px" in style and "aspect-ratio:720/560" in style
    assert 'width="720"' in snippet and 'height="560"' in snippet   # where CSS is stripped
    assert "height:auto" in style     # the height attribute must not fix it once the width shrinks


def test_the_message_s_diagram_names_rows_as_the_moves_do() -> None:
    """Issue 38.18e: the rows of the diagram are labelled in lower case, as moves name them."""
    saved = kept("d6", "b5")
    text = message_text(saved, link_url("https://example.org/", GAME_ID, saved.record))
    diagram = text.split("Position:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    labels = [line.split()[0] for line in diagram if line.split()[0].isalpha()]
    assert labels == list("abcdefghi")
