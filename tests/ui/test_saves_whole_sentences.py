"""The saves' failures are whole sentences, one message each (issue 56, the translators' note):
"could not {doing}: …" glued a verb phrase into a frame, and "the share link names {problem}"
glued the registry's own sentence after a verb, so no translation could order its words."""

from __future__ import annotations

import re

import pytest
from test_saves_store import DictStorage
from tiny_catalog import speaking_french

from pygame_core.registry import GAMES
from ui.play.error_words import error_words
from ui.saves.share import ShareError, decode
from ui.saves.shelf import AUTOSAVE_KEY, SAVE_PREFIX, SaveShelf, StoreError

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def failures() -> list[tuple[str, StoreError]]:
    """(what was tried, the error) for each way a broken storage fails."""
    broken, found = SaveShelf(DictStorage(broken=True)), []
    for doing, attempt in (("list", broken.keys), ("read", lambda: broken.read(AUTOSAVE_KEY)),
                           ("save", lambda: broken.write(AUTOSAVE_KEY, "x")),
                           ("delete", lambda: broken.remove(SAVE_PREFIX + "1"))):
        with pytest.raises(StoreError) as caught:
            attempt()
        found.append((doing, caught.value))
    return found


def test_each_storage_failure_is_its_own_sentence_with_only_the_problem_in_it() -> None:
    templates = [error.args[0].template for _doing, error in failures()]
    assert len(set(templates)) == 4, "one message per case"
    for template in templates:
        assert PLACEHOLDER.findall(template) == ["problem"], template


def test_a_translation_orders_the_words_of_a_storage_failure() -> None:
    words = {"could not save: the browser's storage refused ({problem})":
             "le stockage du navigateur a refusé ({problem}) : partie non enregistrée"}
    error = dict(failures())["save"]
    with speaking_french(words):
        assert error_words(error).startswith("le stockage du navigateur a refusé (")
        assert error_words(error).endswith(") : partie non enregistrée")


def test_a_share_link_naming_an_unknown_game_says_so_in_one_sentence() -> None:
    with pytest.raises(ShareError) as caught:
        decode("r1t.chess~~~e5")
    text = caught.value.args[0]
    assert text.template == "the share link names a game this site does not have: {name} (it has {games})"
    assert text == f"the share link names a game this site does not have: 'chess' (it has {', '.join(GAMES)})"
    words = {text.template: "ce site n'a pas le jeu {name} que nomme le lien de partage (il a {games})"}
    with speaking_french(words):
        assert error_words(caught.value).startswith("ce site n'a pas le jeu 'chess' que nomme le lien")
