"""The catalogs' toolchain, on Babel: extract the site's texts into ui/locale/messages.pot, merge
them into each language's ui/locale/<code>.po, and compile the catalogs into the built site.

Why a tool of our own around Babel: babel.cfg names, per kind of file, its own translation
functions (`_`/`N_`/`ngettext` in Python, `t`/`tn` in JavaScript), which pybabel's command line
takes only once for all; and the build needs, beside the .mo files, a JSON per language for the
JavaScript and the first screen's strings inline in the page (docs/languages.md).

Usage: python3 tools/i18n.py extract | update | compile OUT_DIR      (`make messages`: both first)
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

if __package__ in (None, ""):   # run as a script (python3 tools/i18n.py): the repo's packages
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.i18n_extract import page_texts  # noqa: E402
from ui.i18n import LANGUAGES, use_catalog  # noqa: E402
from ui.i18n.languages import ENGLISH  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
MAPPING = REPO / "babel.cfg"
LOCALE = REPO / "ui" / "locale"
TEMPLATE = LOCALE / "messages.pot"
PROJECT = "abstract-games"
I18N_DIR = "i18n"   # in the built site: <code>.mo and <code>.json, fetched when a player picks the language
# The JavaScript reads the messages found in these files (and the built page's static text).
SCRIPT_SOURCES = ("assets/", "index.html")
# What draws before the catalogs are fetched: these scripts' messages and the front door's text
# go inline into the page for every language (FIRST_SCREEN_ID).
FIRST_SCREEN_SCRIPTS = ("assets/first-screen.mjs", "assets/i18n.mjs")
FRONT_DOOR_ID = "front-door-dialog"
FIRST_SCREEN_ID = "i18n-first"
SKIPPED_FOLDERS = frozenset({"node_modules", "dist", "build", "docs", "lab", "e2e", "tests", "bench", "vendor"})


class Section(NamedTuple):
    """One section of babel.cfg: the files it matches, how to read them, its keywords."""

    pattern: str
    method: str
    options: dict[str, str]
    keywords: dict[str, Any]


def read_mapping(path: Path = MAPPING) -> list[Section]:
    with path.open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file, str(path))
    sections = []
    for pattern, method in method_map:
        options = dict(options_map.get(pattern, {}))
        keywords = parse_keywords(options.pop("keywords", "").split())
        sections.append(Section(pattern, method, options, keywords))
    return sections


def _walk_into(dirname: str) -> bool:
    name = Path(dirname).name
    return not (name.startswith((".", "_")) or name in SKIPPED_FOLDERS)


def extract(repo: Path = REPO, mapping: Path = MAPPING) -> Catalog:
    """Every message of the sources babel.cfg names, with where each was found (file and line)."""
    template = Catalog(project=PROJECT, fuzzy=False)
    for section in read_mapping(mapping):
        found = extract_from_dir(str(repo), [(section.pattern, section.method)], {section.pattern: section.options},
                                 keywords=section.keywords, directory_filter=_walk_into)
        for filename, line, message, comments, context in found:
            template.add(message, None, [(Path(filename).as_posix(), line)], auto_comments=comments, context=context)
    return template


def write_catalog(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, ignore_obsolete=False)
    path.write_bytes(buffer.getvalue())


def read_catalog(path: Path, code: str) -> Catalog:
    """The catalog of `code` at `path`; a new, empty one with CLDR's plural forms if none is there."""
    if not path.exists():
        return Catalog(locale=code, project=PROJECT, fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=code)


def translations() -> Iterator[tuple[str, Path]]:
    """(code, .po path) of every language but English (built in)."""
    for language in LANGUAGES:
        if language is not ENGLISH:
            yield language.code, LOCALE / f"{language.code}.po"


def update(template: Catalog, locale: Path = LOCALE) -> list[Path]:
    """Merge `template` into every language's catalog (creating the missing ones); returns them."""
    written = []
    for code, _path in translations():
        path = locale / f"{code}.po"
        catalog = read_catalog(path, code)
        catalog.update(template, update_header_comment=False)
        write_catalog(path, catalog)
        written.append(path)
    return written


def is_translated(message: Message) -> bool:
    """Whether `message` has a translation a player may see: every form filled, not fuzzy."""
    if not message.id or message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return all(strings)


def msgid(message: Message) -> str:
    """The English text a message is looked up by (a plural's singular)."""
    return message.id[0] if isinstance(message.id, (list, tuple)) else message.id


def _translation(message: Message) -> str | list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else message.string or ""


def _found_in(message: Message, sources: Iterable[str]) -> bool:
    return any(filename.startswith(source) for filename, _line in message.locations for source in sources)


class PageWords(NamedTuple):
    """The built page's static texts: all of them (the JavaScript translates them) and the front door's."""

    all: frozenset[str]
    front_door: frozenset[str]

    @classmethod
    def of(cls, page: str) -> PageWords:
        texts = page_texts(page)
        return cls(frozenset(text.text for text in texts),
                   frozenset(text.text for text in texts if FRONT_DOOR_ID in text.ids))


