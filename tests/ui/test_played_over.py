"""A move from an earlier position loses nothing (ui.play.played_over, Session.before_replacing):
the game as it was is handed over to be kept before its later moves go, unless the player took
them back with Undo from an unfinished game; a refusal leaves the game as it was; the computer's
reply keeps the note. Why: issue 38 found finished games erased by one move, without a word."""

from __future__ import annotations

from pygame_core.registry import find_game
from ui.play.played_over import PlayedOver, played_over
from ui.play.player_input import play_text
from ui.play.saved_game import AI, Seat
from ui.play.session import Session

FINISHED = ("a2", "a1", "b1", "i5", "b2")   # Black surrounds a1 on move 5


def played(*turns: str, seats: tuple[Seat, ...] | None = None) -> Session:
    session = Session(find_game("susan"), seats=seats)
    for text in turns:
        assert play_text(session, text), session.message
    return session


def keeping(session: Session, answer: bool = True) -> list[PlayedOver | None]:
    """Hand `session` a before_replacing that records what it would keep and says `answer`."""
    asked: list[PlayedOver | None] = []

    def before(s: Session) -> bool:
        asked.append(played_over(s))
        return answer
    session.before_replacing = before
    return asked


def test_a_finished_game_played_over_from_the_move_list_is_handed_over_whole() -> None:
    session = played(*FINISHED)
    asked = keeping(session)
    session.goto(2)
    assert play_text(session, "c3") and session.turns == ("a2", "a1", "c3")
    (over,) = asked
    assert over is not None and (over.first, over.last, over.result) == (3, 5, "Black wins")
    assert over.game.record.turns == FINISHED and over.game.cursor == 5
    assert over.game.game_id != session.game_id   # the kept line goes on as a game of its own
    assert over.kept_words("SUSAN, Black wins, before move 3 was replayed") == (
        "Moves 3–5 and the result (Black wins) were kept as the saved game "
        "“SUSAN, Black wins, before move 3 was replayed” (Saves, sharing and export).")
    assert over.save_name("SUSAN") == "SUSAN, Black wins, before move 3 was replayed"


def test_moves_taken_back_with_undo_are_the_players_to_replace_unless_the_game_had_ended() -> None:
    session = played("a2", "a1", "b1")
    session.undo()
    assert played_over(session) is None
    session.undo()
    session.redo()   # still taken back: redo does not make them new
    assert played_over(session) is None

    finished = played(*FINISHED)
    finished.undo()
    over = played_over(finished)
    assert over is not None and over.result == "Black wins" and (over.first, over.last) == (5, 5)


def test_undo_after_looking_back_does_not_take_back_the_moves_looked_past() -> None:
    session = played("a2", "a1", "b1", "i5")
    session.goto(3)
    session.undo()
    over = played_over(session)
    assert over is not None and (over.first, over.last, over.result) == (3, 4, "")
    assert over.kept_words("x").startswith("Moves 3–4 were kept")


def test_a_saved_game_opened_at_an_earlier_move_is_kept_before_it_is_played_over() -> None:
    session = Session.from_saved(played("a2", "a1", "b1").to_saved()._replace(cursor=1))
    over = played_over(session)
    assert over is not None and (over.first, over.last) == (2, 3)


def test_a_refused_turn_leaves_the_game_and_its_stones_as_they_were() -> None:
    session = played(*FINISHED)
    keeping(session, answer=False)
    session.goto(2)
    before = session.to_saved()
    assert not play_text(session, "c3")
    assert session.to_saved() == before and session.cursor == 2


def test_the_computers_reply_leaves_the_note_and_the_persons_next_move_clears_it() -> None:
    session = Session(find_game("susan"), seats=(Seat(), Seat(AI, "easy")))
    for text in ("e5", "a1", "e6", "a5"):
        session.play_turn(session.turn_start.parse_turn(text))
    session.goto(2)

    def keep(s: Session) -> bool:
        s.note = "kept"
        return True
    session.before_replacing = keep
    assert play_text(session, "i5") and session.note == "kept"
    session.play_turn(session.turn_start.parse_turn("e9"))   # the computer answers
    assert session.turns[-1] == "e9" and session.note == "kept"
    assert play_text(session, "i1") and session.note == ""


def test_words_for_one_move_and_for_a_refusal() -> None:
    session = played("a2", "a1")
    session.goto(1)
    over = played_over(session)
    assert over is not None
    assert over.kept_words("n") == "Move 2 was kept as the saved game “n” (Saves, sharing and export)."
    assert over.refused_words("storage is full") == (
        "The move was not played: move 2 could not be kept (storage is full). "
        "To replace them, take them back with Undo first.")
