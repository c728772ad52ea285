"""tools/import_graph.py: what counts as an import, and the graph walked backwards."""

from __future__ import annotations

from pathlib import Path

from tools.import_graph import import_graph, importers, modules


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_every_kind_of_import_is_an_arrow(tmp_path: Path) -> None:
    write(tmp_path, {
        "pkg/__init__.py": "from . import low\n",
        "pkg/low.py": "import json\n",
        "pkg/mid.py": "from .low import x\n\ndef f():\n    from pkg import sub\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/deep.py": "from .. import mid\nimport js\n",
        "tests/helper.py": "",
        "tests/test_a.py": "import helper\nfrom pkg.sub import deep\nimport missing\n",
    })
    graph = import_graph(modules(["pkg", "tests"], tmp_path), tmp_path)
    assert graph["pkg"] == {"pkg.low"}
    assert graph["pkg.mid"] == {"pkg.low", "pkg", "pkg.sub"}     # a function-level import counts
    assert graph["pkg.sub.deep"] == {"pkg.mid", "js"}             # `from .. import mid` imports mid, not pkg
    assert graph["tests.test_a"] == {"tests.helper", "pkg.sub.deep", "pkg.sub", "missing"}   # the helper beside it


def test_importers_walks_the_graph_backwards_through_every_step() -> None:
    graph = {"a": set(), "b": {"a"}, "c": {"b"}, "d": {"json"}, "e": {"c", "d"}, "gone_user": {"gone"}}
    assert importers(graph, ["a"]) == {"a", "b", "c", "e"}
    assert importers(graph, ["d"]) == {"d", "e"}
    assert importers(graph, ["gone"]) == {"gone", "gone_user"}   # a deleted module: who still names it
    assert importers(graph, []) == set()
