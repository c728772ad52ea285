"""LISBON: the rules state (`state`), its one fast playout (`playout`), its threats (`threats`)
and search hints (`search_hints`) and what the page shows about it (`presentation`), put together as SPEC."""

from ...game import GameSpec
from . import playout, position, presentation, search_hints
from .state import LETTERS, NAMES, LisbonState, new_state, report_extras

SPEC = GameSpec(
    name="lisbon",
    title="LISBON",
    options=(),
    new_state=new_state,
    player_names=lambda options: list(NAMES),
    player_letters=lambda options: list(LETTERS),
    playout=playout.play,  # type: ignore[arg-type]
    search=search_hints.HINTS,
    presentation=presentation.PRESENTATION,
    report_extras=report_extras,
    position=position.RULES,
    lessons=(__name__, "lessons.json"),
)
LisbonState.spec = SPEC
