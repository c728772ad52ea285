// Files a worker downloaded for the page (snapshot-maker.mjs hands them over with the runtime
// snapshot): fetch() answers from them, each once, instead of downloading them again -- the
// page's runtime restore reads the runtime's files and PyScript's [files] the app's, all of
// which the worker has just fetched, and a host that forbids caching would otherwise make a
// first visit download them twice.

let handed = new Map();
let fetchBefore = null;

/** Stop answering from handed files (those not asked for are dropped); fetch() is as before. */
export function forgetHandedFiles() {
  handed = new Map();
  if (fetchBefore && globalThis.fetch === answerFromHanded) globalThis.fetch = fetchBefore;
  fetchBefore = null;
}

async function answerFromHanded(input, init) {
  const url = new URL(String(input?.url ?? input), location.href).href.split(/[?#]/)[0];
  const method = (init?.method ?? input?.method ?? "GET").toUpperCase();
  const file = method === "GET" ? handed.get(url) : undefined;
  if (!file) return fetchBefore.call(this, input, init);
  handed.delete(url);
  if (handed.size === 0) forgetHandedFiles();
  const headers = file.type ? { "content-type": file.type } : {};
  const response = new Response(file.bytes, { status: 200, headers });
  Object.defineProperty(response, "url", { value: url });
  return response;
}

/** Answer fetch() of these files ([{url, bytes, type}]) from memory until forgetHandedFiles(). */
export function serveHandedFiles(files) {
  forgetHandedFiles();
  handed = new Map(files.map((file) => [file.url, file]));
  if (handed.size === 0) return;
  fetchBefore = globalThis.fetch;
  globalThis.fetch = answerFromHanded;
}
