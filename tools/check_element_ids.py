"""Every element id the page's Python looks up exists in index.html or is made by the Python.

Why: the unit tests' fake DOM (tests/ui/fake_dom.py) invents any id it is asked for, so a typo
in `dom.by_id("...")` shows only in a browser. This reads the code instead of running it: the
first argument of `by_id`, `getElementById` and `set_text` (and of local names bound to
`....by_id`), and every `#id` in a `querySelector`/`querySelectorAll`/`closest` selector. An id
held in a variable is followed to a `for` loop over literal strings in the same function; one
that is a parameter of an id-taking helper is checked at the helper's callers. Any other id
computed at run time is reported as one this check cannot read, so it cannot slip through.
Ids the Python makes itself (`id="..."` keywords of `make`/`button`/`element`, `status_line`)
count as existing. Run by `make check`; exits 1 and names file:line of each problem.
"""

from __future__ import annotations

import ast
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
ID_TAKERS = {"by_id", "getElementById", "set_text"}
SELECTOR_TAKERS = {"querySelector", "querySelectorAll", "closest"}
ID_IN_SELECTOR = re.compile(r"#([A-Za-z][\w-]*)")


def page_ids(html: str) -> set[str]:
    """The `id` attributes of every element in `html`."""
    found: set[str] = set()

    class Collector(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.update(value for name, value in attrs if name == "id" and value)

    Collector().feed(html)
    return found


def _callee(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _aliases(tree: ast.AST) -> set[str]:
    """Local names bound to an id-taking method, as in `el = self.dom.by_id`."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            pairs = (zip(target.elts, value.elts, strict=False)
                     if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) else [(target, value)])
            names.update(t.id for t, v in pairs
                         if isinstance(t, ast.Name) and isinstance(v, ast.Attribute) and v.attr in ID_TAKERS)
    return names


def _loop_values(function: ast.AST, name: str) -> list[str] | None:
    """The strings `name` takes in a `for` (a loop or a comprehension's) over a literal tuple or
    list in `function` (the first item when it unpacks tuples); None when none binds it."""
    for node in ast.walk(function):
        if not isinstance(node, (ast.For, ast.comprehension)) or not isinstance(node.iter, (ast.Tuple, ast.List)):
            continue
        target = node.target
        if isinstance(target, ast.Name) and target.id == name:
            items = node.iter.elts
        elif isinstance(target, ast.Tuple) and isinstance(target.elts[0], ast.Name) and target.elts[0].id == name:
            items = [e.elts[0] if isinstance(e, ast.Tuple) else e for e in node.iter.elts]
        else:
            continue
        values = [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]
        if len(values) == len(items):
            return values
    return None


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def scan(source: str) -> tuple[list[tuple[int, str]], set[str], list[tuple[int, str]]]:
    """(ids read with their lines, ids made, (line, expression) of ids this check cannot read)."""
    tree = ast.parse(source)
    takers = ID_TAKERS | _aliases(tree)
    enclosing = {id(inner): fn for fn in _functions(tree) for inner in ast.walk(fn)}
    read: list[tuple[int, str]] = []
    made: set[str] = set()
    unreadable: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        made.update(k.value.value for k in node.keywords
                    if k.arg == "id" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str))
        if name == "status_line" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
            made.add(str(node.args[1].value))
        if not node.args:
            continue
        first = node.args[0]
        if name in SELECTOR_TAKERS:
            parts = first.values if isinstance(first, ast.JoinedStr) else [first]
            for part in parts:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    read.extend((node.lineno, found) for found in ID_IN_SELECTOR.findall(part.value))
                elif not isinstance(part, ast.FormattedValue):
                    unreadable.append((node.lineno, ast.unparse(first)))
            continue
        if name not in takers:
            continue
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            read.append((node.lineno, first.value))
            continue
        function = enclosing.get(id(node))
        values = _loop_values(function, first.id) if function and isinstance(first, ast.Name) else None
        if values is not None:
            read.extend((node.lineno, value) for value in values)
        elif not (function and function.name in ID_TAKERS and isinstance(first, ast.Name)
                  and first.id in {a.arg for a in function.args.args}):
            unreadable.append((node.lineno, ast.unparse(first)))
    return sorted(read), made, sorted(unreadable)


def problems(sources: dict[str, str], html: str) -> list[str]:
    """One line per id read but neither in `html` nor made by any of `sources`, and per id
    this check cannot read; `sources` maps a file's name to its text."""
    scanned = {path: scan(text) for path, text in sources.items()}
    known = page_ids(html).union(*(made for _, made, _ in scanned.values()))
    lines = []
    for path, (read, _, unreadable) in scanned.items():
        lines += [f"{path}:{line}: no element has id {element_id!r}"
                  for line, element_id in read if element_id not in known]
        lines += [f"{path}:{line}: an id computed at run time ({expression}): make it a literal "
                  "or teach tools/check_element_ids.py where it comes from" for line, expression in unreadable]
    return lines


def main() -> int:
    sources = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted((ROOT / "ui").rglob("*.py"))}
    found = problems(sources, (ROOT / "index.html").read_text(encoding="utf-8"))
    print("\n".join(found) if found else f"element ids: every id read by {len(sources)} ui/ files exists")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
