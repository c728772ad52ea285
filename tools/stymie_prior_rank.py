"""How well STYMIE's two priors foresee a search that uses neither: in positions between turns
of the last 1,000 self-play games of docs/ladder/selfplay-stymie-300.jsonl (games of the kind the
learned prior was fitted on, which can only favour it), the rank each prior gives the first stone
that a prior-free search (`mcts:frozen=1`, 6,000 iterations) chooses; the learned prior against
the same reweighted by two-distance (`games/stymie/two_distance.py`). A diagnostic beside its
SPRT, not a decision (docs/opponent-log.md, "STYMIE: a two-distance prior").

    .venv/bin/python tools/stymie_prior_rank.py [draws]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python tools/stymie_prior_rank.py`

from pygame_core.ai.player import make_player  # noqa: E402
from pygame_core.games.stymie.patterns import PRIOR  # noqa: E402
from pygame_core.games.stymie.two_distance import TwoDistancePrior  # noqa: E402
from pygame_core.registry import find_game  # noqa: E402

GAMES = Path(__file__).resolve().parent.parent / "docs" / "ladder" / "selfplay-stymie-300.jsonl"
FROM_GAME = 4000   # the last 1,000 games
REFERENCE = "mcts:frozen=1,iterations=6000"


def main(draws: int = 400) -> None:
    spec = find_game("stymie")
    priors = {"learned": PRIOR, "two-distance": TwoDistancePrior(PRIOR.features, PRIOR.weights)}
    lines = GAMES.read_text(encoding="utf-8").splitlines()[FROM_GAME:]
    games = [json.loads(line)["moves"] for line in lines]
    rng = random.Random(7)
    ranks: dict[str, list[int]] = {name: [] for name in priors}
    for draw in range(draws):
        moves = rng.choice(games)
        cut = rng.randrange(6, max(7, len(moves) - 6))
        state = spec.new_game({"size": 8})
        for action in moves[:cut]:
            state = state.apply(action)
        if state.is_over or state.turn_actions:   # only positions between whole turns
            continue
        choice = make_player(REFERENCE, spec, random.Random(draw)).choose_turn(state)[0]
        for name, prior in priors.items():
            p = prior(state, None)
            order = sorted(p, key=lambda a: -p[a])
            ranks[name].append(order.index(choice) + 1 if choice in order else len(order))
    for name, found in ranks.items():
        print(f"{name:13} positions {len(found)}  median rank {statistics.median(found):g}  "
              f"mean {statistics.mean(found):.1f}  first {sum(r == 1 for r in found)}  "
              f"top 5 {sum(r <= 5 for r in found)}  top 10 {sum(r <= 10 for r in found)}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
