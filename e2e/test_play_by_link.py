"""Play by link (issue 18) in Chromium: two browser contexts (two players, separate storage)
pass game links back and forth. A SUSAN game started from the front door is played to its end;
a STYMIE game set up in the new-game dialog (size 3, you second) goes through a swap; an older
link does not roll the game back and a link that rewrites a move is flagged and opens only as
a separate game; the email text imports back as the record; the embed shows the game read-only."""

from __future__ import annotations

from urllib.parse import quote

from playwright.sync_api import BrowserContext, Page, expect

from e2e.harness import start_embed, wait_until_ready
from e2e.helpers import SAVE_PREFIX, moves, play, wait_for_moves
from tools.serve import SiteServer


def player(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    wait_until_ready(page)
    return page


def link_after_move(page: Page) -> str:
    """The link the box offers once it is the friend's turn."""
    expect(page.locator("#link-send")).to_be_visible()
    url = page.input_value("#link-url")
    assert "#c1." in url
    return url


def open_link(page: Page, url: str, count: int) -> list[str]:
    """Open a link in this player's tab (the address bar: a same-document navigation)."""
    page.goto(url)
    return wait_for_moves(page, count)


def link_status(page: Page) -> str:
    return page.text_content("#link-status") or ""


def test_two_players_play_susan_to_the_end_by_link(browser, monitor, site_server: SiteServer) -> None:
    alice_context, bob_context = monitor.watch(browser.new_context()), monitor.watch(browser.new_context())
    alice = player(alice_context, site_server.url)
    alice.get_by_role("button", name="Play a friend by link: SUSAN").click()   # Alice: Black, the first seat
    expect(alice.locator("#link-panel")).to_be_visible()
    alice.fill("#link-opponent", "Bob")
    alice.press("#link-opponent", "Enter")
    play(alice, "c1")
    url = link_after_move(alice)
    assert "c1" in alice.input_value("#link-message")

    bob = bob_context.new_page()
    bob.goto(url)                                   # a fresh visit: no front door, the game opens
    wait_until_ready(bob)
    assert wait_for_moves(bob, 1) == ["1. B c1"]
    assert not bob.is_visible("#front-door-dialog")
    expect(bob.locator("#link-turn")).to_contain_text("You play White")
    expect(bob.locator("#link-send")).to_be_hidden()   # Bob's move: nothing to send yet
    bob.fill("#link-opponent", "Alice")
    bob.press("#link-opponent", "Enter")
    play(bob, "i5")
    expect(bob.locator("#move-input")).to_be_disabled()   # Bob cannot move for Alice
    reply = link_after_move(bob)

    assert open_link(alice, reply, 2) == ["1. B c1", "2. W i5"]
    expect(alice.locator("#link-status")).to_contain_text("White played i5")
    play(alice, "h6")
    assert open_link(bob, link_after_move(alice), 3)[-1] == "3. B h6"
    play(bob, "h5")
    assert open_link(alice, link_after_move(bob), 4)[-1] == "4. W h5"
    play(alice, "i4")                                  # Black surrounds i5: the game ends
    expect(alice.locator("#game-over")).to_be_visible()
    final = link_after_move(alice)
    assert open_link(bob, final, 5)[-1] == "5. B i4"
    expect(bob.locator("#game-over-result")).to_have_text("Black wins")

    # each side keeps the game in its saves list: opponent, whose turn (here the result), activity
    for page, friend in ((alice, "Bob"), (bob, "Alice")):
        page.evaluate("document.getElementById('saves-panel').open = true")
        details = page.text_content("#saves-list .save-entry.by-link .save-details") or ""
        assert f"By link with {friend}" in details and "Black won" in details, details
    for page in (alice, bob):
        page.close()
    alice_context.close()
    bob_context.close()
    print(f"\nSUSAN by link, end (5 moves): link {len(final)} characters")


def test_stymie_with_a_swap_by_link(browser, monitor, site_server: SiteServer) -> None:
    host_context, guest_context = monitor.watch(browser.new_context()), monitor.watch(browser.new_context())
    host = player(host_context, site_server.url)
    host.click("#front-door-close")
    host.click("#new-game")
    host.select_option("#setup-game", "stymie")
    host.select_option("#setup-options select[name=size]", "3")
    host.select_option("#setup-seats select[name=seat0]", "friend")   # the guest moves first
    host.select_option("#setup-seats select[name=seat1]", "human")
    host.click("#setup-start")
    url = link_after_move(host)                          # the guest moves first: a link at once
    guest = player(guest_context, url)
    wait_for_moves(guest, 0)
    expect(guest.locator("#link-turn")).to_contain_text("You play Vert")
    play(guest, "e5")
    assert open_link(host, link_after_move(guest), 1) == ["1. V e5"]
    host.click("#swap")                                  # the host takes Vert's side
    wait_for_moves(host, 2)
    expect(host.locator("#link-turn")).to_contain_text("You play Vert")
    assert open_link(guest, link_after_move(host), 2)[-1].endswith("swap")
    expect(guest.locator("#link-turn")).to_contain_text("You play Horz")
    play(guest, "c5")
    assert open_link(host, link_after_move(guest), 3)[-1].endswith("c5")
    play(host, "c1,d2,e3")
    expect(host.locator("#game-over-result")).to_have_text("Vert wins")
    assert open_link(guest, link_after_move(host), 4)[-1].endswith("c1,d2,e3")
    expect(guest.locator("#game-over-result")).to_have_text("Vert wins")
    host_context.close()
    guest_context.close()


def _by_link_saves(page: Page) -> list[str]:
    return page.evaluate(f"""Object.keys(localStorage).filter(k => k.startsWith({SAVE_PREFIX!r}))
        .map(k => JSON.parse(localStorage.getItem(k))).filter(s => s.seats.some(t => t.kind === 'friend'))
        .map(s => s.game_id + ':' + s.record.turns.join(' '))""")


def test_an_older_link_and_a_rewritten_one(browser, monitor, site_server: SiteServer) -> None:
    a_context, b_context = monitor.watch(browser.new_context()), monitor.watch(browser.new_context())
    a = player(a_context, site_server.url)
    a.get_by_role("button", name="Play a friend by link: SUSAN").click()
    play(a, "d6")
    first = link_after_move(a)
    b = player(b_context, first)
    wait_for_moves(b, 1)
    play(b, "b5")
    second = link_after_move(b)
    open_link(a, second, 2)
    play(a, "c4")
    third = link_after_move(a)
    open_link(b, third, 3)
    play(b, "e5")                                  # B's game: d6 b5 c4 e5
    # the out-of-date link: B opens A's first link again; the game stays at 4 moves
    b.goto(first)
    expect(b.locator("#link-status")).to_contain_text("older than the game kept here")
    assert wait_for_moves(b, 4)[-1] == "4. W e5"
    assert [s.split(":")[1] for s in _by_link_saves(b)] == ["d6 b5 c4 e5"]
    # a rewritten history: A undoes c4 (its own move) and plays c5 instead, and sends that
    a.click("#undo")
    expect(a.locator("#move-input")).to_be_enabled()
    a.fill("#move-input", "c5")
    a.press("#move-input", "Enter")
    a.wait_for_function("[...document.querySelectorAll('#moves button[data-cursor]')].pop().textContent"
                        " === '3. B c5'")
    rewritten = link_after_move(a)
    b.goto(rewritten)
    expect(b.locator("#link-status")).to_contain_text("rewrites the game kept here")
    expect(b.locator("#link-status")).to_contain_text("move 3")
    assert wait_for_moves(b, 4)[-1] == "4. W e5"     # B's game as it was
    expect(b.locator("#link-conflict")).to_be_visible()
    b.click("#link-separate")
    assert wait_for_moves(b, 3)[-1] == "3. B c5"
    kept = sorted(s.split(":")[1] for s in _by_link_saves(b))
    assert kept == ["d6 b5 c4 e5", "d6 b5 c5"]       # two games, neither merged into the other
    ids = {s.split(":")[0] for s in _by_link_saves(b)}
    assert len(ids) == 2
    a_context.close()
    b_context.close()


def test_copy_and_the_share_sheet(context: BrowserContext, site_server: SiteServer) -> None:
    """Copy puts the link on the clipboard; where the browser has a share sheet (stood in for
    here: headless Chromium on Linux has none), Share… hands it the link and the message."""
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_server.origin)
    context.add_init_script("navigator.share = data => { window.__shared = data; return Promise.resolve(); };")
    page = player(context, site_server.url)
    page.get_by_role("button", name="Play a friend by link: SUSAN").click()
    play(page, "d6")
    url = link_after_move(page)
    page.click("#link-copy")
    expect(page.locator("#link-status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.click("#link-share")
    page.wait_for_function("window.__shared !== undefined")
    shared = page.evaluate("window.__shared")
    assert shared["url"] == url and shared["text"] == page.input_value("#link-message")


def test_the_email_text_imports_back_and_the_embed_is_read_only(page: Page, site_server: SiteServer,
                                                                blog_server: SiteServer, monitor) -> None:
    page.goto(site_server.url)
    wait_until_ready(page)
    page.get_by_role("button", name="Play a friend by link: SUSAN").click()
    expect(page.locator("#link-share")).to_be_hidden()   # no share sheet in this browser
    play(page, "d6")
    message = page.input_value("#link-message")
    assert "Last move: 1 B  d6" in message and "Position:" in message
    embed = page.input_value("#link-embed")
    # the message, quoted back in a reply, imported as a record
    page.evaluate("document.getElementById('saves-panel').open = true")
    page.fill("#import-text", "\n".join("> " + line for line in message.splitlines()))
    page.click("#import-button")
    expect(page.locator("#confirm-text")).to_contain_text("replaced by the game you open")
    page.click("#confirm-go")                            # asked first: a game is in progress
    expect(page.locator("#saves-status")).to_contain_text("Imported a game of SUSAN with 1 move")
    assert moves(page) == ["1. B d6"]
    # the embed snippet in a blog post (another site): the game at its position with its record,
    # and nobody can move in it
    monitor.allow(blog_server.origin)
    src = embed.split('src="', 1)[1].split('"', 1)[0]
    page.goto(f"{blog_server.url}blog_embed.html?src={quote(src, safe='')}")
    frame = page.query_selector("#game").content_frame()
    assert frame is not None and frame.url == src
    start_embed(frame)
    frame.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 2")
    assert frame.eval_on_selector_all("#moves button[data-cursor]", "bs => bs.map(b => b.textContent)") == [
        "Start", "1. B d6"]
    assert frame.is_disabled("#move-input")
    assert "by link" in (frame.text_content("#status") or "")
