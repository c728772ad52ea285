"""Tiny Hex, the fifth game that lives only in the tests: it proves that a game is one folder.

It registers itself on import and is then played by the CLI (replay, ai, bench), the search
and the page's controller logic with no line changed outside this folder.
"""

from pygame_core.game import GameSpec, OptionSpec, SearchHints
from pygame_core.presentation import Presentation
from pygame_core.registry import register

from . import playout
from .state import NAMES, TinyHex, load_position, new_state

SPEC = GameSpec(
    name="tinyhex",
    title="Tiny Hex",
    options=(OptionSpec("size", 3, "side", (2, 3, 4, 5)), OptionSpec("stones", 1, "stones per turn", (1, 2, 3))),
    new_state=new_state,
    player_names=lambda options: list(NAMES),
    player_letters=lambda options: ["B", "W"],
    playout=playout.play,  # type: ignore[arg-type]
    search=SearchHints(rave_ref=20),
    presentation=Presentation(example_move="b2", goal_bars=(("Black", "top-bottom"), ("White", "left-right"))),
    bench_options=({"size": 3}, {"size": 5}),
    load_position=load_position,
)
TinyHex.spec = SPEC
register(SPEC.name, __name__)
