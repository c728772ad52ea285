"""What LISBON's search should know: the threats' hints (`threats.HINTS`: GRAVE, the winning and
blocking moves, the verdict) and the move priors learned from self-play (`patterns`, issue 28);
`mcts:frozen=1` plays without the priors, as before issue 28."""

from __future__ import annotations

from dataclasses import replace

from .patterns import PRIOR
from .threats import HINTS as TODAY

PRIOR_BIAS = 0.5  # the learned prior's weight in selection (ai.search); GRAVE searches explore less

HINTS = replace(TODAY, prior=PRIOR, prior_bias=PRIOR_BIAS, frozen=TODAY)
