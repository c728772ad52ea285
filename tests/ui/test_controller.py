"""The play session without a browser: clicks, multi-stone turns, refusals, history, seats."""

from __future__ import annotations

import pytest

from pygame_core.errors import IllegalMoveError, RecordError
from pygame_core.game import END_TURN, PASS, SWAP
from pygame_core.record import Record
from pygame_core.registry import find_game
from toy import SPEC as TOY
from ui.board.theme import LIGHT
from ui.play.player_input import click, drag, play_text, press
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat
from ui.play.session import Session, rematch
from ui.play.move_list import move_tree
from ui.play.view import board_view, status, targets

SUSAN = find_game("susan")


def cell(session: Session, name: str) -> int:
    found = session.live.board.cell(name)
    assert found is not None, name
    return found


def tap(session: Session, *names: str) -> None:
    """Click the cells named, each click accepted."""
    for name in names:
        assert click(session, cell(session, name)), session.message


# --- single-action turns (SUSAN) ---------------------------------------------------------------

def test_a_click_on_an_empty_cell_places_and_passes_the_turn() -> None:
    s = Session(SUSAN)
    tap(s, "e5")
    assert s.turns == ("e5",) and s.cursor == 1
    assert s.live.occupant(cell(s, "e5")) == 0 and s.live.to_move == 1
    assert status(s) == "White to move."
    assert board_view(s, LIGHT).last == (cell(s, "e5"),)


def test_slides_select_then_move_and_show_an_arrow() -> None:
    s = Session(SUSAN)
    tap(s, "e5", "a1")
    assert click(s, cell(s, "e5")) and s.selected == cell(s, "e5")
    assert targets(s) == frozenset(s.live.board.neighbours[cell(s, "e5")])
    tap(s, "e6")
    assert s.turns[-1] == "e5-e6" and s.selected is None
    view = board_view(s, LIGHT)
    assert view.arrow == (cell(s, "e5"), cell(s, "e6")) and view.last == (cell(s, "e6"),)


def test_clicking_the_selected_stone_again_drops_the_selection() -> None:
    s = Session(SUSAN)
    tap(s, "e5", "a1", "e5", "e5")
    assert s.selected is None and s.turns == ("e5", "a1")


def test_a_far_empty_cell_after_selecting_places_there() -> None:
    s = Session(SUSAN)
    tap(s, "e5", "a1", "e5", "i5")
    assert s.turns[-1] == "i5"


def test_drag_slides_and_refuses_non_neighbours() -> None:
    s = Session(SUSAN)
    tap(s, "e5", "a1")
    assert not drag(s, cell(s, "e5"), cell(s, "e8"))
    assert "cannot slide" in s.message
    assert drag(s, cell(s, "e5"), cell(s, "d5")) and s.turns[-1] == "e5-d5"


def test_an_occupied_cell_is_refused_in_the_rules_words() -> None:
    s = Session(SUSAN)
    tap(s, "e5")
    assert not click(s, cell(s, "e5"))
    assert "occupied" in s.message and s.turns == ("e5",)


def test_a_surround_ends_the_game_with_the_stone_highlighted() -> None:
    s = Session(SUSAN)
    # Black surrounds White's corner stone a1 (neighbours a2, b1, b2).
    tap(s, "a2", "a1", "b1", "i5", "b2")
    assert s.is_over
    assert status(s).startswith("Black wins")
    assert board_view(s, LIGHT).highlight == frozenset({cell(s, "a1")})
    assert not click(s, cell(s, "e5")) and s.message == "The game is over."
    assert targets(s) == frozenset()


def test_typed_moves_play_and_errors_are_text() -> None:
    s = Session(SUSAN)
    assert play_text(s, " E5 ")
    assert not play_text(s, "<b>z9</b>")
    assert "<b>z9</b>" in s.message
    assert not play_text(s, "e5") and "occupied" in s.message
    assert not play_text(s, "  ") and "e.g." in s.message
    assert s.turns == ("e5",)


def test_no_pass_button_in_susan() -> None:
    s = Session(SUSAN)
    assert not s.can(PASS) and not press(s, PASS)
    assert "not allowed" in s.message


# --- multi-stone turns (toy game) ---------------------------------------------------------------

def test_a_multi_stone_turn_stays_pending_until_it_ends() -> None:
    s = Session(TOY)
    tap(s, "a1")
    assert s.pending == (cell(s, "a1"),) and s.turns == ()
    assert s.can(END_TURN) and "1 stone placed" in status(s)
    view = board_view(s, LIGHT)
    assert view.pending == frozenset({cell(s, "a1")}) and view.occupants[cell(s, "a1")] == 0
    # targets: only cells not touching a1
    assert cell(s, "a2") not in view.targets and cell(s, "c2") in view.targets
    tap(s, "c2")            # second stone ends the turn by itself
    assert s.turns == ("a1,c2",) and s.pending == () and s.live.to_move == 1


