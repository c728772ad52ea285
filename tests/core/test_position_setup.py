"""Positions set up by hand (pygame_core.position, each game's position.py): every position
reached by play, exported and re-entered (through the record formats and through the editor's
model, stone by stone), is the original; and a position no game can reach is named in words."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.facets import PositionError
from pygame_core.game import END_TURN, SWAP, GameState
from pygame_core.position import Draft, export, load, read_pasted, record_at
from pygame_core.record import (Record, Start, from_data, from_json, from_text, from_turns, replay, to_data, to_json,
                                to_text)
from pygame_core.registry import find_game

OPTIONS = st.sampled_from([
    ("susan", {}), ("susan", {"size": 6, "first": "White"}), ("susan", {"players": 3, "variant": "A"}),
    ("susan", {"players": 4, "variant": "B"}), ("susan", {"players": 3, "variant": "B"}),
    ("stymie", {"size": 3}), ("stymie", {"size": 5}), ("stymie", {}),
    ("superstar", {"komi": 2.5}), ("lisbon", {}),
])


def key(state: GameState) -> tuple[Any, ...]:
    """Everything a position is to its players and to the rules (the move counter aside)."""
    outcome = state.outcome
    return (state.position_rows(), state.to_move, [state.player_name(p) for p in range(state.num_players)],
            state.spec.position.facets_of(state), sorted(state.legal_actions()),  # type: ignore[union-attr]
            None if outcome is None else (outcome.winners, outcome.highlight, outcome.reason))


def positions(game: str, options: dict[str, Any], seed: int) -> list[GameState]:
    """Every state of a random game: turn starts, the stages within a turn, the end."""
    rng = random.Random(seed)
    state = find_game(game).new_game(options)
    seen = [state]
    while not state.is_over:
        state = state.apply(rng.choice(list(state.legal_actions())))
        seen.append(state)
    return seen


def entered_by_clicks(state: GameState) -> GameState:
    """The state as the editor makes it: an empty board, one click per stone, then the side to
    move and each facet chosen."""
    draft = Draft(state.spec, state.options)
    wanted = Draft.of_state(state)
    for cell, symbol in enumerate(wanted.cells):
        if symbol != draft.rules.empty:
            draft.place(cell, symbol)
    draft.to_move = wanted.to_move
    for name, value in wanted.values.items():
        draft.choose(name, value)
    assert draft.problems() == ()
    return draft.state()


@settings(max_examples=25, deadline=None)
@given(OPTIONS, st.integers(0, 2**32 - 1))
def test_every_position_of_a_random_game_round_trips(choice: tuple[str, dict[str, Any]], seed: int) -> None:
    game, options = choice
    spec = find_game(game)
    for state in positions(game, options, seed):
        expected = key(state)
        start = export(state)
        assert key(load(spec, state.options, start)) == expected
        record = record_at(state)
        assert key(replay(from_json(to_json(record)))[0]) == expected
        assert key(replay(from_text(to_text(record)))[0]) == expected
        assert key(entered_by_clicks(state)) == expected


def stones_alone(state: GameState) -> Draft:
    """The editor's first set-up of `state`: its stones and side to move, no setting touched."""
    draft = Draft(state.spec, state.options)
    wanted = Draft.of_state(state)
    draft.cells, draft.to_move = list(wanted.cells), wanted.to_move
    return draft


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([("stymie", {"size": 3}), ("stymie", {}), ("lisbon", {})]), st.integers(0, 2**32 - 1))
def test_stones_alone_of_any_turn_start_are_a_position(choice: tuple[str, dict[str, Any]], seed: int) -> None:
    """Issue 54 item 7: the settings the stones cannot show follow them, so a position reached
    by play, set up stone by stone with no setting touched, is accepted (LISBON's turn is the
    earliest the stones fit: the real one or earlier, the same side's)."""
    game, options = choice
    for state in positions(game, options, seed):
        if state.turn_actions:
            continue
        draft = stones_alone(state)
        assert draft.problems() == (), (state.position_rows(), draft.inferred())
        if game == "lisbon":
            turn = int(draft.inferred()["turn"])
            assert turn <= state.turn and turn % 2 == state.turn % 2   # type: ignore[attr-defined]


def test_the_first_set_up_says_what_the_stones_imply_and_a_setting_chosen_stays() -> None:
    stymie = Draft(find_game("stymie"), {"size": 3})
    assert stymie.problems() == () and stymie.inferred() == {"stones": "1", "swap": "no"}   # the opening
    b2 = stymie.board.cell("b2")
    assert b2 is not None
    stymie.place(b2, "V")
    stymie.to_move = "Horz"   # the second move: Horz may swap
    assert stymie.inferred() == {"stones": "2", "swap": "yes"} and SWAP in stymie.state().legal_actions()
    stymie.choose("swap", "no")
    assert stymie.inferred() == {"stones": "2"} and SWAP not in stymie.state().legal_actions()
    lisbon = Draft(find_game("lisbon"), {})
    for name, symbol in (("h13", "x"), ("f10", "o")):
        cell = lisbon.board.cell(name)
        assert cell is not None
        lisbon.place(cell, symbol)
    assert lisbon.problems() == () and lisbon.inferred() == {"turn": "3"}
    lisbon.choose("turn", "5")   # the player's number stands, and its problem is said
    assert "turn" not in lisbon.inferred() and any("White has had 2 turns" in p for p in lisbon.problems())
    lisbon.choose("turn", "")    # emptied: it follows the stones again
    assert lisbon.problems() == () and lisbon.inferred() == {"turn": "3"}


