"""Finds text for players written outside the catalogs: string literals that read like prose in
ui/**/*.py and assets/*.mjs, *.js that no translation function takes (tests/tools/test_i18n_coverage.py).

The rules, kept simple (docs/languages.md):
- prose: a space and two words (of two letters or more) once `{name}`/`${...}`
  placeholders and HTML tags are taken out, and not shaped like code (CSS, a media query, a
  selector, a URL or path, an expression);
- not flagged: the arguments of `_`, `ngettext`, `N_` (Python) and `t`, `tn` (JavaScript);
  docstrings; type annotations and `cast`'s type; logging (`print`, `logging.*`, `log.*`,
  `console.*` also as `window.console.*`, `warnings.warn`); the first argument of a call that
  takes a selector, id, pattern, storage key or URL (QUIET_CALLS); a `raise`/`throw` of a
  built-in error and an `assert`'s message
  (developers'); dict keys and subscripts; the operands of a comparison; a regular expression;
  keyword arguments naming markup (`class_`, `id`, `style`, `role`, `type`, `href`, `src`, ...);
  everything under `ui/i18n/` (the translation code itself);
- the rest is flagged unless the allow-list (tests/tools/i18n_coverage_allow.json) names the file
  and the text with a reason.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from babel.messages.jslexer import Token, tokenize, unquote_string

PYTHON_TRANSLATORS = frozenset({"_", "ngettext", "N_"})
JS_TRANSLATORS = frozenset({"t", "tn"})
LOGGING = re.compile(r"(^|\.)(print|logging\.\w+|log\.\w+|logger\.\w+|console\.\w+|warnings\.warn)$")
DEVELOPER_ERRORS = frozenset({"Error", "DOMException", *(name for name in dir(builtins) if name.endswith(("Error", "Exception", "Warning")))})
MARKUP_KEYWORDS = frozenset({"class_", "id", "style", "role", "type", "href", "src", "srcset", "media", "rel",
                             "name", "value", "data_game", "for_", "selector", "key", "pattern", "accept"})
QUIET_CALLS = re.compile(r"(^|\.)(cast|compile|match|search|fullmatch|sub|split|findall|finditer|querySelector|"
                         r"querySelectorAll|closest|matches|getElementById|by_id|setAttribute|removeAttribute|"
                         r"getAttribute|addEventListener|removeEventListener|add_argument|add_event_listener|runPython|mark|"
                         r"startswith|endswith|getItem|setItem|removeItem|fetch|URL|import)$")
PLACEHOLDERS = re.compile(r"\$\{[^}]*\}|\{[^{}]*\}")
TAGS = re.compile(r"<[^<>]*>")
WORD = re.compile(r"[^\W\d_]{2,}")
CODE_SHAPES = re.compile(
    r"^\s*[#.\[@:*>~+]|://|=>|[=!]==?|&&|\|\||\(\)|;\s*\S|:\s*[\w#.-]+;|^[\w.-]+(/[\w.-]+)+$|"
    r"^\s*(const|let|var|return|import|from|def|class|if|for)\s|[a-z][a-z0-9-]*\[[\w-]+|\w\(\w*\)|^\w+(\s*\|\s*\w+)+$|"
    r"^\(\s*[a-z-]+\s*:|\dpx\b|\bpx\b|sans-serif|monospace|(^|\s)\.[a-z][\w-]*")


class Finding(NamedTuple):
    file: str
    line: int
    text: str


def looks_like_prose(text: str) -> bool:
    """Whether a literal reads like words for a person (the module docstring's rule)."""
    core = TAGS.sub(" ", PLACEHOLDERS.sub("0", text)).strip()
    return " " in core and len(WORD.findall(core)) >= 2 and not CODE_SHAPES.search(TAGS.sub(" ", text))


def _name(node: ast.AST) -> str:
    """A called function's dotted name (`logging.info`, `_`), or ""."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    if isinstance(node, ast.Call):
        return _name(node.func)
    return ""


class _PythonScan(ast.NodeVisitor):
    def __init__(self, file: str) -> None:
        self.file = file
        self.found: list[Finding] = []

    def _quiet(self, *nodes: ast.AST | None) -> None:
        """Mark these subtrees as not shown to players (their literals are skipped)."""
        for node in nodes:
            for inner in ast.walk(node) if node is not None else ():
                inner.quiet = True  # type: ignore[attr-defined]

    def _docstring(self, body: list[ast.stmt]) -> None:
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            self._quiet(body[0])

    def visit_Module(self, node: ast.Module) -> None:
        self._docstring(node.body)
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._docstring(node.body)
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._docstring(node.body)
        self._quiet(node.returns, *(arg.annotation for arg in (*node.args.args, *node.args.kwonlyargs,
                                                              *node.args.posonlyargs)))
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._quiet(node.annotation)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        if name in PYTHON_TRANSLATORS or LOGGING.search(name):
            self._quiet(node)
        elif QUIET_CALLS.search(name) and node.args:
            self._quiet(node.args[0])
        for keyword in node.keywords:
            if keyword.arg in MARKUP_KEYWORDS or (keyword.arg or "").startswith(("data_", "aria_controls")):
                self._quiet(keyword.value)
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        if node.exc is not None and _name(node.exc).split(".")[-1] in DEVELOPER_ERRORS:
            self._quiet(node.exc)
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        self._quiet(node.msg)
        self.generic_visit(node)

    def visit_Dict(self, node: ast.Dict) -> None:
        self._quiet(*node.keys)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self._quiet(node.slice)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        self._quiet(node.left, *node.comparators)
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        if not getattr(node, "quiet", False):
            text = "".join(str(part.value) if isinstance(part, ast.Constant)
                           else "{" + ast.unparse(part.value) + "}" if isinstance(part, ast.FormattedValue) else ""
                           for part in node.values)   # as written, but without its format specs
            if looks_like_prose(text):
                self.found.append(Finding(self.file, node.lineno, text))
        self._quiet(node)   # its parts are read as one text, and its format specs are not text

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and not getattr(node, "quiet", False) and looks_like_prose(node.value):
            self.found.append(Finding(self.file, node.lineno, node.value))


def scan_python(source: str, file: str) -> list[Finding]:
    scan = _PythonScan(file)
    scan.visit(ast.parse(source))
    return scan.found


def _js_literal(token: Token) -> str:
    if token.type == "template_string":
        return token.value[1:-1]
    return unquote_string(token.value)


def scan_javascript(source: str, file: str) -> list[Finding]:
    """The same rules over a module's tokens (Babel's JavaScript lexer): a literal's context is
    the call it is an argument of and the tokens just before and after it."""
    tokens = [token for token in tokenize(source, dotted=True, template_string=True)
              if token.type not in ("linecomment", "multilinecomment")]
    calls: list[tuple[str, int]] = []   # the open calls: callee and the index of their "("
    found = []
    for index, token in enumerate(tokens):
        before = tokens[index - 1] if index else None
        compared = before is not None and (before.value in ("==", "!=") or (   # the lexer reads === as == and =
            before.value == "=" and index >= 2 and tokens[index - 2].value in ("==", "!=")))
        after = tokens[index + 1] if index + 1 < len(tokens) else None
        if token.type == "operator" and token.value in "([{":
            callee = before.value if token.value == "(" and before is not None and before.type == "name" else ""
            if callee and index >= 2 and tokens[index - 2].value == "new":
                callee = f"new {callee}"
            calls.append((callee, index))
        elif token.type == "operator" and token.value in ")]}" and calls:
            calls.pop()
        if token.type not in ("string", "template_string"):
            continue
        callee, opened = calls[-1] if calls else ("", -1)
        first_argument = opened == index - 1
        quiet = (callee in JS_TRANSLATORS or bool(LOGGING.search(callee))
                 or (callee.startswith("new ") and callee[4:] in DEVELOPER_ERRORS)
                 or (first_argument and bool(QUIET_CALLS.search(callee)))
                 or compared or (after is not None and after.value in (":", "==", "!=", "]"))
                 or (before is not None and before.value in ("[", "case", "import", "from")))
        text = _js_literal(token)
        if not quiet and looks_like_prose(text):
            found.append(Finding(file, token.lineno, text))
    return found


def python_files(repo: Path) -> Iterator[Path]:
    yield from (path for path in sorted((repo / "ui").rglob("*.py")) if "i18n" not in path.relative_to(repo).parts)


def scan(repo: Path) -> list[Finding]:
    """Every flagged literal of ui/**/*.py (ui/i18n/ aside) and assets/*.mjs, *.js."""
    found = []
    for path in python_files(repo):
        found += scan_python(path.read_text(encoding="utf-8"), path.relative_to(repo).as_posix())
    for path in sorted((repo / "assets").glob("*.*js")):
        found += scan_javascript(path.read_text(encoding="utf-8"), path.relative_to(repo).as_posix())
    return found
