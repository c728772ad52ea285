"""The saves' words (ui.saves: why a save, a link or a backup does not load, what a restore did,
whose turn a kept game is at, the notice while saving fails, an embed's unused settings) reach the
player in their language: the saves keep an error's words as a Text (English as a str, so logs
and files read as before), and the page's `say` or `error_words` shows them translated."""

from __future__ import annotations

import pytest
from tiny_catalog import speaking_french

from pygame_core.registry import find_game
from pygame_core.record import Record
from ui.i18n import say
from ui.play.error_words import error_words
from ui.play.saved_game import SavedGame, Seat
from ui.saves.backup import RestorePlan, restore_words
from ui.saves.correspondence import embed_snippet
from ui.saves.embed import parse_embed
from ui.saves.room import Space, notice_words
from ui.saves.savefile import SaveError, decode
from ui.saves.store import whose_turn

FRENCH: dict[str | tuple[str, str], str | tuple[str, str]] = {
    "the save is format version {version}, newer than this page reads ({supported})":
        "la sauvegarde est au format {version}, plus récent que ce que lit cette page ({supported})",
    "Restored: {parts}.": "Restauré : {parts}.",
    ("{n} game added", "{n} games added"): ("{n} partie ajoutée", "{n} parties ajoutées"),
    ("{n} game already here", "{n} games already here"): ("{n} partie déjà ici", "{n} parties déjà ici"),
    "{player} to move": "au tour de {player}",
    "Black": "Noir",
    "Your moves are not being saved.": "Vos coups ne sont pas sauvegardés.",
    "Moves {first} to {last} are not saved.": "Les coups {first} à {last} ne sont pas sauvegardés.",
    "{unsaved} If this page closes, they are lost.": "{unsaved} Si cette page se ferme, ils sont perdus.",
    "setting {setting} is not known here and was ignored": "le réglage {setting} est inconnu ici et a été ignoré",
}


def test_a_save_that_does_not_load_says_why_in_french() -> None:
    with pytest.raises(SaveError) as caught:
        decode('{"format": "pygame-site-save", "version": 99}')
    assert str(caught.value) == "the save is format version '99', newer than this page reads (1)"   # logs: English
    with speaking_french(FRENCH):
        assert error_words(caught.value) == "la sauvegarde est au format '99', plus récent que ce que lit cette page (1)"


def test_what_a_restore_did_counts_in_french() -> None:
    game = SavedGame(Record("susan", find_game("susan").resolve_options({}), ()), (Seat(), Seat()), 0)
    plan = RestorePlan(added=(game,), replaced=(), already_here=3)
    with speaking_french(FRENCH):
        assert restore_words(plan) == "Restauré : 1 partie ajoutée, 3 parties déjà ici."
    assert restore_words(plan) == "Restored: 1 game added, 3 games already here."


def test_whose_turn_and_the_saving_notice_in_french() -> None:
    game = SavedGame(Record("susan", find_game("susan").resolve_options({}), ()), (Seat(), Seat()), 0)
    final = find_game("susan").new_game({})
    with speaking_french(FRENCH):
        assert say(whose_turn(game, final)) == "au tour de Noir"
        words = notice_words("The save failed.", False, ["e5"], ["e5", "d4", "c3"], Space(0, 0))
        assert words.headline == "Vos coups ne sont pas sauvegardés."
        assert words.kept == "Les coups 2 à 3 ne sont pas sauvegardés. Si cette page se ferme, ils sont perdus."


def test_an_embeds_unused_setting_in_french() -> None:
    config = parse_embed("embed=1&colour=red")
    assert config.messages == ("setting 'colour' is not known here and was ignored",)
    with speaking_french(FRENCH):
        assert [say(message) for message in config.messages] == ["le réglage 'colour' est inconnu ici et a été ignoré"]


def test_the_embed_snippets_title_in_french_escaped() -> None:
    record = Record("susan", find_game("susan").resolve_options({}), ("e5",))
    with speaking_french({"{game}, played by link": '{game}, joué "par lien"'}):
        snippet = embed_snippet("https://example.org/", "g1", record, "SUSAN", "fr")
    assert 'title="SUSAN, joué &quot;par lien&quot;"' in snippet
    assert 'title="SUSAN, played by link"' in embed_snippet("https://example.org/", "g1", record, "SUSAN")
