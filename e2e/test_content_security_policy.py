"""The Content-Security-Policy (issue 14, defect 9): the page and the server carry one strict
policy, the runtime and the opponent's worker run under it, and injected inline script is refused."""

from __future__ import annotations

import urllib.request

from playwright.sync_api import Page

from e2e.harness import TrafficMonitor
from e2e.helpers import boot_with_saves, new_susan_game, play, wait_for_moves
from tools.build import CONTENT_SECURITY_POLICY


def test_the_server_sends_the_page_s_policy_and_nosniff(site_server) -> None:
    with urllib.request.urlopen(site_server.url) as response:  # noqa: S310 - our own local server
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        page = response.read().decode()
    assert 'http-equiv="Content-Security-Policy"' in page and "&#x27;wasm-unsafe-eval&#x27;" in page


def test_injected_inline_script_is_refused_while_the_game_plays(page: Page, site_server,
                                                                monitor: TrafficMonitor) -> None:
    boot_with_saves(page, site_server.url)
    page.evaluate("""() => {
        window.__violations = [];
        document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective));
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.body.appendChild(script);
        const image = document.createElement('img');
        image.setAttribute('src', 'data:,');
        image.setAttribute('onerror', 'window.__injected = true');
        document.body.appendChild(image);
    }""")
    page.wait_for_function("window.__violations.length >= 2")
    assert page.evaluate("window.__injected") is None
    assert all(v.startswith("script-src") for v in page.evaluate("window.__violations"))
    problems = monitor.take_problems()  # the refusals are console errors, provoked on purpose
    assert problems and all("Content Security Policy" in p for p in problems)
    new_susan_game(page)
    play(page, "d6")                   # the game goes on under the policy
    assert wait_for_moves(page, 1) == ["1. B d6"]
