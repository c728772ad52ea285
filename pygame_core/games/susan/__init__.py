"""SUSAN: the rules state (`state`), its tables and verdicts (`board`), its one fast playout
(`playout`), its search hints (`search_hints`) and what the page shows about it (`presentation`),
put together as SPEC for the registry."""

from ...game import GameSpec, OptionSpec
from ...translatable import N_
from . import playout, position, presentation, search_hints
from .state import SusanState, load_position, new_state, player_letters, player_names, report_extras

SPEC = GameSpec(
    name="susan",
    title="SUSAN",
    options=(
        OptionSpec("size", 5, N_("cells along each side: 5 (61 cells, a quick game) or 6 (91 cells)"), (5, 6),
                   label=N_("Size")),
        OptionSpec("players", 2, N_("2 players are Black and White; with 3 or 4, Red and then Blue join "
                                    "and turns go round in that order"), (2, 3, 4),
                   label=N_("Players")),
        OptionSpec("variant", "A", N_("only for 3 or 4 players. A: the first to surround another player's "
                                      "stone wins at once. B: a player whose stone is surrounded is out (their stones "
                                      "leave the board) and the last one left wins. Either way, surrounding your own "
                                      "stone puts you out"), ("A", "B"),
                   label=N_("Variant")),
        OptionSpec("first", "Black", N_("which colour moves first"), ("Black", "White"),
                   label=N_("First")),
    ),
    new_state=new_state,
    player_names=player_names,
    player_letters=player_letters,
    playout=playout.play,  # type: ignore[arg-type]
    search=search_hints.HINTS,
    presentation=presentation.PRESENTATION,
    bench_options=({"size": 5}, {"size": 6}),
    load_position=load_position,
    report_extras=report_extras,
    position=position.RULES,
    lessons=(__name__, "lessons.json"),
)
SusanState.spec = SPEC
