"""Lighthouse's performance audit of a served page, through the pinned npm package
(node_modules/.bin/lighthouse) and the same Chromium the other benchmarks use.

A separate module so that a benchmark can print Lighthouse's figures beside its own: the score
and the timings a reader of its report looks at first. Lighthouse throttles by simulation
(its default), so the figures are comparable between runs on a quiet machine; on a busy one the
total blocking time grows with the load.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tools.browser_harness import SYSTEM_CHROMIUM, SYSTEM_CHROMIUM_ARGS

REPO = Path(__file__).resolve().parent.parent
LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"
AUDITS = {"fcp": "first-contentful-paint", "lcp": "largest-contentful-paint",
          "tbt": "total-blocking-time", "si": "speed-index", "tti": "interactive"}


@dataclass(frozen=True)
class Audit:
    """One Lighthouse run: the performance score (0-100) and its timings in ms."""
    preset: str
    score: int
    timings_ms: dict[str, float]

    def line(self) -> str:
        parts = ", ".join(f"{name.upper()} {value / 1000:.1f} s" for name, value in self.timings_ms.items())
        return f"Lighthouse {self.preset}: performance {self.score} ({parts})"


def available() -> str | None:
    """None when Lighthouse can run here, else why not."""
    if not LIGHTHOUSE.exists():
        return "node_modules/.bin/lighthouse is missing (npm ci)"
    if not SYSTEM_CHROMIUM.exists():
        return f"{SYSTEM_CHROMIUM} is missing"
    return None


def audit(url: str, preset: str) -> Audit:
    """Run Lighthouse's performance category on `url` with the `desktop` or `mobile` preset."""
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as folder:
        report = Path(folder) / "report.json"
        command = [str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json",
                   f"--output-path={report}", "--quiet", f"--chrome-flags={' '.join(SYSTEM_CHROMIUM_ARGS)}"]
        if preset == "desktop":
            command.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": str(SYSTEM_CHROMIUM)}
        subprocess.run(command, check=True, env=env, timeout=600, capture_output=True)
        data = json.loads(report.read_text(encoding="utf-8"))
    audits = data["audits"]
    return Audit(preset, round(100 * (data["categories"]["performance"]["score"] or 0)),
                 {name: float(audits[key]["numericValue"]) for name, key in AUDITS.items()})
