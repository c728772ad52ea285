"""The lab's player specs: the product's (pygame_core.ai.player.make_player) and the page's
opponent, `page:level=L,workers=N` (lab.page_player), which lives here because it replays the
page's workers on the lab's clocks. `match` and `ladder` build every player through `lab_player`."""

from __future__ import annotations

import random
import time

from pygame_core.ai.player import Clock, Player, make_player, spec_params
from pygame_core.game import GameSpec

from .page_player import page_player


def lab_player(text: str, spec: GameSpec, rng: random.Random, clock: Clock = time.perf_counter) -> Player:
    """The player of `text`; ValueError naming the bad part. A `page:` player reads its own
    per-worker CPU clocks (lab.page_player), whatever `clock` is."""
    if spec_params(text)[0] == "page":
        return page_player(text, spec, rng)
    return make_player(text, spec, rng, clock)
