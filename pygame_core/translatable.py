"""`N_`: marks a text the core defines for players (rules, lessons, move errors) as one to translate.

The core never knows the player's language: it keeps the English text, which is the message id of
the catalogs (ui/locale/*.po, extracted by Babel, which knows `N_`), and the page translates it
where it shows it (ui.i18n). A text with values in it keeps named placeholders, `{cell}`, and
carries the values beside it, so a translation may put them in its own order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def N_(message: str) -> str:
    """`message` unchanged: the mark is for the extractor, the translating is done where it is shown."""
    return message


class Text(str):
    """A text for players with values in it: the English `template` (marked `N_` where it is
    written) and the `values` of its `{name}` placeholders. The string itself is the English, so
    every existing reader (logs, the command line, CPython's tests, `error.reason.rstrip()`) keeps
    working unchanged; the page shows `ui.i18n.say(text)`, which translates the template and puts
    the values in. A value that is itself a Text (a colour's name, a reason) is translated too.
    A Text without values is its template as it stands (no placeholders are read); its repr is
    the English's, so `{reason!r}` and quoting read as they did.

    A count takes its language's plural form: `plural` is the English plural of `template`, the
    count is the value `n` (the page shows it with `ngettext`). `english` overrides the English
    where it differs from the filled template (a label lowercased inside a sentence). An int or
    float value is a number the page writes in the player's language (komi 6.5 or 6,5, 1,000 or
    1.000); the English here writes a float with :g and an int as it is."""

    template: str
    values: Mapping[str, Any]
    plural: str | None

    def __new__(cls, template: str, values: Mapping[str, Any] | None = None, plural: str | None = None,
                english: str | None = None) -> Text:
        values = dict(values or {})
        if english is None:
            english = plural if plural is not None and values["n"] != 1 else template
            if values:
                english = english.format_map({key: f"{value:g}" if isinstance(value, float) else str(value)
                                              for key, value in values.items()})
        text = super().__new__(cls, english)
        text.template, text.values, text.plural = template, values, plural
        return text

    def __getnewargs__(self) -> tuple[str, dict[str, Any], str | None, str]:  # type: ignore[override]
        """Pickled (a worker's reply) as its template and values, not as the English alone."""
        return self.template, dict(self.values), self.plural, str(self)


def and_list(words: Sequence[str]) -> str:
    """`a, b and c` (cell names: notation), with the `and` in the player's language."""
    if len(words) == 1:
        return words[0]
    return Text(N_("{items} and {last}"), {"items": ", ".join(words[:-1]), "last": words[-1]})


def N_plural(singular: str, plural: str, n: int, values: Mapping[str, Any] | None = None) -> Text:
    """A count in a text for players: the English `singular`/`plural` with `{n}` and `values`,
    marked for the extractor (as ngettext) and shown by the page in its language's form."""
    return Text(singular, {"n": n, **(values or {})}, plural)
