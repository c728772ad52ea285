"""A first visit stays within 5.0 MB on the wire (issue 40's target, with the lessons in: their
data ships in the app's archive and is read on first use of Learn, tests/ui/test_boot_imports.py).

Measured as tools/bench_first_visit.py measures it, less the network emulation: a cold visit in
a fresh browser context to the build served as a static host serves it (its gzip siblings,
tools/precompress.py), counting every byte the server sends until the service worker has
precached the site and the runtime snapshot is made. The figure is printed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page

from e2e.harness import wait_until_ready
from tools.browser_harness import wait_until_offline_ready
from tools.build import PYTHON_ARCHIVE, SERVICE_WORKER, read_package_archive, site_files
from tools.precompress import write_siblings
from tools.serve import SiteServer

BUDGET_BYTES = 5_000_000
SNAPSHOT_TIMEOUT_MS = 180_000


@pytest.fixture(scope="module")
def gzip_server(built_site: Path, tmp_path_factory: pytest.TempPathFactory):
    """A copy of the session's build with its gzip siblings, served with them."""
    out = tmp_path_factory.mktemp("gzip") / "site"
    shutil.copytree(built_site, out)
    write_siblings([*site_files(out).values(), out / SERVICE_WORKER], ("gzip",))
    with SiteServer(out, encodings=("gzip",)) as server:
        yield server


def test_a_first_visit_downloads_at_most_5_mb_lessons_included(page: Page, monitor, gzip_server: SiteServer) -> None:
    with read_package_archive(gzip_server.root / PYTHON_ARCHIVE) as archive:
        assert "pygame_core/games/lisbon/lessons.json" in archive.namelist()
    monitor.allow(gzip_server.origin)
    gzip_server.counter.reset()
    page.goto(gzip_server.url)
    wait_until_ready(page)
    wait_until_offline_ready(page)
    page.wait_for_function("['saved', 'failed'].includes(document.documentElement.dataset.snapshot)",
                           timeout=SNAPSHOT_TIMEOUT_MS)
    sent = gzip_server.counter.bytes_sent
    print(f"\nfirst visit, gzip serving: {sent / 1e6:.3f} MB on the wire (budget {BUDGET_BYTES / 1e6:.1f} MB)")
    assert sent <= BUDGET_BYTES
