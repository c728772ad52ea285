"""Issue 54, item 17: a worker whose script fails to load is known at once, and the computer's
failed turn says why in a player's words -- could not load, or timed out -- rather than only
"The computer could not move." after two minutes. The page's side (assets/worker-script.mjs)
runs under Node with a scripted fetch; the rest is plain Python (the sentence the page shows:
e2e/test_opponent_failure.py)."""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path

import pytest

from tools.build import REPO
from ui.ai_client import SCRIPT_TIMEOUT_S, script_failure, script_timeout_s
from ui.worker_watch import TIMED_OUT, WorkerLost, within

WATCH_SCRIPT = """
globalThis.document = { baseURI: "https://games.example/site/index.html" };
const answers = {
  ok: () => Promise.resolve(new Response("print('ready')")),
  http: () => Promise.resolve(new Response("Server error", { status: 500 })),
  network: () => Promise.reject(new TypeError("Failed to fetch")),
  never: () => new Promise(() => {}),
};
const { watchScript } = await import(%(module)s);
const out = {};
for (const [kind, answer] of Object.entries(answers)) {
  const asked = [];
  const pageFetch = (url) => { asked.push(String(url)); return String(url).endsWith("ai_worker.py") ? answer() : Promise.resolve(new Response("other")); };
  globalThis.fetch = pageFetch;
  const outcome = watchScript("./ui/ai_worker.py", 200);
  await fetch("assets/site.css");   // another file, asked for meanwhile, passes untouched
  fetch("https://games.example/site/ui/ai_worker.py").catch(() => {});
  out[kind] = { outcome: await outcome, restored: globalThis.fetch === pageFetch, asked };
}
globalThis.fetch = () => Promise.resolve(new Response(""));
out.unseen = await watchScript("./ui/ai_worker.py", 50);
console.log(JSON.stringify(out));
"""


def test_the_page_knows_at_once_whether_the_script_loaded_failed_or_timed_out(tmp_path: Path):
    module = json.dumps((REPO / "assets" / "worker-script.mjs").as_uri())
    (tmp_path / "run.mjs").write_text(WATCH_SCRIPT % {"module": module})
    result = subprocess.run(["node", "run.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert {kind: out[kind]["outcome"] for kind in ("ok", "http", "network", "never")} == {
        "ok": "loaded", "http": "http 500", "network": "network", "never": "timeout"}
    for kind in ("ok", "http", "network", "never"):
        assert out[kind]["restored"], f"{kind}: the page's fetch() is its own again"
        assert out[kind]["asked"] == ["assets/site.css", "https://games.example/site/ui/ai_worker.py"]
    assert out["unseen"] == "unknown"   # never asked for: the start bound decides


def test_each_outcome_has_words_for_the_player():
    assert script_failure("loaded") is None and script_failure("unknown") is None
    assert script_failure("timeout") == "its program timed out while loading"
    assert script_failure("network") == "its program could not load (the connection failed)"
    assert script_failure("http 404") == "its program could not load (the server answered with an error)"


def test_the_script_is_named_before_the_start_bound_ends():
    assert script_timeout_s(120) == SCRIPT_TIMEOUT_S == 30
    assert script_timeout_s(4) == 2


@pytest.mark.parametrize(("lost_with", "reason"), [("its program could not load (the connection failed)", None),
                                                    (None, TIMED_OUT)])
def test_a_lost_worker_says_why_in_a_players_words(lost_with: str | None, reason: str | None):
    async def scenario() -> WorkerLost:
        lost = asyncio.get_running_loop().create_future()
        if lost_with:
            asyncio.get_running_loop().call_later(0.01, lost.set_result, lost_with)
        with pytest.raises(WorkerLost) as caught:
            await within(asyncio.Event().wait(), 0.2 if lost_with else 0.05, lost, "ai did not start")
        return caught.value

    lost = asyncio.run(scenario())
    assert lost.reason == (reason or lost_with)
    assert str(lost).startswith("ai did not start: ")
