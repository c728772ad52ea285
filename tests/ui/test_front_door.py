"""The front door: a first visit (no autosave, no share link) opens on a choice per game, play
the computer (a level, your seat) or a friend, and the choice starts that game with the right
seats through the new-game path; later it is reached from New game, with Resume on the game in
progress. Why: a newcomer should be playing in one click, against the computer if they like."""

from __future__ import annotations

from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.ai.level_words import level_words
from pygame_core.ai.levels import DEFAULT_LEVEL, LEVELS
from pygame_core.registry import GAME_NAMES, find_game
from ui.play.front_door import (RANDOM_SEAT, computer_seats, default_players, friend_seats,
                                opens_at_start, seat_choices)
from ui.play.saved_game import AI, HUMAN, Seat


# --- the pure choices --------------------------------------------------------------------------

def test_only_a_first_visit_opens_on_the_front_door() -> None:
    assert opens_at_start(shared=False, autosaved=False)
    assert not opens_at_start(shared=True, autosaved=False)
    assert not opens_at_start(shared=False, autosaved=True)
    assert not opens_at_start(shared=True, autosaved=True)


def test_playing_the_computer_puts_it_on_every_other_seat() -> None:
    assert computer_seats(2, "0", "hard") == (Seat(HUMAN), Seat(AI, "hard"))
    assert computer_seats(2, "1", "easy") == (Seat(AI, "easy"), Seat(HUMAN))
    assert computer_seats(3, "2", "medium") == (Seat(AI, "medium"), Seat(AI, "medium"), Seat(HUMAN))


def test_a_random_seat_is_drawn_among_the_seats() -> None:
    assert computer_seats(2, RANDOM_SEAT, "medium", pick=lambda n: n - 1) == (Seat(AI, "medium"), Seat(HUMAN))
    drawn = {computer_seats(2, RANDOM_SEAT, "medium").index(Seat(HUMAN)) for _ in range(200)}
    assert drawn == {0, 1}


def test_a_seat_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError):
        computer_seats(2, "2", "medium")
    with pytest.raises(ValueError):
        computer_seats(2, "-1", "medium")


def test_a_friend_game_seats_only_people() -> None:
    assert friend_seats(2) == (Seat(HUMAN), Seat(HUMAN))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_seat_choice_names_the_game_s_own_players(game: str) -> None:
    spec = find_game(game)
    names = spec.player_names(spec.resolve_options({}))
    choices = seat_choices(spec)
    assert [value for value, _ in choices] == [str(i) for i in range(len(names))] + [RANDOM_SEAT]
    assert choices[0][1] == f"{names[0]} (moves first)" and choices[1][1] == names[1]
    assert default_players(spec) == len(names) == 2


# --- the dialog on a fake page -----------------------------------------------------------------

@pytest.fixture
def page() -> Any:
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.play.session import Session
    from ui.page.saves_panel import mount

    document, window = Document(), Window()
    play_page = PlayPage(document, window, Session(find_game("susan")))
    play_page.saves = mount(play_page)
    window.run_frames()
    return play_page


def block(page: Any, game: str) -> Any:
    return next(e for e in page.dom.by_id("front-door-games").children if e.attributes["data-game"] == game)


def part(element: Any, css_class: str) -> Any:
    return next(e for e in element.walk() if e.attributes.get("class") == css_class)


def click(page: Any, element: Any) -> None:
    element.fire("click")
    page.dom.window.run_frames()


def test_a_page_without_an_autosave_asks_for_the_front_door(page: Any) -> None:
    assert page.saves.front_door   # the fake window has no storage: nothing was saved before


def test_each_game_has_its_block_from_its_spec(page: Any) -> None:
    page.open_front_door()
    assert page.dom.by_id("front-door-dialog").open
    for game in GAME_NAMES:
        spec, shown = find_game(game), block(page, game)
        texts = [e.textContent for e in shown.walk()]
        assert spec.title in texts and spec.presentation.help.summary in texts
        assert part(shown, "front-door-level").value == DEFAULT_LEVEL
        assert len(part(shown, "front-door-level").children) == len(LEVELS)
        assert part(shown, "front-door-resume").hidden   # nothing under way on a first visit


def test_play_the_computer_as_the_second_player(page: Any) -> None:
    page.open_front_door()
    susan = block(page, "susan")
    part(susan, "front-door-seat").value = "1"
    part(susan, "front-door-level").value = "easy"
    part(susan, "front-door-computer").fire("click")   # no frame: it would start the computer's search
    assert not page.dom.by_id("front-door-dialog").open
    assert page.session.spec.name == "susan"
    assert page.session.seats == (Seat(AI, "easy"), Seat(HUMAN))


def test_play_a_friend_starts_that_game_for_two_people(page: Any) -> None:
    page.open_front_door()
    click(page, part(block(page, "stymie"), "front-door-friend"))
    assert page.session.spec.name == "stymie" and page.session.seats == (Seat(HUMAN), Seat(HUMAN))
    assert page.dom.document.body.dataset.game == "stymie"


