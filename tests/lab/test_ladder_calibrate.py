"""`ladder calibrate`'s positions (lab/ladder/calibrate.py): each labelled with its mover's
result, from self-play after the ladder's openings; a game without a static evaluation is refused.
The slope's fit itself is pygame_core.ai.cutoff's (tests/core/test_ai_cutoff.py)."""

from __future__ import annotations

import pytest

from lab.ladder.calibrate import labelled_positions
from pygame_core.games.lisbon import SPEC as LISBON
from pygame_core.games.susan import SPEC


def test_calibration_labels_every_position_with_its_movers_result() -> None:
    values, outcomes = labelled_positions(SPEC, SPEC.resolve_options({}), "mcts:iterations=10", 2, 1, 4)
    assert len(values) == len(outcomes) > 10
    assert all(-1.0 < v < 1.0 for v in values) and set(outcomes) <= {0.0, 0.5, 1.0}
    with pytest.raises(ValueError, match="static evaluation"):
        labelled_positions(LISBON, LISBON.resolve_options({}), "mcts:iterations=10", 1, 1, 4)
