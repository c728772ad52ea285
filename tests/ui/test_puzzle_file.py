"""ui/page/puzzle_file.py: Learn's puzzles from the package, or fetched once on the site."""

import asyncio
import pkgutil
from dataclasses import dataclass, field

import pytest

from pygame_core.puzzles import catalog
from ui.page import puzzle_file

TEXT = pkgutil.get_data("pygame_core.puzzles", catalog.DATA_FILE).decode("utf-8")


@dataclass
class FakeSite:
    """The page's situation: the package lacks the file, the site serves it (or fails once)."""
    fail_first: bool = False
    fetched: list[str] = field(default_factory=list)

    async def fetch_text(self, url: str) -> str:
        self.fetched.append(url)
        await asyncio.sleep(0)
        if self.fail_first and len(self.fetched) == 1:
            raise OSError("HTTP 404")
        return TEXT


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch) -> FakeSite:
    def not_in_the_archive() -> tuple:
        raise FileNotFoundError("pygame_core/puzzles/puzzles.json")

    fake = FakeSite()
    monkeypatch.setattr(puzzle_file, "shipped", not_in_the_archive)
    monkeypatch.setattr(puzzle_file, "_fetch_text", fake.fetch_text)
    monkeypatch.setattr(puzzle_file, "_puzzles", None)
    return fake


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_the_package_file_is_read_at_once_where_it_is_there(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(puzzle_file, "_puzzles", None)
    got: list = []
    puzzle_file.with_puzzles(got.append, pytest.fail)
    assert got == [catalog.shipped()]


def test_the_site_fetches_once_for_every_waiting_caller(site: FakeSite):
    got: list = []
    failures: list[str] = []

    async def scenario() -> None:
        puzzle_file.with_puzzles(got.append, failures.append)
        puzzle_file.with_puzzles(got.append, failures.append)
        assert got == []   # not yet: the fetch is under way
        await settle()
        puzzle_file.with_puzzles(got.append, failures.append)   # at once now

    asyncio.run(scenario())
    assert site.fetched == [puzzle_file.PUZZLE_URL]
    assert got == [catalog.read(TEXT)] * 3 and not failures


def test_a_failed_fetch_says_so_and_the_next_opening_retries(site: FakeSite):
    site.fail_first = True
    got: list = []
    failures: list[str] = []

    async def scenario() -> None:
        puzzle_file.with_puzzles(got.append, failures.append)
        await settle()
        assert got == [] and len(failures) == 1 and "HTTP 404" in failures[0]
        puzzle_file.with_puzzles(got.append, failures.append)
        await settle()

    asyncio.run(scenario())
    assert len(site.fetched) == 2 and got == [catalog.read(TEXT)] and len(failures) == 1
