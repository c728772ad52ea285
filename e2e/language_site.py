"""A copy of the built site that speaks a few languages from small catalogs the tests write, in
the build's formats (tools/i18n.py): i18n/<code>.json for the page's JavaScript, i18n/<code>.mo
for its Python, and the first screen's words inline in index.html (id="i18n-first").

Why not the real catalogs: the tests check how the page chooses and uses a language, whatever
the translators have done so far; these catalogs are the same files, with words the tests know.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog

from e2e.harness import TrafficMonitor
from tools.build import precached_files, write_service_worker
from tools.i18n import mo_of
from tools.serve import SiteServer

# Per language: the first screen's words (inline) and the rest (fetched), each msgid a text of
# index.html, the first screen's or the boot's JavaScript.
FIRST_WORDS = {
    "de": {"Play a game": "Ein Spiel spielen", "Click the board to play.": "Klicke auf das Brett, um zu spielen."},
    "pt": {"Play a game": "Jogar uma partida", "Click the board to play.": "Clique no tabuleiro para jogar."},
    "nl": {"Play a game": "Speel een spel", "Click the board to play.": "Klik op het bord om te spelen.",
           "Click the board or press a key to play: the game loads then (a few MB the first time).":
           "Klik op het bord of druk op een toets om te spelen: dan laadt het spel (de eerste keer een paar MB)."},
}
LATER_WORDS = {
    "de": {"New game": "Neues Spiel", "Skip to the board": "Zum Spielbrett springen",
           "Game board. Arrow keys move the cursor, Enter plays on the cursor cell.":
           "Spielbrett. Pfeiltasten bewegen den Cursor, Enter spielt auf dem Feld des Cursors."},
    "pt": {"New game": "Novo jogo", "Skip to the board": "Saltar para o tabuleiro"},
    "nl": {"New game": "Nieuw spel", "Skip to the board": "Naar het bord"},
}
RULES = {code: f"<p class=\"test-rules\">{code}: SUSAN</p>" for code in FIRST_WORDS}
NAMES = {"en": "English", "de": "Deutsch", "pt": "Português", "nl": "Nederlands", "es": "Español"}
FIRST_SCRIPT = re.compile(r'<script type="application/json" id="i18n-first">.*?</script>\n?', re.S)
I18N_DIR = "i18n"


def mo_bytes(code: str, messages: Mapping[Any, Any]) -> bytes:
    """A made-up catalog for `code`, compiled (tools.i18n.mo_of)."""
    return mo_of(messages, code)


def site_in_languages(built: Path, site: Path) -> Path:
    """`built` copied to `site` with the test catalogs of FIRST_WORDS' languages in place of any
    the build wrote, Spanish listed but without catalog files (a catalog that does not arrive),
    and a service worker for the copy that, as the build's, does not precache i18n/."""
    shutil.copytree(built, site, copy_function=os.link)   # hard links: the runtime is not copied
    shutil.rmtree(site / I18N_DIR, ignore_errors=True)
    (site / I18N_DIR).mkdir()
    for code, first in FIRST_WORDS.items():
        messages = {**first, **LATER_WORDS[code]}
        (site / I18N_DIR / f"{code}.mo").write_bytes(mo_bytes(code, messages))
        plural = Catalog(locale=code).plural_forms
        catalog = {"messages": messages, "plural": plural, "rules": {"susan": RULES[code]}}
        (site / I18N_DIR / f"{code}.json").write_text(json.dumps(catalog, ensure_ascii=False), encoding="utf-8")
    first_screen = {"languages": [{"code": code, "name": name} for code, name in NAMES.items() if code != "en"],
                    "messages": FIRST_WORDS}
    script = f'<script type="application/json" id="i18n-first">{json.dumps(first_screen)}</script>\n'
    page = FIRST_SCRIPT.sub("", (site / "index.html").read_text(encoding="utf-8"))
    for linked in ("index.html", "sw.js"):
        (site / linked).unlink()   # a link to the built site's file: never write through it
    (site / "index.html").write_text(page.replace("</head>", f"{script}</head>", 1), encoding="utf-8")
    write_service_worker(site / "sw.js", precached_files(site), prefix="site-", page="index.html")
    return site


def served_with(catalogs: dict[str, bytes], built_site: Path, root: Path, make_server,
                monitor: TrafficMonitor) -> SiteServer:
    """The built site, copied to `root` with `catalogs` ({code: .mo bytes}) for the page's Python."""
    shutil.copytree(built_site, root, copy_function=os.link)   # hard links: the runtime is not copied
    for code, mo in catalogs.items():
        target = root / "i18n" / f"{code}.mo"
        target.parent.mkdir(exist_ok=True)
        target.unlink(missing_ok=True)   # a link to the built site's file: never write through it
        target.write_bytes(mo)
    server = make_server(root)
    monitor.allow(server.origin)
    return server