def test_a_loaded_positions_settings_stand_until_its_stones_change() -> None:
    """The editor opens on the board's position with its settings (Done gives it back as it was);
    a stone placed, the settings the player did not set follow the stones."""
    stymie = find_game("stymie").new_game({"size": 3})
    single = stymie.play_turn("b2").play_turn("a1").play_turn("c3")   # after a single: a triple
    draft = Draft.of_state(single)
    assert draft.values["stones"] == "3" and draft.inferred() == {} and key(draft.state()) == key(single)
    empty = Draft.of_state(stymie)   # the editor on an empty analysis board: the opening's settings
    b2 = empty.board.cell("b2")
    assert b2 is not None
    empty.place(b2, "V")
    assert empty.problems() == () and empty.inferred()["stones"] == "2"
    lisbon = Draft.of_state(find_game("lisbon").new_game())
    for name, symbol in (("h13", "x"), ("f10", "o")):
        cell = lisbon.board.cell(name)
        assert cell is not None
        lisbon.place(cell, symbol)
    assert lisbon.inferred() == {"turn": "3"} and lisbon.problems() == ()
    lisbon.turn_to("White")   # no turn of White's fits one stone each: the problem is said
    assert lisbon.inferred() == {} and lisbon.problems() == ("turn 1 is Black's: Black moves on odd turns, White on "
                                                             "even ones",)


def susan_rows(*marked: tuple[int, str]) -> tuple[str, ...]:
    cells = ["."] * 61
    for cell, symbol in marked:
        cells[cell] = symbol
    board = find_game("susan").new_game().board
    return tuple("".join(cells[c] for c in row) for row in board.rows)


def test_a_susan_position_with_a_surrounded_stone_is_over_and_shows_its_result() -> None:
    spec = find_game("susan")
    board = spec.new_game().board
    centre = board.cell("e5")
    assert centre is not None
    rows = susan_rows((centre, "o"), *((n, "x") for n in board.neighbours[centre]))
    state = load(spec, {}, Start(rows, "White"))   # Black just moved: Black surrounded White's e5
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.outcome.reason == "Black surrounded e5"


