// Records which modules of Pyodide's standard library the site's Python loads: run by
// tools/stdlib_trim.py (`python3 tools/stdlib_trim.py --record`) and by its test.
//
// The site's own Pyodide under Node, with its whole standard library, imports the modules it
// is given (stdlib_trim.py lists every module the app's packages and PyScript's own Python name
// anywhere, then every module of the packages), exercises the core (random turns of every game,
// the shipped puzzles) and the error paths (a formatted traceback, a warning), and prints the
// names in sys.modules, one a line. Imports that need the browser (pyscript) fail here and are
// printed to stderr; the names they import are among those imported directly.
//
// Usage: node tools/record_stdlib.mjs REPO_DIR MODULE...
import { loadPyodide } from "pyodide";
import path from "node:path";

const MOUNT = "/repo";

const RECORD = `
def _record(modules):
    import importlib, sys
    sys.path.insert(0, ${JSON.stringify(MOUNT)})
    failed = []
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as error:
            failed.append(f"{module}: {error}")
    _exercise()
    return sorted(sys.modules), failed

def _exercise():
    import json, random, traceback, warnings
    from pygame_core.puzzles.catalog import shipped
    from pygame_core.random_play import random_turns
    from pygame_core.registry import find_game, game_names
    random.seed()  # as assets/pyodide-early.mjs does after a snapshot restore
    for name in game_names():
        random_turns(find_game(name).new_game(), random.Random(1), 6)
    shipped()
    try:
        json.loads("{")
    except ValueError:
        traceback.format_exc()
    with warnings.catch_warnings(record=True):
        warnings.warn("recorded", stacklevel=1)
`;

async function main() {
  const [repo, ...modules] = process.argv.slice(2);
  if (!repo) throw new Error("usage: node tools/record_stdlib.mjs REPO_DIR MODULE...");
  const pyodide = await loadPyodide();
  pyodide.FS.mkdirTree(MOUNT);
  pyodide.mountNodeFS(MOUNT, path.resolve(repo));
  pyodide.runPython(RECORD);
  const [loaded, failed] = pyodide.globals.get("_record")(pyodide.toPy(modules)).toJs();
  for (const failure of failed) console.error(`not importable under Node: ${failure}`);
  process.stdout.write(loaded.join("\n") + "\n");
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exitCode = 1;
});
