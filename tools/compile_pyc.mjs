// Compiles a folder of Python sources to bytecode with the site's own Pyodide, so the .pyc
// files match the browser's CPython exactly.
//
// Why: compiling the game's modules at import costs the page about half of its Python
// start-up; shipping bytecode skips it. The files are "unchecked-hash" pycs (PEP 552): they
// are used without comparing timestamps, which the zip archive would not preserve anyway.
// They sit beside their sources (module.pyc next to module.py, compileall's "legacy"
// layout) because that is where zipimport looks: the page imports straight from the zip.
//
// Compiled without column positions (PYTHONNODEBUGRANGES, `python -X no_debug_ranges`): the
// positions only place the ^^^ under the failing part of a traceback's source line, and the
// archive ships no source lines, so they were never shown; they were 28% of the archive on the
// wire (app.zip 608 -> 436 KB). Line numbers stay: tracebacks still name file and line.
//
// NAME (optional) is what the code objects call the folder: tracebacks then name the module's
// file in the archive the build ships (app.zip/ui/main.py, line 12) rather than this mount.
//
// Usage: node tools/compile_pyc.mjs DIR [NAME]      (DIR is compiled in place)
import { loadPyodide } from "pyodide";
import path from "node:path";

const MOUNT = "/src";

async function main() {
  const [dir, name] = process.argv.slice(2);
  if (!dir) throw new Error("usage: node tools/compile_pyc.mjs DIR [NAME]");
  const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });  // see above
  pyodide.FS.mkdirTree(MOUNT);
  pyodide.mountNodeFS(MOUNT, path.resolve(dir));
  const ok = pyodide.runPython(`
import compileall
import py_compile

compileall.compile_dir(
    ${JSON.stringify(MOUNT)},
    ddir=${name ? JSON.stringify(name) : "None"},
    quiet=1,
    legacy=True,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
`);
  if (!ok) throw new Error(`some files in ${dir} do not compile (see above)`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exitCode = 1;
});
