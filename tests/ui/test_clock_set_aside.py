"""A clocked game that Learn (or the analysis board) takes off the board stops its clock while
it is away: nobody can move in it there, and its copy in the saves list must not lose on time
when opened later. Close gives it back with the times it had, running again."""

from __future__ import annotations

from pygame_core.puzzles.guided import guided_games
from test_words import lesson_page
from ui.play.clock import TimeControl


def _clocked_lesson_page():
    page, learn = lesson_page()
    game = page.session
    game.start_clock(TimeControl(180, 2))
    page.clock._new_session(game)   # the panel reads the game's clock as after a New game
    return page, learn, game


def test_a_lesson_read_over_a_clocked_game_costs_it_no_time() -> None:
    page, learn, game = _clocked_lesson_page()
    window = page.dom.window
    window.clock += 10_000
    running = game.clock.running
    before = game.clock.time_left(running, window.Date.now())
    learn.open_guided(guided_games()[0])
    assert page.session is not game and game.clock.paused   # set aside: its time stands still
    window.clock += 60_000
    learn._close()
    assert page.session is game and not game.clock.paused   # back and running again
    assert game.clock.time_left(running, window.Date.now()) == before


def test_a_kept_game_is_saved_with_a_stopped_clock() -> None:
    page, learn, game = _clocked_lesson_page()
    learn.open_guided(guided_games()[0])
    kept = learn.keeper.kept
    assert kept is not None
    saved = kept.session.to_saved()   # what the saves list's copy is made of
    assert saved.clock is not None and saved.clock.paused
