"""Issue 56: the page's own texts reach the player in the player's language. With a tiny French
catalog installed (tests/ui/tiny_catalog.py), a few representative texts of each group of
ui/page modules come out French, a plural and a placeholder among them: the saves panel
(saves_panel, saves_list, transfer_panel, link_panel, save_notice), the play area (side_panel,
move_list, opponent, review_display) and Learn (tutorial_coach, puzzle_coach)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from fake_dom import Document, Window, stub_browser_modules
from pygame_core.registry import find_game
from tiny_catalog import speaking_french


def shown(element: Any) -> list[str]:
    """Every text under `element` a player reads or hears: text, titles, labels, placeholders."""
    found = []
    for each in element.walk():
        found += [each.textContent, str(getattr(each, "title", "")), str(getattr(each, "placeholder", ""))]
        found += [each.attributes.get(name, "") for name in ("aria-label", "placeholder", "title")]
    return [text for text in found if text]


def made(page: Any, element_id: str) -> Any:
    """The element the page made with `element_id` (not the fake document's stand-in)."""
    return next(e for e in page.dom.document.body.walk() + page.dom.by_id("side-panel").walk()
                if e.attributes.get("id") == element_id)


@pytest.fixture
def french_page(request: pytest.FixtureRequest) -> Iterator[tuple[Any, Any]]:
    """A SUSAN play page with its saves panel, built while the page speaks the test's French."""
    stub_browser_modules()
    from ui.page.play_page import PlayPage
    from ui.page.saves_panel import mount
    from ui.play.session import Session

    with speaking_french(request.param):
        document, window = Document(), Window()
        page = PlayPage(document, window, Session(find_game("susan")))
        panel = mount(page)
        window.run_frames()
        yield page, panel


SAVES_PANEL = {
    "Saves, sharing and export": "Parties, partage et export",
    "Name (optional)": "Nom (facultatif)",
    "Not imported: {problem}": "Non importée : {problem}",
    ("Share link ready to copy ({n} character).", "Share link ready to copy ({n} characters)."):
        ("Lien prêt à copier ({n} caractère).", "Lien prêt à copier ({n} caractères)."),
    "Saves {first}–{last} of {total}": "Parties {first} à {last} sur {total}",
    "Playing by link": "Jouer par lien",
    "Saving works again: every move of this game is saved.": "L'enregistrement remarche.",
}


@pytest.mark.parametrize("french_page", [SAVES_PANEL], indirect=True)
def test_the_saves_panel_speaks_the_players_language(french_page: tuple[Any, Any],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.page.transfer_panel as transfer_panel
    from ui.page.saves_list import range_words

    page, panel = french_page
    monkeypatch.setattr(transfer_panel.asyncio, "ensure_future", lambda work: work.close())  # no clipboard here
    side = shown(page.dom.by_id("side-panel"))
    assert "Parties, partage et export" in side and "Nom (facultatif)" in side
    status = made(page, "saves-status")
    made(page, "import-text").value = "not a record"
    made(page, "import-button").fire("click")
    assert status.textContent.startswith("Non importée : ")               # a placeholder
    made(page, "share-button").fire("click")
    assert status.textContent.startswith("Lien prêt à copier (") and status.textContent.endswith(" caractères).")
    assert range_words(950, 50, 1000) == "Parties 951 à 1\u202f000 sur 1\u202f000"
    page.dom.window.navigator = SimpleNamespace()   # no share sheet
    assert "Jouer par lien" in shown(panel._link_box().box)
    saved = page.session.to_saved()
    panel.notice.failed(saved, "Full.")
    panel.notice.saved(saved)
    assert panel.notice.headline.textContent == "L'enregistrement remarche."


PLAY_AREA = {
    "Start": "Début",
    "Black": "Noir",
    "Move {number}: {side} {move}": "Coup {number} : {side} {move}",
    "{side} (computer) is thinking.": "{side} (ordinateur) réfléchit.",
    "The computer could not move: {why}.": "L'ordinateur n'a pas pu jouer : {why}.",
    ("Review stopped after {done} of {n} position.", "Review stopped after {done} of {n} positions."):
        ("Revue arrêtée après {done} sur {n} position.", "Revue arrêtée après {done} sur {n} positions."),
}


@pytest.mark.parametrize("french_page", [PLAY_AREA], indirect=True)
def test_the_play_area_speaks_the_players_language(french_page: tuple[Any, Any]) -> None:
    from ui.page.opponent import failure_words
    from ui.page.review_display import Review, ReviewDisplay

    page, unused = french_page
    page.dom.by_id("move-input").value = "e5"
    page.dom.by_id("move-form").fire("submit")
    page.dom.window.run_frames()
    assert page.dom.by_id("message").textContent == ""   # no message: not the catalog's header ("")
    start, first = page.dom.by_id("moves").querySelectorAll("button")[:2]
    assert start.textContent == "Début" and first.title == "Coup 1 : Noir e5"
    page.panel.update(page.session, thinking=True)
    assert page.dom.by_id("status").textContent == "White (ordinateur) réfléchit."
    assert failure_words("no answer") == "L'ordinateur n'a pas pu jouer : no answer."
    ReviewDisplay(page, lambda: None).stopped(Review(page.session, "quick"))
    assert page.dom.by_id("review-progress").textContent == "Revue arrêtée après 0 sur 2 positions."


LEARN = {
    "Tutorials": "Tutoriels",
    "{game} tutorial": "Tutoriel de {game}",
    ("{n} puzzle; solved {solved}, missed {missed}.", "{n} puzzles; solved {solved}, missed {missed}."):
        ("{n} problème ; {solved} résolu, {missed} manqué.", "{n} problèmes ; {solved} résolus, {missed} manqués."),
    "Try again": "Réessayer",
}


@pytest.mark.parametrize("french_page", [LEARN], indirect=True)
def test_learn_speaks_the_players_language(french_page: tuple[Any, Any]) -> None:
    from pygame_core.puzzles.catalog import shipped

    page, unused = french_page
    page.open_learn()
    dialog = next(e for e in page.dom.by_id("dialogs").walk() if e.attributes.get("id") == "learn-dialog")
    texts = shown(dialog)
    assert "Tutoriels" in texts and "Tutoriel de SUSAN" in texts and "Réessayer" in shown(page.dom.by_id("panel-content"))
    progress = next(e for e in dialog.walk() if e.attributes.get("id") == "learn-progress")
    assert progress.textContent.startswith(f"{len(shipped())} problèmes ; 0 résolus, 0 manqués.")
