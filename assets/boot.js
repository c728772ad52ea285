// Page boot: show progress from first paint, start the Python runtime at once, make
// storage-denied frames bootable, start PyScript, and register the offline service worker
// once Python is up; after a normal start, make the runtime snapshot that the next visit starts
// from (snapshot.mjs).
//
// Order matters: PyScript's loader opens IndexedDB before it starts Python, and in a
// cross-site frame whose storage the browser denies that open fails and boot never ends.
// So the probe runs first and, when IndexedDB is unusable, an in-memory stand-in is put
// in its place before PyScript is imported.

import { restoringSnapshot, runtimeStart, startPyodide } from "./pyodide-early.mjs";
import { forgetHandedFiles } from "./handed-files.mjs";
import { makeSnapshotInWorker, shouldMakeSnapshot } from "./snapshot.mjs";
import { keepBoardPictures, paintLastBoard } from "./board-picture.mjs";
import { followDownloads } from "./download-progress.mjs";
import { PARTS, bootFinished, downloadFailed, noteProgress, stallMs, untilLoaded, watchBoot } from "./boot-failure.mjs";
import { finish as finishFirstScreen, firstScreen } from "./first-screen.mjs";
import { watchFirstInstall } from "./offline-status.mjs";
import { keepCatalogsOffline, loadCatalog, number, t } from "./i18n.mjs";

const PYSCRIPT_URL = new URL("../vendor/pyscript/core.js", import.meta.url).href;
const SERVICE_WORKER_URL = new URL("../sw.js", import.meta.url).href;
const UPDATE_MESSAGE = "activate-update"; // tools/sw_template.js takes over on it
const UPDATE_DEFERRED = "update-deferred"; // ... unless another page of the site is open
const PROBE_TIMEOUT_MS = 1500;
// After the service worker is ready: let the page settle first, so that a snapshot is made only
// by a visit that stays (and is not cut off by the next reload).
const SNAPSHOT_DELAY_MS = 5000;
const TAKEOVER_TIMEOUT_MS = 10000; // a waiting new build that takes longer is left for a later load
const QUIET_AFTER_LOAD_MS = 300;
const SERVICE_WORKER_WAIT_MS = 15000;

const root = document.documentElement;
const progressBar = document.getElementById("boot-progress");
const progressText = document.getElementById("boot-message");

let shown = null; // {words, text}: the step's words (a function: they are said again in the
// player's language when its catalog arrives, unless something else has been said since)

/** Shows a boot step, `words` giving its text; the bar only moves forward. */
function showProgress(percent, words) {
  noteProgress();
  if (progressBar && percent > progressBar.value) progressBar.value = percent;
  if (!progressText || !words) return;
  shown = { words, text: words() };
  progressText.textContent = shown.text;
}
loadCatalog().then((loaded) => {
  if (!loaded || !shown || progressText?.textContent !== shown.text) return;
  shown.text = shown.words();
  progressText.textContent = shown.text;
});

// Boot milestones (ms since navigation) for the boot benchmark's breakdown.
window.__bootMarks = [["boot.js", Math.round(performance.now())]];
const mark = (name) => {
  noteProgress();
  window.__bootMarks.push([name, Math.round(performance.now())]);
};
addEventListener(
  "py:ready",
  () => {
    mark("main.py starts");
    showProgress(90, () => t("Starting the game…"));
  },
  { once: true },
);

// PyScript reports its own steps as "py:progress" events, in this order: Loading Pyodide,
// Loading/Loaded Storage, Loading interpreter (download + compile: most of the wait),
// Loaded interpreter, Loading/Loaded files, Loaded Pyodide.
const PYSCRIPT_STEPS = [
  [/^Loading interpreter/i, 15, () => t("Downloading and starting the Python runtime…")],
  [/^Loaded interpreter/i, 70, () => t("Loading the game code…")],
  [/^Loaded Pyodide/i, 85, () => t("Starting the game…")],
];
addEventListener("py:progress", ({ detail }) => {
  mark(String(detail));
  for (const [pattern, percent, words] of PYSCRIPT_STEPS) {
    if (pattern.test(String(detail))) showProgress(percent, words);
  }
});

