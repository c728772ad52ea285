"""tools/fast_tests.py (`make test-fast`): which files changed, and which tests a change reaches."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.tools.test_import_graph import write
from tools.fast_tests import changed_files, check_commands, select_tests
from tools.import_graph import import_graph, modules

TREE = {
    "ui/__init__.py": "",
    "ui/low.py": "",
    "ui/mid.py": "from ui import low\n",
    "ui/reader.py": 'NAME = "table.json"\n',
    "ui/table.json": "{}",
    "ui/alone.py": "",
    "ui/pointer.py": '"""Reads nothing: see table.json."""\n',
    "tests/helper.py": "from ui import alone\n",
    "tests/test_mid.py": "from ui.mid import x\n",
    "tests/test_reader.py": "import ui.reader\n",
    "tests/test_table.py": "",
    "tests/test_helped.py": "import helper\n",
    "tests/test_other.py": "import json\n",
    "tests/test_pointer.py": "import ui.pointer\n",
    "tests/sub/conftest.py": "from ui import alone\n",
    "tests/sub/test_fixture_user.py": "",
    "e2e/test_page.py": "import ui.low\n",
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    write(tmp_path, TREE)
    return tmp_path


def selected(root: Path, *paths: str, e2e: bool = False) -> list[str]:
    known = modules(["ui", "tests", "e2e"], root)
    return select_tests(list(paths), import_graph(known, root), known, e2e=e2e, root=root)


def test_a_change_reaches_the_tests_of_its_importers_and_no_others(tree: Path) -> None:
    assert selected(tree, "ui/low.py") == ["tests/test_mid.py"]    # through ui.mid
    assert selected(tree, "ui/low.py", e2e=True) == ["e2e/test_page.py", "tests/test_mid.py"]
    assert selected(tree, "ui/mid.py") == ["tests/test_mid.py"]


def test_a_helper_or_conftest_brings_the_tests_that_use_it(tree: Path) -> None:
    assert selected(tree, "tests/helper.py") == ["tests/test_helped.py"]
    # ui.alone reaches a test through the helper and every test under the conftest that imports it
    assert selected(tree, "ui/alone.py") == ["tests/sub/test_fixture_user.py", "tests/test_helped.py"]


def test_a_changed_test_file_runs_and_a_deleted_module_still_reaches_its_importers(tree: Path) -> None:
    assert selected(tree, "tests/test_other.py") == ["tests/test_other.py"]
    (tree / "ui" / "mid.py").unlink()
    assert selected(tree, "ui/mid.py") == ["tests/test_mid.py"]


def test_a_file_that_is_not_python_reaches_its_package_its_readers_and_tests_named_after_it(tree: Path) -> None:
    # ui/table.json: the package ui (everything here imports it), the module naming it
    # (ui.reader: tests/test_reader.py) and tests/test_table.py by its name
    assert "tests/test_reader.py" in selected(tree, "ui/table.json")
    assert "tests/test_table.py" in selected(tree, "ui/table.json")
    assert "tests/test_pointer.py" not in selected(tree, "ui/table.json")   # a docstring's mention is no read
    write(tree, {"notes.txt": ""})
    assert selected(tree, "notes.txt") == []


def test_the_checks_cover_the_changed_files_that_exist() -> None:
    names = {name: command for name, command in check_commands(["ui/play/results.py", "tests/tools/test_fast_tests.py",
                                                                "assets/boot.js", "ui/gone.py"])}
    assert names["ruff"][2:] == ["ui/play/results.py", "tests/tools/test_fast_tests.py"]
    assert names["mypy"][1:] == ["ui/play/results.py"]   # the tests are not type-checked
    assert names["eslint"][1:] == ["assets/boot.js"]
    assert "element ids" in names
    assert check_commands(["docs/testing.md"]) == []


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root, check=True,
                   capture_output=True)


def test_changed_files_are_the_uncommitted_ones_or_those_since_a_base(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": "", "b.py": "", ".gitignore": "built/\n"})
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "one")
    git(tmp_path, "checkout", "-qb", "work")
    write(tmp_path, {"b.py": "x = 1\n"})
    git(tmp_path, "commit", "-qam", "two")
    write(tmp_path, {"a.py": "x = 2\n", "new.py": "", "built/out.py": ""})
    assert changed_files(root=tmp_path) == ["a.py", "new.py"]              # not committed; ignored files left out
    assert changed_files("main", root=tmp_path) == ["a.py", "b.py", "new.py"]
