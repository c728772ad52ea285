"""The page's language at boot (ui/page/page_language.py): Python speaks what `<html lang>` says,
with the catalog fetched from the site; a catalog that fails leaves English and one calm notice."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from fake_dom import Document
from tiny_catalog import compiled
from ui.i18n import _, current, use_catalog
from ui.i18n.languages import BY_CODE, ENGLISH
from ui.page.page_language import catalog_url, page_language, show_notice, speak, speak_page_language

GERMAN = BY_CODE["de"]


def german_mo() -> bytes:
    """A made-up German catalog of one message (the real ones are the translators')."""
    return compiled({"Language": "Sprache"}, "de")


class Site:
    """The site's files as the page fetches them: the catalogs it has, and what was asked."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files
        self.asked: list[str] = []

    async def fetch_bytes(self, url: str) -> bytes:
        self.asked.append(url)
        await asyncio.sleep(0)
        if url not in self.files:
            raise OSError("HTTP 404")
        return self.files[url]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_catalog("en")


@pytest.mark.parametrize(("html_lang", "code"), [
    ("de", "de"), ("pt-BR", "pt"), ("FR-ca", "fr"), ("en", "en"),
    ("", "en"), ("xx", "en"), ("<script>alert(1)</script>", "en"), ("d" * 10_000, "en"),
])
def test_the_page_speaks_the_language_html_lang_names_if_the_site_has_it(html_lang: str, code: str) -> None:
    assert page_language(html_lang).code == code


def test_a_catalog_is_fetched_relative_to_the_page() -> None:
    assert catalog_url(GERMAN) == "./i18n/de.mo"


def test_a_german_page_fetches_and_installs_the_german_catalog() -> None:
    document = Document()
    document.documentElement.lang = "de"
    site = Site({"./i18n/de.mo": german_mo()})
    notice = asyncio.run(speak_page_language(document, site.fetch_bytes))
    assert (notice, site.asked) == ("", ["./i18n/de.mo"])
    assert current() is GERMAN
    assert _("Language") == "Sprache"


def test_an_english_page_fetches_nothing() -> None:
    site = Site({})
    assert asyncio.run(speak(ENGLISH, site.fetch_bytes)) == ""
    assert site.asked == [] and current() is ENGLISH


@pytest.mark.parametrize("files", [
    {},                                               # not on the site, or offline before it was kept
    {"./i18n/de.mo": b"<!doctype html><p>Not found"},   # a server's error page served as the file
    {"./i18n/de.mo": german_mo()[:40]},                # cut short
])
def test_a_catalog_that_fails_leaves_the_page_english_with_one_calm_notice(files: dict[str, bytes]) -> None:
    site = Site(files)
    notice = asyncio.run(speak(GERMAN, site.fetch_bytes))
    assert notice == ("Deutsch could not be loaded in full, so some of the page is in English for now. "
                      "Reload the page to try again.")
    assert current() is ENGLISH and _("Language") == "Language"


def test_the_notice_shows_only_when_there_is_one() -> None:
    document = Document()
    show_notice(document, "")
    assert document.getElementById("language-notice").hidden
    show_notice(document, "Deutsch could not be loaded")
    notice = document.getElementById("language-notice")
    assert not notice.hidden and notice.textContent == "Deutsch could not be loaded"
