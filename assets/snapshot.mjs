// Memory snapshots of the Python runtime: where they live, how one is found, checked and
// stored. Used by pyodide-early.mjs (restore, on the page and in PyScript's workers), by
// snapshot-maker.mjs (make, in a worker of its own) and by boot.js (when to make one).
//
// Why: nearly all of a return visit's boot is the runtime's own start-up. Pyodide 314 can
// start from a copy of its memory taken after our modules were imported (~0.2 s instead of
// ~1.5 s). The copy is made in the player's browser after a normal boot, off the critical
// path, so a first visit downloads nothing extra; it is kept in Cache Storage under a key of
// the runtime files and the app's code (tools/build.py), so a new build never restores an
// old one. Anything wrong -- no storage, no snapshot, another build's, damaged bytes, a
// failed restore -- means a normal start and one console line saying why.

// tools/build.py writes this build's values on the next line of the built copy: the key (a
// content hash of the runtime, the app archive, the entry scripts and these two modules),
// pyscript.toml's [files] and the scripts whose imports the snapshot holds.
const BUILD = { key: null, files: {}, scripts: [] }; // SNAPSHOT_BUILD

const CACHE_NAME = "python-snapshot";
const DIGEST_HEADER = "x-snapshot-sha256";
const LENGTH_HEADER = "x-snapshot-length";
const PAGE = 4096; // about half of a fresh snapshot's pages are zeros: they are not stored
const STORAGE_TIMEOUT_MS = 1000; // a frame whose storage hangs boots normally, not never

export const snapshotBuild = BUILD;

/** The Cache Storage URL of this build's snapshot (a name only: it is never fetched). */
const entryUrl = (key) => new URL(`../python/snapshot-${key}.bin`, import.meta.url).href;

