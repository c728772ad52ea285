// Runs pytest inside Pyodide under Node, so the rules core is tested on the same
// runtime the browser uses (CPython 3.14 compiled to WebAssembly), not only on CPython.
//
// Usage: node tools/pyodide_pytest.mjs --wheels DIR [pytest args...]
// DIR holds pure-Python wheels (pytest, hypothesis and their dependencies) fetched by
// `pip download` (see requirements-pyodide.txt); they are unpacked into site-packages.
// The repository is mounted at /repo and pytest runs there; exit code = pytest's.
import { loadPyodide } from "pyodide";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
  const code = await pyodide.runPythonAsync(`
import os, sys
os.chdir(${JSON.stringify(MOUNT)})
sys.path.insert(0, ${JSON.stringify(MOUNT)})
import pytest
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
  process.exitCode = code;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
