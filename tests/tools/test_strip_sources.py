"""tools/strip_sources.py: docstrings and comments go, every line of code keeps its number."""

import shutil
from pathlib import Path

import pytest

from tools.build import REPO
from tools.strip_sources import StripError, strip_sources

pytestmark = pytest.mark.skipif(not (REPO / "node_modules" / "pyodide").is_dir() or not shutil.which("node"),
                                reason="needs npm ci and node")

SOURCE = '''# -*- coding: utf-8 -*-
"""The module's docstring,
over two lines."""
import math  # a comment after code

\f
class Shape:
    """A class docstring."""

    def area(self):
        """Only a docstring: the body needs a pass."""

    def inline(self): "kept: it shares its line with the def"


def f(x):
    # a comment line
    """A docstring after a comment (comments are no statements)."""
    s = "# not a comment"
    return math.sqrt(x) + len(s)  # trailing
'''


@pytest.mark.slow
def test_docstrings_and_comments_go_and_line_numbers_stay(tmp_path: Path):
    (tmp_path / "pkg").mkdir()
    module = tmp_path / "pkg" / "mod.py"
    module.write_text(SOURCE, encoding="utf-8")
    strip_sources(tmp_path)
    stripped = module.read_text(encoding="utf-8")
    assert stripped.count("\n") == SOURCE.count("\n")
    assert "docstring" not in stripped.replace('"kept: it shares its line with the def"', "")
    assert "comment line" not in stripped and "trailing" not in stripped and "after code" not in stripped
    assert "coding: utf-8" in stripped, "a coding declaration stays"
    lines = stripped.split("\n")
    assert lines[3] == "import math" and lines[18] == '    s = "# not a comment"'
    assert lines[10].strip() == "pass"
    namespace: dict = {}
    exec(compile(stripped, "mod.py", "exec"), namespace)
    assert namespace["f"](4) == 2 + len("# not a comment")
    assert namespace["Shape"]().area() is None and namespace["Shape"].__doc__ is None


@pytest.mark.slow
def test_a_source_that_does_not_parse_fails(tmp_path: Path):
    (tmp_path / "bad.py").write_text("def broken(:\n")
    with pytest.raises(StripError):
        strip_sources(tmp_path)
