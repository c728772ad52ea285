"""Issue 56: the page's parts (ui/page, analysis board to Learn) speak the player's language.
A tiny French catalog is installed (tiny_catalog) and a few representative texts of each part,
a plain label, one with a value in it and a count, must come out in French; English stays the
default, as every other test reads it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.registry import find_game
from test_analysis_panel import make_page, settle
from tiny_catalog import speaking_french
from ui.play.session import Session

FRENCH = {
    # the analysis board and the engine's panel
    "Analysis board": "Plateau d'analyse",
    "Edit position": "Modifier la position",
    "An empty {game} board: Edit position sets one up.": "Un plateau {game} vide : Modifier la position en prépare un.",
    "Analysing…": "Analyse en cours…",
    "Play {turn}": "Jouer {turn}",
    # backup
    "Storage: kept. The browser will not clear these saves on its own.": "Stockage : conservé.",
    ("Backed up {n} saved game and the game on the board to {filename}.",
     "Backed up {n} saved games and the game on the board to {filename}."):
        ("{n} partie sauvegardée et celle du plateau dans {filename}.",
         "{n} parties sauvegardées et celle du plateau dans {filename}."),
    ("{n} damaged save was left out.", "{n} damaged saves were left out."):
        ("{n} sauvegarde abîmée omise.", "{n} sauvegardes abîmées omises."),
    # the coach, the keyboard cursor, the rules, Learn, the kept game, the embed
    "Chances to win (coach's estimate)": "Chances de gagner (estimation du coach)",
    "thinking…": "réflexion…",
    "{cell}: empty": "{cell} : vide",
    "How to play {game}": "Comment jouer à {game}",
    "Learn": "Apprendre",
    "Move {move} of {total}": "Coup {move} sur {total}",
    ("Your {game} game ({n} move) was kept when the analysis board opened: it is in the saves list as “{name}”.",
     "Your {game} game ({n} moves) was kept when the analysis board opened: it is in the saves list as “{name}”."):
        ("Votre partie de {game} ({n} coup) a été gardée : elle est dans la liste sous « {name} ».",
         "Votre partie de {game} ({n} coups) a été gardée : elle est dans la liste sous « {name} »."),
    "Open full page ↗": "Ouvrir la page entière ↗",
    "That puzzle cannot be opened: {reason}": "Ce problème ne s'ouvre pas : {reason}",
    "the record is damaged": "l'enregistrement est abîmé",
    "Bring it back": "La reprendre",
    "Your {game} game is kept: Close brings it back.": "Votre partie de {game} est gardée : Fermer la rend.",
    "Medium": "Moyen",
    "“{name}”": "« {name} »",
    "{names} and {count} more": "{names} et {count} autres",
    "Replace saves with the backup's versions?": "Remplacer des sauvegardes par celles de la copie ?",
    ("The backup holds another version of {n} save here ({names}): restoring replaces it with the backup's. "
     "To keep it, cancel: nothing is restored.",
     "The backup holds another version of {n} saves here ({names}): restoring replaces them with the backup's. "
     "To keep them, cancel: nothing is restored."):
        ("La copie a une autre version de {n} sauvegarde ({names}).",
         "La copie a une autre version de {n} sauvegardes ({names})."),
}


@pytest.fixture
def french() -> Iterator[None]:
    with speaking_french(FRENCH):
        yield


@pytest.fixture
def page() -> Any:
    stub_browser_modules()
    from ui.page.play_page import PlayPage

    play_page = PlayPage(Document(), Window(), Session(find_game("susan")))
    play_page.dom.window.run_frames()
    return play_page


def texts(element: Any) -> list[str]:
    return [each.textContent for each in element.walk()]


def test_the_analysis_board_speaks_french(page: Any, french: None) -> None:
    async def opened() -> list[str]:   # opening may start tasks: inside a running loop, as in the page
        board = page.analysis()
        board.open_request("?analysis=1&game=susan", linked=False)
        return texts(board.bar)

    shown = asyncio.run(opened())
    assert "Plateau d'analyse" in shown and "Modifier la position" in shown
    assert "Un plateau SUSAN vide : Modifier la position en prépare un." in shown


def test_the_engine_panel_speaks_french(french: None) -> None:
    page, panel, worker = make_page("d6", "b5")
    waiting: list[str] = []

    async def scenario() -> None:
        page.dom.by_id("analysis-toggle").fire("click")
        waiting.append(page.dom.by_id("analysis-eval").textContent)
        await settle(panel)

    asyncio.run(scenario())
    assert waiting == ["Analyse en cours…"]
    first = panel._rows[0]
    assert first["play"].attributes["aria-label"] == f"Jouer {first['show'].textContent}"


def test_the_backup_words_count_in_french(french: None) -> None:
    from ui.page.backup_panel import backed_up_words, kept_words

    assert kept_words(True) == "Stockage : conservé."
    assert backed_up_words(1, 0, "b.json") == "1 partie sauvegardée et celle du plateau dans b.json."
    assert backed_up_words(3, 2, "b.json") == \
        "3 parties sauvegardées et celle du plateau dans b.json. 2 sauvegardes abîmées omises."


def test_the_question_before_a_restore_counts_and_quotes_in_french(french: None) -> None:
    from ui.page.backup_panel import replace_question

    one = replace_question(["A"])
    assert one.title == "Remplacer des sauvegardes par celles de la copie ?"
    assert one.text == "La copie a une autre version de 1 sauvegarde (« A »)."
    many = replace_question([f"G{i}" for i in range(7)])
    assert many.text == "La copie a une autre version de 7 sauvegardes (« G0 », « G1 », « G2 », « G3 », « G4 » et 2 autres)."


def test_the_backup_words_stay_english_by_default() -> None:
    from ui.page.backup_panel import backed_up_words, replace_question

    assert backed_up_words(1, 1, "b.json") == \
        "Backed up 1 saved game and the game on the board to b.json. 1 damaged save was left out."
    assert replace_question([f"G{i}" for i in range(6)]).text == (
        "The backup holds another version of 6 saves here (“G0”, “G1”, “G2”, “G3”, “G4” and 1 more): restoring "
        "replaces them with the backup's. To keep them, cancel: nothing is restored.")


def test_the_coach_and_the_cursor_speak_french(page: Any, french: None) -> None:
    page.coach()
    assert page.dom.by_id("eval-title").textContent == "Chances de gagner (estimation du coach)"
    page.coach().bar._show_waiting()
    assert page.dom.by_id("eval-words").textContent == "réflexion…"
    board = page.dom.by_id("board")
    page.dom.document.activeElement = board
    board.fire("keydown", key="ArrowUp")
    cell, said = page.dom.by_id("board-cursor").textContent.split(" : ")
    assert said == "vide" and cell in page.session.live.board.names


def test_the_rules_learn_and_the_guided_replay_speak_french(page: Any, french: None) -> None:
    from pygame_core.puzzles.guided import guided_games

    page.dom.by_id("help-button").fire("click")
    assert page.dom.by_id("help-title").textContent == "Comment jouer à SUSAN"
    page.open_learn()
    learn = page._dialogs["learn"]
    assert "Apprendre" in texts(learn.dialog)
    learn.keeper.keep()
    assert learn.kept_note.textContent == "Votre partie de SUSAN est gardée : Fermer la rend."
    game = guided_games()[0]
    learn.open_guided(game)
    assert learn.goal.textContent == f"Coup 0 sur {len(game.turns)}"


def test_the_kept_game_notice_counts_in_french(french: None) -> None:
    from ui.page.kept_game_notice import waiting_words

    one = Session(find_game("susan"))
    one.play_turn(one.turn_start.parse_turn("e5"))
    assert waiting_words(one.to_saved(), "Mine") == \
        "Votre partie de SUSAN (1 coup) a été gardée : elle est dans la liste sous « Mine »."


def test_a_reason_from_the_core_is_told_in_french(page: Any, french: None) -> None:
    from pygame_core.errors import RecordError
    from ui.page.learn_bar import BarWords, open_on_board

    def damaged() -> Session:
        raise RecordError("the record is damaged")

    page.open_learn()
    open_on_board(page._dialogs["learn"], "puzzle", "puzzle", damaged, lambda session: BarWords("", "", "", ""))
    assert page.session.message == "Ce problème ne s'ouvre pas : l'enregistrement est abîmé"


def test_the_front_door_names_the_levels_in_french(page: Any, french: None) -> None:
    page.open_front_door()
    susan = next(e for e in page.dom.by_id("front-door-games").children if e.attributes["data-game"] == "susan")
    assert "Moyen" in [each.textContent for each in susan.walk() if each.tagName == "OPTION"]


def test_the_embed_link_speaks_french(french: None) -> None:
    stub_browser_modules()
    from ui.page.play_page import PlayPage

    from ui.page.embed_bar import EmbedBar

    page = PlayPage(Document(), Window(), Session(find_game("susan")))
    bar = EmbedBar(page, "?embed=1&game=susan", "")
    assert bar.full_link.textContent == "Ouvrir la page entière ↗"
