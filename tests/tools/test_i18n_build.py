"""tools/i18n.py and tools/i18n_extract.py: what the extractors find, and what the build writes
for each language (the .mo, the JSON, the first screen's strings inline, nothing precached)."""

from __future__ import annotations

import gettext
import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import write_po

from tests.tools.test_build import fake_node_modules  # noqa: F401  (the fixture: a build without npm ci)
from tools.build import PYTHON_ARCHIVE, build_site, precached_files, read_package_archive, site_files
from tools.i18n import FIRST_SCREEN_ID, PageWords, compile_language, compile_site, read_mapping, with_first_screen
from tools.i18n_extract import lesson_texts, page_texts
from ui.i18n import _, current

PAGE = """<!doctype html><html><head><title>Board games</title><style>p { color: red }</style></head>
<body>
  <button aria-label="Previous move" title="Back one">‹</button>
  <p translate="no">SUSAN <b>e5</b></p>
  <script>const x = "not a text";</script>
  <img src="a.png" alt="An empty board">
  <p>Saves are unavailable:
     open the game in its own tab.</p>
  <dialog id="front-door-dialog"><h2>Play a game</h2><p>Level <select><option>Easy</option></select></p></dialog>
  <template><p>Rules text</p></template>
</body></html>"""


def test_the_page_extractor_reads_text_and_the_players_attributes_only():
    texts = [(text.text, text.where) for text in page_texts(PAGE)]
    assert texts == [("Board games", "text"), ("Previous move", "aria-label"), ("Back one", "title"),
                     ("An empty board", "alt"), ("Saves are unavailable: open the game in its own tab.", "text"),
                     ("Play a game", "text"), ("Level", "text"), ("Easy", "text")]
    assert {text.text for text in page_texts(PAGE) if "front-door-dialog" in text.ids} == {"Play a game", "Level", "Easy"}


def test_the_extractors_are_babel_plugins_named_in_the_mapping():
    methods = {section.method for section in read_mapping()}
    assert {"tools.i18n_extract:extract_html", "tools.i18n_extract:extract_lessons", "python", "javascript"} <= methods
    found = list(extract("tools.i18n_extract:extract_html", io.BytesIO(PAGE.encode())))
    assert (found[0][0], found[0][1]) == (1, "Board games")
    lessons = json.dumps({"lessons": [{"id": "x-1", "kind": "tutorial", "title": "Place a stone", "text": "Find it.",
                                       "goal": {"result": "win", "why": "Surrounded."},
                                       "solution": {"turns": ["b2"], "reason": "surrounded a1", "why": "b2 was last."},
                                       "wrong": [{"turns": ["c2"], "why": "c2 is too far."}]},
                                      {"id": "x-2", "kind": "replay", "title": "A game", "source": "Ours.",
                                       "notes": {"10": "Later.", "2": "Early."}}]}, indent=1)
    found = [(line, text, comments) for line, text, comments, _context in
             extract("tools.i18n_extract:extract_lessons", io.BytesIO(lessons.encode()))]
    assert [text for _line, text, _comments in found] == [
        "Place a stone", "Find it.", "Surrounded.", "b2 was last.", "c2 is too far.", "A game", "Ours.", "Early.", "Later."]
    assert "surrounded a1" not in {text for _where, text in lesson_texts(json.loads(lessons))}, "reasons are never shown"
    assert found[4][2] == ["x-1 wrong answer 1 why"] and found[4][0] > found[0][0]


def po(tmp_path: Path, code: str, messages: list[tuple[object, object, str]]) -> Catalog:
    """A catalog of `code` with (id, translation, file) messages, as read from a .po file."""
    catalog = Catalog(locale=code, fuzzy=False)
    for message_id, string, filename in messages:
        catalog.add(message_id, string, [(filename, 1)])
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    (tmp_path / f"{code}.po").write_bytes(buffer.getvalue())
    return catalog


FRENCH = [("Hello", "Bonjour", "ui/page/x.py"), ("Loading…", "Chargement…", "assets/boot-failure.mjs"),
          ("Play a game", "Jouer une partie", "index.html"), ("Easy", "Facile", "pygame_core/ai/levels.py"),
          (("{n} move", "{n} moves"), ("{n} coup", "{n} coups"), "assets/first-screen.mjs"),
          (("{n} stone", "{n} stones"), ("", ""), "ui/play/view.py"), ("Untranslated", "", "assets/x.mjs")]


