// The Pyodide module PyScript loads (pyscript.toml: interpreter = "./assets/pyodide-early.mjs"),
// with three changes: the page's runtime can be started before PyScript asks for it; any
// runtime -- the page's or a PyScript worker's -- starts from this build's memory snapshot
// when the browser holds one (snapshot.mjs); and where it holds none, the page's runtime
// starts in a worker and is restored in the page from the snapshot that worker makes, so the
// page's main thread is never blocked by Python's start-up (seconds on a phone).
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
import { dropSnapshot, findSnapshot, makeSnapshotInWorker, readSnapshot, snapshotBuild } from "./snapshot.mjs";
import { serveHandedFiles } from "./handed-files.mjs";

export { version };

// PyScript derives indexURL from this module's folder; the runtime's files are elsewhere. The
// standard library is the build's trimmed one (tools/stdlib_trim.py), for every runtime.
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const STDLIB_URL = new URL("../python/stdlib.zip", import.meta.url).href;
const RUNTIME_FILES = { indexURL: INDEX_URL, stdLibURL: STDLIB_URL };

/** How the last runtime of this realm started: {source: "snapshot"|"worker"|"normal", reason,
 * ms}; a "worker" start also has `made`: the snapshot's {size, ms, skipped} and `stored`, a
 * promise of the bytes stored for the next visit. */
export const runtimeStart = { source: null, reason: null, ms: null };

let early = null;
let announcePlan = () => {};
/** Resolves, once the early start has looked, to whether it restores a snapshot. */
export const restoringSnapshot = new Promise((resolve) => {
  announcePlan = resolve;
});

const IN_PAGE = typeof document !== "undefined";

/** Resolves in a task of its own: what comes after it lets input in first. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A runtime restored from snapshot memory (or a promise of it), its random generator reseeded.
 * The snapshot froze that generator's state: reseed from the OS, so two visits (or the page and
 * its opponent) do not draw the same numbers. str hashes keep the snapshot's seed (Python
 * cannot change it after start); the snapshot is this browser's own, made here, so no two
 * players share it. */
async function restore(snapshot, compiled = null) {
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  if (compiled) {
    // The worker's compiled module, not the one the runtime would compile from its download:
    // only for this start (loadPyodide's own instantiateStreaming call).
    WebAssembly.instantiateStreaming = async (source, imports) => {
      const instance = await WebAssembly.instantiate(compiled, imports);
      await nextTask();
      return { module: compiled, instance };
    };
  }
  try {
    const pyodide = await loadRuntime({ ...RUNTIME_FILES, _loadSnapshot: snapshot });
    pyodide.runPython("__import__('random').seed()");
    return pyodide;
  } finally {
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/** A runtime from this build's stored snapshot if there is a usable one; else, in the page,
 * one started in a worker and restored here from the snapshot it makes (the start-up's seconds
 * of work never freeze the page; `downloads` follows that worker's downloads, see
 * makeSnapshotInWorker); else (a worker, or that failed) one started normally. */
async function startRuntime(downloads = null) {
  const started = performance.now();
  const found = await findSnapshot();
  const viaWorker = IN_PAGE && Boolean(snapshotBuild.key) && typeof Worker === "function";
  announcePlan(Boolean(found.response) || viaWorker);
  const ready = (pyodide, source, reason, extra = {}) => {
    Object.assign(runtimeStart, { source, reason, ms: Math.round(performance.now() - started), ...extra });
    return pyodide;
  };
  let reason = found.reason;
  if (found.response) {
    try {
      // Read while the runtime's own files load: Pyodide awaits it only just before it starts,
      // so a refusal must not count as unhandled meanwhile (it rejects the restore).
      const snapshot = readSnapshot(found.response);
      snapshot.catch(() => {});
      const pyodide = ready(await restore(snapshot), "snapshot", null);
      console.info(`Python started from this build's snapshot in ${runtimeStart.ms} ms.`);
      return pyodide;
    } catch (error) {
      reason = `restore failed: ${error?.message ?? error}`;
      await dropSnapshot();
    }
  }
  if (viaWorker) {
    try {
      // The runtime's JavaScript is loaded while the worker makes the snapshot (its own copy, so
      // from the HTTP cache); the restore then finds it in the module map.
      const loadRuntimeCode = () => import(`${INDEX_URL}pyodide.asm.mjs`).catch(() => {});
      const made = await makeSnapshotInWorker(downloads, loadRuntimeCode);
      for (const [name, at] of made.marks) globalThis.__bootMarks?.push([name, Math.round(at - performance.timeOrigin)]);
      serveHandedFiles(made.files);
      const { size, ms, skipped, stored } = made;
      const pyodide = ready(await restore(made.snapshot, made.module), "worker", reason, { made: { size, ms, skipped, stored } });
      console.info(`Python started in a worker (no stored snapshot: ${reason}) in ${ms} ms and was ` +
        `restored here; ${runtimeStart.ms} ms in all.`);
      return pyodide;
    } catch (error) {
      reason = `${reason}; the worker's start failed: ${error?.message ?? error}`;
    }
  }
  console.info(`Python starts without a snapshot (${reason}).`);
  return ready(await loadRuntime(RUNTIME_FILES), "normal", reason);
}

/** Start the runtime now; the next loadPyodide() call receives this instance. `attempts`
 * runs the start: the page's starts it again after a failure (pyodide.asm.mjs did not
 * download) once the player asks to try again, so PyScript's call waits instead of failing.
 * `downloads`: see startRuntime. */
export function startPyodide(attempts = (start) => start(), downloads = null) {
  early ??= attempts(() => startRuntime(downloads));
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
