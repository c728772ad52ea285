// The Pyodide module PyScript loads (pyscript.toml: interpreter = "./assets/pyodide-early.mjs"),
// with two changes: the page's runtime can be started before PyScript asks for it, and any
// runtime -- the page's or a PyScript worker's -- starts from this build's memory snapshot
// when the browser holds one (snapshot.mjs).
//
// Why early: PyScript starts Pyodide only once its own modules, config and plugins have
// loaded, 0.1-0.2 s into a warm boot, and nearly all of the boot is Pyodide's own start-up.
// boot.js calls startPyodide() first thing; PyScript's later loadPyodide() call gets that
// same instance, so the runtime's download and compilation overlap PyScript's start.
// Anywhere nothing was started early (PyScript's named workers), loadPyodide() starts one
// then, from the snapshot too: every worker of a pool restores its own copy.
//
// PyScript needs no change for a restored runtime: it calls loadPyodide() with output
// handlers only, then writes its own Python files and [files] into the (empty) file system.
import "./message-guard.mjs"; // before the runtime: it listens for window messages
import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";
import { dropSnapshot, findSnapshot, readSnapshot } from "./snapshot.mjs";

export { version };

// PyScript derives indexURL from this module's folder; the runtime's files are elsewhere. The
// standard library is the build's trimmed one (tools/stdlib_trim.py), for every runtime.
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const STDLIB_URL = new URL("../python/stdlib.zip", import.meta.url).href;
const RUNTIME_FILES = { indexURL: INDEX_URL, stdLibURL: STDLIB_URL };

/** How the last runtime of this realm started: {source: "snapshot"|"normal", reason, ms}. */
export const runtimeStart = { source: null, reason: null, ms: null };

let early = null;
let announcePlan = () => {};
/** Resolves, once the early start has looked, to whether it restores a snapshot. */
export const restoringSnapshot = new Promise((resolve) => {
  announcePlan = resolve;
});

/** A runtime from this build's snapshot if there is a usable one, else started normally. */
async function startRuntime() {
  const started = performance.now();
  const found = await findSnapshot();
  announcePlan(Boolean(found.response));
  let reason = found.reason;
  if (found.response) {
    try {
      // Read while the runtime's own files load: Pyodide awaits it only just before it starts,
      // so a refusal must not count as unhandled meanwhile (it rejects loadRuntime below).
      const snapshot = readSnapshot(found.response);
      snapshot.catch(() => {});
      const pyodide = await loadRuntime({ ...RUNTIME_FILES, _loadSnapshot: snapshot });
      // The snapshot froze the random generator's state: reseed from the OS, so two visits
      // (or the page and its opponent) do not draw the same numbers. str hashes keep the
      // snapshot's seed (Python cannot change it after start); the snapshot is this
      // browser's own, made here, so no two players share it.
      pyodide.runPython("__import__('random').seed()");
      Object.assign(runtimeStart, { source: "snapshot", reason: null, ms: Math.round(performance.now() - started) });
      console.info(`Python started from this build's snapshot in ${runtimeStart.ms} ms.`);
      return pyodide;
    } catch (error) {
      reason = `restore failed: ${error?.message ?? error}`;
      await dropSnapshot();
    }
  }
  console.info(`Python starts without a snapshot (${reason}).`);
  const pyodide = await loadRuntime(RUNTIME_FILES);
  Object.assign(runtimeStart, { source: "normal", reason, ms: Math.round(performance.now() - started) });
  return pyodide;
}

/** Start the runtime now; the next loadPyodide() call receives this instance. `attempts`
 * runs the start: the page's starts it again after a failure (pyodide.asm.mjs did not
 * download) once the player asks to try again, so PyScript's call waits instead of failing. */
export function startPyodide(attempts = (start) => start()) {
  early ??= attempts(startRuntime);
  return early;
}

/** PyScript's entry point. Options other than output handlers (e.g. packages) need a
 * runtime loaded with them, so they get a fresh, normal one rather than a prepared one. */
export async function loadPyodide({ stdout, stderr, indexURL, ...options } = {}) {
  if (Object.keys(options).length > 0) return loadRuntime({ ...options, stdout, stderr, ...RUNTIME_FILES });
  const pyodide = await (early ?? startRuntime());
  early = null;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
