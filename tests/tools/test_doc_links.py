"""Every Markdown link with an anchor in README.md and docs/ lands on a heading.

Why: docs move (issue 55 split docs/opponent.md into a reference and a dated log), and a link to
`opponent.md#some-section` that no longer names a heading opens the page at its top without a
word. Anchors are made as GitHub makes them, so a link that passes here also works there. The
check is a function from texts to a list of broken links, so a self-test can hand it a broken
one and see it fail.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def prose(text: str) -> list[str]:
    """The text's lines outside fenced code blocks, with inline code kept out (a `[x](y)` in
    code is no link)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text (links by their words, code without backticks)
    lower-cased, everything but letters, digits, `_`, `-` and spaces dropped, spaces to `-`."""
    words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", words.lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor; a repeated one gets GitHub's -1, -2... suffix."""
    seen: dict[str, int] = {}
    found = set()
    for line in prose(text):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def anchor_links(text: str) -> list[tuple[str, str]]:
    """(path, anchor) of each link that names an anchor, in Markdown or on this page (path "");
    links to other sites are not ours to check."""
    found = []
    for line in prose(text):
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            path, hash_, anchor = target.partition("#")
            if hash_ and "://" not in path and not path.startswith("mailto:") and (path == "" or path.endswith(".md")):
                found.append((path, anchor))
    return found


def broken_links(docs: dict[Path, str]) -> list[str]:
    """Each anchor link among `docs` (file -> text) whose file is missing or has no such heading,
    as "FILE: PATH#ANCHOR (why)"."""
    broken = []
    for source, text in docs.items():
        for path, anchor in anchor_links(text):
            target = source if path == "" else (source.parent / path).resolve()
            where = f"{source.relative_to(ROOT) if source.is_relative_to(ROOT) else source}: {path}#{anchor}"
            if target not in docs and not target.exists():
                broken.append(f"{where} (no such file)")
            elif anchor not in anchors(docs.get(target) or target.read_text(encoding="utf-8")):
                broken.append(f"{where} (no such heading)")
    return broken


def project_docs() -> dict[Path, str]:
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return {path.resolve(): path.read_text(encoding="utf-8") for path in paths}


def test_every_anchor_link_in_the_docs_lands_on_a_heading() -> None:
    docs = project_docs()
    assert sum(len(anchor_links(text)) for text in docs.values()) >= 10   # the check sees the links
    assert broken_links(docs) == []


def test_slugs_are_githubs() -> None:
    assert slug("STYMIE's expert re-budgeted (2026-11-27, late)") == "stymies-expert-re-budgeted-2026-11-27-late"
    assert slug("STYMIE: expert on 200 games, what does not help, and the swap decision (2026-11-27, afternoon)") == (
        "stymie-expert-on-200-games-what-does-not-help-and-the-swap-decision-2026-11-27-afternoon")
    assert slug("Levels (`make ladder-report`, docs/ladder/tables.md)") == "levels-make-ladder-report-docsladdertablesmd"
    assert slug("The loop for every edit: `make test-fast`") == "the-loop-for-every-edit-make-test-fast"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n") == {"a", "a-1"}


def test_a_broken_anchor_is_reported(tmp_path: Path) -> None:
    guide, log = tmp_path / "guide.md", tmp_path / "log.md"
    docs = {guide: "See [the log](log.md#runs-2026-11-26), [here](#usage), [gone](gone.md#x).\n"
                   "`[code](log.md#nothing)` is not a link.\n\n## Usage\n",
            log: "# Log\n\n## Runs (2026-11-26)\n"}
    assert broken_links(docs) == [f"{guide}: gone.md#x (no such file)"]   # the first two land
    docs[guide] = docs[guide].replace("runs-2026-11-26", "runs-2026-11-27")
    assert broken_links(docs) == [f"{guide}: log.md#runs-2026-11-27 (no such heading)", f"{guide}: gone.md#x (no such file)"]
