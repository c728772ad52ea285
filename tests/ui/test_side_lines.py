"""Side lines instead of erasure (issue 39.2): a move from an earlier position keeps every move;
in a game the line played becomes the main line and the moves it replaces a side line (issue 54.9),
on the analysis board (`exploring`) the new move starts a side line; the session follows one line
of the tree (undo, redo, stepping); side lines can be shown, promoted and deleted; saves, share
links and exported listings keep them, and saves and links written before side lines existed
load unchanged."""

from __future__ import annotations

from types import SimpleNamespace

from fake_dom import stub_browser_modules
from pygame_core.record import MAX_DEPTH, Record, SideLine, to_text
from pygame_core.registry import find_game
from ui.play.confirm import delete_side_line
from ui.play.player_input import play_text
from ui.play.saved_game import AI, FRIEND, SavedGame, Seat
from ui.play.session import Session
from ui.saves.exporting import import_game
from ui.saves.savefile import decode, encode
from ui.saves.share import decode as decode_share, encode as encode_share

FINISHED = ("a2", "a1", "b1", "i5", "b2")   # Black surrounds a1 on move 5


def played(*turns: str, seats: tuple[Seat, ...] | None = None, exploring: bool = False) -> Session:
    session = Session(find_game("susan"), seats=seats)
    session.exploring = exploring
    for text in turns:
        assert play_text(session, text), session.message
    return session


def branched() -> Session:
    """The finished game on the analysis board with a side line c3 d4 for move 3, followed to its end."""
    session = played(*FINISHED, exploring=True)
    session.goto(2)
    assert play_text(session, "c3") and play_text(session, "d4")
    return session


def test_on_the_analysis_board_a_move_at_an_earlier_position_starts_a_side_line() -> None:
    session = branched()
    assert session.turns == ("a2", "a1", "c3", "d4") and session.at_end and not session.is_over
    record = session.to_saved().record
    assert record.turns == FINISHED and record.side_lines == (SideLine(3, ("c3", "d4")),)
    assert session.note == ""   # said when the side line started, gone with the next move


def test_the_board_says_a_side_line_started_and_the_moves_are_kept() -> None:
    session = played(*FINISHED, exploring=True)
    session.goto(2)
    assert play_text(session, "c3")
    assert session.note == "A side line starts at move 3: the moves it replaces stay in the move list."


def test_in_a_friend_game_the_line_played_on_is_the_game_and_the_old_moves_a_side_line() -> None:
    session = played(*FINISHED)
    session.goto(2)
    assert play_text(session, "c3")
    assert session.note == ("The game goes on from move 3: the moves it replaces stay in the move list"
                            " as a side line.")
    assert play_text(session, "d4")
    record = session.to_saved().record
    assert record.turns == ("a2", "a1", "c3", "d4") and record.side_lines == (SideLine(3, FINISHED[2:]),)
    assert session.to_saved().line == () and session.cursor == 4


def test_the_same_move_as_the_one_there_follows_it_to_the_end_of_its_line() -> None:
    session = played(*FINISHED)
    session.goto(2)
    assert play_text(session, "b1")
    assert session.turns == FINISHED and session.cursor == 3 and session.note == ""
    assert session.to_saved().record.side_lines == ()


def test_undo_and_redo_keep_to_the_line_followed() -> None:
    session = branched()
    session.undo()
    session.undo()
    assert session.cursor == 2 and session.turns == ("a2", "a1", "c3", "d4")
    session.redo()
    assert session.live == session.state_at(3) and session.turns[2] == "c3"
    session.goto(4)
    assert session.at_end and session.turns[-1] == "d4"


def test_clicking_a_move_of_another_line_follows_that_line() -> None:
    session = branched()
    main = session.tree.root.children[0].children[0].children[0]   # b1, move 3 of the main line
    session.show_node(main)
    assert session.cursor == 3 and session.turns == FINISHED
    side = session.tree.root.children[0].children[0].children[1].children[0]   # d4
    session.show_node(side)
    assert session.cursor == 4 and session.turns == ("a2", "a1", "c3", "d4")


