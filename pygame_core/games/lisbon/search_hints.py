"""What LISBON's search should know: the threats' hints (`threats.THREAT_HINTS`: GRAVE, the
winning and blocking moves, the verdict) and the move priors learned from self-play (`patterns`,
docs/opponent-learning.md); `mcts:frozen=1` plays the frozen baseline, without the priors."""

from __future__ import annotations

from dataclasses import replace

from .patterns import PRIOR
from .threats import THREAT_HINTS as FROZEN_BASELINE

PRIOR_BIAS = 0.5  # the learned prior's weight in selection (ai.search); GRAVE searches explore less

HINTS = replace(FROZEN_BASELINE, prior=PRIOR, prior_bias=PRIOR_BIAS, frozen=FROZEN_BASELINE)
