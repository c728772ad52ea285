"""Issue 56: the figures a player reads are grouped as their language writes numbers: German
1.000, French 1 000 (a narrow no-break space), Spanish 1000 but 10.000, English 1,000. Seen here
on the saves panel's range over a thousand saves, with the real catalogs of the built site."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.harness import wait_until_ready
from e2e.helpers import boot_with_saves
from tools.bench_many_saves import saves as many_saves
from tools.serve import SiteServer


@pytest.mark.parametrize(("code", "thousand"), [("de", "1.000"), ("fr", "1\u202f000"), ("es", "1000"), ("en", "1,000")])
def test_the_saves_range_writes_a_thousand_as_the_language_does(page: Page, site_server: SiteServer, code: str,
                                                                thousand: str) -> None:
    url = f"{site_server.url}?lang={code}"
    page.goto(url)
    wait_until_ready(page)
    page.evaluate("entries => { localStorage.clear(); for (const [k, v] of entries) localStorage.setItem(k, v); }",
                  list(many_saves(1000).items()))
    boot_with_saves(page, url)
    expect(page.locator("#saves-range")).to_contain_text(thousand)
    assert "1,000" not in page.inner_text("#saves-range") or code == "en"


def test_superstar_s_score_is_written_as_the_language_writes_numbers(page: Page, site_server: SiteServer) -> None:
    """The count's totals came from the core as English text (Black 5.5); French writes 5,5."""
    page.goto(f"{site_server.url}?lang=fr")
    wait_until_ready(page)
    page.click('#front-door-dialog section[data-game="superstar"] .front-door-friend')
    expect(page.locator("#score h2")).to_contain_text("5,5")
    assert "5.5" not in page.inner_text("#score h2")
