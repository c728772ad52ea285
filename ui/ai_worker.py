"""The opponent's PyScript worker (named "ai"): the search runs here, off the page's thread.

Loaded lazily by ui.ai_client as <script type="py" worker name="ai" src="./ui/ai_worker.py"
config="./pyscript.toml">. Stays pure: no window or document (unavailable in a worker without
SharedArrayBuffer); every call takes and returns plain text, and answers a bad request with
{"error": message} (pygame_core.ai.worker_calls.error_as_json) rather than raising into the page.
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
from pygame_core.ai.worker_calls import error_as_json  # noqa: E402
from pygame_core.registry import all_games, find_game  # noqa: E402

_session = SearchSession()
_coach = CoachSession()   # the coach's analyses (ui.coach_client starts this script as a worker "coach")
_explain = ExplainSession()   # the analysis panel's explanations (ui.explain_client), in the coach's worker


@error_as_json
def start(request_json: str) -> str:
    """Begin a turn search; JSON progress."""
    return _session.start(str(request_json))


@error_as_json
def step(milliseconds: float) -> str:
    """Search about `milliseconds` more; JSON progress, with the turn once done."""
    return _session.step(float(milliseconds))


@error_as_json
def commit(action: int) -> str:
    """Pooled search: play the action the page chose from every worker's rows; like step."""
    return _session.commit(action)


@error_as_json
def bench(seconds: float, game: str | None = None, frozen: bool = False) -> str:
    """Iterations and playouts per second from the opening, for `game` or for every game
    (the in-browser speed figure; `frozen`: with the games' frozen baseline hints)."""
    specs = all_games() if game is None else (find_game(str(game)),)
    return json.dumps([measure(spec, spec.bench_options[0], float(seconds), frozen=bool(frozen))
                       for spec in specs])


@error_as_json
def analyse_start(request_json: str) -> str:
    """Begin an evaluation or a game review (pygame_core.ai.coach_session); JSON progress."""
    return _coach.start(str(request_json))


@error_as_json
def analyse_step(milliseconds: float) -> str:
    """Analyse about `milliseconds` more; JSON progress, with what was finished."""
    return _coach.step(float(milliseconds))


@error_as_json
def explain_start(request_json: str) -> str:
    """Show a position to explain (pygame_core.ai.explain_session); JSON explanation so far."""
    return _explain.start(str(request_json))


@error_as_json
def explain_step(milliseconds: float) -> str:
    """Refine the explanation about `milliseconds` more; JSON explanation."""
    return _explain.step(float(milliseconds))


__export__ = ["start", "step", "commit", "bench", "analyse_start", "analyse_step", "explain_start", "explain_step"]
