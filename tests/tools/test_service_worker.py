"""The built service worker (tools/sw_template.js) under Node, with a scripted Cache Storage and
network: a kept copy that went bad is never served unchecked -- every file has a digest, a small
one is replaced before it is served, a big one (the runtime's) is replaced just after and the
pages are told -- however often it goes bad in one worker's life (issue 54, items 11 and 12)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tools.build import CHECK_AFTER_SERVING_BYTES, write_service_worker

SCOPE = "https://games.example/site/"
FILES = {
    "index.html": b"<!doctype html><title>game</title>" * 10,
    "pyscript.toml": b'name = "game"\n',
    "assets/boot.js": b"console.log('boot');\n" * 50,
    "vendor/pyodide/pyodide.asm.wasm": bytes(range(256)) * (CHECK_AFTER_SERVING_BYTES // 256 + 1),
}
BIG = "vendor/pyodide/pyodide.asm.wasm"

# Loads sw.js in a context of its own, as a browser would, with scripted caches, network and
# pages; then runs the scenario (JSON: a list of steps) and prints what happened at each.
HARNESS = """
import vm from "node:vm";
import { readFileSync } from "node:fs";
const [scope, files, steps] = JSON.parse(readFileSync("scenario.json", "utf8"));
const built = Object.fromEntries(Object.entries(files).map(([path, b64]) => [new URL(path, scope).href, Buffer.from(b64, "base64")]));
const stored = new Map();   // URL -> bytes (the one cache the worker opens)
let online = true;
const downloads = [];
const told = [];
const listeners = {};
const key = (request) => String(request?.url ?? request);   // a Request or a URL
const cache = {
  match: async (request) => (stored.has(key(request)) ? new Response(stored.get(key(request))) : undefined),
  delete: async (request) => stored.delete(key(request)),
  put: async (request, response) => { stored.set(key(request), Buffer.from(await response.arrayBuffer())); },
  addAll: async (requests) => { for (const request of requests) await cache.put(request.url, await network(request)); },
};
async function network(request) {
  downloads.push(new URL(request.url).pathname);
  if (!online) throw new TypeError("Failed to fetch");
  const body = built[request.url];
  return body ? new Response(body) : new Response("not found", { status: 404 });
}
const self = {
  registration: { scope },
  location: new URL(scope),
  addEventListener: (type, handler) => { listeners[type] = handler; },
  clients: { matchAll: async () => [{ id: "page", postMessage: (message) => told.push(message) }], claim: async () => {} },
  skipWaiting: async () => {},
};
const context = vm.createContext({ self, caches: { open: async () => cache, keys: async () => [], delete: async () => true },
  fetch: network, crypto, btoa, Request, Response, URL, Map, Set, Promise, console });
vm.runInContext(readFileSync("sw.js", "utf8"), context);