def test_the_count_of_a_pending_turn_says_the_game_s_own_word() -> None:
    """STYMIE's rules call its stones pieces, so its status line does too (it said "stones")."""
    s = Session(find_game("stymie"))
    tap(s, "f6", "f8")
    assert status(s) == "Horz to move, 1 piece placed."


def test_end_turn_and_clear() -> None:
    s = Session(TOY)
    tap(s, "a1")
    assert s.clear_pending() and s.pending == () and s.live.occupant(cell(s, "a1")) is None
    tap(s, "a1")
    assert press(s, END_TURN) and s.turns == ("a1",)


def test_a_click_that_cannot_extend_the_turn_is_refused_with_the_rules_reason() -> None:
    s = Session(TOY)
    tap(s, "a1")
    assert not click(s, cell(s, "a2"))
    assert "touches a1" in s.message and s.pending == (cell(s, "a1"),)


def test_typing_replaces_the_pending_stones() -> None:
    s = Session(TOY)
    tap(s, "a1")
    assert play_text(s, "b2")
    assert s.turns == ("b2",)
    assert s.live.occupant(cell(s, "a1")) is None


def test_undo_first_takes_back_pending_stones_then_turns() -> None:
    s = Session(TOY)
    assert play_text(s, "a1") and play_text(s, "c2")
    tap(s, "b1")
    assert s.undo() and s.pending == () and s.cursor == 2
    assert s.undo() and s.cursor == 1
    assert s.redo() and s.cursor == 2
    assert not s.redo()


def test_playing_after_undo_drops_the_redo_tail() -> None:
    s = Session(TOY)
    for text in ("a1", "c2", "b1"):
        assert play_text(s, text)
    s.undo()
    s.undo()
    assert play_text(s, "b2")
    assert s.turns == ("a1", "b2") and not s.can_redo()


def test_pass_pass_ends_the_toy_game() -> None:
    s = Session(TOY)
    tap(s, "a1")
    press(s, END_TURN)
    assert press(s, PASS) and press(s, PASS)
    assert s.is_over and status(s) == "Black wins: more stones."


# --- history, seats, opponent -------------------------------------------------------------------

def test_goto_shows_an_earlier_position_and_keeps_the_record() -> None:
    s = Session(SUSAN)
    for name in ("e5", "a1", "e6"):
        tap(s, name)
    assert s.goto(1)
    assert s.live.occupant(cell(s, "a1")) is None and s.turns == ("e5", "a1", "e6")
    assert status(s).startswith("Move 1 of 3.")
    rows = [item for item, _ in move_tree(s)[1]]
    assert [r.text for r in rows] == ["e5", "a1", "e6"] and [r.letter for r in rows] == ["B", "W", "B"]
    assert [r.current for r in rows] == [True, False, False] and [r.future for r in rows] == [False, True, True]


def test_after_move_hooks_fire_on_every_change_of_record_or_cursor() -> None:
    s = Session(SUSAN)
    seen = []
    s.after_move.append(lambda session: seen.append((session.turns, session.cursor)))
    tap(s, "e5")
    s.undo()
    s.redo()
    s.goto(0)
    assert seen == [(("e5",), 1), (("e5",), 0), (("e5",), 1), (("e5",), 0)]


def opponent_game() -> Session:
    return Session(SUSAN, seats=(Seat(HUMAN), Seat(AI, "easy")))


def test_the_opponent_moves_only_at_the_end_of_the_record() -> None:
    s = opponent_game()
    assert s.opponent_to_move() is None
    tap(s, "e5")
    assert s.opponent_to_move() == Seat(AI, "easy")
    assert not click(s, cell(s, "a1")) and s.message == "It is the computer's move."
    s.play_turn([cell(s, "a1")])
    assert s.opponent_to_move() is None and s.humans_turn()
    assert "(computer)" not in status(s)


def test_undo_against_the_opponent_takes_back_its_reply_and_your_move() -> None:
    s = opponent_game()
    tap(s, "e5")
    s.play_turn([cell(s, "a1")])
    tap(s, "e6")
    s.play_turn([cell(s, "a5")])
    assert s.undo() and s.cursor == 2 and s.humans_turn()
    assert s.opponent_to_move() is None       # a redo tail exists: the opponent waits
    assert s.redo() and s.cursor == 4


def test_undo_while_the_opponent_thinks_takes_back_your_move() -> None:
    s = opponent_game()
    tap(s, "e5")
    assert s.opponent_to_move() is not None
    assert s.undo() and s.cursor == 0 and s.opponent_to_move() is None


def test_the_opponent_cannot_play_an_illegal_turn() -> None:
    s = opponent_game()
    tap(s, "e5")
    with pytest.raises(IllegalMoveError):
        s.play_turn([cell(s, "e5")])
    assert s.turns == ("e5",)


def test_resign_ends_the_game_and_undo_takes_it_back() -> None:
    s = Session(SUSAN)
    tap(s, "e5")
    assert s.resign()
    assert s.is_over and status(s) == "Black wins: White resigned."
    assert s.undo() and not s.is_over and s.cursor == 1


