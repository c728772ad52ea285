"""Tiny Hex, the fifth game that lives only in the tests: it proves that a game is one folder.

The CLI (replay, ai, bench), the search and the page's controller logic play it with no line
changed outside this folder. Importing it registers nothing: a test that needs the registry to
know it asks for the `fifth_game` fixture (tests/conftest.py), so which games the other tests
see never depends on the order pytest imported the test files in.
"""

from pygame_core.game import GameSpec, OptionSpec, SearchHints
from pygame_core.presentation import Presentation

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
