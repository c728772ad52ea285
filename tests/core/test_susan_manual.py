"""SUSAN against Linhart's manual: the example game (docs/rules.md, SUSAN), its diagrams, the rule
diagrams (T3) and the CLI replaying the game as printed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pygame_core import cli
from pygame_core.errors import RecordError
from pygame_core.game import GameState
from pygame_core.diagram import read_diagram
from pygame_core.games.susan import SPEC, SusanState
from pygame_core.record import from_text, replay

FIXTURES = Path(__file__).parent / "fixtures"
GAME = FIXTURES / "susan_manual_game.txt"
OPTIONS = SPEC.resolve_options({})


def manual_diagrams() -> dict[str, list[str]]:
    """The manual's diagrams by name, lines as printed."""
    diagrams: dict[str, list[str]] = {}
    for line in (FIXTURES / "susan_manual_diagrams.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("== "):
            current = diagrams.setdefault(line[3:].strip(), [])
        else:
            current.append(line)
    return diagrams


DIAGRAMS = manual_diagrams()


def load(name: str, to_move: str) -> SusanState:
    state = SPEC.load_position(OPTIONS, DIAGRAMS[name], to_move)
    assert isinstance(state, SusanState)
    return state


def surrounded(state: SusanState) -> list[int]:
    """Full scan, independent of the incremental test in the rules."""
    board = state.board
    return [c for c in range(board.size) if state.occupant(c) is not None
            and all(state.occupant(x) is not None for x in board.neighbours[c])]


def manual_game() -> list[SusanState]:
    states = replay(from_text(GAME.read_text(encoding="utf-8"), game="susan"))
    susan = [s for s in states if isinstance(s, SusanState)]
    assert len(susan) == len(states)
    return susan


# --- T1 --------------------------------------------------------------------------------------

def test_t1_the_example_game_is_a_white_win_on_move_48() -> None:
    states = manual_game()
    assert len(states) == 49
    assert all(not s.is_over and not surrounded(s) for s in states[:-1])
    end = states[-1]
    assert end.outcome is not None and [end.player_name(p) for p in end.outcome.winners] == ["White"]
    assert end.outcome.reason == "White surrounded e7"
    assert [end.board.names[c] for c in end.outcome.highlight] == ["e7"] == [end.board.names[c] for c in surrounded(end)]


@pytest.mark.parametrize("move", [14, 22, 30, 39, 48])
def test_t1_positions_match_the_manual_diagrams(move: int) -> None:
    # read as a diagram, not loaded as a game: the final one holds the surrounded stone
    board = manual_game()[0].board
    assert manual_game()[move].position_rows() == read_diagram(DIAGRAMS[f"after_{move}"], board, ".xo")


def test_t1_slide_counter_values() -> None:
    states = manual_game()
    assert [states[m].consecutive_slides for m in (22, 30, 38, 39, 40)] == [0, 4, 4, 5, 0]


def test_t1_labelled_diagram_is_the_manual_s_in_the_notation_s_case() -> None:
    end = manual_game()[48]
    # the manual marks the surrounded stone with a capital X and its row letters are capitals;
    # the site writes them as its notation does (issue 38.18e): everything else is identical
    assert end.diagram(labelled=True) == [line.lower() for line in DIAGRAMS["after_48"]]


def test_the_misprinted_move_45_is_rejected_with_its_number() -> None:
    text = GAME.read_text(encoding="utf-8").replace("d6->e7", "d5->e7")
    with pytest.raises(RecordError) as error:
        replay(from_text(text, game="susan"))
    assert error.value.turn == 45 and "d5 holds a White stone" in str(error.value)


# --- diagrams --------------------------------------------------------------------------------

def test_every_manual_diagram_reads_and_writes_back() -> None:
    """All 23 strategy diagrams, the coordinate diagram and the game diagrams load, except the
    two that show a completed surround (the five-turn illustration and the game's end)."""
    assert len(DIAGRAMS) == 29
    for name, lines in DIAGRAMS.items():
        if name in ("five_turns", "after_48"):
            with pytest.raises(RecordError, match="on (f4|e7) is already surrounded"):
                load(name, "White")
            continue
        state = load(name, "White")
        if not name.startswith("after_") and name not in ("coordinates", "defended"):
            assert state.diagram() == [line.lower() for line in lines], name
        again = SPEC.load_position(OPTIONS, state.position_rows(), "White")
        assert again.position_rows() == state.position_rows()


def test_the_defended_typo_reads_as_two_cells() -> None:
    assert load("defended", "White").position_rows()[:5] == [
        ".....", "......", ".......", ".xoo....", ".x.xo...."]


# --- T3 --------------------------------------------------------------------------------------

def winner_name(state: GameState) -> str:
    assert state.outcome is not None
    (seat,) = state.outcome.winners
    return state.player_name(seat)


def test_t3_threatened_white_wins_at_e3() -> None:
    end = load("threatened", "White").play_turn("e3")
    assert winner_name(end) == "White"
    assert end.outcome is not None and [end.board.names[c] for c in end.outcome.highlight] == ["e4"]


def test_t3_defended_white_loses_at_e3_though_e4_is_surrounded_too() -> None:
    end = load("defended", "White").play_turn("e3")
    assert winner_name(end) == "Black"
    assert end.outcome is not None and {end.board.names[c] for c in end.outcome.highlight} == {"e3", "e4"}
    assert end.outcome.reason == "White surrounded their own stone e3"


def test_t3_standoff_d3_loses_for_either_player() -> None:
    # d3 fills the last liberty of White's e3 and of Black's e4 at once
    state = load("standoff", "Black")
    assert winner_name(state.play_turn("d3")) == "White"
    assert winner_name(SPEC.load_position(OPTIONS, DIAGRAMS["standoff"], "White").play_turn("d3")) == "Black"


def test_t3_safe_white_loses_by_taking_the_corner() -> None:
    state = load("safe", "White")
    assert winner_name(state.play_turn("e9")) == "Black"
    assert not state.play_turn("d6").is_over


# --- CLI -------------------------------------------------------------------------------------

def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["replay", "susan", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_replays_the_manual_listing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, str(GAME))
    report = json.loads(out)
    assert code == 0
    assert report["game"] == "susan" and report["plies"] == 48 and report["over"] is True
    assert report["result"] == "win" and report["winners"] == ["white"] and report["reason"] == "White surrounded e7"
    assert report["to_move"] is None and report["options"]["size"] == 5
    assert "e7" in report["stones"]["black"] and len(report["stones"]["white"]) == 17
    assert report["position"] == manual_game()[48].position_rows()


def test_cli_reports_an_illegal_move_in_one_line(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    text = GAME.read_text(encoding="utf-8").replace("d6->e7", "d5->e7")
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, out, err = run_cli(capsys, "-")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "move 45" in err and "d5->e7" in err


def test_cli_starts_from_a_diagram_with_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    diagram = tmp_path / "threatened.txt"
    diagram.write_text("\n".join(DIAGRAMS["threatened"]) + "\n", encoding="utf-8")
    record = tmp_path / "moves.txt"
    record.write_text("1 W  e3\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "--position", str(diagram), "--to-move", "white", str(record))
    assert code == 0 and json.loads(out)["winners"] == ["white"]
    record.write_text("c1\nc2\nc3\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "--size", "6", "--players", "3", "--variant", "B", str(record))
    report = json.loads(out)
    assert code == 0 and report["to_move"] == "black" and report["stones"]["red"] == ["c3"]
    assert report["options"] == {"size": 6, "players": 3, "variant": "B", "first": "Black"}
    assert len(report["position"]) == 11 and report["active"] == ["black", "white", "red"]
