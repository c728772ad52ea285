"""The built service worker (tools/sw_template.js) under Node, with scripted Cache Storage and
network: a language's catalogs (i18n/<code>.json and .mo) are not precached, are kept once used
or once the page asks, are served from the kept copy when the network fails, and a new build's
worker takes the old build's kept catalogs with it (issue 56: the player's language offline)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tools.build import write_service_worker

pytestmark = pytest.mark.skipif(not shutil.which("node"), reason="needs node")

SCOPE = "https://games.example/site/"
FILES = {"index.html": b"<!doctype html><title>game</title>", "assets/boot.js": b"console.log('boot');\n"}
CATALOGS = {"i18n/de.json": '{"messages":{}}', "i18n/de.mo": "mo bytes", "i18n/pt.json": '{"messages":{}}'}

# Loads sw.js as a browser would, with named caches, a network that serves FILES and CATALOGS
# (or fails when offline), then runs the steps and prints what each answered.
HARNESS = """
import vm from "node:vm";
import { readFileSync } from "node:fs";
const [scope, served, steps, oldCache] = JSON.parse(readFileSync("scenario.json", "utf8"));
const caches = new Map(Object.entries(oldCache).map(([name, entries]) => [name, new Map(Object.entries(entries))]));
let online = true;
const fetched = [];
const key = (request) => String(request?.url ?? request);
function cacheNamed(name) {
  if (!caches.has(name)) caches.set(name, new Map());
  const stored = caches.get(name);
  return {
    match: async (request) => (stored.has(key(request)) ? new Response(stored.get(key(request))) : undefined),
    put: async (request, response) => { stored.set(key(request), await response.text()); },
    keys: async () => [...stored.keys()].map((url) => ({ url })),
    delete: async (request) => stored.delete(key(request)),
    addAll: async (requests) => { for (const request of requests) stored.set(request.url, await (await network(request)).text()); },
  };
}
async function network(request) {
  const url = key(request);
  fetched.push(new URL(url).pathname);
  if (!online) throw new TypeError("Failed to fetch");
  const path = url.slice(scope.length);
  return path in served ? new Response(served[path]) : new Response("not found", { status: 404 });
}
const listeners = {};
const self = {
  registration: { scope }, location: new URL(scope),
  addEventListener: (type, handler) => { (listeners[type] ??= []).push(handler); },
  clients: { matchAll: async () => [], claim: async () => {} }, skipWaiting: async () => {},
};
const cacheStorage = {
  open: async (name) => cacheNamed(name), keys: async () => [...caches.keys()], delete: async (name) => caches.delete(name),
};
vm.runInContext(readFileSync("sw.js", "utf8"), vm.createContext({ self, caches: cacheStorage, fetch: network, crypto, btoa,
  Request: class { constructor(url) { this.url = url; } }, Response, URL, Map, Set, Promise, console }));
async function dispatch(type, event) {
  const waits = [];
  let answer;
  Object.assign(event, { waitUntil: (p) => waits.push(p), respondWith: (p) => { answer = p; } });
  for (const handler of listeners[type] ?? []) handler(event);
  await Promise.all(waits);
  return answer;
}
const out = [];
for (const [kind, arg] of steps) {
  if (kind === "online") { online = arg; out.push(null); continue; }
  if (kind === "ask") { await dispatch("message", { data: arg }); out.push(null); continue; }
  if (kind === "activate") { await dispatch("activate", {}); out.push([...caches.keys()].sort()); continue; }
  fetched.length = 0;
  try {
    const response = await dispatch("fetch", { request: { url: scope + arg, method: "GET", mode: "cors" } });
    out.push({ body: response ? await (await response).text() : null, fetched: [...fetched] });
  } catch (error) {
    out.push({ failed: error.name });
  }
}
const kept = Object.fromEntries([...caches].map(([name, stored]) => [name, [...stored.keys()].map((url) => url.slice(scope.length)).sort()]));
console.log(JSON.stringify({ out, kept }));
"""


def run_worker(tmp_path: Path, steps: list[list[object]], old_cache: dict[str, dict[str, str]] | None = None,
               served: dict[str, str] | None = None) -> tuple[dict[str, Any], str]:
    for path, body in FILES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(body)
    cache_name = write_service_worker(tmp_path / "sw.js", {path: tmp_path / path for path in FILES},
                                      prefix="site-", page="index.html")
    network = {**{path: body.decode() for path, body in FILES.items()}, **(served or CATALOGS)}
    (tmp_path / "scenario.json").write_text(json.dumps([SCOPE, network, steps, old_cache or {}]))
    (tmp_path / "run.mjs").write_text(HARNESS)
    result = subprocess.run(["node", "run.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), cache_name


def test_a_catalog_is_kept_once_used_and_served_from_the_kept_copy_offline(tmp_path: Path) -> None:
    result, cache = run_worker(tmp_path, [
        ["fetch", "i18n/de.json"], ["online", False], ["fetch", "i18n/de.json"], ["fetch", "i18n/pt.json"],
    ])
    used, offline, never_used = result["out"][0], result["out"][2], result["out"][3]
    assert used == {"body": CATALOGS["i18n/de.json"], "fetched": ["/site/i18n/de.json"]}
    assert offline["body"] == CATALOGS["i18n/de.json"]
    assert never_used == {"failed": "TypeError"}
    assert result["kept"] == {cache: ["i18n/de.json"]}   # not precached: no other language came


def test_online_the_catalog_comes_from_the_network_so_a_new_translation_shows(tmp_path: Path) -> None:
    result, _cache = run_worker(tmp_path, [["fetch", "i18n/de.json"], ["fetch", "i18n/de.json"]])
    assert [step["fetched"] for step in result["out"]] == [["/site/i18n/de.json"]] * 2


def test_the_page_may_ask_for_its_languages_catalogs_to_be_kept_and_nothing_else(tmp_path: Path) -> None:
    asked = {"type": "keep-catalogs", "paths": ["i18n/de.json", "i18n/de.mo", "assets/boot.js", "../evil", 7]}
    result, cache = run_worker(tmp_path, [["ask", asked], ["online", False], ["fetch", "i18n/de.mo"]])
    assert result["kept"] == {cache: ["i18n/de.json", "i18n/de.mo"]}
    assert result["out"][2]["body"] == CATALOGS["i18n/de.mo"]


def test_a_new_builds_worker_takes_the_kept_catalogs_with_it(tmp_path: Path) -> None:
    old = {"site-old": {f"{SCOPE}i18n/de.json": "old words", f"{SCOPE}index.html": "old page"}}
    result, cache = run_worker(tmp_path, [["activate", None], ["online", False], ["fetch", "i18n/de.json"]],
                               old_cache=old)
    assert result["out"][0] == [cache]
    assert result["kept"] == {cache: ["i18n/de.json"]}
    assert result["out"][2]["body"] == "old words"
