"""The page's words say each thing once and in the game's own notation (issue 30.6)."""

from __future__ import annotations

from pygame_core.registry import find_game
from ui.play.session import Session
from ui.play.view import ending, status


def played(game: str, *turns: str) -> Session:
    session = Session(find_game(game))
    for text in turns:
        state = session.turn_start
        session.commit_turn(list(state.parse_turn(text)), state.play_turn(text))
    return session


def test_a_draw_by_slides_says_draw_once() -> None:
    session = played("susan", "e5", "a1", "e5-e6", "a1-a2", "e6-e5", "a2-a1", "e5-e6", "a1-a2")
    assert session.is_over and session.outcome.is_draw
    assert status(session) == "Draw: 6 slides in a row."
    assert ending(session) == ("Draw", "6 slides in a row.")


def test_the_hint_line_goes_when_the_position_changes() -> None:
    import asyncio

    from fake_dom import Document, Window, stub_browser_modules
    from test_coach import fake_client
    stub_browser_modules()
    from ui.page.coach_panel import CoachPanel
    from ui.page.play_page import PlayPage

    page = PlayPage(Document(), Window(), played("susan", "d6", "b5"))
    message = page.dom.by_id("coach-message")

    async def scenario() -> None:
        panel = CoachPanel(page, fake_client())
        page._dialogs["coach"] = panel
        panel.hint()
        while panel._task is not None:
            await asyncio.sleep(0)
        assert message.textContent.startswith("Hint: ")
        page.goto(1)                      # looking back (a review does the same)
        assert message.textContent == ""

    asyncio.run(scenario())


def test_a_wrong_puzzle_move_that_loses_at_once_says_so() -> None:
    from pygame_core.game import END_TURN
    from pygame_core.puzzles.catalog import actions_of, shipped
    from ui.play.puzzles import PuzzleTry, miss_note, puzzle_session

    puzzle = next(p for p in shipped() if p.id == "susan-manual-03")
    session = puzzle_session(puzzle)
    start = session.cursor
    for action in actions_of(session.live, ("a1",))[0]:
        session.play(action)
    tried = PuzzleTry(puzzle).judge(session)
    assert tried is not None and not tried.solved and tried.answer == ()
    assert miss_note(puzzle, tried, session, start) == "It loses at once: Black surrounded their own stone a1."
    # a wrong turn that leaves the game going: no win at once (a win puzzle)
    for puzzle in shipped():
        for wrong, answer in puzzle.refutations:
            session = puzzle_session(puzzle)
            for action in actions_of(session.live, wrong)[0]:
                session.play(action)
            if session.pending:
                session.play(END_TURN)
            tried, start = PuzzleTry(puzzle).judge(session), len(puzzle.record.turns)
            if not answer and not session.is_over and puzzle.kind == "win":
                assert miss_note(puzzle, tried, session, start) == "It does not win at once."
                return
    raise AssertionError("no wrong turn of a win puzzle that leaves the game going")


def lesson_page():
    from fake_dom import Document, Window, stub_browser_modules
    stub_browser_modules()
    from ui.page.learn_panel import LearnDialog
    from ui.page.play_page import PlayPage
    from ui.page.saves_panel import mount

    page = PlayPage(Document(), Window(), played("susan", "e5"))
    mount(page)
    learn = page._dialogs["learn"] = LearnDialog(page)
    from pygame_core.puzzles.catalog import shipped
    learn.puzzles.show_list(shipped())   # the browser fetches them (ui/page/puzzle_file.py); no fetch here
    page.dom.window.run_frames()
    return page, learn


def test_the_guided_replay_shows_its_result_only_at_its_end() -> None:
    from pygame_core.puzzles.guided import guided_games

    page, learn = lesson_page()
    game = guided_games()[0]
    learn.open_guided(game)
    page.dom.window.run_frames()
    assert page.session.cursor == 0 and page.dom.by_id("game-over").hidden
    page.goto(len(game.turns))
    page.refresh()
    page.dom.window.run_frames()
    assert not page.dom.by_id("game-over").hidden
    assert page.dom.by_id("rematch").hidden and page.dom.by_id("share-game").hidden


def test_a_solved_puzzle_offers_no_rematch_or_share() -> None:
    from pygame_core.puzzles.catalog import actions_of, shipped

    page, learn = lesson_page()
    puzzle = next(p for p in shipped() if p.id == "susan-manual-01")
    learn.puzzles.open(puzzle)
    for action in actions_of(page.session.live, puzzle.solution)[0]:
        page.session.play(action)
    page.dom.window.run_frames()
    assert learn.bar.dataset.result == "solved"
    assert not page.dom.by_id("game-over").hidden
    assert page.dom.by_id("rematch").hidden and page.dom.by_id("share-game").hidden
    learn._close()                                  # Close: back to the game, its own panel again
    page.dom.window.run_frames()
    assert page.session.turns == ("e5",) and page.dom.by_id("game-over").hidden


def test_rules_captions_name_cells_as_the_move_list_does() -> None:
    import re

    from pygame_core.registry import all_games

    named = 0
    for spec in all_games():
        help_ = spec.presentation.help        # a game registered by another test may have none
        diagram = help_.diagram if help_ is not None else None
        if diagram is None:
            continue
        state = spec.new_state(spec.resolve_options(diagram.options))
        written = {name.lower(): state.format_turn([cell]) for cell, name in enumerate(state.board.names)}
        for word in re.findall(r"\b[A-Za-z]\d+\b", diagram.caption):
            if word.lower() in written:
                named += 1
                assert word == written[word.lower()], (spec.name, word, diagram.caption)
    assert named >= 3
