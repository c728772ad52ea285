// Prints, as one JSON line, what SUSAN's evaluations cost inside Pyodide (the browser's Python,
// under Node): lab.value.bench.report on the repository mounted at /repo.
// Usage: node tools/bench_eval_speed.mjs [rounds]   (tools/bench_eval_speed.py runs it)
import { loadPyodide } from "pyodide";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rounds = Number.parseInt(process.argv[2] ?? "7", 10);

const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", repoRoot);
pyodide.globals.set("rounds", rounds);
console.log(pyodide.runPython(`
import json, sys
sys.path.insert(0, "/repo")
from lab.value.bench import report
json.dumps({"python": sys.version.split()[0], **report(rounds)})
`));
