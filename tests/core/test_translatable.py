"""The core's texts for players: a Text is its English (what logs, the command line and these
tests read) and carries its template and values for the page to translate (ui.i18n.say)."""

from __future__ import annotations

import pickle

import pytest

from pygame_core.errors import IllegalMoveError, InvalidMoveError, MoveError, OptionsError, RecordError, text_of
from pygame_core.record import Record, replay
from pygame_core.registry import find_game
from pygame_core.translatable import N_, N_plural, Text


def test_a_text_is_its_english_and_keeps_its_template_and_values() -> None:
    text = Text(N_("{cell} is occupied by {side}"), {"cell": "e5", "side": Text(N_("White"))})
    assert text == "e5 is occupied by White" and str(text) == "e5 is occupied by White"
    assert text.template == "{cell} is occupied by {side}" and text.values["cell"] == "e5"
    assert text.values["side"].template == "White"


def test_a_text_without_values_reads_no_placeholders() -> None:
    assert Text("a { brace") == "a { brace"


def test_a_count_takes_the_english_plural_form_by_n() -> None:
    one, three = (N_plural("{n} slide in a row", "{n} slides in a row", n) for n in (1, 3))
    assert (one, three) == ("1 slide in a row", "3 slides in a row")
    assert three.template == "{n} slide in a row" and three.plural == "{n} slides in a row" and three.values == {"n": 3}


def test_a_text_survives_pickling_with_its_template() -> None:
    text = Text(N_("{side} surrounded {cells}"), {"side": Text(N_("Black")), "cells": "e5"})
    again = pickle.loads(pickle.dumps(text))
    assert again == text and again.template == text.template and again.values["side"].template == "Black"


def test_a_move_error_carries_its_template_and_values() -> None:
    state = find_game("susan").new_game().play_turn("e5")
    with pytest.raises(IllegalMoveError) as caught:
        state.play_turn("e5")
    error = caught.value
    assert error.reason == "e5 is occupied by Black" and str(error) == "'e5': e5 is occupied by Black"
    assert isinstance(error.reason, Text) and error.reason.template == "{cell} is occupied by {side}"
    assert error.reason.values["cell"] == "e5" and error.reason.values["side"].template == "Black"
    assert error.message.template == "{move}: {reason}" and error.message.values["reason"] is error.reason


def test_a_reason_given_as_plain_english_is_a_text_too() -> None:
    error = InvalidMoveError("zz", "not a move")
    assert isinstance(error.reason, Text) and error.reason.template == "not a move"
    assert isinstance(MoveError("a", "b").message, Text)


def test_a_record_error_with_a_turn_keeps_the_reason_as_a_value() -> None:
    with pytest.raises(RecordError) as caught:
        replay(Record("susan", {}, ("e5", "e5")))
    error = caught.value
    assert str(error).startswith("move 2: ") and error.message.template == "move {turn}: {message}"
    assert error.message.values["turn"] == 2 and isinstance(error.message.values["message"], Text)


def test_an_option_error_carries_its_template() -> None:
    with pytest.raises(OptionsError) as caught:
        find_game("stymie").resolve_options({"size": "99"})
    assert caught.value.message.template.startswith("option {name}: {value}")
    assert str(caught.value) == caught.value.message


def test_text_of_finds_the_text_a_plain_value_error_was_raised_with() -> None:
    with pytest.raises(ValueError) as caught:
        find_game("chess")
    text = text_of(caught.value)
    assert text == str(caught.value) and text.template == "unknown game {name}; known: {games}"
    assert text_of(ValueError("plain")) == "plain"
