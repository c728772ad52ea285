"""The player's language: every text the page shows a player passes through `_` or `ngettext`.

English is built in: the message ids are the English texts, so a page without a catalog (the
first moments of a visit, a catalog that failed to arrive) speaks English and nothing else breaks.
Another language is a gettext catalog (ui/locale/<code>.po compiled to a .mo by tools/i18n.py)
that the page fetches and hands to `use_catalog`. Values go into texts by name, `{cell}`, never
by concatenation, so a translation may reorder them; numbers go through `number` (6.5 or 6,5).

A text defined before the language is known (a module's constant, the core's rules) is marked
with `N_` where it is defined and translated with `_` where it is shown.
"""

from __future__ import annotations

import gettext
import io
import struct
from collections.abc import Mapping
from typing import Any

from pygame_core.translatable import N_, Text
from ui.i18n.languages import BY_CODE, ENGLISH, LANGUAGES, Language, known

__all__ = ["N_", "Text", "say", "_", "ngettext", "number", "use_catalog", "current", "LANGUAGES", "Language",
           "known", "CatalogError"]


class CatalogError(ValueError):
    """A catalog's bytes are not a gettext catalog (a damaged download): the page stays English."""


class _State:
    """The language in use and its translations (one per page or worker)."""

    language: Language = ENGLISH
    translations: gettext.NullTranslations = gettext.NullTranslations()


def use_catalog(code: str, mo: bytes | None = None) -> Language:
    """Speak `code` from now on, with the compiled catalog `mo` (None: English, built in).
    An unknown code or damaged bytes raise and change nothing."""
    language = BY_CODE.get(code)
    if language is None:
        raise CatalogError(f"no language {code!r}")
    if language is ENGLISH or mo is None:
        translations: gettext.NullTranslations = gettext.NullTranslations()
    else:
        try:
            translations = gettext.GNUTranslations(io.BytesIO(mo))
        except (OSError, ValueError, UnicodeDecodeError, IndexError, KeyError, struct.error) as error:   # struct: cut short
            raise CatalogError(f"the {language.name} catalog is damaged ({error})") from error
    _State.language, _State.translations = language, translations
    return language


def current() -> Language:
    """The language the page speaks now."""
    return _State.language


def _fill(text: str, english: str, params: dict[str, Any]) -> str:
    """`text` with `params` in its placeholders; a translation whose placeholders do not match
    (the catalog test forbids it, a hand-edited catalog may still) falls back to the English."""
    if not params:
        return text
    try:
        return text.format_map(params)
    except (KeyError, IndexError, ValueError):
        return english.format_map(params)


def _(message: str, /, **params: Any) -> str:
    """`message` in the player's language, with `params` put in its `{name}` placeholders."""
    if not message:   # gettext's translation of "" is the catalog's header, never a text for players
        return message
    return _fill(_State.translations.gettext(message), message, params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of `singular`/`plural` the player's language uses for `n`; `{n}` is filled too,
    written as the language writes numbers (1,000 or 1.000)."""
    english = singular if n == 1 else plural
    return _fill(_State.translations.ngettext(singular, plural, n), english, {"n": number(n), **params})


GROUP_SIZE = 3   # digits per group in all the site's languages (CLDR's #,##0)
MOST_DECIMALS = 3   # Intl.NumberFormat's default


def number(value: float, digits: int | None = None) -> str:
    """`value` written as the player's language writes numbers: `digits` decimals, or as few as
    needed up to three (komi 6.5 is 6,5 in French), and its thousands grouped as the language groups them
    (1,000 moves in English, 1.000 in German, 1000 but 10.000 in Spanish)."""
    if digits is not None:
        text = f"{value:.{digits}f}"
    elif float(value).is_integer():
        text = f"{int(value)}"   # a count, whatever its size (never 1e+06)
    else:   # at most three decimals, as the page's JavaScript (Intl.NumberFormat) writes it
        text = f"{value:.{MOST_DECIMALS}f}".rstrip("0").rstrip(".")
    sign, whole, point, fraction = _parts(text)
    return sign + _grouped(whole, _State.language) + (_State.language.decimal if point else "") + fraction


def _parts(text: str) -> tuple[str, str, str, str]:
    """A number as written by Python: its sign, whole digits, decimal point and fraction."""
    sign = "-" if text.startswith("-") else ""
    whole, point, fraction = text.removeprefix(sign).partition(".")
    return sign, whole, point, fraction


def _grouped(whole: str, language: Language) -> str:
    """The whole digits in groups of three from the right, once there are enough of them."""
    if not whole.isdigit() or len(whole) < GROUP_SIZE + language.min_grouping:
        return whole   # too short to group, or not digits ("inf", an exponent's mantissa)
    head = len(whole) % GROUP_SIZE or GROUP_SIZE
    groups = [whole[:head]] + [whole[i:i + GROUP_SIZE] for i in range(head, len(whole), GROUP_SIZE)]
    return language.group.join(groups)


def say(text: Text | str) -> str:
    """A text the core (or a module's constant) gave in English, in the player's language: a plain
    string is a message id, a Text a template with values (Text values translated in turn, numbers
    written as the language writes them)."""
    if not isinstance(text, Text):   # a Text is a str too (its English): read its template first
        return _(text)
    if text.plural is not None:   # a count: {n} is the number that picks the form
        values = dict(text.values)
        return ngettext(text.template, text.plural, int(values.pop("n")), **_shown(values))
    return _(text.template, **_shown(text.values))


def _shown(values: Mapping[str, Any]) -> dict[str, Any]:
    """A Text's values as the player reads them: Texts translated, numbers as the language writes them."""
    return {key: say(value) if isinstance(value, Text)
            else number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value
            for key, value in values.items()}
