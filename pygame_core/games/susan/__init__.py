"""SUSAN: the rules state (`state`), its tables and verdicts (`board`), its one fast playout
(`playout`), its search hints (`hints`) and what the page shows about it (`presentation`),
put together as SPEC for the registry."""

from ...game import GameSpec, OptionSpec
from . import hints, playout, presentation
from .state import SusanState, load_position, new_state, player_letters, player_names, report_extras

SPEC = GameSpec(
    name="susan",
    title="SUSAN",
    options=(
        OptionSpec("size", 5, "cells per side: 5 (61 cells) or 6 (91 cells)", (5, 6)),
        OptionSpec("players", 2, "number of players (3-4 follow RULES 1.3)", (2, 3, 4)),
        OptionSpec("variant", "A", "3-4 players: A = first surround wins, B = surrounded players "
                   "are eliminated", ("A", "B")),
        OptionSpec("first", "Black", "colour of the first player (seat 0)", ("Black", "White")),
    ),
    new_state=new_state,
    player_names=player_names,
    player_letters=player_letters,
    playout=playout.play,  # type: ignore[arg-type]
    search=hints.HINTS,
    presentation=presentation.PRESENTATION,
    bench_options=({"size": 5}, {"size": 6}),
    load_position=load_position,
    report_extras=report_extras,
)
SusanState.spec = SPEC
