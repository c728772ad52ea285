"""Issue 57 item 2, your openings: a player restores a backup of games of all four games (two
SUSAN board sizes among them), opens "Your openings" from the saves panel and from Learn, and
reads each tree's counts, which equal a recount of the backup's games; walks a line by keyboard,
sees the position, opens it on the analysis board; a game with no saves explains itself; axe
finds nothing, at 1280 and 390 px."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.helpers import boot_with_saves, overflowing, violations
from pygame_core.random_play import random_turns
from pygame_core.record import Record, from_actions
from pygame_core.registry import GAME_NAMES, find_game
from tools.serve import SiteServer
from ui.play.saved_game import AI, FRIEND, SavedGame, Seat

SEATS = ((Seat(), Seat(AI, "easy")), (Seat(AI, "hard"), Seat()), (Seat(), Seat()), (Seat(), Seat(FRIEND)))
NO_SAVES = "lisbon"


def backup_games() -> list[SavedGame]:
    """Games of every game but LISBON, whose openings share their first turns (two seeds)."""
    rng = random.Random(57)
    games = []
    for number in range(24):
        name = GAME_NAMES[number % len(GAME_NAMES)]
        if name == NO_SAVES:
            continue
        spec = find_game(name)
        options = spec.resolve_options({"size": 6} if name == "susan" and number % 3 == 0 else {})
        start = spec.new_state(options)
        turns = random_turns(start, random.Random(number % 2), 2)
        state = start
        for turn in turns:
            for action in turn:
                state = state.apply(action)
        turns += random_turns(state, rng, rng.choice((1, 6, 300)))
        record = Record(spec.name, options, tuple(from_actions(start, turns)))
        games.append(SavedGame(record, SEATS[number % len(SEATS)], len(record.turns), name=f"game {number}",
                               saved_at=f"2026-11-{number + 1:02d}T10:00:00Z", game_id=f"{number:012x}"))
    return games


def first_turns(games: list[SavedGame], game: str, options: dict, line: tuple[str, ...]) -> Counter:
    """The recount: of the games of `game` with `options` that began with `line`, how many
    played each next turn ("" counts the games themselves)."""
    counts: Counter = Counter()
    for saved in games:
        record = saved.record
        if record.game == game and dict(record.options) == options and record.turns[:len(line)] == line:
            counts[""] += 1
            if len(record.turns) > len(line):
                counts[record.turns[len(line)]] += 1
    return counts


def shown_turns(page: Page) -> Counter:
    rows = page.eval_on_selector_all("#openings-next tbody tr", "rows => rows.map(r => [r.dataset.turn, r.dataset.games])")
    counts = Counter({turn: int(games) for turn, games in rows})
    counts[""] = int(page.get_attribute("#openings-dialog", "data-games") or 0)
    return counts


def test_the_trees_of_a_restored_backup_count_its_games(screen: Page, site_server: SiteServer, tmp_path: Path) -> None:
    from ui.play.openings_view import tree_name
    from ui.saves.backup import backup_text
    page = screen
    games = backup_games()
    backup = tmp_path / "backup.json"
    backup.write_text(backup_text(games, None, "2026-11-28T23:00:00Z"))
    boot_with_saves(page, site_server.url)
    page.set_input_files("#restore-file", str(backup))
    expect(page.locator("#saves-status")).to_contain_text(f"Restored: {len(games)} games added.", timeout=30_000)

    page.click("#saves-openings")
    expect(page.locator("#openings-dialog")).to_be_visible()
    keys = {(saved.record.game, tuple(sorted(saved.record.options.items()))) for saved in games}
    assert len(keys) == 4   # SUSAN at two sizes, STYMIE, SUPERSTAR
    for key in sorted(keys):
        options = dict(key[1])
        page.select_option("#openings-tree", label=next(
            label for label in page.eval_on_selector_all("#openings-tree option", "os => os.map(o => o.textContent)")
            if label.startswith(tree_name(key) + " (")))
        expect(page.locator("#openings-summary")).to_contain_text("the starting position")
        assert shown_turns(page) == first_turns(games, key[0], options, ())
        assert page.locator("#openings-board svg title").text_content().startswith(find_game(key[0]).title)

    # a line walked by keyboard: the most played first turn, then its most played reply
    susan = ("susan", tuple(sorted(find_game("susan").resolve_options({}).items())))
    page.select_option("#openings-tree", label=next(
        label for label in page.eval_on_selector_all("#openings-tree option", "os => os.map(o => o.textContent)")
        if label.startswith(tree_name(susan) + " (")))
    line: tuple[str, ...] = ()
    for _step in range(2):
        button = page.locator("#openings-next tbody button").first
        turn = button.text_content() or ""
        button.focus()
        page.keyboard.press("Enter")
        line += (turn,)
        expect(page.locator("#openings-line [aria-current]")).to_have_text(turn)
        assert shown_turns(page) == first_turns(games, "susan", dict(susan[1]), line)
        expect(page.locator("#openings-board svg title")).to_contain_text(" ".join(line))
    assert violations(page) == [], "the openings dialog"
    width = (page.viewport_size or {"width": 0})["width"]
    assert overflowing(page, width) == [], f"the openings dialog at {width} px"

    page.click("#openings-line button >> nth=0")   # back to the start
    expect(page.locator("#openings-summary")).to_contain_text("the starting position")
    page.locator("#openings-next tbody button").first.click()
    first = page.locator("#openings-line [aria-current]").text_content()
    page.click("#openings-analyse")
    expect(page.locator("#openings-dialog")).to_be_hidden()
    expect(page.locator("#analysis-bar")).to_be_visible()
    expect(page.locator("#moves")).to_contain_text(first or "")

    page.click("#analysis-close")
    page.click("#learn-button")
    page.click("#learn-openings")
    expect(page.locator("#openings-dialog")).to_be_visible()
    page.select_option("#openings-tree", label="LISBON: no saved games")
    expect(page.locator("#openings-empty")).to_contain_text("You have no saved LISBON games yet")
    expect(page.locator("#openings-body")).to_be_hidden()
    assert violations(page) == [], "a game without saves"


def test_saves_that_do_not_read_are_left_out_said_and_left_as_they_are(page: Page, site_server: SiteServer) -> None:
    """A damaged save and one the browser refuses to read are named in a count, the others are
    counted, and nothing stored changes."""
    from ui.saves.savefile import encode
    good = backup_games()[0]
    boot_with_saves(page, site_server.url)
    page.evaluate("""([good]) => {
        localStorage.setItem('abstract-games:save:1', good);
        localStorage.setItem('abstract-games:save:2', '{"format": "pygame-site-save", "version"');
        localStorage.setItem('abstract-games:save:3', good);
        const read = Storage.prototype.getItem;
        Storage.prototype.getItem = function (key) {
            if (key === 'abstract-games:save:3') throw new DOMException('refused', 'SecurityError');
            return read.call(this, key);
        };
    }""", [encode(good)])
    before = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    page.click("#saves-openings")
    expect(page.locator("#openings-status")).to_have_text("2 saves could not be read and are left out.")
    assert page.get_attribute("#openings-dialog", "data-games") == "1"
    assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == before
    assert violations(page) == [], "the openings dialog saying what it left out"
