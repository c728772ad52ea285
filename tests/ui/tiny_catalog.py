"""A tiny French catalog compiled in the test (Babel's write_mo) and installed with
ui.i18n.use_catalog, so a page test can show that a module's texts reach the player translated.
Why a made-up catalog: the real ones are still being written, and a test must not depend on
how a translator words a message."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from tools.i18n import mo_of
from ui.i18n import use_catalog

Translation = str | tuple[str, str]   # a message, or (singular, plural) ids


def compiled(messages: Mapping[Translation, str | tuple[str, str]], locale: str = "fr") -> bytes:
    """A .mo of `messages` (French unless `locale`): msgid -> msgstr, or (singular, plural) -> (form 1, form 2)."""
    return mo_of(messages, locale)


@contextmanager
def speaking_french(messages: Mapping[Translation, str | tuple[str, str]]) -> Iterator[None]:
    """The page speaks French with `messages` inside the block, English again after it."""
    use_catalog("fr", compiled(messages))
    try:
        yield
    finally:
        use_catalog("en")