/** A first visit's bar: the bytes of the runtime files received so far, up to 80%. */
function showDownload(received, total) {
  if (received >= total) return showProgress(80, () => t("Starting the Python runtime…"));
  const megabytes = (bytes) => number(bytes / 1e6, 1);
  showProgress(5 + (75 * received) / total, () =>
    t("Downloading the game: {received} of {total} MB…", { received: megabytes(received), total: megabytes(total) }));
}

/** Resolves true when an IndexedDB database opens; false on error, exception or silence. */
function indexedDBWorks() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    const finish = (ok) => {
      clearTimeout(timer);
      resolve(ok);
    };
    try {
      const request = indexedDB.open("__storage_probe__");
      request.onsuccess = () => {
        request.result.close();
        finish(true);
      };
      request.onerror = () => finish(false);
      request.onblocked = () => finish(false);
    } catch {
      finish(false);
    }
  });
}

const STAND_IN_URL = new URL("./indexeddb-standin.js", import.meta.url).href;

/** Makes module workers created from now on import the IndexedDB stand-in before their code.
 * PyScript builds its workers from blob: module URLs and keeps a reference to the Worker
 * constructor it finds when it loads, so this must run before PyScript is imported. */
function giveWorkersTheStandIn() {
  const NativeWorker = globalThis.Worker;
  globalThis.Worker = class extends NativeWorker {
    constructor(url, options) {
      if (options?.type === "module") {
        const script = new URL(url, location.href).href;
        const prelude = `import ${JSON.stringify(STAND_IN_URL)};\nimport ${JSON.stringify(script)};\n`;
        url = URL.createObjectURL(new Blob([prelude], { type: "text/javascript" }));
      }
      super(url, options);
    }
  };
}

async function prepareStorage() {
  const indexedDBOk = await indexedDBWorks();
  if (!indexedDBOk) {
    await import(STAND_IN_URL);
    giveWorkersTheStandIn();
  }
  // localStorage is probed from Python (ui/saves/storage.py); this is for diagnosis only.
  root.dataset.indexeddb = indexedDBOk ? "native" : "memory";
}

/** Lets a waiting service worker (a new build) take over; resolves once it controls the page.
 * Rejects when it defers: another tab of the site is open, which would be switched to the new
 * build under its feet. */
function activate(worker) {
  updating = true;
  return new Promise((resolve, reject) => {
    const container = navigator.serviceWorker;
    const deferred = ({ data }) => {
      if (data !== UPDATE_DEFERRED) return;
      container.removeEventListener("message", deferred);
      reject(new Error("another tab of the game is open"));
    };
    container.addEventListener("message", deferred);
    container.addEventListener("controllerchange", () => {
      container.removeEventListener("message", deferred);
      resolve();
    }, { once: true });
    worker.postMessage(UPDATE_MESSAGE);
  });
}

/** activate(), or an error when the new build has not taken over in time (its worker waits
 * for the old one to finish what it is doing): this load then runs the build it has. */
function activateSoon(worker) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("the new version did not take over in time")), TAKEOVER_TIMEOUT_MS);
  });
  return Promise.race([activate(worker), late]).finally(() => clearTimeout(timer));
}

/** Resolves a moment after the load event, once the page's own requests (the icon comes last)
 * are made. Why: Chromium activates a waiting worker by stopping the old one, and a request that
 * reaches the old worker while it stops restarts it and leaves the new one waiting for good
 * (seen here in about half of the update tests, as the icon's request met the takeover). */
function pageQuiet() {
  return new Promise((resolve) => {
    const settle = () => setTimeout(resolve, QUIET_AFTER_LOAD_MS);
    if (document.readyState === "complete") settle();
    else addEventListener("load", settle, { once: true });
  });
}