def test_promoting_a_side_line_makes_it_the_main_line_and_the_old_one_a_side_line() -> None:
    session = branched()
    c3 = session.tree.line[3]
    session.rearrange(c3)
    record = session.to_saved().record
    assert record.turns == ("a2", "a1", "c3", "d4")
    assert record.side_lines == (SideLine(3, ("b1", "i5", "b2")),)
    assert session.turns == ("a2", "a1", "c3", "d4") and session.cursor == 4


def test_deleting_the_side_line_followed_goes_back_to_where_it_branched() -> None:
    session = branched()
    session.rearrange(session.tree.line[3], delete=True)
    assert session.to_saved().record == Record("susan", session.options, FINISHED)
    assert session.cursor == 2 and session.turns == FINISHED


def test_the_main_line_cannot_be_promoted_or_deleted() -> None:
    session = branched()
    b1 = session.tree.root.children[0].children[0].children[0]
    before = session.to_saved()
    session.rearrange(b1)
    session.rearrange(b1, delete=True)
    assert session.to_saved() == before


def test_after_a_take_back_against_the_computer_the_game_played_is_the_game() -> None:
    session = played(seats=(Seat(), Seat(AI, "easy")))
    for text in ("e5", "a1", "e6", "a5"):
        session.play_turn(session.turn_start.parse_turn(text))
    assert session.undo() and session.cursor == 2   # the take-back: your move and its reply
    assert session.opponent_to_move() is None   # looking back: it waits
    assert play_text(session, "i5")
    assert session.opponent_to_move() is not None   # at the end of the line now played
    for text in ("e9", "b3", "d2"):   # on further than the old line went
        session.play_turn(session.turn_start.parse_turn(text))
    assert session.record().turns == ("e5", "a1", "i5", "e9", "b3", "d2") and session.record().side_lines == ()
    saved = session.to_saved()
    assert saved.record.turns == ("e5", "a1", "i5", "e9", "b3", "d2")   # saved, listed, exported by these
    assert saved.record.side_lines == (SideLine(3, ("e6", "a5")),) and saved.line == ()


def test_a_save_keeps_the_tree_the_line_followed_and_the_position_shown() -> None:
    session = branched()
    session.goto(3)
    saved = decode(encode(session.to_saved()))
    assert saved.line == ((3, 1),) and saved.cursor == 3
    again = Session.from_saved(saved)
    assert again.turns == ("a2", "a1", "c3", "d4") and again.cursor == 3
    assert again.to_saved() == session.to_saved()


OLD_SAVE = ('{"format":"pygame-site-save","version":1,"record":{"format":"pygame_core-record","version":1,'
            '"game":"susan","options":{"size":5,"players":2,"variant":"A","first":"Black"},'
            '"turns":["a2","a1","b1"]},"seats":[{"kind":"human","level":null},{"kind":"ai","level":"easy"}],'
            '"cursor":2,"name":"","saved_at":"","game_id":"abc123","kept":false,"opponent":""}')


def test_a_save_from_before_side_lines_loads_and_is_written_back_unchanged() -> None:
    saved = decode(OLD_SAVE)
    assert saved.record.turns == ("a2", "a1", "b1") and saved.cursor == 2 and saved.line == ()
    assert encode(Session.from_saved(saved).to_saved()) == OLD_SAVE


def test_share_links_keep_side_lines_and_old_links_open_unchanged() -> None:
    record = branched().to_saved().record
    code = encode_share(record)
    assert code.startswith("r2")
    assert decode_share(code) == record
    assert decode_share("r1t.susan~~~a2_a1_b1") == Record("susan", find_game("susan").resolve_options(),
                                                         ("a2", "a1", "b1"))
    assert encode_share(Record("susan", {}, ("a2", "a1", "b1"))) == "r1t.susan~~~a2_a1_b1"


def test_an_exported_listing_with_side_lines_imports_whole() -> None:
    record = branched().to_saved().record
    imported = import_game(to_text(record), "stymie")
    assert imported.record == record
    assert import_game("1. a2\n2. a1\n3. b1\n( 3. c3\n4. d4 )\n", "susan").record.side_lines == (
        SideLine(3, ("c3", "d4")),)
    assert SavedGame(record, imported.seats, len(record.turns)) == imported


