// Rewrites every .py file under DIR without its docstrings and comments, line for line: a
// stripped line becomes empty (a body left without a statement gets `pass`), so every line of
// code keeps its number and tracebacks point at the right line.
//
// Why: the site ships Python the browser only runs. Docstrings and comments were 38% of the
// trimmed standard library's compressed bytes; CPython runs without docstrings under -OO, so
// the library is made to work without them, and the app reads none (tests/tools check).
// Run by the site's own Pyodide, so the sources parse with the browser's Python grammar.
// Comments on the first two lines stay (a coding declaration lives there).
//
// Usage: node tools/strip_sources.mjs DIR
import { loadPyodide } from "pyodide";
import path from "node:path";

const MOUNT = "/src";

const STRIP = `
import ast, io, os, tokenize

def _strip(text):
    lines = text.split("\\n")   # as the tokenizer counts (splitlines would also split at a form feed)
    blank = set()
    passes = {}
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = node.body[0] if node.body else None
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            continue
        start, end = first.lineno, first.end_lineno
        alone = (lines[start - 1].encode()[:first.col_offset].strip() == b""
                 and lines[end - 1].encode()[first.end_col_offset:].strip() == b"")
        if not alone:
            continue
        blank.update(range(start, end + 1))
        if len(node.body) == 1:
            passes[start] = " " * first.col_offset + "pass"
    comments = {}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and token.start[0] > 2 and token.start[0] not in blank:
            comments[token.start[0]] = token.start[1]
    out = []
    for number, line in enumerate(lines, start=1):
        if number in passes:
            line = passes[number]
        elif number in blank:
            line = ""
        elif number in comments:
            line = line[:comments[number]].rstrip()
        out.append(line)
    stripped = "\\n".join(out)
    # a mistake here fails the build, not a player; top-level await: PyScript runs scripts async
    compile(stripped, "<stripped>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    return stripped

def _strip_tree(root):
    count = 0
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                full = os.path.join(folder, name)
                with open(full, encoding="utf-8") as handle:
                    text = handle.read()
                with open(full, "w", encoding="utf-8") as handle:
                    handle.write(_strip(text))
                count += 1
    return count
`;

async function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node tools/strip_sources.mjs DIR");
  const pyodide = await loadPyodide();
  pyodide.FS.mkdirTree(MOUNT);
  pyodide.mountNodeFS(MOUNT, path.resolve(dir));
  pyodide.runPython(STRIP);
  pyodide.globals.get("_strip_tree")(MOUNT);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exitCode = 1;
});