def test_an_untranslated_plural_stays_english_in_the_compiled_catalog(tmp_path: Path):
    """Babel's write_mo writes an empty plural form as the English (gettext would show "")."""
    compile_language("fr", po(tmp_path, "fr", FRENCH), tmp_path, PageWords.of(PAGE), rules=dict)
    translations = gettext.GNUTranslations(io.BytesIO((tmp_path / "i18n" / "fr.mo").read_bytes()))
    assert translations.ngettext("{n} stone", "{n} stones", 3) == "{n} stones"
    assert translations.ngettext("{n} move", "{n} moves", 3) == "{n} coups"
    assert translations.gettext("Hello") == "Bonjour"


def test_the_json_holds_the_scripts_messages_and_the_rules_in_the_language(tmp_path: Path):
    first = compile_language("fr", po(tmp_path, "fr", FRENCH), tmp_path, PageWords.of(PAGE),
                             rules=lambda: {"susan": _("Hello")})
    data = json.loads((tmp_path / "i18n" / "fr.json").read_text(encoding="utf-8"))
    assert data["messages"] == {"Loading…": "Chargement…", "Play a game": "Jouer une partie", "Easy": "Facile",
                                "{n} move": ["{n} coup", "{n} coups"]}, "scripts' and page texts, translated ones"
    assert data["plural"] == "(n > 1)"
    assert data["rules"] == {"susan": "Bonjour"}, "the rules are rendered in the language"
    assert current().code == "en", "and the build goes back to English"
    assert first == {"Play a game": "Jouer une partie", "Easy": "Facile", "{n} move": ["{n} coup", "{n} coups"]}, \
        "the first screen: first-screen.mjs's messages and the front door's texts"


def test_a_missing_catalog_compiles_empty_and_the_page_stays_english(tmp_path: Path):
    first = compile_site(tmp_path / "site", PAGE, rules=dict, locale=tmp_path / "no-catalogs")
    assert [language["code"] for language in first["languages"]][:2] == ["en", "pt"]
    assert first["messages"] == {"pt": {}, "nl": {}, "de": {}, "es": {}, "fr": {}}
    assert json.loads((tmp_path / "site" / "i18n" / "de.json").read_text())["messages"] == {}
    assert gettext.GNUTranslations(io.BytesIO((tmp_path / "site" / "i18n" / "de.mo").read_bytes())).gettext("Hi") == "Hi"


def test_the_first_screen_strings_are_inline_data_no_translation_can_break_out_of(tmp_path: Path):
    page = with_first_screen(PAGE, {"languages": [], "messages": {"fr": {"A": "</script><script>alert(1)"}}})
    match = re.search(rf'<script type="application/json" id="{FIRST_SCREEN_ID}">(.*?)</script>\n</head>', page, re.S)
    assert match is not None and "<" not in match.group(1)
    assert json.loads(match.group(1))["messages"]["fr"]["A"] == "</script><script>alert(1)"


def test_only_the_catalogs_are_left_out_of_the_precache(tmp_path: Path):
    for name in ("index.html", "i18n/fr.mo", "i18n/fr.json", "assets/i18n.mjs"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    assert sorted(precached_files(tmp_path)) == ["assets/i18n.mjs", "index.html"]


@pytest.mark.slow
def test_the_built_site_has_every_languages_catalog_served_not_precached(tmp_path: Path,
                                                                       fake_node_modules: Path):  # noqa: F811
    out = tmp_path / "site"
    build_site(out, node_modules=fake_node_modules, bytecode=False)
    catalogs = {url for url in site_files(out) if url.startswith("i18n/")}
    assert catalogs == {f"i18n/{code}.{kind}" for code in ("pt", "nl", "de", "es", "fr") for kind in ("mo", "json")}
    worker = (out / "sw.js").read_text()
    assert "i18n/" not in worker, "a first visit downloads no other language"
    page = (out / "index.html").read_text(encoding="utf-8")
    first = json.loads(re.search(rf'id="{FIRST_SCREEN_ID}">(.*?)</script>', page, re.S).group(1))
    assert {"code": "pt", "name": "Português"} in first["languages"]
    assert set(first["messages"]) == {"pt", "nl", "de", "es", "fr"}
    with read_package_archive(out / PYTHON_ARCHIVE) as archive:
        assert [name for name in archive.namelist() if name.startswith("ui/locale/")] == [], \
            "the catalogs' sources (~95 KB each) do not ride in app.zip"
    rules = json.loads((out / "i18n" / "nl.json").read_text(encoding="utf-8"))["rules"]
    assert set(rules) == {"susan", "stymie", "superstar", "lisbon"} and all("<p" in markup for markup in rules.values())
