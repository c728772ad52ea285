"""ui.page.learn_bar.open_on_board, the one way Learn's coaches open a lesson or a puzzle:
the session goes on the board (the player's game kept) with the bar's words and mode, and a
record that does not replay is told on the page's line with the board left alone. Also each
coach's buttons show only while its own kind is on the board."""

from __future__ import annotations

from pygame_core.errors import RecordError
from pygame_core.puzzles.catalog import shipped
from pygame_core.puzzles.guided import guided_games
from test_words import lesson_page
from ui.play.session import Session
from ui.play.tutorials import tutorial_session, tutorials


def test_a_session_that_cannot_be_made_is_told_and_the_game_stays() -> None:
    page, learn = lesson_page()
    from ui.page.learn_bar import BarWords, open_on_board
    game = page.session
    asked: list[Session] = []

    def damaged() -> Session:
        raise RecordError("move 3: e5 is taken")

    def words(session: Session) -> BarWords:
        asked.append(session)
        return BarWords("", "", "", "")

    open_on_board(learn, "puzzle", "puzzle", damaged, words)
    assert page.session is game and game.turns == ("e5",) and asked == []
    assert game.message == "That puzzle cannot be opened: move 3: e5 is taken"
    assert learn.bar.hidden and learn.keeper.kept is None        # nothing taken, nothing kept


def test_an_opened_session_is_on_the_board_with_its_words() -> None:
    page, learn = lesson_page()
    from ui.page.learn_bar import BarWords, open_on_board
    lesson = tutorials("susan")[0]
    open_on_board(learn, "lesson", "tutorial", lambda: tutorial_session(lesson),
                  lambda s: BarWords("A title", "A goal", f"{len(s.turns)} turns", "A source"))
    assert page.session is learn.session and learn.keeper.kept is not None   # the game is kept
    assert (learn.title.textContent, learn.goal.textContent, learn.source.textContent) == \
        ("A title", "A goal", "A source")
    assert learn.note.textContent == f"{len(page.session.turns)} turns"
    assert not learn.bar.hidden and learn.bar.dataset.mode == "tutorial"
    assert learn.bar.dataset.result == "" and learn.bar.dataset.puzzle == ""


def test_each_coach_shows_only_its_own_buttons() -> None:
    page, learn = lesson_page()
    buttons = {"puzzle": learn.puzzles.buttons, "lesson": list(learn.tutorials.buttons.values()),
               "replay": [learn.prev_button, learn.next_button]}
    shown = lambda: {kind for kind, row in buttons.items() if any(not b.hidden for b in row)}  # noqa: E731
    learn.puzzles.open(next(p for p in shipped() if p.game == "susan"))
    assert shown() == {"puzzle"} and not any(b.hidden for b in learn.puzzles.buttons)
    assert learn.bar.dataset.mode == "puzzle" and learn.bar.dataset.puzzle
    learn.tutorials.open(tutorials("susan")[0])
    assert shown() == {"lesson"}
    assert learn.bar.dataset.mode == "tutorial" and learn.bar.dataset.puzzle == ""
    learn.open_guided(guided_games()[0])
    assert shown() == {"replay"} and learn.bar.dataset.mode == "guided"
    learn._close()
    assert learn.bar.hidden and page.session.turns == ("e5",)
