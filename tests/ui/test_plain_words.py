"""Plain words in the new-game form: option help is written for players, not for the rules'
section numbers or the code's seat numbers, and the form shows it under each option."""

from __future__ import annotations

from pygame_core.registry import all_games, find_game
from ui.play.setup import fields


def test_option_help_speaks_to_players() -> None:
    for spec in all_games():
        for option in spec.options:
            assert option.help, (spec.name, option.name)
            for jargon in ("RULES", "seat 0", "§", " = "):
                assert jargon not in option.help, (spec.name, option.name, jargon)


def test_the_variant_is_explained_in_words() -> None:
    help_text = {field.name: field.help for field in fields(find_game("susan"), None)}
    assert "3 or 4" in help_text["players"] and "Red" in help_text["players"]
    assert "surrounded is out" in help_text["variant"] and "wins at once" in help_text["variant"]
