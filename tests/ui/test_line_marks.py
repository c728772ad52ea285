"""The best line and the threats as marks on the board (ui.board.line_marks, issue 54.6): each turn
numbered, every stone of a multi-stone turn under its turn's number, a slide as an arrow, the
threats as crosses in the threatening side's colour; drawn with a fake canvas."""

from __future__ import annotations

from fake_canvas import RecordingCanvas
from pygame_core.game import GameState
from pygame_core.registry import find_game
from ui.board.boards import art_for
from ui.board.layout import fit
from ui.board.line_marks import LineMark, ThreatMark, draw_line_marks, line_marks, marks_text, threat_marks
from ui.board.theme import LIGHT

SUSAN = find_game("susan")
STYMIE = find_game("stymie")


def actions(state: GameState, *turns: str) -> list[int]:
    """The actions of `turns` played one after another from `state`."""
    line = []
    for turn in turns:
        for action in state.parse_turn(turn):
            line.append(action)
            state = state.apply(action)
    return line


def test_each_turn_of_the_line_is_numbered_in_its_movers_colour() -> None:
    state = SUSAN.new_game()
    names = state.board.names
    marks = line_marks(state, actions(state, "e5", "d4", "f6"), LIGHT)
    assert [(m.number, names[m.cell], m.start) for m in marks] == [(1, "e5", None), (2, "d4", None), (3, "f6", None)]
    black, white = LIGHT.stone(state.player_name(0), 0), LIGHT.stone(state.player_name(1), 1)
    assert [m.style for m in marks] == [black, white, black]
    assert len(line_marks(state, actions(state, "e5", "d4", "f6", "c3", "g7"), LIGHT)) == 4   # at most four turns
    assert marks_text(state, marks, []) == "1 e5 · 2 d4 · 3 f6"


def test_a_multi_stone_turn_shares_its_number_and_a_slide_is_an_arrow() -> None:
    start = STYMIE.new_game().play_turn("h8")
    names = start.board.names
    line = actions(start, "k9,l10", "c5")
    marks = line_marks(start, line, LIGHT)
    assert [(m.number, names[m.cell]) for m in marks] == [(1, names[line[0]]), (1, names[line[1]]), (2, names[line[2]])]
    state = SUSAN.new_game()
    for turn in ("d6", "b5", "c4", "b2", "d3", "e2"):
        state = state.play_turn(turn)
    slide = next(a for a in state.legal_actions() if len(state.touched_cells(a)) == 2)
    origin, target = state.touched_cells(slide)
    assert line_marks(state, [slide], LIGHT) == [LineMark(1, target, origin, LIGHT.stone(state.player_name(0), 0))]
    assert marks_text(state, line_marks(state, [slide], LIGHT), []) == f"1 {names_of(state, origin, target)}"


def names_of(state: GameState, origin: int, target: int) -> str:
    return f"{state.board.names[origin]}-{state.board.names[target]}"


def test_threats_are_crosses_of_the_threatening_side() -> None:
    state = SUSAN.new_game()
    white = LIGHT.stone(state.player_name(1), 1)
    threats = threat_marks(state, 1, ("d4", "e5"), LIGHT)
    assert threats == [ThreatMark(state.board.names.index("d4"), white), ThreatMark(state.board.names.index("e5"), white)]
    assert threat_marks(state, -1, (), LIGHT) == []
    assert marks_text(state, [], threats) == "threat d4 · threat e5"


def test_the_marks_are_drawn_numbers_discs_arrows_and_crosses() -> None:
    state = SUSAN.new_game()
    art = art_for(state.board, ())
    layout = fit(art.bounds, 400, 400, 6)
    line = line_marks(state, actions(state, "e5", "d4"), LIGHT)
    threats = threat_marks(state, 1, ("c3",), LIGHT)
    ctx = RecordingCanvas()
    draw_line_marks(ctx, art, layout, LIGHT, line, threats)
    assert sorted(ctx.texts()) == ["1", "2"]
    assert ctx.fills_in(line[0].style.fill) >= 1 and ctx.fills_in(line[1].style.fill) >= 1   # the two discs
    e5 = layout.to_px(art.board.centres[line[0].cell])
    assert ctx.calls("fillText")[-1] == ("1", e5[0], e5[1])   # the move to play now on top
    assert len(ctx.calls("moveTo")) >= 4   # the cross: two strokes of two lines
