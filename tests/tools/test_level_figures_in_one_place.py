"""The level figures stand in one place: the table `make ladder-report` generates.

Why: they stood in three (the README, docs/opponent.md's "Levels", docs/ladder/tables.md) and
went stale one copy at a time (issue 55). The README and the opponent's reference link the
generated table and copy none of its figures; the dated log (docs/opponent-log.md) keeps the
figures as they were on their day, which is history, not a copy.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "ladder" / "tables.md"
LINKING = {ROOT / "README.md": "docs/ladder/tables.md#levels", ROOT / "docs" / "opponent.md": "ladder/tables.md#levels"}
REFERENCE_CAP = 300   # lines: a reference, with the dated log beside it


def pair_figures(tables: str) -> set[str]:
    """Each pair row's W–D–L and score with its interval, e.g. "115–35–50", "66.2% (59.4–72.4%)"."""
    figures = set()
    for line in tables.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 6 and re.fullmatch(r"\d+–\d+–\d+", cells[2]):
            figures.update({cells[2], cells[3]})
    return figures


def copied(text: str, figures: set[str]) -> list[str]:
    return sorted(figure for figure in figures if figure in text)


def test_the_readme_and_the_reference_link_the_table_and_copy_none_of_its_figures() -> None:
    figures = pair_figures(TABLES.read_text(encoding="utf-8"))
    assert len(figures) >= 20   # the parse found the table's rows
    for path, link in LINKING.items():
        text = path.read_text(encoding="utf-8")
        assert f"]({link})" in text, f"{path.name} does not link the generated table"
        assert copied(text, figures) == [], f"{path.name} copies the generated table's figures"


def test_a_copied_figure_is_found() -> None:
    figures = pair_figures("| SUSAN | hard vs medium | 115–35–50 | 66.2% (59.4–72.4%) | +117 | 200 |\n")
    assert copied("Hard beats medium 115–35–50 in SUSAN.", figures) == ["115–35–50"]


def test_the_reference_stays_a_reference() -> None:
    lines = (ROOT / "docs" / "opponent.md").read_text(encoding="utf-8").count("\n")
    assert lines <= REFERENCE_CAP, f"docs/opponent.md is {lines} lines: move dated results to docs/opponent-log.md"
