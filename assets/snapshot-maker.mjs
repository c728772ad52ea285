// Makes this build's runtime snapshot in a worker of its own, hands it to the page and stores
// it where the browser allows. Two uses (snapshot.mjs, makeSnapshotInWorker):
// - a page with no stored snapshot (a first visit, a new build, storage denied) starts its
//   runtime here: Python's start-up is seconds of uninterruptible work that would freeze the
//   page's main thread, while restoring the snapshot there takes a fraction of a second. The
//   page follows this worker's downloads (progress, checks, "Try again": the messages below),
//   and gets back, with the snapshot, the bytes of every file of the site fetched here, so
//   that its own restore and PyScript's [files] download nothing twice;
// - after a normal start (the fallback), boot.js asks for a snapshot for the next visit.
//
// The snapshot holds a runtime that has imported what the entry scripts import (the page's
// first screen and the opponent worker's modules), and nothing else: the file system is not
// part of it, so PyScript writes [files] again after a restore, byte-identical because the
// key names this very archive. No JavaScript object may be held when it is taken (Pyodide's
// rule): the Python below uses none and leaves no name behind.
//
// Messages to the page: {type: "bytes", received, total}, {type: "activity"}, {type: "started"}
// (the runtime is up: the snapshot follows in a moment), {type:
// "failure", failure} (a refused download; the page answers {type: "retry"} when the player
// asks to try again), {type: "made", snapshot, files, module, size, ms, skipped, marks}, then {type:
// "stored", stored} or {type: "unstored", reason}; or {type: "error", error}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { packSnapshot, snapshotBuild, storePackedSnapshot } from "./snapshot.mjs";
import { checkedBytes, followDownloads } from "./download-progress.mjs";

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

const retries = []; // refused downloads waiting for the player's "Try again"

/** Report this worker's downloads to the page as download-progress.mjs checks them. */
function followForPage(stallMs) {
  followDownloads({
    onBytes: (received, total) => postMessage({ type: "bytes", received, total }),
    onActivity: () => postMessage({ type: "activity" }),
    onFailure: ({ name, path, runtime, reason, detail, message }) => {
      postMessage({ type: "failure", failure: { name, path, runtime, reason, detail, message } });
      return new Promise((resolve) => retries.push(resolve));
    },
    stallMs: () => stallMs,
  });
}

/** Keep the bytes of every file of the site fetched from now on, to hand to the page;
 * `onFetched(url)` after each. */
function keepFetchedFiles(onFetched) {
  const kept = new Map();
  const fetchFollowed = globalThis.fetch;
  globalThis.fetch = async function (input, init) {
    const response = await fetchFollowed.call(this, input, init);
    const url = (response.url || new URL(String(input?.url ?? input), location.href).href).split(/[?#]/)[0];
    if (response.ok && url.startsWith(SITE.href)) {
      const bytes = await response.clone().arrayBuffer();
      kept.set(url, { bytes, type: response.headers.get("content-type") });
    }
    onFetched(url);
    return response;
  };
  return kept;
}

/** The runtime's compiled WebAssembly module, once instantiated: the page instantiates the
 * same one, whose functions this worker has already compiled (the engine compiles each on
 * its first call, and a restore calls many: work the page's main thread would do). */
function keepCompiledModule() {
  const kept = { module: null };
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (...args) {
    const result = await instantiateStreaming.apply(this, args);
    kept.module = result.module;
    return result;
  };
  return kept;
}

/** postMessage, without the compiled module where this browser cannot pass one on. */
function postMade(message, transfer) {
  try {
    postMessage(message, transfer);
  } catch (error) {
    if (error?.name !== "DataCloneError" || !message.module) throw error;
    postMessage({ ...message, module: null }, transfer);
  }
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return checkedBytes(url, new Uint8Array(await response.arrayBuffer()));
}

/** When, in ms since the epoch: the page turns these into its own boot marks. */
const now = () => performance.timeOrigin + performance.now();

async function make({ follow }) {
  const started = performance.now();
  const marks = [["worker started", now()]];
  if (!snapshotBuild.key) throw new Error("not a built site");
  if (follow) followForPage(follow.stallMs);
  // The app's files download while the runtime starts: once its WebAssembly has arrived, the
  // biggest download, so that they do not slow the runtime's own.
  let appFiles = null;
  const fetchAppFiles = () => {
    appFiles ??= new Map([...Object.keys(snapshotBuild.files), ...snapshotBuild.scripts].map((source) => {
      const bytes = fetchBytes(new URL(source, SITE));
      bytes.catch(() => {}); // awaited below, where a failure counts
      return [source, bytes];
    }));
    return appFiles;
  };
  const fetched = keepFetchedFiles((url) => url.endsWith("/pyodide.asm.wasm") && fetchAppFiles());
  const compiled = keepCompiledModule();
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, _makeSnapshot: true });
  marks.push(["worker: runtime started", now()]);
  postMessage({ type: "started" });
  for (const [source, destination] of Object.entries(snapshotBuild.files)) {
    pyodide.FS.writeFile(destination, await fetchAppFiles().get(source));
  }
  pyodide.FS.mkdirTree(SCRIPT_DIR);
  for (const [index, script] of snapshotBuild.scripts.entries()) {
    pyodide.FS.writeFile(`${SCRIPT_DIR}/${index}.py`, await fetchAppFiles().get(script));
  }
  pyodide.runPython(WARM_UP);
  marks.push(["worker: app imported", now()]);
  const skipped = pyodide.runPython("_skipped");
  pyodide.runPython("del _skipped");
  for (const name of pyodide.FS.readdir(SCRIPT_DIR)) {
    if (!name.startsWith(".")) pyodide.FS.unlink(`${SCRIPT_DIR}/${name}`);
  }
  const memory = pyodide.makeMemorySnapshot();
  // The page gets a copy of its own (transferred: no second copy); packing for storage (~0.1 s)
  // comes after, so the page's restore does not wait for it.
  const snapshot = memory.slice();
  const files = [...fetched].map(([url, { bytes, type }]) => ({ url, bytes, type }));
  const ms = Math.round(performance.now() - started);
  marks.push(["worker: snapshot made", now()]);
  postMade({ type: "made", snapshot, files, module: compiled.module, size: snapshot.length, ms, skipped, marks },
    [snapshot.buffer, ...files.map(({ bytes }) => bytes)]);
  try {
    postMessage({ type: "stored", stored: await storePackedSnapshot(packSnapshot(memory)) });
  } catch (error) {
    postMessage({ type: "unstored", reason: String(error?.message ?? error) });
  }
}

addEventListener("message", ({ data }) => {
  if (data?.type === "retry") retries.splice(0).forEach((resolve) => resolve());
  if (data?.type === "make") {
    make(data).catch((error) => postMessage({ type: "error", error: String(error?.message ?? error) }));
  }
});
