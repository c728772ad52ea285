"""Outside text the core reads (records, JSON, option values, CLI output) fails cleanly and
briefly, in time linear in its length (issue 14: defects 2 to 5)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from pygame_core.errors import EXCERPT, IllegalMoveError, OptionsError, RecordError, quote
from pygame_core.jsontext import load_json, nesting_depth
from pygame_core.record import from_text, replay
from pygame_core.registry import find_game

SHORT = EXCERPT + 120  # a message may quote an excerpt and add a sentence


def test_an_unterminated_string_of_escaped_quotes_is_read_in_linear_time() -> None:
    """`{"a` + n escaped quotes took 7 s for n = 16k with the old regex (quadratic); 200k
    here must take a fraction of a second. The bound is 40 times what this code needs."""
    text = '{"a' + '\\"' * 200_000
    started = time.perf_counter()
    with pytest.raises(ValueError):
        load_json(text)
    assert time.perf_counter() - started < 2.0


def test_nesting_is_counted_outside_strings_only() -> None:
    assert nesting_depth('[[{"a": "[[[[\\"]]"}]]') == 3
    assert nesting_depth('"[[[["') == 0
    with pytest.raises(ValueError, match="nested more than 32"):
        load_json("[" * 33 + "]" * 33)
    assert load_json('{"a": ["\\"[", 1]}') == {"a": ['"[', 1]}


def test_a_move_number_longer_than_python_prints_is_a_record_error() -> None:
    text = "1" * 5000 + " B e5\n"
    with pytest.raises(RecordError) as caught:
        from_text(text, game="susan")
    assert "larger than any game" in str(caught.value) and len(str(caught.value)) < SHORT


def test_errors_quote_only_an_excerpt_of_the_input() -> None:
    token = "z" * 20_000_000
    state = find_game("susan").new_game()
    with pytest.raises(ValueError) as caught:
        state.play_turn(token)
    assert len(str(caught.value)) < SHORT
    with pytest.raises(RecordError) as caught:
        replay(from_text("e5\n" + "q" * 59_000 + "\n", game="susan"))
    assert len(str(caught.value)) < SHORT
    assert quote("ab") == "'ab'" and quote("x" * 100).endswith("(100 characters)")
    assert quote(10 ** 5000) == "a number of about 5000 digits"  # str() would raise past 4300 digits
    assert isinstance(IllegalMoveError("y" * 10_000, "no").args[0], str)


@pytest.mark.parametrize("value", ["6.0000000001", "٦", "1e1", "nan", "inf", 10 ** 400, 10 ** 5000, True,
                                   float("nan"), float("inf"), "5,5", "", None, [], "0x10"],
                         ids=lambda value: quote(value).encode("ascii", "backslashreplace").decode())
def test_option_values_are_canonical_numbers_or_refused_briefly(value: object) -> None:
    with pytest.raises(OptionsError) as caught:
        find_game("superstar").resolve_options({"komi": value})
    assert len(str(caught.value)) < SHORT


@pytest.mark.parametrize("value,expected", [("6", 6.0), (" -2.5 ", -2.5), (5.5, 5.5), (-50, -50.0), ("50", 50.0)])
def test_option_values_on_the_grid_are_accepted(value: object, expected: float) -> None:
    assert find_game("superstar").resolve_options({"komi": value}) == {"komi": expected}
    assert find_game("stymie").resolve_options({"size": "8"}) == {"size": 8}


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in the browser")
def test_the_cli_stops_quietly_when_its_reader_goes_away() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head` having exited
    try:
        run = subprocess.run([sys.executable, "-m", "pygame_core", "bench", "susan", "--seconds", "0.05"],
                             stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
