"""Links and embeds carry the language (issue 56): a game link, the embed code and an embed's full
page made on a page that is not English open in its language (`lang=`); English adds nothing, so
the reader's own language speaks; an embed reads `lang` and passes over anything not a language."""

from __future__ import annotations

import pytest

from pygame_core.record import Record
from pygame_core.registry import find_game
from ui.i18n import say
from ui.play.saved_game import SavedGame, Seat
from ui.saves.correspondence import decode_link, embed_snippet, link_url
from ui.saves.embed import full_page_url, parse_embed
from ui.saves.language_param import language_query, with_language
from ui.saves.share import decode as decode_share

GAME_ID = "g7Hx2"


def susan(*turns: str) -> Record:
    spec = find_game("susan")
    return Record("susan", spec.resolve_options({}), turns)


@pytest.mark.parametrize(("code", "query"), [
    ("fr", "lang=fr"), ("pt", "lang=pt"), ("en", ""), ("", ""), ("xx", ""), ('fr"><script>', ""),
])
def test_only_a_language_of_the_site_other_than_english_goes_in_an_address(code: str, query: str) -> None:
    assert language_query(code) == query
    assert with_language("https://example.org/", code) == "https://example.org/" + ("?" + query if query else "")


def test_a_game_link_made_on_a_french_page_opens_french() -> None:
    record = susan("d6", "b5")
    url = link_url("https://example.org/games/?lang=de&x=1#old", GAME_ID, record, "fr")
    address, code = url.split("#", 1)
    assert address == "https://example.org/games/?lang=fr"
    assert decode_link(code).record == record
    assert link_url("https://example.org/games/?lang=de", GAME_ID, record, "en").startswith(
        "https://example.org/games/#c1.")


def test_the_embed_code_made_on_a_french_page_opens_a_french_board() -> None:
    record = susan("d6", "b5")
    src = embed_snippet("https://example.org/play/", GAME_ID, record, "SUSAN", "fr").split('src="', 1)[1]
    src = src.split('"', 1)[0]
    assert src.startswith("https://example.org/play/?embed=1&lang=fr&pos=susan-")
    query, fragment = src.split("?", 1)[1].split("#", 1)
    config = parse_embed("?" + query, "#" + fragment, ("easy",))
    assert (config.language, config.messages, config.saved.record) == ("fr", (), record)
    english = embed_snippet("https://example.org/play/", GAME_ID, record, "SUSAN", "en")
    assert 'src="https://example.org/play/?embed=1&pos=susan-' in english and "lang=" not in english


@pytest.mark.parametrize(("query", "language"), [
    ("?embed=1&lang=nl", "nl"), ("?embed=1&lang=pt-BR", "pt"), ("?embed=1&lang=%20DE%20", "de"), ("?embed=1", ""),
])
def test_an_embed_reads_its_language(query: str, language: str) -> None:
    config = parse_embed(query)
    assert (config.language, config.messages) == (language, ())


@pytest.mark.parametrize("value", ["xx", "<script>alert(1)</script>", "n" * 10_000, "nl,de"])
def test_an_embed_passes_over_a_lang_that_is_no_language_and_says_so_briefly(value: str) -> None:
    from urllib.parse import quote
    config = parse_embed("?embed=1&game=stymie&lang=" + quote(value))
    assert config.language == "" and config.saved.record.game == "stymie"
    [message] = config.messages
    assert message.startswith("language ") and message.endswith(
        "is not one of en, pt, nl, de, es, fr; using the reader's own")
    assert len(message) < 120 and say(message) == message


def test_the_embed_s_full_page_keeps_the_language_it_named() -> None:
    saved = SavedGame(susan("d6"), (Seat(), Seat()), 1)
    url = full_page_url("https://example.org/play/?embed=1&lang=nl#c1.x", saved, "nl")
    address, code = url.split("#", 1)
    assert address == "https://example.org/play/?lang=nl" and decode_share(code) == saved.record
    assert full_page_url("https://example.org/play/?embed=1", saved).startswith("https://example.org/play/#r")
