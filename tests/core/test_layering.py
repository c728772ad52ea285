"""Dependency direction (docs/architecture.md), enforced by walking every import, function-level
imports included (the graph: tools/import_graph.py): tools -> lab -> ui -> pygame_core, never
back (PACKAGE_LAYERS); the product (pygame_core, ui) never imports lab (research, not shipped),
and lab imports only the core; the core never touches the browser; a game never imports another game or the
AI; the AI reaches games only through the registry; nothing in the four packages imports
a test module (e2e/, tests/ or their helpers: the benchmarks share tools/browser_harness.py with
the e2e tests instead); no import cycle anywhere in them; inside ui, a module
imports only from its own layer of UI_LAYERS and the layers below it (page > workers > saves >
play > board, under the entry scripts); and no class in the four packages is longer than
MAX_CLASS_LINES (a longer one does two jobs)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tools.import_graph import find_cycle, import_graph, modules

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("pygame_core", "ui", "tools", "lab")
PRODUCT = ("pygame_core", "ui")   # what the site ships; lab/ (research) is never part of it
BROWSER = {"js", "pyodide", "pyscript"}
# the test suites, and the helper modules their folders put on sys.path (e.g. fake_dom)
TEST_MODULES = {"e2e", "tests"} | {p.stem for suite in ("e2e", "tests") for p in (ROOT / suite).rglob("*.py")}
MAX_CLASS_LINES = 250
Layers = tuple[tuple[str, ...], ...]
# docs/architecture.md's picture, top to bottom: the three packages, and the layers inside ui
# (tests/tools/test_docs_pin_the_tree.py holds the picture to these lists): a module imports only
# from its own layer and the layers below it. An entry names a package (every module in it) or
# one module; every ui module is in one layer.
PACKAGE_LAYERS: Layers = (("tools",), ("lab",), ("ui",), ("pygame_core",))
UI_LAYERS: Layers = (
    ("ui.main", "ui.ai_worker", "ui.app_archive"),  # the entry scripts, and the unwrapping they run first
    ("ui.page",),                                   # the DOM
    ("ui.ai_client", "ui.coach_client", "ui.explain_client", "ui.pooled_turn", "ui.worker_watch"),  # workers' ends
    ("ui.saves",),                                  # no DOM: storage, save files, links, embeds
    ("ui.play",),                                   # the game at the page, pure
    ("ui.board",),                                  # drawing, pure
    ("ui.i18n",),                                   # the player's language: words, pure
)


MODULES = modules(PACKAGES, ROOT)
GRAPH = import_graph(MODULES, ROOT)


def _top(name: str) -> str:
    return name.split(".")[0]


def _under(name: str, package: str) -> bool:
    """Whether module `name` is the dotted `package` or inside it (ui.page.x is under ui.page,
    ui.pages is not)."""
    return name == package or name.startswith(package + ".")


def _game_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["pygame_core", "games"] else None


def forbidden(graph: dict[str, set[str]], layer: str, banned: set[str]) -> dict[str, set[str]]:
    """The modules of `layer` (a package, top-level or dotted like ui.saves) that import a module
    under a `banned` package, with what they import from there."""
    found = {name: {t for t in targets if any(_under(t, b) for b in banned)}
             for name, targets in graph.items() if _under(name, layer)}
    return {name: targets for name, targets in found.items() if targets}


@pytest.mark.parametrize("layer", PACKAGES)
def test_no_product_or_tool_module_imports_a_test_module(layer: str) -> None:
    assert forbidden(GRAPH, layer, TEST_MODULES) == {}


def test_the_core_imports_no_browser() -> None:
    assert forbidden(GRAPH, "pygame_core", BROWSER) == {}


def test_the_layer_check_finds_a_forbidden_import() -> None:
    graph = {"tools.bench": {"e2e.harness", "tools.serve"}, "tools.serve": set(), "ui.x": {"fake_dom"}}
    assert forbidden(graph, "tools", {"e2e"}) == {"tools.bench": {"e2e.harness"}}
    assert forbidden(graph, "ui", TEST_MODULES) == {"ui.x": {"fake_dom"}}
    assert forbidden(graph, "ui", {"tools"}) == {}


@pytest.mark.parametrize("layer", PRODUCT)
def test_the_product_never_imports_the_lab(layer: str) -> None:
    assert forbidden(GRAPH, layer, {"lab"}) == {}


def test_the_lab_reaches_only_the_core() -> None:
    """lab/ measures the rules and the players: it needs neither the page nor the tools."""
    assert forbidden(GRAPH, "lab", {"ui", "tools"}) == {}


def test_the_lab_check_finds_a_product_module_importing_the_lab() -> None:
    graph = {"pygame_core.ai.cli": {"lab.ladder.cli", "pygame_core.cli"}, "ui.page.x": {"lab", "labels"},
             "lab.ladder.play": {"pygame_core.ai.player", "ui.play.session"}}
    assert forbidden(graph, "pygame_core", {"lab"}) == {"pygame_core.ai.cli": {"lab.ladder.cli"}}
    assert forbidden(graph, "ui", {"lab"}) == {"ui.page.x": {"lab"}}
    assert forbidden(graph, "lab", {"ui", "tools"}) == {"lab.ladder.play": {"ui.play.session"}}


def layer_of(name: str, layers: Layers = UI_LAYERS) -> int | None:
    """The index in `layers` (0 = top) of the layer that holds module `name`, or None."""
    return next((i for i, layer in enumerate(layers) if any(_under(name, entry) for entry in layer)), None)


def upward_imports(graph: dict[str, set[str]], layer: int, layers: Layers = UI_LAYERS) -> dict[str, set[str]]:
    """The modules of `layers[layer]` that import a module of a layer above it, with those
    imports."""
    above = {entry for upper in layers[:layer] for entry in upper}
    return {name: targets for entry in layers[layer] for name, targets in forbidden(graph, entry, above).items()}


def unplaced(graph: dict[str, set[str]], layers: Layers = UI_LAYERS) -> list[str]:
    """The modules inside ui (the package's own empty __init__ aside) that no layer holds."""
    return sorted(name for name in graph if _under(name, "ui") and name != "ui" and layer_of(name, layers) is None)


# every layer but the top one of each list: the rules the layer pictures draw
RULES = [(layers, i) for layers in (PACKAGE_LAYERS, UI_LAYERS) for i in range(1, len(layers))]
RULE_IDS = ["+".join(layers[i]) for layers, i in RULES]


@pytest.mark.parametrize(("layers", "layer"), RULES, ids=RULE_IDS)
def test_no_layer_imports_a_layer_above_it(layers: Layers, layer: int) -> None:
    assert upward_imports(GRAPH, layer, layers) == {}


def test_every_ui_module_is_in_one_layer() -> None:
    assert unplaced(GRAPH) == []
    entries = [entry for layer in UI_LAYERS for entry in layer]
    assert [(a, b) for a in entries for b in entries if a != b and _under(a, b)] == []
    assert [entry for entry in entries if entry not in MODULES] == []   # no layer names a module gone


@pytest.mark.parametrize(("layers", "layer"), RULES, ids=RULE_IDS)
def test_the_layer_rule_finds_an_import_of_a_layer_above(layers: Layers, layer: int) -> None:
    """A synthetic module of the layer importing the layer just above, the top layer, its own
    layer and the one below (if any): only the first two are reported."""
    module, up, top = (f"{layers[i][0]}.synthetic" for i in (layer, layer - 1, 0))
    below = [f"{layers[layer + 1][0]}.other"] if layer + 1 < len(layers) else []
    allowed = {f"{layers[layer][-1]}.other", *below}
    graph = {module: {up, top} | allowed, up: {module}}
    assert upward_imports(graph, layer, layers) == {module: {up, top}}
    assert upward_imports({module: allowed}, layer, layers) == {}
    assert upward_imports(graph, layer - 1, layers) == {}   # the import down is fine


def test_the_layer_rule_tells_a_package_from_a_longer_name() -> None:
    graph = {"ui.saves.store": {"ui.pages.x", "ui.page.dom_helpers"}, "ui.savesx.y": {"ui.page"}}
    assert upward_imports(graph, UI_LAYERS.index(("ui.saves",))) == {"ui.saves.store": {"ui.page.dom_helpers"}}
    assert unplaced(graph) == ["ui.savesx.y"]


@pytest.mark.parametrize("name", [m for m in MODULES if _game_of(m)])
def test_a_game_imports_neither_another_game_nor_the_ai(name: str) -> None:
    for target in GRAPH[name]:
        assert not target.startswith("pygame_core.ai"), (name, target)
        other = _game_of(target)
        assert other in (None, _game_of(name)), (name, target)


def test_only_the_ai_and_the_entry_point_import_the_ai() -> None:
    for name, targets in GRAPH.items():
        if _top(name) == "pygame_core" and not name.startswith("pygame_core.ai") and name != "pygame_core.__main__":
            assert not any(t.startswith("pygame_core.ai") for t in targets), name


def test_the_ai_reaches_games_only_through_the_registry() -> None:
    for name, targets in GRAPH.items():
        if name.startswith("pygame_core.ai"):
            assert not any(_game_of(t) for t in targets), name


def test_there_is_no_import_cycle() -> None:
    assert find_cycle(GRAPH) is None, " -> ".join(find_cycle(GRAPH) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def long_classes(source: str, limit: int = MAX_CLASS_LINES) -> dict[str, int]:
    """The classes of `source` (nested ones included) longer than `limit` lines, with their
    lengths (from the `class` line to the last, as end_lineno - lineno)."""
    return {node.name: node.end_lineno - node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None
            and node.end_lineno - node.lineno > limit}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_class_is_longer_than_the_limit(name: str) -> None:
    assert long_classes(MODULES[name].read_text(encoding="utf-8")) == {}


def test_the_class_length_check_finds_a_long_class() -> None:
    body = "".join(f"    def m{i}(self) -> None:\n        pass\n" for i in range(3))
    source = f"class Short:\n{body}\n\nclass Long:\n{body}{body}"
    assert long_classes(source, limit=8) == {"Long": 12}
    assert long_classes(source, limit=12) == {}
