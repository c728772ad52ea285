"""tools/strip_js_comments.mjs: comments go, line for line; strings, templates and regular
expressions that look like comments stay; a file it cannot read stays as it is."""

import shutil
import subprocess
from pathlib import Path

import pytest

from tools.build import JS_STRIP_SCRIPT, REPO

pytestmark = pytest.mark.skipif(not (REPO / "node_modules" / "acorn").is_dir() or not shutil.which("node"),
                                reason="needs npm ci and node")

SOURCE = """// a reader's note
const url = "http://example.invalid/a"; /* an aside */
const note = `line one
// not a comment: inside a template
line three`;
/* a block
   over two lines */ const slashes = /\\/\\//g;
export { url, note, slashes };
"""


def _strip(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["node", str(JS_STRIP_SCRIPT), str(path)], capture_output=True, text=True, cwd=REPO)


def test_comments_go_and_everything_that_only_looks_like_one_stays(tmp_path: Path) -> None:
    script = tmp_path / "a.mjs"
    script.write_text(SOURCE)
    assert _strip(script).returncode == 0
    out = script.read_text()
    assert "reader's note" not in out and "an aside" not in out and "a block" not in out
    assert '"http://example.invalid/a"' in out
    assert "// not a comment: inside a template" in out
    assert "/\\/\\//g" in out
    assert len(out.split("\n")) == len(SOURCE.split("\n")), "every line keeps its number"
    assert out.split("\n")[6].strip().startswith("const slashes"), "the code after a block stays on its line"


def test_a_file_that_does_not_parse_is_left_as_it_is_and_the_run_fails(tmp_path: Path) -> None:
    script = tmp_path / "broken.js"
    script.write_text("// note\nconst = ;\n")
    run = _strip(script)
    assert run.returncode == 1 and "broken.js" in run.stderr
    assert script.read_text() == "// note\nconst = ;\n"
