// Makes this build's runtime snapshot in a worker of its own (started by boot.js after a
// normal boot is ready, so the page's boot and play never wait for it) and stores it.
//
// The snapshot holds a runtime that has imported what the entry scripts import (the page's
// first screen and the opponent worker's modules), and nothing else: the file system is not
// part of it, so PyScript writes [files] again after a restore, byte-identical because the
// key names this very archive. No JavaScript object may be held when it is taken (Pyodide's
// rule): the Python below uses none and leaves no name behind.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { snapshotBuild, storeSnapshot } from "./snapshot.mjs";
import { checkedBytes } from "./download-progress.mjs";

const SITE = new URL("../", import.meta.url);
const INDEX_URL = new URL("vendor/pyodide/", SITE).href;
const STDLIB_URL = new URL("python/stdlib.zip", SITE).href; // the trimmed library, as in pyodide-early.mjs
const SCRIPT_DIR = "/tmp/snapshot-scripts";

// Imports each script's top-level import statements with the [files] archives unwrapped (the
// build gzips app.zip: ui/app_archive.py) and on sys.path, as the scripts do; an import that
// needs the browser glue (pyscript) is left for the real boot.
const WARM_UP = `
def _warm_up():
    import ast, gc, os, sys
    from app_archive import unwrap
    archives = [name for name in os.listdir(".") if name.endswith(".zip")]
    for name in archives:
        unwrap(name)
    sys.path[:0] = archives
    skipped = []
    for script in sorted(os.listdir(${JSON.stringify(SCRIPT_DIR)})):
        with open(os.path.join(${JSON.stringify(SCRIPT_DIR)}, script)) as file:
            tree = ast.parse(file.read())
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                try:
                    exec(compile(ast.Module([node], []), script, "exec"), {})
                except ImportError as error:
                    skipped.append(str(error))
    del sys.path[:len(archives)]  # the scripts put them there themselves
    gc.collect()
    return "; ".join(skipped)
_skipped = _warm_up()
del _warm_up
`;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return checkedBytes(url, new Uint8Array(await response.arrayBuffer()));
}

async function make() {
  const started = performance.now();
  if (!snapshotBuild.key) throw new Error("not a built site");
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, _makeSnapshot: true });
  for (const [source, destination] of Object.entries(snapshotBuild.files)) {
    pyodide.FS.writeFile(destination, await fetchBytes(new URL(source, SITE)));
  }
  pyodide.FS.mkdirTree(SCRIPT_DIR);
  for (const [index, script] of snapshotBuild.scripts.entries()) {
    pyodide.FS.writeFile(`${SCRIPT_DIR}/${index}.py`, await fetchBytes(new URL(script, SITE)));
  }
  pyodide.runPython(WARM_UP);
  const skipped = pyodide.runPython("_skipped");
  pyodide.runPython("del _skipped");
  for (const name of pyodide.FS.readdir(SCRIPT_DIR)) {
    if (!name.startsWith(".")) pyodide.FS.unlink(`${SCRIPT_DIR}/${name}`);
  }
  const bytes = pyodide.makeMemorySnapshot();
  const stored = await storeSnapshot(bytes);
  return { size: bytes.length, stored, ms: Math.round(performance.now() - started), skipped };
}

make().then(
  (result) => postMessage({ ok: true, ...result }),
  (error) => postMessage({ ok: false, error: String(error?.message ?? error) }),
);
