"""What the docs say about the tree, held to the tree: docs/architecture.md's per-game file table
against each game's folder, its layer picture against the real packages and the layer lists the
layering test enforces, and docs/testing.md's commands table against the Makefile's targets.

Why: these claims went stale before (a table without `position.py` for a round) because nothing
read them. Each pin is a function from the text and the tree to a list of differences, so a
self-test can hand it a doctored text and see it fail.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.core.test_layering import PACKAGE_LAYERS, UI_LAYERS, Layers

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
TESTING = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
GAMES = ROOT / "pygame_core" / "games"
EVERY_GAME = "every game"


# -- the per-game file table ------------------------------------------------------------------

def file_table(text: str) -> list[tuple[list[str], str]]:
    """The rows of the `| file | in | what |` table: (the files named, the `in` cell)."""
    start = text.index("| file | in | what |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append((re.findall(r"`([^`]+)`", cells[0]), cells[1]))
    return rows


def game_files(games: Path = GAMES) -> dict[str, set[str]]:
    """Each game's folder (upper-case name, as the docs write it) -> the files in it."""
    return {folder.name.upper(): {p.name for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")}
            for folder in sorted(games.iterdir()) if (folder / "__init__.py").is_file()}


def table_differences(text: str, tree: dict[str, set[str]]) -> list[str]:
    """How the table and the folders disagree, one line each (empty when they agree)."""
    claimed: dict[str, set[str]] = {game: set() for game in tree}
    problems = []
    for files, where in file_table(text):
        games = list(tree) if where == EVERY_GAME else [g.strip() for g in where.split(",")]
        for game in games:
            if game not in claimed:
                problems.append(f"the table names a game with no folder: {game}")
                continue
            claimed[game].update(files)
    for game, files in tree.items():
        problems += [f"{game}: the table lists {name}, the folder has no such file" for name in sorted(claimed[game] - files)]
        problems += [f"{game}: the folder has {name}, the table does not list it" for name in sorted(files - claimed[game])]
    return problems


def test_the_per_game_file_table_lists_each_games_files() -> None:
    problems = table_differences(ARCHITECTURE, game_files())
    assert not problems, "\n".join(problems)


def test_the_table_pin_fails_on_a_doctored_table() -> None:
    tree = {"SUSAN": {"state.py", "board.py"}, "STYMIE": {"state.py", "pie.py"}}
    table = ("| file | in | what |\n| --- | --- | --- |\n| `state.py` | every game | rules |\n"
             "| `board.py` | SUSAN | tables |\n| `pie.py` | STYMIE | swap |\n")
    assert table_differences(table, tree) == []
    assert table_differences(table.replace("| `pie.py` | STYMIE | swap |\n", ""), tree) == [
        "STYMIE: the folder has pie.py, the table does not list it"]
    assert table_differences(table.replace("| SUSAN |", "| SUSAN, STYMIE |"), tree) == [
        "STYMIE: the table lists board.py, the folder has no such file"]
    assert table_differences(table.replace("| SUSAN |", "| LISBON |"), tree) == [
        "the table names a game with no folder: LISBON", "SUSAN: the folder has board.py, the table does not list it"]


# -- the layer picture ------------------------------------------------------------------------

def layer_picture(text: str) -> list[tuple[str, list[list[str]]]]:
    """The ``` block under "## The layers": each top-level line (`ui/`) with its children, each
    child the names on one `├─`/`└─` line (`page/`, or `main.py, ai_worker.py`)."""
    section = text[text.index("## The layers"):]
    block = section.split("```")[1]
    picture: list[tuple[str, list[list[str]]]] = []
    for line in block.splitlines():
        top = re.match(r"(\S+/)\s", line + " ")
        child = re.match(r"\s+[├└]─ ([^\s,]+(?:, [^\s,]+)*)", line)
        if top:
            picture.append((top.group(1), []))
        elif child:
            picture[-1][1].append(child.group(1).split(", "))
    return picture


def module_of(package: str, name: str) -> str:
    """A picture's name as a dotted module: `page/` under `ui/` is ui.page, `main.py` ui.main."""
    return f"{package.rstrip('/')}.{name.removesuffix('/').removesuffix('.py')}"


def picture_differences(text: str, packages: Layers = PACKAGE_LAYERS, ui_layers: Layers = UI_LAYERS,
                        root: Path = ROOT) -> list[str]:
    """How the picture disagrees with the tree and the layer lists (empty when it agrees)."""
    picture = layer_picture(text)
    problems = []
    for top, children in picture:
        for name in [top] + [f"{top}{child}" for names in children for child in names]:
            if not list(root.glob(name.replace("<name>", "*").rstrip("/"))):
                problems.append(f"the picture names {name}, which is not in the tree")
    tops = [(top.rstrip("/"),) for top, _ in picture]
    if tops != list(packages):
        problems.append(f"the picture's packages, top to bottom, are {tops}; the layering test's are {list(packages)}")
    ui = [tuple(module_of("ui/", name) for name in names) for top, children in picture if top == "ui/"
          for names in children]
    if [set(layer) for layer in ui] != [set(layer) for layer in ui_layers]:
        problems.append(f"the picture's layers of ui, top to bottom, are {ui}; the layering test's are {list(ui_layers)}")
    return problems


def test_the_layer_picture_names_the_real_packages_in_the_enforced_order() -> None:
    problems = picture_differences(ARCHITECTURE)
    assert not problems, "\n".join(problems)


PICTURE = """## The layers

```
tools/      tools
  │
lab/        research
  │
ui/         the browser side
  ├─ main.py, ai_worker.py
  │         the entry scripts
  ├─ page/  the DOM
  └─ board/ drawing
  │
pygame_core/  the rules
  ├─ games/<name>/ one package per game
  └─ game.py       the protocol
```
"""


def test_the_picture_pin_fails_on_a_doctored_picture() -> None:
    ui = (("ui.main", "ui.ai_worker"), ("ui.page",), ("ui.board",))
    assert picture_differences(PICTURE, ui_layers=ui) == []
    swapped = PICTURE.replace("page/  the DOM", "@").replace("board/ drawing", "page/  the DOM").replace("@", "board/ drawing")
    assert picture_differences(swapped, ui_layers=ui) == [
        "the picture's layers of ui, top to bottom, are [('ui.main', 'ui.ai_worker'), ('ui.board',), ('ui.page',)]; "
        "the layering test's are [('ui.main', 'ui.ai_worker'), ('ui.page',), ('ui.board',)]"]
    assert picture_differences(PICTURE.replace("board/ drawing", "boards/ drawing"), ui_layers=ui)[0] == (
        "the picture names ui/boards/, which is not in the tree")
    assert picture_differences(PICTURE.replace("game.py ", "games.py"), ui_layers=ui) == [
        "the picture names pygame_core/games.py, which is not in the tree"]
    moved = PICTURE.replace("tools/      tools\n", "").replace("the protocol\n", "the protocol\ntools/  tools\n")
    assert picture_differences(moved, ui_layers=ui) == [
        "the picture's packages, top to bottom, are [('lab',), ('ui',), ('pygame_core',), ('tools',)]; "
        "the layering test's are [('tools',), ('lab',), ('ui',), ('pygame_core',)]"]


# -- the make targets -------------------------------------------------------------------------

def make_targets(makefile: str) -> set[str]:
    """The targets a person types after `make` (not .PHONY, not file targets like $(VENV_STAMP))."""
    found: set[str] = set()
    for match in re.finditer(r"^([A-Za-z][\w.-]*(?:[ \t]+[A-Za-z][\w.-]*)*)[ \t]*:(?!=)", makefile, re.MULTILINE):
        found.update(match.group(1).split())
    return found


def documented_targets(text: str) -> set[str]:
    """The `make X` names in the first column of docs/testing.md's commands table."""
    start = text.index("| command | what it does |")
    names: set[str] = set()
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        names.update(re.findall(r"`make ([\w.-]+)", line.strip("|").split("|")[0]))
    return names


def target_differences(text: str, makefile: str) -> list[str]:
    documented, real = documented_targets(text), make_targets(makefile)
    return ([f"docs/testing.md lists `make {name}`, the Makefile has no such target" for name in sorted(documented - real)]
            + [f"the Makefile's target {name} is not in docs/testing.md's commands table" for name in sorted(real - documented)])


def test_the_commands_table_lists_every_make_target() -> None:
    problems = target_differences(TESTING, MAKEFILE)
    assert not problems, "\n".join(problems)


def test_the_target_pin_fails_on_a_doctored_table() -> None:
    makefile = ("X := 1\nY ?= 2\n.PHONY: a b\na: $(STAMP)\n\tcmd: not a target\nb c: a\n$(STAMP): x\n"
                "define f\nstatus=0; $(1)\nendef\n")
    table = "| command | what it does |\n| --- | --- |\n| `make a` | A |\n| `make b`, `make c` | B and C, not `make d` |\n"
    assert make_targets(makefile) == {"a", "b", "c"}
    assert target_differences(table, makefile) == []
    assert target_differences(table.replace("`make b`, ", ""), makefile) == [
        "the Makefile's target b is not in docs/testing.md's commands table"]
    assert target_differences(table + "| `make gone` | G |\n", makefile) == [
        "docs/testing.md lists `make gone`, the Makefile has no such target"]
