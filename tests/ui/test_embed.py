"""Embed parameters: good ones are used, hostile ones become messages and defaults, never errors."""

from __future__ import annotations

from urllib.parse import quote, urlencode

import pytest
from hypothesis import given, settings, strategies as st

from pygame_core.registry import DEFAULT_GAME, all_games, find_game
from saves_helpers import GAME_SPECS, SEEDS, random_record, examples
from ui.play.saved_game import AI, Seat
from ui.saves.embed import RESERVED, full_page_url, is_embed, parse_embed
from ui.saves.share import decode as decode_share, encode as encode_share

LEVELS = ("easy", "medium", "strong")


def test_every_setting_is_used() -> None:
    config = parse_embed("?embed=1&game=susan&size=6&seats=human,ai&level=strong&record=d6+b5+d6-d7"
                         "&move=2&theme=dark", "", LEVELS)
    assert config.messages == ()
    assert config.theme == "dark"
    record = config.saved.record
    assert (record.game, record.options["size"], record.turns) == ("susan", 6, ("d6", "b5", "d6-d7"))
    assert config.saved.seats == (Seat(), Seat(AI, "strong"))
    assert config.saved.cursor == 2


def test_plain_embed_opens_a_new_game_of_the_first_game_for_people() -> None:
    config = parse_embed("embed=1", "", LEVELS)
    assert config.saved.record.game == DEFAULT_GAME and config.saved.record.turns == ()
    assert all(seat.kind == "human" for seat in config.saved.seats)
    assert is_embed("?embed=1&game=susan") and not is_embed("?game=susan") and not is_embed("embed=0")


def test_a_seat_may_name_its_own_level() -> None:
    config = parse_embed("embed=1&seats=ai:easy,AI", "", LEVELS, default_level="medium")
    assert config.saved.seats == (Seat(AI, "easy"), Seat(AI, "medium"))


@settings(max_examples=examples(25), deadline=None)
@given(GAME_SPECS, SEEDS)
def test_a_share_code_in_the_record_or_the_fragment_opens_at_its_last_move(spec, seed) -> None:
    record = random_record(spec, seed)
    code = encode_share(record)
    for query, fragment in ((urlencode({"embed": 1, "record": code}), ""), ("embed=1", "#" + code)):
        config = parse_embed(query, fragment, LEVELS)
        assert config.messages == ()
        assert config.saved.record == decode_share(code)
        assert config.saved.cursor == len(record.turns)
    assert decode_share(full_page_url("https://x.org/p/?embed=1&game=s#r1t.old", config.saved).split("#")[1]) \
        == decode_share(code)
    assert full_page_url("https://x.org/p/?embed=1#z", config.saved).startswith("https://x.org/p/#r1")


@pytest.mark.parametrize("query, fragment, wanted", [
    ("embed=1&game=chess", "", "no game 'chess'"),
    ("embed=1&game=<script>alert(1)</script>", "", "no game"),
    ("embed=1&size=7", "", "size"),
    ("embed=1&size=6&size=5", "", "twice"),
    ("embed=1&colour=red", "", "'colour' is not known"),
    ("embed=1&theme=neon", "", "theme"),
    ("embed=1&seats=human", "", "seats lists 1"),
    ("embed=1&seats=human,robot", "", "seat 2"),
    ("embed=1&seats=human,ai:godlike", "", "seat 2"),
    ("embed=1&level=godlike&seats=human,ai", "", "level 'godlike'"),
    ("embed=1&record=d6+d6", "", "move 2"),
    ("embed=1&record=" + "e5+" * 5001, "", "more than 5000"),
    ("embed=1&record=r1t.susan~~~zz", "", "shared game was not loaded"),
    ("embed=1", "#r9z.AAAA", "newer"),
    ("embed=1&record=d6&move=5", "", "move '5'"),
    ("embed=1&move=-1", "", "move '-1'"),
    ("embed=1&move=" + "9" * 5000, "", "move '999"),
    ("embed=1&" + "&".join(f"k{i}=1" for i in range(50)), "", "more than 40 settings"),
    ("embed=1&x=" + "a" * 30_000, "", "longer than"),
    ("embed=1&game=susan&record=" + quote(encode_share(random_record(find_game("susan"), 1)))
     + "&game=susan", "", "twice"),
])
def test_bad_settings_are_reported_and_replaced_by_defaults(query: str, fragment: str, wanted: str) -> None:
    config = parse_embed(query, fragment, LEVELS)
    assert any(wanted in message for message in config.messages), config.messages
    assert all(len(message) < 400 for message in config.messages)
    assert 0 <= config.saved.cursor <= len(config.saved.record.turns)


def test_reserved_names_are_no_game_option() -> None:
    assert not {o.name for spec in all_games() for o in spec.options} & set(RESERVED)


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(st.text(max_size=200), st.text(max_size=60))
def test_fuzzed_addresses_never_raise(query: str, fragment: str) -> None:
    config = parse_embed(query, fragment, LEVELS)
    assert config.theme in ("auto", "light", "dark")


def test_the_embed_bar_opens_the_game_its_address_names_on_the_page() -> None:
    """The embed bar on the fake page (its host, not the side panel, opens the game): the
    address's game and moves on the board, its theme set, the full-page link carrying them."""
    from fake_dom import Document, Window, stub_browser_modules
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.page.saves_panel import mount
    from ui.play.session import Session

    window = Window()
    window.location.search = "?embed=1&game=susan&size=6&record=d6+b5&theme=dark"
    page = PlayPage(Document(), window, Session(find_game("stymie")))
    bar = mount(page)
    assert page.session.spec.name == "susan" and page.session.turns == ("d6", "b5")
    assert page.dom.document.documentElement.dataset.theme == "dark"
    assert decode_share(bar.full_link.href.split("#")[1]).turns == ("d6", "b5")