/** A build installed during an earlier visit waits for the next load: take it at the start of
 * this one, before anything else of the old build is fetched, and start again on it. True when
 * the page is reloading. */
async function takeWaitingBuild() {
  if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.waiting) return false;
    await pageQuiet();
    await activateSoon(registration.waiting);
  } catch (error) {
    console.info("The new version could not be taken now:", error.message);
    updating = false;
    return false;
  }
  location.reload();
  return true;
}

/** Tells the player that a new build is ready; the button takes it and reloads. */
function announceUpdate(text, worker) {
  const notice = document.getElementById("update-notice");
  if (!notice) return;
  document.getElementById("update-text").textContent = text;
  document.getElementById("update-reload").onclick = async () => {
    try {
      if (worker) await activate(worker);
    } catch {
      updating = false;
      document.getElementById("update-text").textContent =
        t("A new version of the game is ready: it starts once the game's other tabs are closed.");
      return;
    }
    location.reload();
  };
  notice.hidden = false;
}

let updating = false; // this page asked for the new build itself

/** Precaches the site for offline play; absent or denied service workers are not an error.
 * A newer build found meanwhile is announced, not swapped in under the running page. */
async function registerServiceWorker() {
  try {
    if (!("serviceWorker" in navigator)) return;
    // A first install claims the page too: that is no "new version", only a worker arriving for
    // a page that a worker already controlled when it loaded is. (Asking for a controller when
    // the new worker reports "installed" was a race: WebKit, in a first-visit cross-site embed,
    // delivered that event after the first worker had already claimed the page.)
    const hadWorker = Boolean(navigator.serviceWorker.controller);
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    watchFirstInstall(registration); // a refused first install (a full disk) is said on the page
    const offer = (worker) => {
      if (hadWorker) announceUpdate(t("A new version of the game is ready. Your game is saved."), worker);
    };
    if (registration.waiting) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const incoming = registration.installing;
      incoming?.addEventListener("statechange", () => {
        if (incoming.state === "installed") offer(incoming);
      });
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (!updating && hadWorker) announceUpdate(t("A new version took over in another tab: reload to use it."), null);
    });
  } catch (error) {
    console.info("Offline support unavailable here:", error.name);
  }
}

/** Whether a new build's service worker is installing or waiting: this build's snapshot would
 * never be used. */
async function newerBuildArriving() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    return Boolean(registration?.installing || registration?.waiting);
  } catch {
    return false;
  }
}

/** After a normal start, make this build's snapshot for the next visit, in a worker of its
 * own once the offline precache is done: the page's boot never waits for it. The outcome is
 * on <html data-snapshot> ("making", "saved", "failed") for tests and diagnosis. */
async function keepSnapshot() {
  if (runtimeStart.source !== "normal" || !shouldMakeSnapshot(runtimeStart.reason)) return;
  if ("serviceWorker" in navigator) {
    const timeout = new Promise((resolve) => setTimeout(resolve, SERVICE_WORKER_WAIT_MS));
    await Promise.race([navigator.serviceWorker.ready, timeout]);
  }
  await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_DELAY_MS));
  if (await newerBuildArriving()) {
    console.info("No Python snapshot now: a new version is arriving, and its first load makes one.");
    return;
  }
  root.dataset.snapshot = "making";
  try {
    const made = await makeSnapshotInWorker();
    noteSnapshotSaved(made, await made.stored);
  } catch (error) {
    root.dataset.snapshot = "failed";
    console.info("No Python snapshot for the next visit:", error.message);
  }
}

