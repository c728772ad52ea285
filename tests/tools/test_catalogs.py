"""The catalogs (ui/locale/*.po) against the sources and CLDR, for every language but English
(docs/languages.md): complete, the same placeholders, valid plural forms, the decimal symbol,
messages.pot current and the glossary kept. Each check is tools/i18n_checks.py's, and each has a
self-test below on a small bad catalog it must reject."""

from __future__ import annotations

import json

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tools.i18n import LOCALE, TEMPLATE, extract, is_translated, read_catalog, translations
from tools.i18n_checks import (
    decimal_problems,
    glossary_problems,
    incomplete,
    placeholder_mismatches,
    plural_problems,
    stale_template,
)
from ui.i18n import LANGUAGES, Language

CODES = [code for code, _path in translations()]
GLOSSARY = LOCALE / "glossary.json"
FRENCH_HEADER = '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n'


@pytest.fixture(scope="module")
def fresh() -> Catalog:
    """The messages of the sources now (Babel over babel.cfg, about 2 s)."""
    return extract()


def catalog_of(code: str) -> Catalog:
    return read_catalog(LOCALE / f"{code}.po", code)


def started(code: str) -> bool:
    return any(is_translated(message) for message in catalog_of(code))


def test_every_language_has_a_catalog():
    assert [path.name for _code, path in translations() if not path.exists()] == [], "run make messages"


@pytest.mark.parametrize("code", CODES)
def test_every_message_is_translated(code: str, fresh: Catalog):
    if not started(code):
        pytest.skip("catalog not started")
    assert incomplete(fresh, catalog_of(code), code) == []


@pytest.mark.parametrize("code", CODES)
def test_translations_keep_the_placeholders(code: str):
    assert placeholder_mismatches(catalog_of(code), code) == []


@pytest.mark.parametrize("code", CODES)
def test_plural_forms_are_cldrs(code: str):
    source = (LOCALE / f"{code}.po").read_text(encoding="utf-8")
    assert plural_problems(catalog_of(code), source, code) == []


def test_decimal_symbols_are_cldrs():
    assert decimal_problems(LANGUAGES) == []


def test_messages_pot_is_current(fresh: Catalog):
    with TEMPLATE.open("rb") as file:
        committed = read_po(file)
    assert stale_template(fresh, committed) == []


@pytest.mark.parametrize("code", CODES)
def test_the_glossary_is_kept(code: str):
    glossary = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    assert glossary_problems(glossary, catalog_of(code), code) == []


def test_the_glossary_names_each_games_terms_for_every_language():
    glossary = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    assert {"stone", "cell", "group", "ring", "star", "superstar", "swap", "komi", "pass", "slide"} <= set(glossary)
    assert all(set(forms) == set(CODES) and all(isinstance(form, str) for each in forms.values() for form in each)
               for forms in glossary.values())


# --- self-tests: each check rejects a small bad catalog -------------------------------------------

def french(*messages: tuple[object, object]) -> Catalog:
    catalog = Catalog(locale="fr", fuzzy=False)
    for message_id, string in messages:
        catalog.add(message_id, string)
    return catalog


def test_completeness_rejects_a_missing_an_empty_and_a_fuzzy_message():
    template = french(("Undo", None), ("Redo", None), ("Resign", None), ("Rematch", None))
    catalog = french(("Undo", "Annuler"), ("Redo", ""), ("Resign", "Abandonner"))
    catalog["Resign"].flags.add("fuzzy")
    assert incomplete(template, catalog, "fr") == [
        "fr: not translated 'Redo'", "fr: fuzzy 'Resign' (check the translation, then remove the fuzzy flag)",
        "fr: missing 'Rematch' (run make messages)"]


def test_placeholders_must_match():
    catalog = french(("{cell} is not empty", "{case} n'est pas vide"), ("Black wins by {margin}", "Noir gagne"),
                     (("{n} move", "{n} moves"), ("un coup", "{n} coups")),
                     (("{n} stone of {side}", "{n} stones of {side}"), ("une pierre", "{n} pierres de {side}")),
                     ("{cell} is taken", "{cell} est prise"))
    assert placeholder_mismatches(catalog, "fr") == [
        "fr: '{cell} is not empty' has {case}, its id {cell}", "fr: 'Black wins by {margin}' has {}, its id {margin}",
        "fr: '{n} stone of {side}' (form 0) has {}, its id {n, side}"], "a form may spell {n} out, not drop {side}"


def test_plural_forms_must_be_stated_valid_and_as_many_as_cldr_says():
    catalog = french((("{n} move", "{n} moves"), ("{n} coup", "{n} coups")))
    assert plural_problems(catalog, FRENCH_HEADER, "fr") == []
    assert plural_problems(catalog, "", "fr") == ["fr: the catalog states no Plural-Forms"]
    assert plural_problems(catalog, '"Plural-Forms: nplurals=3; plural=(n > 1 ? 2 : n);\\n"', "fr") == [
        "fr: Plural-Forms says nplurals=3, CLDR says 2"]
    assert plural_problems(catalog, '"Plural-Forms: nplurals=2; plural=(n > 1 ? 2 : 0);\\n"', "fr") == [
        "fr: the plural expression '(n > 1 ? 2 : 0)' picks a form beyond nplurals=2"]
    assert plural_problems(catalog, '"Plural-Forms: nplurals=2; plural=(n >>> 1);\\n"', "fr")[0].startswith(
        "fr: the plural expression '(n >>> 1)' is not valid")
    short = french((("{n} move", "{n} moves"), ("{n} coup",)))
    assert "fr: '{n} move': Wrong number of plural forms (expected 2)" in plural_problems(short, FRENCH_HEADER, "fr")


def test_a_decimal_symbol_other_than_cldrs_is_rejected():
    assert decimal_problems([Language("fr", "Français", "."), Language("en", "English", ".")]) == [
        "fr: decimal '.', CLDR says ','"]


def test_a_stale_template_is_rejected():
    assert stale_template(french(("Undo", None), ("Redo", None)), french(("Undo", None), ("Old", None))) == [
        "new text not in messages.pot (run make messages): 'Redo'",
        "messages.pot holds a text no longer in the sources (run make messages): 'Old'"]


def test_a_term_translated_another_way_is_rejected():
    glossary = {"stone": {"fr": ["pierre"]}, "star": {"fr": ["étoile"]}, "komi": {"fr": []}}
    catalog = french(("Place a stone", "Posez une pierre"), ("Two stones", "Deux pions"),
                     ("SUPERSTAR", "SUPERSTAR"), ("A star cell", "Une case étoile"),
                     (("{n} stone", "{n} stones"), ("{n} pierre", "{n} galets")), ("The komi", "Le bonus"))
    assert glossary_problems(glossary, catalog, "fr") == [
        "fr: 'stone' is not translated as pierre in 'Two stones'",
        "fr: 'stone' is not translated as pierre in '{n} stone'"], "SUPERSTAR is a name; a term with no forms waits"