def composed_translations(english: str, translated: str) -> dict[str, str]:
    """{English text: translation} for each text of a markup rendered in English and in another
    language (the same elements in the same order) that the language writes differently: with
    the texts composed from parts ("Play the computer: SUSAN", "Black (moves first)"), which no
    single message translates, the first screen shows them translated before Python runs."""
    pairs = zip(page_texts(english), page_texts(translated), strict=True)
    return {shown.text: other.text for shown, other in pairs if shown.text != other.text}


def compile_language(code: str, catalog: Catalog, site: Path, words: PageWords,
                     rules: Callable[[], dict[str, str]], door: Callable[[], str] = str,
                     english_door: str = "") -> dict[str, str | list[str]]:
    """Write <site>/i18n/<code>.mo and .json; returns the first screen's translations.

    The .mo holds every translated message (the page's Python); the JSON the messages the
    JavaScript shows and the rules help per game, rendered by `rules` with `code` installed.
    The first screen's: the messages of its scripts and of the front door, and the front door's
    texts composed from parts (`door` renders it with `code` installed, `english_door` in English)."""
    folder = site / I18N_DIR
    folder.mkdir(parents=True, exist_ok=True)
    mo = io.BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)   # an empty plural form is written as the English
    (folder / f"{code}.mo").write_bytes(mo.getvalue())
    shown = [message for message in catalog if is_translated(message)]
    scripts = {msgid(m): _translation(m) for m in shown if _found_in(m, SCRIPT_SOURCES) or msgid(m) in words.all}
    use_catalog(code, mo.getvalue())
    try:
        rules_help, translated_door = rules(), door()
    finally:
        use_catalog(ENGLISH.code)
    data = {"messages": scripts, "plural": catalog.plural_expr, "rules": rules_help}
    (folder / f"{code}.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True),
                                         encoding="utf-8")
    first: dict[str, str | list[str]] = {msgid(m): _translation(m) for m in shown
                                         if _found_in(m, FIRST_SCREEN_SCRIPTS) or msgid(m) in words.front_door}
    composed = composed_translations(english_door, translated_door)
    return first | {text: translation for text, translation in composed.items() if text not in first}


def compile_site(site: Path, page: str, rules: Callable[[], dict[str, str]], locale: Path = LOCALE,
                 door: Callable[[], str] = str) -> dict[str, Any]:
    """Compile every language's catalog into `site` (a missing one as empty: that language's
    page stays English); returns the first screen's strings: {"languages", "messages"}.
    `door` renders the front door's blocks in the language installed (English now)."""
    words, english_door = PageWords.of(page), door()
    first = {code: compile_language(code, read_catalog(locale / f"{code}.po", code), site, words, rules,
                                    door, english_door)
             for code, _path in translations()}
    return {"languages": [{"code": language.code, "name": language.name} for language in LANGUAGES],
            "messages": first}


def with_first_screen(page: str, first: dict[str, Any]) -> str:
    """The page with `first` inline as <script type="application/json" id="i18n-first"> at the
    end of <head> (a JSON script is data: the page's script policy does not apply to it)."""
    if page.count("</head>") != 1:
        raise ValueError("the page must hold </head> exactly once")
    data = json.dumps(first, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    data = data.replace("<", "\\u003c")   # no "</script>" in a translation can end the element
    return page.replace("</head>", f'<script type="application/json" id="{FIRST_SCREEN_ID}">{data}</script>\n</head>')


def mo_of(messages: Mapping[Any, Any], locale: str) -> bytes:
    """A compiled catalog of `messages` (msgid -> msgstr, or (singular, plural) -> forms): the
    made-up catalogs the page's tests install, so they never depend on a translator's wording."""
    catalog = Catalog(locale=locale)
    for message, translation in messages.items():
        catalog.add(message, translation)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "compile"))
    parser.add_argument("out", nargs="?", help="compile: the built site to write i18n/ into")
    args = parser.parse_args(argv)
    if args.command == "extract":
        template = extract()
        write_catalog(TEMPLATE, template)
        print(f"{TEMPLATE.relative_to(REPO)}: {len(template)} messages")
    elif args.command == "update":
        with TEMPLATE.open("rb") as file:
            template = read_po(file)
        for path in update(template):
            catalog = read_catalog(path, path.stem)
            done = sum(is_translated(message) for message in catalog)
            print(f"{path.relative_to(REPO)}: {done} of {len(template)} translated")
    else:
        if not args.out:
            parser.error("compile needs the built site's folder")
        page = (Path(args.out) / "index.html").read_text(encoding="utf-8")
        first = compile_site(Path(args.out), page, rules=dict)
        print(f"compiled {len(first['messages'])} languages into {args.out}/{I18N_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
