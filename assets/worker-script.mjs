// Whether a named PyScript worker's script arrives (ui/ai_client.py asks, for the opponent).
// PyScript fetches a worker's `src` on the page (polyscript's XWorker: fetch(src).text()) and,
// when that fails, leaves the rejection unhandled: the worker never gets its code and never says
// it is ready, so the page waited out the whole start bound (120 s) and could not say why. Here
// the page's fetch() is watched from just before the worker's tag is added until that script is
// asked for, and that one request's fate is known at once.

/** Resolves once the page's next fetch() of `src` (resolved against the page) has an answer:
 * "loaded", "http <status>" (an HTTP error), "network" (no answer: a broken connection), or
 * "timeout" (asked for, and no answer in `timeoutMs`). "unknown" when the request was not seen
 * in that time (another wrapper of fetch() took it over). */
export function watchScript(src, timeoutMs) {
  const url = new URL(src, document.baseURI).href;
  const pageFetch = globalThis.fetch;
  let seen = false;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (globalThis.fetch === watching) globalThis.fetch = pageFetch;
      resolve(seen ? "timeout" : "unknown");
    }, timeoutMs);
    const settle = (outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    function watching(resource, ...rest) {
      const answer = pageFetch.call(this, resource, ...rest);
      if (!seen && new URL(resource?.url ?? String(resource), document.baseURI).href === url) {
        seen = true;
        if (globalThis.fetch === watching) globalThis.fetch = pageFetch;
        answer.then((response) => settle(response.ok ? "loaded" : `http ${response.status}`), () => settle("network"));
      }
      return answer;
    }
    globalThis.fetch = watching;
  });
}
