// A first visit's downloads: the progress bar follows the runtime's bytes as they arrive, and
// no file reaches Pyodide or PyScript unless it arrived whole.
//
// Why the bar: a first visit downloads ~13 MB before anything can start; a bar that jumps between
// fixed steps says nothing about how long is left. Why the check: Pyodide swallows a failed
// WebAssembly download or standard library (the boot then waits forever), and a cut app.zip
// fails only later, as an import error. So while following, fetch() of a file the build lists
// below reads it here first -- counting its bytes, giving up on a download silent for longer than
// the stall timeout -- and hands on a fresh Response only once its size and SHA-256 match the
// build's. A failure (network error, HTTP error, cut or damaged body, stall) is given to
// onFailure, whose promise resolves when the player asks to try again; the same fetch() call
// then downloads the file again (past the HTTP cache) and the caller never sees the failure.
// pyodide.asm.mjs comes through import(), so it counts whole when it has arrived.

import { sha256Hex } from "./snapshot.mjs";

// tools/build.py writes {path from the site root: {bytes, sha256}} of the checked files here.
const FILES = {}; // DOWNLOAD_FILES

const SITE = new URL("../", import.meta.url);
const COUNTED_DIR = "vendor/pyodide/"; // the bar's files: the runtime, needed before anything starts
const BY_URL = new Map(Object.entries(FILES).map(([path, check]) => [new URL(path, SITE).href, { path, ...check }]));

/** Why a checked download was refused; `reason` is one of network, http, truncated, corrupt, stalled. */
export class DownloadFailure extends Error {
  constructor(path, reason, detail) {
    super(`${path}: ${detail}`);
    Object.assign(this, { name: "DownloadFailure", path, reason, detail });
  }
}

const withoutQuery = (url) => url.split(/[?#]/)[0];

function joined(chunks, length) {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** The bytes, if they are the build's file; else a DownloadFailure. crypto.subtle exists only
 * in secure contexts (https, localhost): elsewhere the size alone is checked. */
async function verified(check, bytes) {
  if (bytes.length !== check.bytes) {
    throw new DownloadFailure(check.path, "truncated", `${bytes.length} of ${check.bytes} bytes`);
  }
  if (globalThis.crypto?.subtle && (await sha256Hex(bytes)) !== check.sha256) {
    throw new DownloadFailure(check.path, "corrupt", "SHA-256 differs from the build's");
  }
  return bytes;
}

/** The downloaded bytes of `url` if they are the build's file (or a file the build does not
 * check); else throws a DownloadFailure. For the snapshot maker: it never keeps a broken copy. */
export async function checkedBytes(url, bytes) {
  const check = BY_URL.get(withoutQuery(new URL(url).href));
  return check ? verified(check, bytes) : bytes;
}

/** Follow and check the build's listed downloads made through fetch() from now on:
 * onBytes(received, total) as the runtime's files arrive; onActivity() on every byte of any
 * checked file; onFailure(DownloadFailure) resolves when the download is to be tried again;
 * stallMs() is how long a download may go without data.
 * Returns a function that stops following (restores fetch). A no-op where the build wrote no list. */
export function followDownloads({ onBytes, onActivity = () => {}, onFailure, stallMs }) {
  const counted = [...BY_URL.values()].filter(({ path }) => path.startsWith(COUNTED_DIR));
  const total = counted.reduce((sum, { bytes }) => sum + bytes, 0);
  if (!total) return () => {};
  const received = new Map();
  const report = (check, bytes) => {
    onActivity();
    if (!check.path.startsWith(COUNTED_DIR)) return;
    received.set(check.path, Math.min(bytes, check.bytes));
    onBytes([...received.values()].reduce((sum, n) => sum + n, 0), total);
  };
  const nativeFetch = globalThis.fetch;

  /** One attempt: the response with the whole, verified body, or a DownloadFailure. */
  async function fetchChecked(url, check, init, retry) {
    const controller = new AbortController();
    let stalled = false;
    let timer;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, stallMs());
    };
    const failure = (reason, detail) => new DownloadFailure(check.path, reason, detail);
    const lost = (error) =>
      stalled ? failure("stalled", `no data for ${Math.round(stallMs() / 1000)} s`) : failure("network", error.message);
    arm();
    try {
      let response;
      try {
        response = await nativeFetch(url, { ...init, signal: controller.signal, ...(retry && { cache: "reload" }) });
      } catch (error) {
        throw lost(error);
      }
      if (!response.ok) throw failure("http", `HTTP ${response.status}`);
      const chunks = [];
      let bytes = 0;
      report(check, 0);
      try {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          arm();
          chunks.push(value);
          bytes += value.length;
          report(check, bytes);
        }
      } catch (error) {
        throw lost(error);
      }
      clearTimeout(timer);
      const body = await verified(check, joined(chunks, bytes));
      const { status, statusText, headers } = response;
      const whole = new Response(body, { status, statusText, headers });
      Object.defineProperty(whole, "url", { value: response.url });
      return whole;
    } finally {
      clearTimeout(timer);
    }
  }

  globalThis.fetch = async function (input, init) {
    const url = input instanceof Request ? input.url : new URL(String(input), location.href).href;
    const check = BY_URL.get(withoutQuery(url));
    const plain = !check || (input instanceof Request && input.method !== "GET") || init?.signal;
    if (plain) return nativeFetch.call(this, input, init);
    for (let retry = false; ; retry = true) {
      try {
        return await fetchChecked(url, check, input instanceof Request ? {} : init, retry);
      } catch (error) {
        console.warn(`Download failed: ${error.message}`);
        if (!(error instanceof DownloadFailure)) throw error;
        await onFailure(error);
      }
    }
  };
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      const check = BY_URL.get(withoutQuery(entry.name));
      if (check && entry.initiatorType !== "fetch") report(check, check.bytes);
    }
  });
  observer.observe({ type: "resource", buffered: true });
  return () => {
    globalThis.fetch = nativeFetch;
    observer.disconnect();
  };
}