function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer`)), STORAGE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function openCache() {
  if (!globalThis.caches) throw new Error("no Cache Storage here");
  return withTimeout(caches.open(CACHE_NAME), "Cache Storage");
}

export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Why this build has no snapshot to restore ("missing", "another build", "storage
 * unavailable: ...", "not a built site"), or its stored response. */
export async function findSnapshot() {
  if (!BUILD.key) return { reason: "not a built site" };
  let cache;
  try {
    cache = await openCache();
    const response = await withTimeout(cache.match(entryUrl(BUILD.key)), "Cache Storage");
    if (response) return { response };
    const others = await withTimeout(cache.keys(), "Cache Storage");
    return { reason: others.length ? "another build's snapshot" : "missing" };
  } catch (error) {
    return { reason: `storage unavailable: ${error.message}` };
  }
}

/** The snapshot without its all-zero pages: a bitmap of the pages kept, then those pages.
 * Half the bytes to store and, on every boot, to read. */
function pack(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  const kept = [];
  for (let page = 0; page < pages; page++) {
    const slice = bytes.subarray(page * PAGE, (page + 1) * PAGE);
    if (slice.some((byte) => byte !== 0)) {
      bitmap[page >> 3] |= 1 << (page & 7);
      kept.push(slice);
    }
  }
  return new Blob([bitmap, ...kept]);
}

/** The snapshot's memory back from pack()'s layout; throws when the sizes do not add up. */
function unpack(packed, length) {
  const pages = Math.ceil(length / PAGE);
  const bitmapLength = Math.ceil(pages / 8);
  const bytes = new Uint8Array(length);
  let offset = bitmapLength;
  for (let page = 0; page < pages; page++) {
    if (!(packed[page >> 3] & (1 << (page & 7)))) continue;
    const size = Math.min(PAGE, length - page * PAGE);
    if (offset + size > packed.length) throw new Error("damaged snapshot (too short)");
    bytes.set(packed.subarray(offset, offset + size), page * PAGE);
    offset += size;
  }
  if (offset !== packed.length) throw new Error("damaged snapshot (wrong length)");
  return bytes;
}

/** The stored snapshot's memory, refused unless it is the memory that was stored: restoring
 * damaged memory could fail in any way, so the checksum (~30 ms, off the main thread) comes
 * first. */
export async function readSnapshot(response) {
  const packed = new Uint8Array(await response.arrayBuffer());
  const expected = response.headers.get(DIGEST_HEADER);
  const length = Number(response.headers.get(LENGTH_HEADER));
  if (!expected || !Number.isSafeInteger(length) || length <= 0) throw new Error("damaged snapshot (headers)");
  if ((await sha256Hex(packed)) !== expected) throw new Error("damaged snapshot (checksum)");
  return unpack(packed, length);
}

/** The snapshot as stored (pack()ed, a copy), with its length. */
export function packSnapshot(bytes) {
  return { blob: pack(bytes), length: bytes.length };
}

/** Store this build's packSnapshot()ed snapshot and drop every other one (older builds');
 * resolves to the bytes stored. */
export async function storePackedSnapshot({ blob, length }) {
  const cache = await openCache();
  const packed = new Uint8Array(await blob.arrayBuffer());
  const headers = {
    "content-type": "application/octet-stream",
    [DIGEST_HEADER]: await sha256Hex(packed),
    [LENGTH_HEADER]: String(length),
  };
  await cache.put(entryUrl(BUILD.key), new Response(packed, { headers }));
  const keep = entryUrl(BUILD.key);
  for (const request of await cache.keys()) {
    if (request.url !== keep) await cache.delete(request);
  }
  return packed.length;
}

/** Forget a snapshot that failed to restore, so the next visit makes a new one. */
export async function dropSnapshot() {
  try {
    await (await openCache()).delete(entryUrl(BUILD.key));
  } catch {
    // storage gone meanwhile: nothing to drop
  }
}

/** Whether a normal boot for this reason should make a snapshot for the next visit. */
export function shouldMakeSnapshot(reason) {
  return Boolean(BUILD.key) && !/^storage unavailable|^not a built site/.test(reason ?? "");
}

/** Make this build's snapshot in a worker of its own (snapshot-maker.mjs), which also stores
 * it where storage allows. Resolves, once it is made, to {snapshot, files, size, ms, skipped,
 * stored}: the memory to restore, the site's files the worker fetched ({url, bytes, type}), and
 * a promise of the bytes stored (rejected with the reason when they could not be).
 * `downloads`: when given ({onBytes, onActivity, onFailure, stallMs}, as download-progress.mjs's
 * followDownloads takes them), the worker's downloads are followed, checked and reported there,
 * a refused one being tried again once onFailure's promise resolves. `onStarted()` is called
 * once the worker's runtime is up, a moment before the snapshot is made. */
export function makeSnapshotInWorker(downloads = null, onStarted = () => {}) {
  let settleStored;
  const stored = new Promise((resolve, reject) => {
    settleStored = { resolve, reject };
  });
  stored.catch(() => {}); // a caller that does not ask has nothing to hear
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-maker.mjs", import.meta.url), { type: "module" });
    const fail = (error) => {
      worker.terminate();
      reject(error);
      settleStored.reject(error);
    };
    worker.onmessage = ({ data }) => {
      if (data.type === "bytes") downloads?.onBytes(data.received, data.total);
      else if (data.type === "activity") downloads?.onActivity();
      else if (data.type === "started") onStarted();
      else if (data.type === "failure") {
        Promise.resolve(downloads?.onFailure(data.failure)).then(() => worker.postMessage({ type: "retry" }));
      } else if (data.type === "made") resolve({ ...data, stored });
      else if (data.type === "error") fail(new Error(data.error));
      else if (data.type === "stored" || data.type === "unstored") {
        worker.terminate();
        if (data.type === "stored") settleStored.resolve(data.stored);
        else settleStored.reject(new Error(data.reason));
      }
    };
    worker.onerror = (event) => fail(new Error(event.message || "snapshot worker failed"));
    worker.postMessage({ type: "make", follow: downloads ? { stallMs: downloads.stallMs() } : null });
  });
}
