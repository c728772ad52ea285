// The first visit's progress bar follows the bytes of the runtime files as they arrive.
//
// Why: a first visit downloads ~13 MB before anything can start; a bar that jumps between
// fixed steps says nothing about how long is left. The files are fetched by Pyodide and
// PyScript with the page's fetch(): while following, fetch() hands each runtime file's
// response on untouched and reads a clone of it to count its bytes. pyodide.asm.mjs comes
// through import(), so it counts whole when it has arrived. Sizes are the built files'
// (tools/build.py writes them below): a host's compression does not change what is counted.

// tools/build.py writes {file name: bytes} of the runtime's files here.
const FILE_BYTES = {}; // DOWNLOAD_SIZES

/** Call onBytes(received, total) as the runtime files arrive; returns a function that stops
 * following (restores fetch). Does nothing (and returns a no-op) when the sizes are unknown. */
export function followDownloads(onBytes) {
  const total = Object.values(FILE_BYTES).reduce((sum, size) => sum + size, 0);
  if (!total) return () => {};
  const received = new Map();
  const report = () => onBytes([...received.values()].reduce((sum, n) => sum + n, 0), total);
  const fileName = (url) => new URL(url, location.href).pathname.split("/").pop();

  async function count(name, body) {
    const reader = body.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      received.set(name, Math.min(bytes, FILE_BYTES[name]));
      report();
    }
  }

  const nativeFetch = globalThis.fetch;
  globalThis.fetch = async function (input, init) {
    const response = await nativeFetch.call(this, input, init);
    const name = fileName(response.url || (input instanceof Request ? input.url : String(input)));
    if (name in FILE_BYTES && response.ok && response.body && !received.has(name)) {
      received.set(name, 0);
      count(name, response.clone().body).catch(() => {}); // the real reader reports any failure
    }
    return response;
  };
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      const name = fileName(entry.name);
      if (name in FILE_BYTES && entry.initiatorType !== "fetch") {
        received.set(name, FILE_BYTES[name]);
        report();
      }
    }
  });
  observer.observe({ type: "resource", buffered: true });
  return () => {
    globalThis.fetch = nativeFetch;
    observer.disconnect();
  };
}
