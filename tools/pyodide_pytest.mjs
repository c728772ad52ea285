// Runs pytest inside Pyodide under Node, so the rules core is tested on the same
// runtime the browser uses (CPython 3.14 compiled to WebAssembly), not only on CPython.
//
// Usage: node tools/pyodide_pytest.mjs --wheels DIR [pytest args...]
// DIR holds pure-Python wheels (pytest, hypothesis and their dependencies) fetched by
// `pip download` (see requirements-pyodide.txt); they are unpacked into site-packages.
// The repository is mounted at /repo and pytest runs there; exit code = pytest's.
import { loadPyodide } from "pyodide";
import { spawnSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

// asyncio.run() inside Pyodide needs JavaScript Promise Integration (stack switching).
// Chromium has it; Node 20 only behind a V8 flag, so without it the runner restarts itself
// with the flag this Node knows (its name changed between V8 versions).
const JSPI_FLAGS = ["--experimental-wasm-jspi", "--experimental-wasm-stack-switching"];

function restartWithJspi() {
  if ("Suspending" in WebAssembly || "Suspender" in WebAssembly) return;
  const v8Options = spawnSync(process.execPath, ["--v8-options"], { encoding: "utf8" }).stdout ?? "";
  const flag = JSPI_FLAGS.find((name) => v8Options.includes(name));
  if (!flag || process.execArgv.includes(flag)) return; // run anyway; async tests will say why
  const run = spawnSync(process.execPath, [flag, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exit(run.status ?? 1);
}

restartWithJspi();

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/repo";

function parseArgs(argv) {
  const i = argv.indexOf("--wheels");
  if (i < 0 || !argv[i + 1]) {
    throw new Error("usage: node tools/pyodide_pytest.mjs --wheels DIR [pytest args...]");
  }
  const pytestArgs = [...argv.slice(0, i), ...argv.slice(i + 2)];
  return { wheelDir: path.resolve(argv[i + 1]), pytestArgs };
}

// Only pytest/hypothesis settings and CI travel into the interpreter: its environment is
// otherwise empty, which keeps runs reproducible.
function forwardedEnv() {
  const env = { HOME: "/home/pyodide", PYTHONDONTWRITEBYTECODE: "1" };
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("PYTEST_") || key.startsWith("HYPOTHESIS_") || key === "CI") env[key] = value;
  }
  return env;
}

async function installWheels(pyodide, wheelDir) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const wheels = (await readdir(wheelDir)).filter((name) => name.endsWith(".whl"));
  if (wheels.length === 0) throw new Error(`no wheels in ${wheelDir}: run 'make pyodide-wheels'`);
  for (const name of wheels) {
    if (!/-none-any\.whl$/.test(name)) throw new Error(`${name} is not a pure-Python wheel`);
    const bytes = new Uint8Array(await readFile(path.join(wheelDir, name))); // Pyodide rejects Node Buffers
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }
}

async function main() {
  const { wheelDir, pytestArgs } = parseArgs(process.argv.slice(2));
  const pyodide = await loadPyodide({ env: forwardedEnv() });
  await installWheels(pyodide, wheelDir);
  pyodide.FS.mkdirTree(MOUNT);
  pyodide.mountNodeFS(MOUNT, repoRoot);
  pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
  process.exitCode = await pyodide.runPythonAsync(RUN_PYTEST);
}

// A fatal error (e.g. a JS stack overflow from deep recursion) kills the interpreter and
// pytest never reports the test it was in: name it here.
function reportCrash(error) {
  console.error(error);
  if (globalThis.currentPytestItem) console.error(`\nPyodide died during ${globalThis.currentPytestItem}`);
  process.exit(1);
}
process.on("uncaughtException", reportCrash);
process.on("unhandledRejection", reportCrash);

const RUN_PYTEST = `
import os, sys
os.chdir(${JSON.stringify(MOUNT)})
sys.path.insert(0, ${JSON.stringify(MOUNT)})
import js
import pytest


class TrackCurrentTest:
    """Mirrors the running test's id into JS, so a fatal crash can still be attributed."""

    def pytest_runtest_logstart(self, nodeid, location):
        js.globalThis.currentPytestItem = nodeid


int(pytest.main(["-p", "no:cacheprovider", *pytest_args], plugins=[TrackCurrentTest()]))
`;

main().catch(reportCrash);
