"""The analysis board's decisions (ui/play/analysis.py) and its position links (ui/saves/share.py)."""

from __future__ import annotations

import pytest

from pygame_core.record import Record, Start, replay
from pygame_core.registry import find_game
from ui.play.analysis import (analysis_game, asked_game, carried_game, game_from_here, over_words, seats_from_here,
                              shown_position, wants_analysis)
from ui.play.saved_game import AI, HUMAN
from ui.play.session import Session
from ui.saves.share import ShareError, decode, encode, position_link, shared_game

SUSAN = find_game("susan")


@pytest.mark.parametrize(("search", "wanted"), [
    ("?analysis=1&game=lisbon", True), ("?game=lisbon&analysis=1", True), ("?analysis=0", False),
    ("", False), ("?analysis=yes", False), ("?embed=1", False)])
def test_which_addresses_ask_for_the_analysis_board(search: str, wanted: bool) -> None:
    assert wants_analysis(search) is wanted


def test_the_game_asked_for_or_plain_words_for_a_bad_one() -> None:
    assert asked_game("?analysis=1&game=STYMIE", SUSAN) is find_game("stymie")
    assert asked_game("?analysis=1", SUSAN) is SUSAN
    words = asked_game("?analysis=1&game=%3Cscript%3E" + "x" * 500, SUSAN)
    assert isinstance(words, str) and words.startswith("There is no game '<script>xx") and len(words) < 120


def test_a_position_link_opens_the_position_with_its_facets() -> None:
    lisbon = find_game("lisbon").new_game().play_turn("f6")
    mid_turn = lisbon.apply(lisbon.legal_actions()[0])   # White has placed one of two stones
    url = position_link("https://example.org/play/?game=susan&analysis=1#old", mid_turn)
    assert url.startswith("https://example.org/play/?analysis=1#r1")
    saved = shared_game(url.split("#")[1])
    state = Session.from_saved(saved).live
    assert state.position_rows() == mid_turn.position_rows() and state.turn_actions == mid_turn.turn_actions


def test_share_links_made_before_facets_still_open() -> None:
    """A link of the old form (rows and side to move, nothing after): literal, as links of before."""
    rows = SUSAN.new_game().play_turn("e5").position_rows()
    old = "r1t.susan~~" + "/".join(rows) + "_White~d4"
    assert decode(old) == Record("susan", SUSAN.resolve_options(), ("d4",), Start(tuple(rows), "White"))
    assert decode(encode(decode(old))) == decode(old)


def test_a_damaged_start_in_a_link_is_refused_in_words() -> None:
    rows = "/".join(SUSAN.new_game().position_rows())
    with pytest.raises(ShareError, match="start position is damaged"):
        decode(f"r1t.susan~~{rows}_Black_slides~")
    with pytest.raises(ShareError, match="does not load: slides in a row must be a whole number"):
        decode(f"r1t.susan~~{rows}_Black_slides=99~")


def test_the_analysis_game_has_people_everywhere_and_from_here_the_chosen_seats() -> None:
    state = replay(Record("susan", {"players": 3}, ("e5", "d4")))[-1]
    assert all(seat.kind == HUMAN for seat in analysis_game(state).seats)
    seats = seats_from_here(state, "easy")
    assert [s.kind for s in seats] == [AI, AI, HUMAN] and seats[0].level == "easy"
    session = Session.from_saved(game_from_here(state, seats))
    assert session.live.position_rows() == state.position_rows() and session.opponent_to_move() is None


def test_a_turn_half_made_is_analysed_with_its_stones() -> None:
    state = find_game("stymie").new_game({"size": 3}).play_turn("b2")
    half = state.apply(next(a for a in state.legal_actions() if a >= 0))
    assert half.turn_actions   # a pair may follow
    assert shown_position(half, state) is half
    session = Session.from_saved(analysis_game(half))
    assert session.live.turn_actions == half.turn_actions and session.live.legal_actions() == half.legal_actions()


def test_a_finished_position_says_its_result() -> None:
    board = SUSAN.new_game().board
    centre = board.cell("e5")
    assert centre is not None
    cells = ["."] * board.size
    cells[centre] = "o"
    for n in board.neighbours[centre]:
        cells[n] = "x"
    rows = tuple("".join(cells[c] for c in row) for row in board.rows)
    state = replay(Record("susan", {}, (), Start(rows, "White", (("slides", "0"),))))[0]
    assert over_words(state) == "This position is over: Black wins (Black surrounded e5)."


def test_analyse_carries_the_game_up_to_the_move_shown_and_steps_back_through_it() -> None:
    """Issue 54 item 5: four moves played, the third shown: the analysis board holds moves one
    to three (not "1. B a1" on a bare position), shown at the third, people in every seat."""
    game = Session(SUSAN)
    for move in ("e5", "d4", "c3", "f6"):
        game.play_turn(game.turn_start.parse_turn(move))
    game.goto(3)
    carried = carried_game(game)
    assert carried.turns == ("e5", "d4", "c3") and carried.cursor == 3
    assert carried.live.position_rows() == game.live.position_rows()
    assert all(seat.kind == HUMAN for seat in carried.seats)
    assert carried.goto(1) and carried.live.position_rows() == SUSAN.new_game().play_turn("e5").position_rows()


def test_analyse_carries_a_half_made_turn_and_a_set_up_start() -> None:
    """A LISBON turn half made stays half made; a game from a set-up position keeps its start."""
    lisbon = find_game("lisbon")
    start = lisbon.new_game().play_turn("f6")
    game = Session.from_saved(game_from_here(start, seats_from_here(start, "easy")))
    game.play_turn(game.turn_start.parse_turn("a1,c3"))
    game.play(game.live.legal_actions()[0])
    carried = carried_game(game)
    assert carried.turns == ("a1,c3",) and carried.pending == game.pending
    assert carried.record().start == game.record().start
    assert carried.live.position_rows() == game.live.position_rows() and carried.live.turn_actions == game.live.turn_actions
