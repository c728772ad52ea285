"""tools/calibrate_komi.py: White wins at komi k exactly when the margin before komi exceeds k."""

from __future__ import annotations

from tools.calibrate_komi import implied_rates


def test_implied_rates_count_margins_above_each_komi() -> None:
    margins = [-3.0, 2.0, 6.0, 6.0, 11.0]
    assert implied_rates(margins, [-3.5, 1.5, 5.5, 6.5, 11.5]) == {-3.5: 1.0, 1.5: 0.8, 5.5: 0.6, 6.5: 0.2, 11.5: 0.0}
