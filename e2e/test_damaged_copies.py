"""A copy the service worker keeps for offline play that goes bad (a disk error, an interrupted
write) costs the player nothing (issue 54, items 11-13): every precached file has a SHA-256 in
the worker (tools/sw_template.js), so a damaged small copy is replaced before any page sees it,
and a load that was handed a damaged big one (the runtime's, checked just after it is served)
starts again by itself once the worker has replaced it, with no click, each time it happens."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tools.browser_harness import BOOT_TIMEOUT_MS, wait_until_offline_ready, wait_until_ready
from tools.build import CHECK_AFTER_SERVING_BYTES, PYTHON_ARCHIVE, precached_files
from tools.serve import SiteServer

WASM = "vendor/pyodide/pyodide.asm.wasm"
RUNTIME_JS = "vendor/pyodide/pyodide.asm.mjs"
AUTO_RETRY_KEY = "abstract-games:boot-auto-retry"   # assets/boot-failure.mjs: when this tab last reloaded by itself
FAILURE_TIMEOUT_MS = 90_000

# Flip bytes in the middle of each named kept copy, or cut it in half (a JSON list of [path, how]).
DAMAGE = """async (damages) => {
    const cache = await caches.open((await caches.keys()).find((key) => key.startsWith("site-")));
    for (const [path, how] of damages) {
        const url = new URL(path, location.href).href;
        const kept = await cache.match(url);
        let bytes = new Uint8Array(await kept.arrayBuffer());
        if (how === "cut") bytes = bytes.slice(0, bytes.length >> 1);
        else for (let i = bytes.length >> 2; i < Math.min(bytes.length, (bytes.length >> 2) + 64); i++) bytes[i] ^= 0x5a;
        await cache.put(url, new Response(bytes, { headers: kept.headers }));
    }
}"""
# The SHA-256 (hex) of what the page is served for each path, and of the kept copy.
DIGESTS = """async (paths) => {
    const hex = async (response) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()))]
        .map((b) => b.toString(16).padStart(2, "0")).join("");
    const cache = await caches.open((await caches.keys()).find((key) => key.startsWith("site-")));
    const out = {};
    for (const path of paths) {
        const url = new URL(path, location.href).href;
        out[path] = [await hex(await fetch(url)), await hex(await cache.match(url))];
    }
    return out;
}"""


def visit_until_kept(page: Page, server: SiteServer) -> None:
    """A first visit, until the service worker keeps the site and controls the page."""
    page.goto(server.url)
    wait_until_ready(page)
    wait_until_offline_ready(page)


def expected_digests(site: Path, paths: list[str]) -> dict[str, list[str]]:
    import hashlib

    return {path: [hashlib.sha256((site / path).read_bytes()).hexdigest()] * 2 for path in paths}


def reloaded_by_itself(page: Page) -> bool:
    return page.evaluate(f"sessionStorage.getItem({AUTO_RETRY_KEY!r}) !== null")


def test_every_damaged_small_copy_is_replaced_before_the_page_sees_it(
        page: Page, site_server: SiteServer, built_site: Path, monitor):
    """Every precached file but the runtime's two big ones damaged at once -- the page, the
    PyScript files, the assets, pyscript.toml, app.zip, the boards -- and the next load boots
    at once, says nothing, reloads nothing, and is served and keeps the build's bytes of each."""
    visit_until_kept(page, site_server)
    small = sorted(path for path, file in precached_files(built_site).items()
                   if file.stat().st_size < CHECK_AFTER_SERVING_BYTES)
    assert {"index.html", "pyscript.toml", PYTHON_ARCHIVE, "assets/boot.js", "vendor/pyscript/core.js"} <= set(small)
    page.evaluate(DAMAGE, [[path, "flip"] for path in small])

    page.reload()
    wait_until_ready(page, BOOT_TIMEOUT_MS)
    assert page.get_by_role("alert").count() == 0 and not reloaded_by_itself(page)
    assert page.evaluate(DIGESTS, small) == expected_digests(built_site, small)


def test_a_damaged_runtime_copy_handed_out_is_replaced_and_the_load_starts_again_by_itself(
        page: Page, site_server: SiteServer, built_site: Path, monitor):
    """The kept pyodide.asm.wasm cut in half: the load given it starts again by itself on the
    fresh copy, no click; cut again in the same worker's life, it is caught again (once it was
    remembered as checked and served damaged), and, within a minute of the last start-again, the
    load says the copy was damaged and downloaded again and its "Try again" boots."""
    visit_until_kept(page, site_server)
    page.evaluate(DAMAGE, [[WASM, "cut"], [RUNTIME_JS, "flip"]])

    page.reload()
    page.wait_for_function(f"sessionStorage.getItem({AUTO_RETRY_KEY!r}) !== null", timeout=FAILURE_TIMEOUT_MS)
    wait_until_ready(page, BOOT_TIMEOUT_MS)
    assert page.get_by_role("alert").is_hidden()
    assert page.evaluate(DIGESTS, [WASM, RUNTIME_JS]) == expected_digests(built_site, [WASM, RUNTIME_JS])
    monitor.take_problems()   # the damaged load's own errors (a cut runtime); none after

    page.evaluate(DAMAGE, [[WASM, "cut"]])
    page.reload()
    alert = page.get_by_role("alert")
    alert.wait_for(timeout=FAILURE_TIMEOUT_MS)
    text = alert.inner_text()
    assert "damaged" in text and "downloaded again" in text, text
    assert "Nothing is lost" in text and "clear" not in text.lower()
    monitor.take_problems()
    page.get_by_role("button", name="Try again").click()
    wait_until_ready(page, BOOT_TIMEOUT_MS)
    assert page.evaluate(DIGESTS, [WASM]) == expected_digests(built_site, [WASM])
