"""The checks of the catalogs (tests/tools/test_catalogs.py runs them; docs/languages.md).

Each takes catalogs as Babel reads them and returns its problems as sentences a translator can act
on (empty: none), so the same function is run on the real catalogs and, in the tests' self-tests,
on a small bad one it must reject.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Mapping

from babel.messages.checkers import num_plurals
from babel.messages.catalog import TranslationError
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.numbers import get_decimal_symbol

from tools.i18n import is_translated, msgid
from ui.i18n.languages import Language

PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)(?:[!:][^{}]*)?\}")
PLURAL_FORMS = re.compile(r'^"Plural-Forms:\s*nplurals=(\d+);\s*plural=(.+?);?\\n"$', re.M)
COUNT = "n"   # ngettext fills it; a plural's form may spell the number out instead ("one move")

Glossary = Mapping[str, Mapping[str, list[str]]]


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]


def _ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def incomplete(template: Catalog, catalog: Catalog, code: str) -> list[str]:
    """Every message of `template` is in `catalog`, translated (every plural form) and not fuzzy."""
    problems = []
    for wanted in template:
        if not wanted.id:
            continue
        message = catalog.get(wanted.id, wanted.context)
        if message is None:
            problems.append(f"{code}: missing {msgid(wanted)!r} (run make messages)")
        elif message.fuzzy:
            problems.append(f"{code}: fuzzy {msgid(wanted)!r} (check the translation, then remove the fuzzy flag)")
        elif not is_translated(message):
            problems.append(f"{code}: not translated {msgid(wanted)!r}")
    return problems


def placeholder_mismatches(catalog: Catalog, code: str) -> list[str]:
    """A translation has the `{name}` placeholders of its id: the same set (a plural's forms: those
    of its singular and plural ids, where `{n}` may be spelled out)."""
    problems = []
    for message in catalog:
        if not message.id or not is_translated(message):
            continue
        wanted = set().union(*(placeholders(text) for text in _ids(message)))
        for index, form in enumerate(_forms(message)):
            found = placeholders(form)
            plural = isinstance(message.id, (list, tuple))
            if not (found == wanted or (plural and found == wanted - {COUNT})):
                where = f" (form {index})" if plural else ""
                problems.append(f"{code}: {msgid(message)!r}{where} has {{{', '.join(sorted(found))}}}, "
                                f"its id {{{', '.join(sorted(wanted))}}}")
    return problems


def plural_problems(catalog: Catalog, po_source: str, code: str) -> list[str]:
    """The catalog states Plural-Forms, a valid expression with as many forms as CLDR says for
    `code`, and each plural message has that many forms (Babel's checkers)."""
    stated = PLURAL_FORMS.search(po_source)
    if stated is None:
        return [f"{code}: the catalog states no Plural-Forms"]
    problems = []
    count, expression = int(stated.group(1)), stated.group(2).strip()
    cldr = get_plural(code).num_plurals
    if count != cldr:
        problems.append(f"{code}: Plural-Forms says nplurals={count}, CLDR says {cldr}")
    try:
        choose = gettext.c2py(expression)
        if not all(0 <= choose(n) < count for n in range(200)):
            problems.append(f"{code}: the plural expression {expression!r} picks a form beyond nplurals={count}")
    except (ValueError, SyntaxError) as error:
        problems.append(f"{code}: the plural expression {expression!r} is not valid ({error})")
    for message in catalog:
        if message.id:   # Babel's plural-count checker only: its printf checker misreads our {name}
            try:         # texts ("{percent}% chance" holds a printf "% c" to Babel)
                num_plurals(catalog, message)
            except TranslationError as error:
                problems.append(f"{code}: {msgid(message)!r}: {error}")
    return problems


def decimal_problems(languages: Iterable[Language]) -> list[str]:
    """Each language's decimal symbol is CLDR's (komi 6.5 or 6,5)."""
    return [f"{language.code}: decimal {language.decimal!r}, CLDR says {get_decimal_symbol(language.code)!r}"
            for language in languages if language.decimal != get_decimal_symbol(language.code)]


def stale_template(fresh: Catalog, committed: Catalog) -> list[str]:
    """The committed messages.pot holds exactly the ids a fresh extraction finds."""
    fresh_ids = {msgid(message) for message in fresh if message.id}
    committed_ids = {msgid(message) for message in committed if message.id}
    return ([f"new text not in messages.pot (run make messages): {text!r}" for text in sorted(fresh_ids - committed_ids)]
            + [f"messages.pot holds a text no longer in the sources (run make messages): {text!r}"
               for text in sorted(committed_ids - fresh_ids)])


def _mentions(term: str, text: str) -> bool:
    """`term` as a whole word of `text`, in any case, or its plural in -s/-es; a word in capitals
    (SUPERSTAR, the game's name, never translated) is not the term, nor is a placeholder's name
    (`{cell}` is a value, not the word)."""
    text = PLACEHOLDER.sub(" ", text)
    return any(not (match.group(0).isupper() and len(match.group(0)) > 1)
               for match in re.finditer(rf"\b{re.escape(term)}(?:e?s)?\b", text, re.I))


def glossary_problems(glossary: Glossary, catalog: Catalog, code: str) -> list[str]:
    """A translated message whose id holds a glossary term must hold one of the language's
    accepted forms of it (a part of a word counts: "Stein" accepts "Steine")."""
    problems = []
    for term, languages in glossary.items():
        forms = [form.lower() for form in languages.get(code, [])]
        if not forms:
            continue   # the translators have not settled this term's words yet
        for message in catalog:
            if not message.id or not is_translated(message) or not any(_mentions(term, text) for text in _ids(message)):
                continue
            if not all(any(form in string.lower() for form in forms) for string in _forms(message)):
                problems.append(f"{code}: {term!r} is not translated as {' or '.join(forms)} in {msgid(message)!r}")
    return problems