def test_in_a_game_by_link_the_line_played_is_the_main_line_the_link_sends() -> None:
    session = played(seats=(Seat(), Seat(FRIEND)))
    session.play_turn(session.turn_start.parse_turn("e5"))
    session.play_turn(session.turn_start.parse_turn("a1"))   # the friend's, arrived by link
    session.play_turn(session.turn_start.parse_turn("e6"))
    assert session.undo() and play_text(session, "i5")
    record = session.to_saved().record
    assert record.turns == ("e5", "a1", "i5") and record.side_lines == (SideLine(3, ("e6",)),)


def test_side_lines_nest_only_as_deep_as_a_record_keeps() -> None:
    session = played("a2", "a1", "b1", exploring=True)
    cells = [name for name in session.live.board.names if name not in ("a2", "a1", "b1")]
    for depth in range(1, MAX_DEPTH + 1):   # each a side line of the one before, under a1
        session.goto(depth + 1)
        assert play_text(session, cells[2 * depth]) and play_text(session, cells[2 * depth + 1]), session.message
    assert session.tree.line[-1].depth() == MAX_DEPTH
    session.goto(MAX_DEPTH + 2)
    assert not play_text(session, cells[0])
    assert session.message == "Side lines go 12 deep at most: play this move in a line above."
    session.goto(1)
    assert play_text(session, cells[0])   # a side line for move 2, beside a1
    session.rearrange(session.tree.line[2])   # promoting it would push a1's deepest side line deeper
    assert session.tree.root.children[0].children[0].text == "a1"
    assert decode(encode(session.to_saved())).record == session.to_saved().record


def test_deleting_a_side_line_of_more_than_one_move_asks_first() -> None:
    session = branched()
    c3 = session.tree.line[3]
    asked = delete_side_line(c3)
    assert asked is not None and asked.go_ahead == "Delete side line"
    assert asked.text == "The side line from move 3 (c3 and 1 more move) is removed; the other lines stay."
    session.goto(3)
    assert play_text(session, "e5")   # a one-move side line inside it: deleted at once
    assert delete_side_line(session.tree.line[4]) is None


def test_a_line_played_that_cannot_become_the_main_line_within_the_depth_kept_changes_nothing(monkeypatch) -> None:
    monkeypatch.setattr("ui.play.game_tree.MAX_DEPTH", 1)
    session = played("a2", "a1", "b1", exploring=True)
    session.goto(2)
    assert play_text(session, "c3")   # a side line for move 3 (depth 1)
    session.goto(1)
    assert play_text(session, "d4") and play_text(session, "e5")   # a side line for move 2, two moves
    session.exploring = False
    before = session.to_saved()
    session.goto(2)
    assert not play_text(session, "b2")   # it would sit two deep: promoting d4 would push c3 two deep too
    assert session.message.startswith("Side lines go")
    assert session.to_saved().record == before.record and session.turns == ("a2", "d4", "e5")


def _placed(top: float, height: float = 20.0, scroll: float = 0.0) -> SimpleNamespace:
    """An element on the screen at `top` (its list's box: `scroll` scrolled)."""
    element = SimpleNamespace(scrollTop=scroll)
    element.getBoundingClientRect = lambda: SimpleNamespace(top=top, bottom=top + height)
    return element


def test_the_move_list_scrolls_a_move_below_or_above_it_into_view_by_its_place_on_the_screen() -> None:
    stub_browser_modules()
    from ui.page.move_list import keep_in_view
    listing = _placed(100, height=130, scroll=40)          # the list shows y 100..230
    keep_in_view(listing, _placed(300))                    # a side line's move further down
    assert listing.scrollTop == 40 + 90                    # its bottom (320) at the list's bottom
    listing = _placed(100, height=130, scroll=40)
    keep_in_view(listing, _placed(70))                     # above the shown part
    assert listing.scrollTop == 10
    listing = _placed(100, height=130, scroll=40)
    keep_in_view(listing, _placed(150))                    # in view: left as it is
    assert listing.scrollTop == 40
