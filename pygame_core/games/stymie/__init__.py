"""STYMIE: the rules state (`state`), its one fast playout (`playout`), its search hints
(`search_hints`) and what the page shows about it (`presentation`), put together as SPEC."""

from ...game import GameSpec, OptionSpec
from ...geometry.stymie import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE
from ...translatable import N_
from . import playout, position, presentation, search_hints
from .state import SIDE_LETTERS, SIDE_NAMES, StymieState, load_position, new_state

SPEC = GameSpec(
    name="stymie",
    title="STYMIE",
    options=(OptionSpec("size", DEFAULT_SIZE, N_("board size: octagons along each side (3 is tiny and quick, 12 is big)"),
                        minimum=MIN_SIZE, maximum=MAX_SIZE, step=1, label=N_("Size")),),
    new_state=new_state,
    player_names=lambda options: list(SIDE_NAMES),
    player_letters=lambda options: list(SIDE_LETTERS),
    playout=playout.play,  # type: ignore[arg-type]
    search=search_hints.HINTS,
    presentation=presentation.PRESENTATION,
    bench_options=({"size": 8}, {"size": 12}),
    load_position=load_position,
    position=position.RULES,
    lessons=(__name__, "lessons.json"),
)
StymieState.spec = SPEC