def test_resign_is_offered_only_once_there_is_a_move() -> None:
    s = Session(SUSAN)
    assert not s.can_resign() and not s.resign() and s.outcome is None
    tap(s, "e5")
    assert s.can_resign()
    s.goto(0)
    assert not s.can_resign()


def test_resign_during_the_opponents_move_is_the_persons() -> None:
    s = opponent_game()
    tap(s, "e5")
    assert s.resign() and s.outcome.winners == (1,)


def test_rematch_swaps_the_seats() -> None:
    s = Session(SUSAN, {"size": 6}, seats=(Seat(HUMAN), Seat(AI, "strong")))
    r = rematch(s)
    assert r.seats == (Seat(AI, "strong"), Seat(HUMAN)) and r.options["size"] == 6 and r.turns == ()


def test_saved_round_trip_keeps_record_seats_and_cursor() -> None:
    s = Session(SUSAN, {"players": 3}, seats=(Seat(HUMAN), Seat(AI, "easy"), Seat(HUMAN)))
    assert play_text(s, "e5")
    s.play_turn([cell(s, "b2")])
    assert play_text(s, "i5") and play_text(s, "e6")
    s.play_turn([cell(s, "b3")])
    s.goto(2)
    saved = s.to_saved()
    assert saved.cursor == 2 and saved.record.options["players"] == 3
    back = Session.from_saved(saved)
    assert back.turns == s.turns and back.cursor == 2 and back.seats == s.seats
    assert back.live.position_rows() == s.live.position_rows()


@pytest.mark.parametrize("saved", [
    SavedGame(Record("susan", {}, ("e5", "e5")), (Seat(), Seat()), 2),
    SavedGame(Record("susan", {}, ("e5",)), (Seat(), Seat()), 3),
    SavedGame(Record("susan", {}, ("e5",)), (Seat(),), 1),
    SavedGame(Record("chess", {}, ()), (Seat(), Seat()), 0),
])
def test_from_saved_refuses_a_broken_save(saved: SavedGame) -> None:
    with pytest.raises(RecordError):
        Session.from_saved(saved)


def test_wrong_number_of_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="3 seats"):
        Session(SUSAN, seats=(Seat(), Seat(), Seat()))


def test_swap_constant_is_not_offered_where_the_rules_have_none() -> None:
    assert not Session(TOY).can(SWAP)


# --- the real multi-stone games -------------------------------------------------------------------

def test_stymie_refusals_name_the_turn_shape_or_the_occupant() -> None:
    s = Session(find_game("stymie"), {"size": 3})
    assert play_text(s, "c5") and play_text(s, "a1")
    tap(s, "c3")
    assert not click(s, cell(s, "a1")) and s.message == "A1 is occupied by Horz."
    tap(s, "c1")
    assert not click(s, cell(s, "d4"))
    assert s.message.startswith("A triple is")
    tap(s, "b2")
    assert s.is_over and status(s) == "Vert wins: Vert connected top to bottom."
    assert board_view(s, LIGHT).highlight >= {cell(s, "c5"), cell(s, "c3"), cell(s, "c1")}


def test_stymie_swap_is_a_button_on_move_two_only() -> None:
    s = Session(find_game("stymie"), {"size": 3})
    assert not s.can(SWAP)
    tap(s, "c3")
    assert s.can(SWAP) and press(s, SWAP)
    assert s.turns == ("c3", "swap") and s.live.player_name(0) == "Horz"
    assert not s.can(SWAP)


def test_lisbon_turn_ends_by_itself_at_the_stone_limit() -> None:
    s = Session(find_game("lisbon"))
    tap(s, "h8")                       # turn 1: one stone
    assert s.turns == ("h8",)
    tap(s, "a1")
    assert s.pending and s.can(END_TURN)
    tap(s, "p1")
    assert s.turns == ("h8", "a1,p1") and not s.pending


def test_a_second_tap_on_the_stone_just_placed_ends_the_turn() -> None:
    """A STYMIE single in one gesture (a double tap) instead of a trip to End turn."""
    s = Session(find_game("stymie"), {"size": 8})
    tap(s, "h8")                       # Vert's opening single ends by itself
    tap(s, "a15")
    assert s.pending == (cell(s, "a15"),) and s.turns == ("h8",)
    tap(s, "a15")
    assert s.turns == ("h8", "a15") and not s.pending and s.live.to_move == 0


def test_a_second_tap_on_an_older_stone_of_the_turn_is_refused() -> None:
    s = Session(find_game("lisbon"))
    tap(s, "h8", "a1")
    assert not click(s, cell(s, "h8"))          # not this turn's stone: occupied
    assert s.pending == (cell(s, "a1"),) and "occupied" in s.message
    tap(s, "a1")                               # LISBON stops early the same way
    assert s.turns == ("h8", "a1")
