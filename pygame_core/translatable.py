"""`N_`: marks a text the core defines for players (rules, lessons, move errors) as one to translate.

The core never knows the player's language: it keeps the English text, which is the message id of
the catalogs (ui/locale/*.po, extracted by Babel, which knows `N_`), and the page translates it
where it shows it (ui.i18n). A text with values in it keeps named placeholders, `{cell}`, and
carries the values beside it, so a translation may put them in its own order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(message: str) -> str:
    """`message` unchanged: the mark is for the extractor, the translating is done where it is shown."""
    return message


@dataclass(frozen=True)
class Text:
    """A text for players with values in it: the English `template` (marked `N_` where it is
    written) and the `values` of its `{name}` placeholders. `str()` is the English, as logs,
    the command line and CPython's tests read it; the page shows `ui.i18n.say(text)`. A value
    that is itself a Text (a colour's name, a reason) is translated too."""

    template: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format_map({key: str(value) for key, value in self.values.items()})
