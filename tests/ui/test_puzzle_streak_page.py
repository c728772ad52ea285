"""The streak on the page (ui.page.puzzle_streak with the puzzle coach, on the fake DOM): the
Streak button serves the easiest puzzle, a solve makes Next puzzle serve a harder one, a miss
or Show solution ends the streak, and the best streak shows on the button."""

from __future__ import annotations

from pygame_core.puzzles.catalog import Puzzle, shipped
from test_words import lesson_page
from ui.play.player_input import play_text
from ui.play.streak import difficulty, streak_order


def streak_button(learn, game: str):
    return next(b for b in learn.puzzles.lists.walk() if b.getAttribute("data-streak") == game)


def shown(learn) -> Puzzle:
    learn.page.dom.window.run_frames()
    return next(p for p in shipped() if p.id == learn.bar.dataset.puzzle)


def answer(page, puzzle: Puzzle, turn: tuple[str, ...]) -> None:
    assert play_text(page.session, ",".join((*puzzle.pending, *turn))), page.session.message


def test_a_streak_serves_harder_puzzles_until_a_miss_and_keeps_the_best() -> None:
    page, learn = lesson_page()
    streak_button(learn, "susan").fire("click")
    first = shown(learn)
    assert first == streak_order(shipped(), "susan")[0]
    answer(page, first, first.solution)
    line = learn.puzzles.streaks.line
    assert line.dataset.streak == "1" and not line.hidden
    assert line.textContent.startswith("Streak: 1 solved. Best: 1.")
    learn.puzzles.buttons[2].fire("click")
    second = shown(learn)
    assert difficulty(second) > difficulty(first)
    wrong = next(w for w, unused in second.refutations if w)
    answer(page, second, wrong)
    assert line.dataset.over == "1" and "The streak is over: 1 puzzle solved in a row." in line.textContent
    learn.puzzles.buttons[2].fire("click")   # the streak is over: the list's next puzzle
    assert line.hidden
    learn.puzzles.show_list(shipped())
    assert streak_button(learn, "susan").textContent == "Streak (best: 1 solved)"


def test_show_solution_ends_a_streak_as_a_miss() -> None:
    page, learn = lesson_page()
    streak_button(learn, "lisbon").fire("click")
    shown(learn)
    learn.puzzles.buttons[1].fire("click")
    line = learn.puzzles.streaks.line
    assert line.dataset.over == "1" and "0 puzzles solved" in line.textContent