@pytest.mark.parametrize(("game", "start", "words"), [
    ("susan", Start(susan_rows(), "Black", (("slides", "7"),)), "slides in a row must be a whole number from 0 to 6"),
    ("susan", Start(susan_rows(), "Green"), "the side to move must be one of Black, White"),
    ("susan", Start(susan_rows((0, "r")), "Black", (("out", "Red"),)), "Red is out of the game, yet has stones"),
    ("lisbon", Start(tuple(find_game("lisbon").new_game().position_rows()), "White", (("turn", "3"),)),
     "turn 3 is Black's"),
    ("stymie", Start(tuple(find_game("stymie").new_game({"size": 3}).position_rows()), "Vert", (("swap", "yes"),)),
     "Horz may swap only as the second move"),
    ("superstar", Start(tuple(find_game("superstar").new_game().position_rows()), "White", (("passes", "3"),)),
     "passes in a row must be one of 0, 1, 2"),
])
def test_validation_names_the_problem(game: str, start: Start, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        options = {"susan": {"players": 3} if "Red" in words else {}, "stymie": {"size": 3}}.get(game, {})
        load(find_game(game), options, start)
    assert any(words in problem for problem in caught.value.problems), caught.value.problems


def lisbon_after(turns: list[str]) -> GameState:
    record = Record("lisbon", {}, tuple(turns))
    return replay(record)[-1]


def test_lisbon_names_an_impossible_turn_stage() -> None:
    spec = find_game("lisbon")
    state = lisbon_after(["f6", "h7,h9", "a1,a3"])   # turn 4: White may place 2
    rows, white = tuple(state.position_rows()), "White"
    too_many = Start(rows, white, (("turn", "4"), ("placed", "h7,h9")))
    with pytest.raises(PositionError, match="turn 4 allows 2 stones; with 2 placed the turn would be over"):
        load(spec, {}, too_many)
    not_own = Start(rows, white, (("turn", "4"), ("placed", "f6")))
    with pytest.raises(PositionError, match="f6 is named as placed this turn, but holds no stone of the side"):
        load(spec, {}, not_own)
    counts = Start(rows, white, (("turn", "2"),))
    with pytest.raises(PositionError, match="Black has had 1 turn before turn 2, placing exactly 1 stone in all, but has 3 on the board"):
        load(spec, {}, counts)


def test_lisbon_names_two_stones_of_one_turn_in_one_group() -> None:
    state = lisbon_after(["f6"])
    draft = Draft.of_state(state)
    h7, h8 = (draft.board.cell(name) for name in ("h7", "h8"))
    assert h7 is not None and h8 is not None
    draft.place(h7, "o")
    draft.place(h8, "o")
    draft.values.update(turn="2", placed="h7,h8")
    assert any("both placed this turn, are in one group" in p for p in draft.problems())


def test_a_superstar_position_after_two_passes_is_over_and_counted() -> None:
    state = load(find_game("superstar"), {}, Start(tuple(find_game("superstar").new_game().position_rows()),
                                                     "White", (("passes", "2"),)))
    assert state.outcome is not None and state.outcome.winners == (1,)   # komi alone


def test_old_records_with_a_start_position_load_unchanged() -> None:
    """A record saved before positions had facets (literal JSON of that time) loads as before."""
    old = ('{"format": "pygame_core-record", "version": 1, "game": "stymie", "options": {"size": 3}, '
           '"turns": ["b2"], "start": {"rows": ["V . .", " . .", ". H .", " . .", ". . ."], "to_move": "h"}}')
    record = from_json(old)
    assert record.start == Start(("V . .", " . .", ". H .", " . .", ". . ."), "h")
    assert to_data(record)["start"] == {"rows": ["V . .", " . .", ". H .", " . .", ". . ."], "to_move": "h"}
    before = find_game("stymie").load_position(  # type: ignore[misc]
        {"size": 3}, ["V . .", " . .", ". H .", " . .", ". . ."], "h")
    assert replay(record)[-1].position_rows() == before.play_turn("b2").position_rows()


def test_facets_travel_in_json_and_text_and_bad_facets_are_refused() -> None:
    state = lisbon_after(["f6", "h7"])
    record = record_at(state.apply(state.legal_actions()[0]))
    assert dict(from_data(to_data(record)).start.facets)["placed"]   # type: ignore[union-attr]
    assert "# facets: turn=3 placed=" in to_text(record)
    data = to_data(record)
    data["start"]["facets"] = {"turn": 3}
    with pytest.raises(ValueError, match="facets are malformed"):
        from_data(data)


def test_a_pasted_record_or_diagram_becomes_a_draft() -> None:
    spec = find_game("susan")
    draft = read_pasted(spec, {}, "1. e5\n2. d4\n")
    assert draft.cells.count("x") == 1 and draft.cells.count("o") == 1 and draft.to_move == "Black"
    diagram = "\n".join(spec.new_game().play_turn("e5").diagram(labelled=True))   # type: ignore[attr-defined]
    assert read_pasted(spec, {}, diagram).cells.count("x") == 1
    with pytest.raises(ValueError, match="unknown symbol"):
        read_pasted(spec, {}, "hello\nworld")


@pytest.mark.parametrize(("game", "text"), [("susan", "e5 d4 c3"), ("lisbon", "f6 h7,h9 a1,a3"),
                                            ("stymie", "b2 c3"), ("superstar", "1. H4 2. pass")])
def test_a_pasted_line_of_turns_separated_by_spaces_is_read(game: str, text: str) -> None:
    """Issue 54 item 7: the embed's `record` form (used to be read as one turn, and refused)."""
    spec = find_game(game)
    options = {"size": 3} if game == "stymie" else {}
    played = replay(from_turns(text, game, spec.resolve_options(options)))[-1]
    draft = read_pasted(spec, options, text)
    assert draft.state().position_rows() == played.position_rows() and draft.to_move == played.player_name(played.to_move)


def test_a_pasted_line_of_turns_names_the_turn_it_cannot_read() -> None:
    with pytest.raises(ValueError, match=r"nor a record \(move 3: 'zz9'"):
        read_pasted(find_game("susan"), {}, "e5 d4 zz9")


@pytest.mark.parametrize(("game", "options", "first"), [("stymie", {"size": 3}, "b2"), ("lisbon", {}, "f6")])
def test_a_record_from_a_turn_half_made_goes_on_and_replays(game: str, options: dict[str, Any], first: str) -> None:
    """From a position set up within a turn, the record's first turn is the rest of that turn:
    one more stone (and the turn's end), or `end` at once."""
    start = find_game(game).new_game(options).play_turn(first)
    half = start.apply(next(a for a in start.legal_actions() if a >= 0))
    assert half.turn_actions and END_TURN in half.legal_actions()
    more = next(a for a in half.legal_actions() if a >= 0)
    for actions in ([more], [END_TURN]):
        after = half
        for action in actions:
            after = after.apply(action)
        if after.turn_actions:
            after, actions = after.apply(END_TURN), [*actions, END_TURN]
        text = half.format_turn(actions)
        assert (text == "end") is (actions == [END_TURN])
        record = record_at(half)
        replayed = replay(Record(record.game, record.options, (text,), record.start))[-1]
        assert key(replayed) == key(after), text
