// Baseline for the boot benchmark: the same vendored Pyodide as the site, started with
// nothing else (no PyScript, no app code), marked ready the same way, and made offline-able
// by the same service worker template, so app/bare isolates what the site adds on top.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
pyodide.runPython("import sys");
window.pyodide = pyodide;
window.__bootMs = Math.round(performance.now());
document.body.dataset.state = "ready";
try {
  await navigator.serviceWorker.register(new URL("./sw.js", import.meta.url).href);
} catch (error) {
  console.info("Offline support unavailable here:", error.name);
}