async function dispatch(type, fields) {
  const waits = [];
  let answer;
  listeners[type]({ ...fields, waitUntil: (p) => waits.push(p), respondWith: (p) => { answer = p; } });
  const response = answer && (await answer);
  await Promise.all(waits);
  return response;
}
await dispatch("install", {});
const report = [];
for (const [action, path, arg] of steps) {
  const url = new URL(path, scope).href;
  if (action === "damage") stored.set(url, stored.get(url).subarray(0, stored.get(url).length >> 1));
  if (action === "online") online = arg;
  if (action !== "get") continue;
  downloads.length = 0;
  told.length = 0;
  const response = await dispatch("fetch", { request: { url, method: "GET", mode: arg ?? "same-origin" } });
  const body = response.type === "error" ? null : Buffer.from(await response.arrayBuffer());
  const file = path === "" ? new URL("index.html", scope).href : url;   // the root URL is the page
  report.push({ path, status: response.type === "error" ? "error" : response.status,
    served: body && (built[file].equals(body) ? "whole" : body.toString("utf8").slice(0, 2000)),
    kept: stored.has(file) && stored.get(file).equals(built[file]), downloads: [...downloads], told: [...told] });
}
console.log(JSON.stringify(report));
"""


@pytest.fixture
def worker_site(tmp_path: Path) -> Path:
    """A site of FILES with its service worker as the build writes it, and the harness beside."""
    paths = {}
    for url, data in FILES.items():
        (tmp_path / "site" / url).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "site" / url).write_bytes(data)
        paths[url] = tmp_path / "site" / url
    write_service_worker(tmp_path / "sw.js", paths, prefix="site-", page="index.html")
    (tmp_path / "harness.mjs").write_text(HARNESS)
    return tmp_path


def run_worker(folder: Path, steps: list[list]) -> list[dict]:
    import base64

    files = {url: base64.b64encode(data).decode() for url, data in FILES.items()}
    (folder / "scenario.json").write_text(json.dumps([SCOPE, files, steps]))
    result = subprocess.run(["node", "harness.mjs"], cwd=folder, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_every_precached_file_has_a_digest_and_only_the_big_ones_are_checked_after_serving(worker_site: Path):
    worker = (worker_site / "sw.js").read_text()
    assert "__" not in worker.split("const UPDATE_MESSAGE")[0].split("const CACHE_NAME")[1]  # no placeholder left
    integrity = json.loads(worker.split("const INTEGRITY = ")[1].split(";\n")[0])
    assert sorted(integrity) == sorted(FILES)
    assert f"new Set([{json.dumps(BIG)}])" in worker
    # the template's comments stay out of the download; its strings stay whole
    assert not [line for line in worker.splitlines() if line.lstrip().startswith(("//", "/*", "* "))]
    assert "Nothing is lost: your saved games stay on this device." in worker


@pytest.mark.parametrize("path", ["index.html", "pyscript.toml", "assets/boot.js"])
def test_a_damaged_small_copy_is_replaced_before_it_is_served_and_the_page_never_sees_it(
        worker_site: Path, path: str):
    served, again = run_worker(worker_site, [["damage", path], ["get", path], ["get", path]])
    assert served["served"] == "whole" and served["kept"]
    assert served["downloads"] == [f"/site/{path}"] and served["told"] == []   # nothing for the page to say
    assert again["served"] == "whole" and again["downloads"] == []   # the fresh copy is kept


def test_the_root_url_is_the_page_and_is_checked_too(worker_site: Path):
    (served,) = run_worker(worker_site, [["damage", "index.html"], ["get", "", "navigate"]])
    assert served["served"] == "whole" and served["kept"]


def test_a_big_copy_that_goes_bad_again_in_the_same_worker_is_caught_again(worker_site: Path):
    """The runtime's WebAssembly, damaged, served, replaced; damaged again later in the same
    worker's life: replaced and told again (it was once remembered as checked for good)."""
    steps = [["damage", BIG], ["get", BIG], ["get", BIG], ["damage", BIG], ["get", BIG]]
    first, whole, second = run_worker(worker_site, steps)
    for damaged in (first, second):
        assert damaged["served"] != "whole"   # handed out before the check: the page is told
        assert damaged["kept"] and damaged["downloads"] == [f"/site/{BIG}"]
        assert damaged["told"] == [{"type": "damaged-copy", "path": BIG, "replaced": True}]
    assert whole["served"] == "whole" and whole["downloads"] == [] and whole["told"] == []


def test_one_damaged_copy_has_the_others_checked(worker_site: Path):
    """A disk error rarely spoils one file: the worker checks the rest at once."""
    steps = [["damage", "assets/boot.js"], ["damage", "pyscript.toml"], ["get", BIG], ["damage", BIG],
             ["get", BIG], ["get", "assets/boot.js"]]
    _, replaced, later = run_worker(worker_site, steps)
    assert sorted(replaced["downloads"]) == sorted(f"/site/{p}" for p in (BIG, "assets/boot.js", "pyscript.toml"))
    assert later["served"] == "whole" and later["downloads"] == []


def test_offline_a_damaged_page_says_so_in_words_for_players_and_a_damaged_file_is_refused(worker_site: Path):
    steps = [["online", "", False], ["damage", "index.html"], ["damage", "assets/boot.js"],
             ["get", "index.html", "navigate"], ["get", "assets/boot.js"]]
    page, script = run_worker(worker_site, steps)
    assert page["status"] == 503 and not page["kept"]
    assert "damaged" in page["served"] and "Nothing is lost" in page["served"] and "Reconnect" in page["served"]
    assert "clear" not in page["served"].lower()
    assert script["status"] == "error"   # never the damaged bytes
    assert script["told"] == [{"type": "damaged-copy", "path": "assets/boot.js", "replaced": False}]
