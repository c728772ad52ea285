"""Each game calls its playing pieces by the word of its own rules (/work/shared/RULES.md, and
docs/rules.md): STYMIE places pieces, SUSAN, SUPERSTAR and LISBON stones. The translators flagged
STYMIE's rules saying "stone" while its lessons said "piece", and a LISBON replay note saying
"pieces": one game, two words, which their glossary then translated two ways (issue 56)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog

from tools.i18n import extract

OWN_WORD = {"susan": "stone", "stymie": "piece", "superstar": "stone", "lisbon": "stone"}


@cache
def messages() -> Catalog:
    return extract()


def game_texts(game: str) -> list[str]:
    """Every message id found only in the game's own package (its rules, notes, lessons)."""
    found = []
    for message in messages():
        files = {filename for filename, _line in message.locations}
        if message.id and files and all(name.startswith(f"pygame_core/games/{game}/") for name in files):
            found += list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
    return found


@pytest.mark.parametrize("game", sorted(OWN_WORD))
def test_a_game_s_texts_use_its_own_word_for_its_pieces(game: str) -> None:
    other = ({"stone", "piece"} - {OWN_WORD[game]}).pop()
    word = re.compile(rf"\b{other}s?\b", re.IGNORECASE)
    texts = game_texts(game)
    assert texts, "the game has texts for players"
    assert [text for text in texts if word.search(text)] == []