def test_new_game_reaches_it_with_resume_on_the_game_in_progress(page: Any) -> None:
    page.dom.by_id("move-input").value = "e5"
    page.dom.by_id("move-form").fire("submit")
    click(page, page.dom.by_id("new-game"))
    click(page, page.dom.by_id("setup-front-door"))
    assert not page.dom.by_id("new-game-dialog").open and page.dom.by_id("front-door-dialog").open
    resume = part(block(page, "susan"), "front-door-resume")
    assert not resume.hidden and part(block(page, "stymie"), "front-door-resume").hidden
    click(page, resume)
    assert not page.dom.by_id("front-door-dialog").open and page.session.turns == ("e5",)


def test_a_choice_over_a_game_in_progress_asks_first(page: Any) -> None:
    page.dom.by_id("move-input").value = "e5"
    page.dom.by_id("move-form").fire("submit")
    page.open_front_door()
    click(page, part(block(page, "lisbon"), "front-door-friend"))
    assert page.dom.by_id("confirm-dialog").open and page.session.turns == ("e5",)
    click(page, page.dom.by_id("confirm-go"))
    assert page.session.spec.name == "lisbon" and page.session.turns == ()


def made(page: Any, element_id: str) -> Any:
    """An element the page made (the fake document's getElementById knows only the page's own)."""
    return next(e for e in page.dom.by_id("panel-content").walk() if e.attributes.get("id") == element_id)


def test_new_to_a_game_opens_its_first_lesson_and_judges_the_move(page: Any) -> None:
    from ui.play.tutorials import tutorials
    lesson = tutorials("lisbon")[0]
    page.open_front_door()
    learn = part(block(page, "lisbon"), "front-door-learn")
    assert learn.textContent == "New to LISBON? Learn it in two minutes"
    click(page, learn)
    bar = made(page, "coach-bar")
    assert not page.dom.by_id("front-door-dialog").open and not bar.hidden
    assert page.session.spec.name == "lisbon" and page.session.turns == lesson.record.turns
    assert bar.dataset.lesson == lesson.id and made(page, "coach-goal").textContent == lesson.text
    page.dom.by_id("move-input").value = lesson.solution.turns[0]
    page.dom.by_id("move-form").fire("submit")
    page.dom.window.run_frames()
    assert bar.dataset.result == "right" and lesson.solution.why in made(page, "coach-note").textContent
    assert not made(page, "coach-lesson-next").hidden


def test_each_level_shows_your_record_there_and_the_chosen_one_in_plain_words(page: Any) -> None:
    """Issue 40.4: the record against the computer is shown where the level is chosen, in the
    front door and the new-game dialog, with the level's plain description."""
    from ui.play.results import LOSS, WIN

    susan_spec = find_game("susan")
    door = page.open_front_door()
    door.results.add("aaaaaaaaaaaa", "susan", "hard", WIN)
    door.results.add("bbbbbbbbbbbb", "susan", "hard", LOSS)
    door.results.add("cccccccccccc", "lisbon", "hard", WIN)
    door.open()
    susan, hard = block(page, "susan"), LEVELS["hard"]
    levels = part(susan, "front-door-level")
    assert [option.textContent for option in levels.children] == [
        "Easy", "Medium", "Hard — you: 1 win, 1 loss", "Expert"]
    note = part(susan, "front-door-level-note")
    assert note.textContent == f"Medium: {level_words(susan_spec, LEVELS['medium'])}. You have not played it here yet."
    assert "forced by threats" in note.textContent   # SUSAN's threat search; STYMIE has none:
    assert "threats" not in part(block(page, "stymie"), "front-door-level-note").textContent
    levels.value = "hard"
    levels.fire("change")
    assert note.textContent == f"Hard: {level_words(susan_spec, hard)}. You: 1 win, 1 loss."
    assert "you: 1 win, 0 losses" in part(block(page, "lisbon"), "front-door-level").children[2].textContent

    click(page, page.dom.by_id("front-door-close"))
    click(page, page.dom.by_id("new-game"))
    dialog = page._dialog("new-game")
    dialog.results = door.results   # no browser storage here: the door's record, for the visit
    page.dom.by_id("setup-game").value = "susan"
    page.dom.by_id("setup-game").fire("change")
    seats = page.dom.by_id("setup-seats").querySelectorAll("select")
    assert "Computer: Hard — you: 1 win, 1 loss" in [o.textContent for o in seats[1].children]
    seats[1].value = "hard"
    page.dom.by_id("setup-seats").fire("change")
    assert page.dom.by_id("setup-level-note").textContent == f"Hard: {level_words(susan_spec, hard)}. You: 1 win, 1 loss."
    page.dom.by_id("setup-game").value = "lisbon"   # the words follow the game picked
    page.dom.by_id("setup-game").fire("change")
    seats = page.dom.by_id("setup-seats").querySelectorAll("select")
    seats[1].value = "expert"
    page.dom.by_id("setup-seats").fire("change")
    assert page.dom.by_id("setup-level-note").textContent.startswith(
        f"Expert: {level_words(find_game('lisbon'), LEVELS['expert'])}.")
