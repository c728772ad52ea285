"""No text for players outside the catalogs: tools/i18n_coverage.py's scan of ui/**/*.py and
assets/*.mjs finds no prose literal that no translation function takes, beyond the allow-list
(tests/tools/i18n_coverage_allow.json: file, text and the reason each stays English). Its rules
are in the module's docstring; each is tested below on a small source."""

from __future__ import annotations

import json
from pathlib import Path

from tools.i18n_coverage import looks_like_prose, scan, scan_javascript, scan_python

REPO = Path(__file__).resolve().parents[2]
ALLOW = Path(__file__).with_name("i18n_coverage_allow.json")


def allowed() -> list[dict[str, str]]:
    return json.loads(ALLOW.read_text(encoding="utf-8"))


def test_no_text_for_players_outside_the_catalogs():
    allow = {(entry["file"], entry["text"]) for entry in allowed()}
    left = [f"{found.file}:{found.line}: {found.text!r}" for found in scan(REPO) if (found.file, found.text) not in allow]
    assert left == [], "mark these with _()/ngettext()/N_() or t()/tn(), or allow-list them with a reason"


def test_the_allow_list_gives_a_reason_for_each_entry_and_none_is_stale():
    found = {(each.file, each.text) for each in scan(REPO)}
    assert all(entry.get("reason", "").strip() for entry in allowed()), "every entry says why it stays English"
    assert [entry for entry in allowed() if (entry["file"], entry["text"]) not in found] == [], \
        "an entry whose text is gone or now translated: remove it"


def test_prose_is_words_not_code():
    assert looks_like_prose("Black wins by {margin}")
    assert looks_like_prose("{name} did not start")
    for code in ("new-game", "{a} {b}", "M{x} {y}A{r} {r} 0 1 0 {x} {y}Z", "(prefers-color-scheme: dark)",
                 "bold 12px system-ui, sans-serif", "#moves li", "a.b.c", "abstract-games-backup-{stamp}.json",
                 "width: 3px; height: 2px", "x => x", "HTTP {status}", "ui/page/x.py"):
        assert not looks_like_prose(code), code


PYTHON = '''
"""A module docstring is for developers."""
from ui.i18n import _, N_, ngettext
TITLE = N_("The rules of the game")
LEFT = "Nobody translated me"


def shown(count: "int | None", box) -> "list of words":
    """A docstring."""
    box.text = _("Black wins by {margin}", margin=2)
    box.more = ngettext("{n} move left", "{n} moves left", count)
    box.window.console.warn(f"The worker failed: {count}")
    print("a log line for developers")
    assert count, "an assertion for developers"
    box.query("dialog .close button")
    element("p", class_="big warm text", text=f"Your turn, {count}")
    if box.reason == "surrounded a stone":
        raise ValueError("a developer error with words")
    table = {"a key with words": 1}
    table["another key with words"] = 2
    raise GameError("a message for players")
'''


def test_the_python_rules():
    assert [(found.line, found.text) for found in scan_python(PYTHON, "x.py")] == [
        (5, "Nobody translated me"), (16, "Your turn, {count}"), (21, "a message for players")]


JAVASCRIPT = '''
import { t, tn } from "./i18n.mjs";
const WORDS = { "a key with words": "A value for players" };
export function show(box, n) {
  box.textContent = t("Loading the game…");
  box.title = tn("{n} file left", "{n} files left", n, { n });
  console.warn(`the worker failed after ${n} tries`);
  if (box.dataset.state === "not ready yet") throw new Error("a developer error with words");
  box.querySelector("dialog .close button").textContent = `Try again in ${n} s`;
  // a comment with words is no literal
  return "Something went wrong";
}
'''


def test_the_javascript_rules():
    assert [(found.line, found.text) for found in scan_javascript(JAVASCRIPT, "x.mjs")] == [
        (3, "A value for players"), (9, "Try again in ${n} s"), (11, "Something went wrong")]
