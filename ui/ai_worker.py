"""The opponent's PyScript worker (named "ai"): the search runs here, off the page's thread.

Loaded lazily by ui.ai_client as <script type="py" worker name="ai" src="./ui/ai_worker.py"
config="./pyscript.toml">. Stays pure: no window or document (unavailable in a worker without
SharedArrayBuffer); every call takes and returns plain text.
"""

import json
import sys

from app_archive import unwrap  # (pyscript.toml's [files] puts it beside app.zip)

unwrap("app.zip")  # shipped as gzip: zipimport needs the zip inside
sys.path.insert(0, "app.zip")  # the game's packages, as pyscript.toml's [files] puts them

from pygame_core.ai.bench import measure  # noqa: E402  (imports need the path above)
from pygame_core.ai.coach_session import CoachSession  # noqa: E402
from pygame_core.ai.explain_session import ExplainSession  # noqa: E402
from pygame_core.ai.session import SearchSession  # noqa: E402
from pygame_core.registry import all_games, find_game  # noqa: E402

_session = SearchSession()
_coach = CoachSession()   # the coach's analyses (ui.coach_client starts this script as a worker "coach")
_explain = ExplainSession()   # the analysis panel's explanations (ui.explain_client), in the coach's worker


def start(request_json):
    """Begin a turn search; JSON progress, or {"error": ...} for a bad request."""
    try:
        return _session.start(str(request_json))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})


def step(milliseconds):
    """Search about `milliseconds` more; JSON progress, with the turn once done."""
    try:
        return _session.step(float(milliseconds))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})


def commit(action):
    """Pooled search: play the action the page chose from every worker's rows; like step."""
    try:
        return _session.commit(action)
    except ValueError as exc:
        return json.dumps({"error": str(exc)})


def bench(seconds, game=None, frozen=False):
    """Iterations and playouts per second from the opening, for `game` or for every game
    (the in-browser speed figure; `frozen`: with the games' frozen baseline hints)."""
    specs = all_games() if game is None else (find_game(str(game)),)
    return json.dumps([measure(spec, spec.bench_options[0], float(seconds), frozen=bool(frozen))
                       for spec in specs])


def analyse_start(request_json):
    """Begin an evaluation or a game review (pygame_core.ai.coach_session); JSON progress."""
    try:
        return _coach.start(str(request_json))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})


def analyse_step(milliseconds):
    """Analyse about `milliseconds` more; JSON progress, with what was finished."""
    try:
        return _coach.step(float(milliseconds))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})


def explain_start(request_json):
    """Show a position to explain (pygame_core.ai.explain_session); JSON explanation so far."""
    try:
        return _explain.start(str(request_json))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})


def explain_step(milliseconds):
    """Refine the explanation about `milliseconds` more; JSON explanation."""
    try:
        return _explain.step(float(milliseconds))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})


__export__ = ["start", "step", "commit", "bench", "analyse_start", "analyse_step", "explain_start", "explain_step"]
