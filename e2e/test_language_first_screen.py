"""Issue 56: the page's language is chosen once, before the first screen is drawn (assets/i18n.mjs):
the address's `lang`, else the player's remembered choice, else the browser's preferred
languages, else English, on <html lang>. The first screen's words come with the page; the rest
of the language's words are fetched after it is drawn (only that language's), and kept for
offline play. A hostile `lang` is ignored and never shown; a catalog that does not arrive leaves
English, quietly.

The site here speaks from small catalogs the tests write (e2e/language_site.py)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, Route

from e2e.harness import TrafficMonitor, wait_until_offline_ready, wait_until_ready
from e2e.language_site import FIRST_WORDS, LATER_WORDS, RULES, site_in_languages
from tools.serve import SiteServer

LANGUAGE_KEY = "abstract-games:language"   # ui/page/language_switch.py
HOSTILE = "<script>alert('lang')</script>" + "x" * 10_000
DOOR_TITLE = "#front-door-title"
NEW_GAME = "#new-game"


@pytest.fixture(scope="module")
def language_root(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site_in_languages(built_site, tmp_path_factory.mktemp("languages") / "site")


@pytest.fixture
def site(language_root: Path, make_server, monitor: TrafficMonitor) -> SiteServer:
    server = make_server(language_root)
    monitor.allow(server.origin)
    return server


def catalog_requests(monitor: TrafficMonitor) -> list[str]:
    """The paths under i18n/ the page asked for, in order."""
    return [url.split("/i18n/", 1)[1] for url in monitor.requests if "/i18n/" in url]


def html_lang(page: Page) -> str:
    return page.get_attribute("html", "lang") or ""


def test_lang_in_the_address_draws_the_first_screen_in_it_then_fetches_the_rest(
        page: Page, site: SiteServer, monitor: TrafficMonitor):
    held: list[Route] = []

    def hold(route: Route) -> None:   # the rest of the words wait: the first screen may not
        held.append(route)

    page.route("**/i18n/pt.json", hold)
    page.goto(f"{site.url}?lang=pt")
    page.wait_for_selector(f"{DOOR_TITLE}:visible")
    assert html_lang(page) == "pt"
    assert page.inner_text(DOOR_TITLE) == FIRST_WORDS["pt"]["Play a game"]
    page.wait_for_timeout(500)
    assert page.text_content(NEW_GAME) == "New game"   # not a first-screen word: it comes with the catalog
    assert len(held) == 1, "the catalog is asked for once the first screen is drawn"

    held[0].continue_()
    page.wait_for_selector('html[data-catalog="pt"]')
    assert page.text_content(NEW_GAME) == LATER_WORDS["pt"]["New game"]
    assert page.inner_text(".skip-link") == LATER_WORDS["pt"]["Skip to the board"]
    assert page.inner_text(DOOR_TITLE) == FIRST_WORDS["pt"]["Play a game"]
    assert page.evaluate("document.getElementById('rules-susan').innerHTML") == RULES["pt"]
    assert page.inner_text("#game-title") == "SUSAN"   # translate="no"
    assert {path for path in catalog_requests(monitor) if path.endswith(".json")} == {"pt.json"}


def test_a_hostile_lang_is_ignored_and_never_shown(page: Page, site: SiteServer, monitor: TrafficMonitor):
    dialogs: list[str] = []

    def dismissed(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismissed)
    page.goto(f"{site.url}?lang={quote(HOSTILE)}")
    wait_until_ready(page)
    assert html_lang(page) == "en"
    assert page.inner_text(DOOR_TITLE) == "Play a game"
    assert dialogs == []
    assert "xxxxxxxxxx" not in page.content() and "alert('lang')" not in page.content()
    assert catalog_requests(monitor) == []


def test_the_browsers_preferred_language_chooses(browser: Browser, site: SiteServer, monitor: TrafficMonitor):
    context = monitor.watch(browser.new_context(locale="de-DE"))
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector('html[data-catalog="de"]')
    assert html_lang(page) == "de"
    assert page.inner_text(DOOR_TITLE) == FIRST_WORDS["de"]["Play a game"]
    assert page.get_attribute("#board", "aria-label") == LATER_WORDS["de"][
        "Game board. Arrow keys move the cursor, Enter plays on the cursor cell."]
    context.close()


def test_the_remembered_choice_beats_the_browsers(browser: Browser, site: SiteServer, monitor: TrafficMonitor):
    context = monitor.watch(browser.new_context(locale="de-DE"))
    context.add_init_script(f"if (location.protocol === 'http:') localStorage.setItem({LANGUAGE_KEY!r}, 'nl')")
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector('html[data-catalog="nl"]')
    assert html_lang(page) == "nl"
    assert page.text_content(NEW_GAME) == LATER_WORDS["nl"]["New game"]
    page.goto(f"{site.url}?lang=pt")   # the address beats both
    assert html_lang(page) == "pt"
    context.close()


def test_an_embed_with_lang_nl_is_dutch(page: Page, blog_server: SiteServer, site: SiteServer,
                                        monitor: TrafficMonitor):
    monitor.allow(blog_server.origin)
    page.goto(f"{blog_server.url}blog_embed.html?src={quote(f'{site.url}?embed=1&lang=nl', safe='')}")
    frame = page.frame_locator("#game")
    frame.locator('html[data-catalog="nl"]').wait_for(state="attached")
    assert frame.locator("html").get_attribute("lang") == "nl"
    assert frame.locator("#status").inner_text() == FIRST_WORDS["nl"]["Click the board to play."]
    assert frame.locator("#boot-message").inner_text() == FIRST_WORDS["nl"][
        "Click the board or press a key to play: the game loads then (a few MB the first time)."]


def test_a_catalog_that_does_not_arrive_leaves_english_quietly(page: Page, site: SiteServer,
                                                               monitor: TrafficMonitor):
    page.goto(f"{site.url}?lang=es")   # listed, but the test site has no Spanish files
    page.wait_for_selector('html[data-catalog="none"]')
    assert html_lang(page) == "es"
    assert page.text_content(NEW_GAME) == "New game"
    assert page.is_hidden("#boot-failure")
    refused = monitor.take_problems()   # the 404s, and the browser's own console line for each
    assert refused and all("/i18n/es." in problem and "404" in problem for problem in refused), refused


def test_the_chosen_language_stays_offline(browser: Browser, language_root: Path, make_server,
                                           monitor: TrafficMonitor):
    server = make_server(language_root)
    monitor.allow(server.origin)
    context: BrowserContext = monitor.watch(browser.new_context(locale="de-DE"))
    page = context.new_page()
    page.goto(server.url)
    wait_until_ready(page)
    wait_until_offline_ready(page)
    page.wait_for_selector('html[data-catalog="de"]')
    page.wait_for_function("""async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith("site-"));
      const cache = await caches.open(names[0]);
      const kept = (await cache.keys()).map((request) => new URL(request.url).pathname);
      return ["/i18n/de.json", "/i18n/de.mo"].every((path) => kept.includes(path));
    }""", timeout=30_000)   # both catalogs kept, though fetched before the worker controlled the page

    server.stop()
    served_before = len(monitor.responses)
    page.reload()
    page.wait_for_selector('html[data-catalog="de"]')
    assert html_lang(page) == "de"
    assert page.text_content(NEW_GAME) == LATER_WORDS["de"]["New game"]
    offline = monitor.responses[served_before:]
    assert any(r.url.endswith("/i18n/de.json") and r.from_service_worker for r in offline)
    wait_until_ready(page)
    context.close()


def test_a_frame_denied_storage_still_takes_its_language(storage_blocked_context: BrowserContext,
                                                        blog_server: SiteServer, site: SiteServer,
                                                        monitor: TrafficMonitor):
    """Storage that throws counts as no remembered choice: the address's language stands."""
    monitor.allow(blog_server.origin)
    page = storage_blocked_context.new_page()
    page.goto(f"{blog_server.url}blog_embed.html?src={quote(f'{site.url}?embed=1&lang=nl', safe='')}")
    frame = page.frame_locator("#game")
    frame.locator('html[data-catalog="nl"]').wait_for(state="attached")
    assert frame.locator("html").get_attribute("lang") == "nl"
    assert frame.locator("#status").inner_text() == FIRST_WORDS["nl"]["Click the board to play."]
    storage = page.frames[1].evaluate("() => { try { return typeof localStorage.getItem; } catch (e) { return e.name; } }")
    assert storage == "SecurityError"   # the premise: reading the remembered choice throws here