function noteSnapshotSaved({ size, ms, skipped }, stored) {
  Object.assign(root.dataset, { snapshot: "saved", snapshotMemory: size, snapshotStored: stored, snapshotMs: ms });
  console.info(`Python snapshot saved for the next visit: ${(size / 1e6).toFixed(1)} MB of memory ` +
    `(${(stored / 1e6).toFixed(1)} MB stored) in ${ms} ms` +
    (skipped ? ` (left to the boot: ${skipped})` : ""));
}

/** After a start in a worker: its snapshot, stored meanwhile where storage allows, serves the
 * next visit. Said on <html data-snapshot> as keepSnapshot() does; a frame denied storage
 * stores nothing and says nothing. */
async function noteWorkerSnapshot() {
  if (runtimeStart.source !== "worker") return;
  try {
    noteSnapshotSaved(runtimeStart.made, await runtimeStart.made.stored);
  } catch (error) {
    if (shouldMakeSnapshot(runtimeStart.reason)) root.dataset.snapshot = "failed";
    console.info("No Python snapshot for the next visit:", error.message);
  }
}

function whenReady() {
  return new Promise((resolve) => {
    if (document.body.dataset.state === "ready") return resolve();
    new MutationObserver((_, observer) => {
      if (document.body.dataset.state !== "ready") return;
      observer.disconnect();
      resolve();
    }).observe(document.body, { attributes: true, attributeFilter: ["data-state"] });
  });
}

async function boot() {
  // A new build waiting from an earlier visit is taken before this load asks its service
  // worker for anything more (see takeWaitingBuild).
  if (await takeWaitingBuild()) return;
  const board = document.getElementById("board");
  paintLastBoard(board).then((painted) => painted && mark("board painted"));
  // The front door, rules and board are up already (first-screen.mjs); an embed's runtime
  // waits for its reader's first click, key or focus.
  await firstScreen.waitForReader();
  showProgress(5, () => t("Downloading the Python runtime…"));
  // Only a visit without the service worker's copies downloads much: follow and check its bytes.
  // A failed download or runtime start is shown and tried again in place (boot-failure.mjs).
  watchBoot();
  const downloads = navigator.serviceWorker?.controller ? null : {
    onBytes: showDownload, onActivity: noteProgress, onFailure: downloadFailed, stallMs,
  };
  const stopFollowing = downloads ? followDownloads(downloads) : () => {};
  // The runtime's start-up is nearly all of the boot: begin it before anything else. Where no
  // snapshot is stored it starts in a worker, whose downloads are followed the same way.
  const runtime = startPyodide((start) => untilLoaded(start, PARTS.runtime), downloads).then(() => {
    mark("runtime ready");
    root.dataset.pythonStart = runtimeStart.source;
    if (runtimeStart.reason) root.dataset.pythonStartReason = runtimeStart.reason;
  }, () => {});
  await prepareStorage();
  mark("storage probed");
  // PyScript waits for the runtime anyway; loaded alongside a normal start, its modules'
  // parsing and evaluation delayed the runtime's own start by up to ~0.1 s on 2 cores. A
  // restore mostly waits for storage and a cached compile: load PyScript meanwhile.
  if (!(await restoringSnapshot)) await runtime;
  await untilLoaded(() => import(PYSCRIPT_URL), PARTS.page);
  mark("PyScript loaded");
  // Registering after boot keeps the precache download from competing with it; the
  // precache then revalidates what the browser has just cached instead of refetching.
  await whenReady();
  bootFinished();
  forgetHandedFiles(); // before stopFollowing(): each puts back the fetch() it found
  stopFollowing();
  finishFirstScreen();
  keepBoardPictures(board, [document.getElementById("moves"), document.getElementById("status")]);
  showProgress(100, () => t("Ready"));
  await registerServiceWorker();
  keepCatalogsOffline().catch((error) => console.info("The language is not kept for offline play:", error.message));
  await noteWorkerSnapshot();
  await keepSnapshot();
}

boot().catch((error) => {
  document.body.dataset.state = "error";
  showProgress(0, () => t("The game could not start: {error}", { error: error.message }));
  throw error;
});
