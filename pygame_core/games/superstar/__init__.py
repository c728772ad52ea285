"""SUPERSTAR: the rules state (`state`), its board tables and counting (`board`), its one fast
playout (`playout`), its search hints (`search_hints`) and what the page shows about it
(`presentation`), put together as SPEC."""

from ...game import GameSpec, OptionSpec
from ...translatable import N_
from . import playout, position, presentation, search_hints
from .state import SuperstarState, load_position, new_state, player_letters, player_names, report_extras

SPEC = GameSpec(
    name="superstar",
    title="SUPERSTAR",
    options=(
        OptionSpec("komi", 5.5, N_("extra points for Black, who moves second (in steps of 0.5; a half point means no tie)"), (),
                   minimum=-50, maximum=50, step=0.5, label=N_("Komi")),
    ),
    new_state=new_state,
    player_names=player_names,
    player_letters=player_letters,
    playout=playout.play,  # type: ignore[arg-type]
    search=search_hints.HINTS,
    presentation=presentation.PRESENTATION,
    load_position=load_position,
    report_extras=report_extras,
    position=position.RULES,
    lessons=(__name__, "lessons.json"),
)
SuperstarState.spec = SPEC
