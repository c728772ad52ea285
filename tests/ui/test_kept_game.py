"""Issue 54 item 8: the game the analysis board kept, told and offered back on the plain page
(ui/saves/kept_away.py, ui/page/kept_game_notice.py on a fake document)."""

from __future__ import annotations

from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.registry import find_game
from test_saves_store import DictStorage
from ui.play.session import Session
from ui.saves.kept_away import KEPT_KEY, KeptAway
from ui.saves.store import SavesStore

KEPT_NAME = "Game kept while analysing"


def played(game: str, *turns: str) -> Session:
    session = Session(find_game(game))
    for turn in turns:
        session.play_turn(session.turn_start.parse_turn(turn))
    return session


@pytest.fixture
def storage() -> DictStorage:
    return DictStorage()


def kept_game(storage: DictStorage) -> tuple[KeptAway, str, Session]:
    """A SUSAN game of two moves, kept as the analysis board keeps it, and noted."""
    store = SavesStore(storage)
    mine = played("susan", "e5", "d4")
    key = store.save(mine.to_saved(), KEPT_NAME)
    kept = KeptAway(storage, store)
    kept.note(key)
    return kept, key, mine


def test_the_kept_game_waits_until_it_is_back_on_the_board_or_gone(storage: DictStorage) -> None:
    kept, key, mine = kept_game(storage)
    waiting = kept.waiting(on_board=Session(find_game("stymie")).game_id)   # the analysis game on the board
    assert waiting is not None and waiting[0] == key and waiting[1].record.turns == ("e5", "d4")
    assert kept.waiting(on_board=mine.game_id) is None   # it is the game on the board: forgotten
    assert KEPT_KEY not in storage.items
    kept.note(key)
    SavesStore(storage).delete(key)
    assert kept.waiting(on_board="another") is None and KEPT_KEY not in storage.items


def test_a_reload_of_the_analysis_board_does_not_hide_the_players_game(storage: DictStorage) -> None:
    """The analysis board's address reloaded keeps the analysis game as well: the game kept
    first, still waiting, stays the one the plain page offers."""
    kept, key, _ = kept_game(storage)
    analysis_copy = SavesStore(storage).save(played("stymie", "b2").to_saved(), KEPT_NAME)
    kept.note(analysis_copy)
    assert kept.key() == key


def test_a_storage_that_throws_notes_nothing_and_loses_nothing() -> None:
    broken = DictStorage(broken=True)
    kept = KeptAway(broken, SavesStore(broken))
    kept.note("abstract-games:save:1")
    assert kept.key() == "" and kept.waiting("x") is None


@pytest.fixture
def page(storage: DictStorage) -> Any:
    stub_browser_modules()
    from ui.page.play_page import PlayPage

    board = played("stymie", "b2")   # the analysis game the autosave resumed
    play_page = PlayPage(Document(), Window(), board)
    store = SavesStore(storage)
    play_page.on_new_session.append(lambda session: store.autosave(session.to_saved()))
    store.autosave(board.to_saved())
    return play_page


def test_the_plain_page_says_where_the_game_went_and_brings_it_back(page: Any, storage: DictStorage) -> None:
    from ui.page.kept_game_notice import ANALYSIS_NAME, offer_kept_game

    kept, key, mine = kept_game(storage)
    notice = offer_kept_game(page, storage, SavesStore(storage))
    assert notice is not None and page.dom.by_id("save-notice").following == [notice.box]
    assert notice.words.textContent == ("Your SUSAN game (2 moves) was kept when the analysis board opened: "
                                        f"it is in the saves list as “{KEPT_NAME}”.")
    notice.back.fire("click")
    assert page.session.game_id == mine.game_id and page.session.turns == ("e5", "d4")
    names = [saved.name for _, saved in SavesStore(storage).saved_games()]
    assert names == [ANALYSIS_NAME]   # the copy is gone (the autosave holds the game); the analysis is kept
    assert notice.words.textContent.startswith("Your game is back on the board.") and notice.back.hidden
    assert offer_kept_game(page, storage, SavesStore(storage)) is None and KEPT_KEY not in storage.items
    assert key not in storage.items


def test_leave_it_there_keeps_the_game_in_the_list_and_says_no_more(page: Any, storage: DictStorage) -> None:
    from ui.page.kept_game_notice import offer_kept_game

    kept, key, _ = kept_game(storage)
    notice = offer_kept_game(page, storage, SavesStore(storage))
    assert notice is not None
    notice.leave.fire("click")
    assert notice.box.hidden and key in storage.items and offer_kept_game(page, storage, SavesStore(storage)) is None


def test_no_notice_without_a_kept_game(page: Any, storage: DictStorage) -> None:
    from ui.page.kept_game_notice import offer_kept_game

    assert offer_kept_game(page, storage, SavesStore(storage)) is None
