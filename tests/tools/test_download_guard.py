"""assets/download-progress.mjs and assets/boot-failure.mjs under Node, with a scripted fetch:
a checked download that fails in any way is reported and fetched again, and only the whole,
verified file reaches the caller; the failure message's words say what failed and how to go on."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tools.build import DOWNLOAD_MARKER, DOWNLOAD_MODULE, REPO, fill_marked_line

BODY = bytes(range(256)) * 64  # 16 KB "app.zip"

GUARD_SCRIPT = """
const site = new URL("./", import.meta.url);
globalThis.location = { href: site.href };
const body = new Uint8Array(%(body)s);
const damaged = body.slice(); damaged[5] ^= 1;
const calls = [];
const script = [
  () => new Response("no", { status: 500 }),
  () => { throw new TypeError("Failed to fetch"); },
  () => new Response(body.slice(0, 100)),
  () => new Response(damaged),
  (init) => new Promise((_, reject) => init.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
  () => new Response(body, { headers: { "content-type": "application/zip" } }),
];
globalThis.fetch = async (url, init = {}) => {
  calls.push({ url: String(url), cache: init.cache ?? null });
  if (!String(url).endsWith("app.zip")) return new Response("other");
  return script[calls.filter((c) => c.url.endsWith("app.zip")).length - 1](init);
};
const { followDownloads, checkedBytes } = await import(new URL("assets/download-progress.mjs", site));
const reasons = [];
const bytes = [];
let activity = 0;
const stop = followDownloads({
  onBytes: (received, total) => bytes.push([received, total]),
  onActivity: () => { activity += 1; },
  onFailure: async (failure) => { reasons.push(failure.reason); },
  stallMs: () => 200,
});
const response = await fetch("python/app.zip");
const got = new Uint8Array(await response.arrayBuffer());
const other = await (await fetch("vendor/other.js")).text();
let refused = null;
try { await checkedBytes(new URL("python/app.zip", site), damaged); } catch (error) { refused = error.reason; }
stop();
console.log(JSON.stringify({
  reasons, same: got.length === body.length && got.every((b, i) => b === body[i]),
  type: response.headers.get("content-type"), caches: calls.filter((c) => c.url.endsWith("app.zip")).map((c) => c.cache),
  other, refused, counted: bytes.length, activity,
}));
"""

WORDS_SCRIPT = """
globalThis.__bootMarks = [];
globalThis.addEventListener = () => {};
globalThis.document = { readyState: "complete", addEventListener() {}, getElementById: () => null };
const { damagedCopy, describe, failureFrom, PARTS } = await import(%(module)s);
const wasm = failureFrom(Object.assign(new Error("x"), { name: "DownloadFailure", path: "vendor/pyodide/pyodide.asm.wasm", runtime: true, reason: "http" }));
const zip = failureFrom(Object.assign(new Error("x"), { name: "DownloadFailure", path: "python/app.zip", runtime: false, reason: "truncated" }));
const cut = failureFrom(new SyntaxError("Unexpected end of input"), PARTS.runtime);
const gone = failureFrom(new TypeError("Failed to fetch dynamically imported module"), PARTS.page);
console.log(JSON.stringify({
  online: describe([wasm], true), offline: describe([wasm, zip], false), cut: describe([cut], true),
  reloads: [wasm.reload, cut.reload, gone.reload],
  damaged: describe([cut, damagedCopy({ path: "python/app.zip", replaced: true }),
                     damagedCopy({ path: "vendor/pyodide/pyodide.asm.wasm", replaced: true })], true),
  removed: describe([damagedCopy({ path: "python/app.zip", replaced: false })], false),
}));
"""


def run_node(script: str, cwd: Path) -> dict:
    (cwd / "run.mjs").write_text(script)
    result = subprocess.run(["node", "run.mjs"], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.fixture
def guard_site(tmp_path: Path) -> Path:
    """download-progress.mjs as the build writes it, checking one 16 KB python/app.zip."""
    (tmp_path / "assets").mkdir()
    module = tmp_path / DOWNLOAD_MODULE
    shutil.copy(REPO / DOWNLOAD_MODULE, module)
    shutil.copy(REPO / "assets" / "snapshot.mjs", tmp_path / "assets")  # its SHA-256 helper
    checks = {"python/app.zip": {"bytes": len(BODY), "sha256": hashlib.sha256(BODY).hexdigest(), "counted": False},
              "vendor/pyodide/pyodide.asm.wasm": {"bytes": 1, "sha256": "0" * 64, "counted": True}}
    fill_marked_line(module, DOWNLOAD_MARKER, f"const FILES = {json.dumps(checks)};")
    return tmp_path


def test_each_kind_of_failure_is_reported_and_fetched_again_until_whole(guard_site: Path):
    out = run_node(GUARD_SCRIPT % {"body": json.dumps(list(BODY))}, guard_site)
    assert out["reasons"] == ["http", "network", "truncated", "corrupt", "stalled"]
    assert out["same"] and out["type"] == "application/zip"
    assert out["caches"] == [None, "reload", "reload", "reload", "reload", "reload"]  # past a bad HTTP-cache copy
    assert out["other"] == "other"  # files the build does not list pass untouched
    assert out["refused"] == "corrupt"  # the snapshot maker's check
    assert out["activity"] > 0 and out["counted"] == 0  # alive, but the bar counts the runtime's files only


@pytest.mark.slow
def test_the_words_say_what_failed_and_how_to_go_on(tmp_path: Path):
    module = json.dumps((REPO / "assets" / "boot-failure.mjs").as_uri())
    out = run_node(WORDS_SCRIPT % {"module": module}, tmp_path)
    assert "the Python runtime did not download (the server answered with an error)" in out["online"]["headline"]
    assert "online" in out["online"]["network"] and out["online"]["action"] == ""
    assert "Nothing is lost" in out["online"]["detail"]
    assert "the Python runtime and the game's code" in out["offline"]["headline"]
    assert "cut short" in out["offline"]["headline"] and "offline" in out["offline"]["network"]
    assert "reloads the page" in out["cut"]["action"]
    assert out["reloads"] == [False, True, False]


def test_a_damaged_kept_copy_is_named_as_the_cause_and_no_advice_deletes_saves(tmp_path: Path):
    module = json.dumps((REPO / "assets" / "boot-failure.mjs").as_uri())
    out = run_node(WORDS_SCRIPT % {"module": module}, tmp_path)
    damaged, removed = out["damaged"], out["removed"]
    assert damaged["headline"] == ("The game could not finish loading: the copy of the game's code and the "
                                   "Python runtime kept on this device for offline play was damaged.")
    assert damaged["network"] == "It has been downloaded again: try again."
    assert "reloads the page" in damaged["action"] and "Nothing is lost" in damaged["detail"]
    assert "reconnect to download it again" in removed["network"]
    words = " ".join(str(value) for value in (*damaged.values(), *removed.values())).lower()
    assert "clear" not in words and "site data" not in words


RETRY_SCRIPT = """
globalThis.__bootMarks = [];
globalThis.addEventListener = () => {};
globalThis.document = { readyState: "complete", addEventListener() {}, getElementById: () => null };
const { mayRetryByItself, damagedCopy } = await import(%(module)s);
const kept = new Map();
const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
const denied = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
console.log(JSON.stringify({
  retries: [mayRetryByItself(storage, 1_000), mayRetryByItself(storage, 30_000), mayRetryByItself(storage, 61_001)],
  denied: mayRetryByItself(denied, 1_000),
  parts: ["index.html", "vendor/pyscript/core.js", "python/app.zip", "vendor/pyodide/pyodide.asm.wasm"].map(
    (path) => damagedCopy({ path, replaced: true }).part),
}));
"""


def test_a_load_given_a_damaged_copy_starts_again_by_itself_at_most_once_a_minute(tmp_path: Path):
    """Issue 54, item 13: the page reloads by itself onto the replaced copy, but a copy that
    keeps going bad is said (with Try again) rather than reloaded for ever."""
    module = json.dumps((REPO / "assets" / "boot-failure.mjs").as_uri())
    out = run_node(RETRY_SCRIPT % {"module": module}, tmp_path)
    assert out["retries"] == [True, False, True]
    assert out["denied"] is False   # no storage to remember by: say it instead
    assert out["parts"] == ["the page's code", "the page's code", "the game's code", "the Python runtime"]
