// The Pyodide module PyScript loads (pyscript.toml: interpreter = "./assets/pyodide-early.mjs"),
// with one change: the page's runtime can be started before PyScript asks for it.
//
// Why: PyScript starts Pyodide only once its own modules, config and plugins have loaded,
// 0.1-0.2 s into a warm boot, and nearly all of the boot is Pyodide's own start-up. boot.js
// calls startPyodide() first thing; PyScript's later loadPyodide() call gets that same
// instance, so the runtime's download and compilation overlap PyScript's start. Anywhere
// nothing was started early (PyScript's named workers), loadPyodide() loads as usual.
import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

// PyScript derives indexURL from this module's folder; the runtime's files are elsewhere.
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;

let early = null;

/** Start the runtime now; the next loadPyodide() call receives this instance. */
export function startPyodide() {
  early ??= loadRuntime({ indexURL: INDEX_URL });
  return early;
}

/** PyScript's entry point. Options other than output handlers (e.g. packages) need a
 * runtime loaded with them, so they get a fresh one rather than the early instance. */
export async function loadPyodide({ stdout, stderr, indexURL, ...options } = {}) {
  if (early && Object.keys(options).length === 0) {
    const pyodide = await early;
    early = null;
    if (stdout) pyodide.setStdout({ batched: stdout });
    if (stderr) pyodide.setStderr({ batched: stderr });
    return pyodide;
  }
  return loadRuntime({ ...options, stdout, stderr, indexURL: INDEX_URL });
}
