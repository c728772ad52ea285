"""Play without sight (issue 57): the board in words (ui.play.spoken), the Ask box's commands
(ui.play.ask) and the page's spoken log (ui.page.speech_commands)."""

from __future__ import annotations

import random
from typing import Any

from fake_dom import Document, Window, stub_browser_modules
from tiny_catalog import speaking_french

from pygame_core.registry import find_game, game_names
from ui.play import spoken
from ui.play.ask import answer
from ui.play.player_input import play_text
from ui.play.session import Session


def _played(game: str, *moves: str, **options: object) -> Session:
    session = Session(find_game(game), options)
    for move in moves:
        assert play_text(session, move), session.message
    return session


def test_the_position_names_each_side_s_cells_and_counts_the_empty_ones() -> None:
    session = _played("susan", "a1", "e5", "a2")
    state = session.live
    assert spoken.position_words(state) == "Black has 2 cells: a1, a2. White has 1 cell: e5. 58 empty cells."
    empty = spoken.empty_words(state)
    assert empty.startswith("58 empty cells: a3, ") and "a1," not in empty and " e5," not in empty


def test_a_group_is_the_joined_stones_of_one_side_with_the_empty_cells_next_to_it() -> None:
    state = _played("susan", "a1", "e5", "a2").live
    board = state.board
    assert spoken.group(state, board.cell("a2")) == [board.cell("a1"), board.cell("a2")]
    free = sorted({n for c in (board.cell("a1"), board.cell("a2")) for n in board.neighbours[c]}
                  - {board.cell("a1"), board.cell("a2")})
    assert spoken.group_words(state, board.cell("a1")) == (
        "Black group of 2 cells: a1, a2. Empty next to it: " + ", ".join(board.names[c] for c in free) + ".")
    assert spoken.group_words(state, board.cell("c3")) == "c3 is empty."


def test_a_row_reads_every_cell_of_the_board_s_row_in_order() -> None:
    state = _played("susan", "a1").live
    row = next(r for r in state.board.rows if state.board.cell("a1") in r)
    words = spoken.row_words(state, row[-1])
    assert words.startswith(f"Row of {state.board.names[row[-1]]}: ")
    assert words.count(": empty") == len(row) - 1 and "a1: Black" in words


def test_each_turn_is_told_with_its_mover_and_the_last_move_is_numbered() -> None:
    session = _played("susan", "a1", "e5")
    assert spoken.after_turns(session, 1) == "Black played a1. White played e5."
    assert answer(session, "last") == "Move 2: White played e5."
    assert answer(Session(find_game("susan")), "last") == "No move yet."


def test_a_threat_the_game_declares_is_told_after_the_turn() -> None:
    """Random SUSAN games until one leaves a win-in-one on the board: the words name its cells."""
    rng = random.Random(5)
    spec = find_game("susan")
    for _attempt in range(200):
        session = Session(spec)
        while session.live.outcome is None:
            session.play_turn([rng.choice(session.live.legal_actions())])
            seat, cells = spec.search.threats(session.live)  # type: ignore[misc]
            if cells:
                names = ", ".join(session.live.board.names[c] for c in sorted(cells))
                who = session.live.player_name(seat)
                assert spoken.threat_words(session.live) == f"{who} threatens to win at {names}."
                assert spoken.after_turns(session, session.cursor).endswith(f"{who} threatens to win at {names}.")
                return
    raise AssertionError("no threat in 200 random games")


def test_the_end_of_the_game_is_told_with_the_result() -> None:
    rng = random.Random(2)
    session = Session(find_game("stymie"), {"size": 3})
    while not session.is_over:
        session.play_turn([rng.choice(session.live.legal_actions())])
    told = spoken.after_turns(session, session.cursor)
    assert " wins: " in told and told.startswith(spoken.turn_words(session, session.cursor))


def test_every_game_answers_every_command_without_error() -> None:
    for game in game_names():
        session = Session(find_game(game))
        name = session.live.board.names[0]
        for asked in ("position", "empty", "last", "threats", "help", name, f"cell {name}", f"row {name}",
                      f"group {name}"):
            assert answer(session, asked)


def test_a_question_it_does_not_know_says_what_to_type_instead() -> None:
    session = Session(find_game("susan"))
    assert answer(session, "row z99") == "There is no cell z99 on this board."
    unknown = answer(session, "<b>where</b>")
    assert unknown.startswith("I do not know “<b>where</b>”. Commands: position, empty, last, threats, help;")
    assert answer(session, "  ") == answer(session, "help")


def test_commands_are_understood_in_the_page_s_language_and_in_english() -> None:
    session = _played("susan", "a1")
    with speaking_french({"row": "rangée", "{cell}: {player}": "{cell} : {player}", "Black": "Noir"}):
        assert answer(session, "rangée a1") == answer(session, "row a1")
        assert answer(session, "a1") == "a1 : Noir"


def test_a_command_typed_without_its_accents_or_a_letter_off_is_understood() -> None:
    session = _played("susan", "a1")
    with speaking_french({"row": "rangée", "empty": "vides", "position": "position"}):
        assert answer(session, "rangee a1") == answer(session, "rangée a1") == answer(session, "row a1")
        assert answer(session, "vide") == answer(session, "empty")       # the singular of 'vides'
        assert answer(session, "postion") == answer(session, "position")  # a letter left out
    assert answer(session, "RANGEE a1").startswith("I do not know")       # French words only in French
    for name in game_names():   # no cell name is ever taken for a command
        state = Session(find_game(name)).live
        for cell, cell_name in enumerate(state.board.names):
            assert answer(Session(find_game(name)), cell_name) == spoken.cell_words(state, cell)


def _page(session: Session) -> tuple[Any, Window]:
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    window = Window()
    page = PlayPage(Document(), window, session)
    window.run_frames()
    return page, window


def test_the_page_tells_each_turn_once_in_its_log_and_again_after_an_undo() -> None:
    page, window = _page(Session(find_game("susan")))
    log = page.dom.by_id("spoken")
    for move in ("a1", "e5"):
        play_text(page.session, move)
    assert [line.textContent for line in log.children] == ["Black played a1.", "White played e5."]
    page.undo()
    play_text(page.session, "e4")
    assert log.children[-1].textContent == "White played e4."


def test_the_ask_box_answers_in_its_live_line() -> None:
    page, window = _page(_played("susan", "a1"))
    dom = page.dom
    assert dom.by_id("ask-help").textContent.startswith("Commands: position, empty, last")
    dom.by_id("ask-input").value = "group a1"
    dom.by_id("ask-form").fire("submit")
    assert dom.by_id("ask-answer").textContent.startswith("Black group of 1 cell: a1.")
    assert dom.by_id("ask-input").value == ""


def test_an_answer_about_one_game_goes_when_another_is_shown() -> None:
    """The Ask box's answer describes the position it was asked about: a new game, a puzzle or
    a lesson taking the board clears it (it stayed, naming the stones of the game before)."""
    page, window = _page(_played("susan", "a1"))
    dom = page.dom
    dom.by_id("ask-input").value = "position"
    dom.by_id("ask-form").fire("submit")
    assert dom.by_id("ask-answer").textContent.startswith("Black has 1 cell: a1.")
    page.start(Session(find_game("susan")))
    assert dom.by_id("ask-answer").textContent == ""


def test_a_resignation_is_told_though_no_turn_was_played() -> None:
    page, window = _page(_played("susan", "a1"))
    page.resign()
    assert page.dom.by_id("spoken").children[-1].textContent == "Black wins: White resigned."
