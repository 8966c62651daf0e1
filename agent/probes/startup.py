"""Probe: wall time of one ``accord`` command, from process start to exit (median of runs).

Run by ``accord bench hot`` with ``PYTHONPATH`` set to the checkout under test; the command runs
in a fresh interpreter with the same ``PYTHONPATH`` each time, as the console script would.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Any

_MAIN = "import sys; from agent.cli import main; sys.argv[0] = 'accord'; main()"


def measure(quick: bool, argv: list[str], runs: int = 5) -> dict[str, Any]:
    """Median wall time of ``accord *argv`` over ``runs`` runs (one when ``quick``)."""
    times = []
    for _ in range(1 if quick else runs):
        began = time.perf_counter()
        done = subprocess.run([sys.executable, "-P", "-c", _MAIN, *argv], capture_output=True, text=True)
        times.append(time.perf_counter() - began)
        if done.returncode != 0:
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(f"accord {' '.join(argv)} exited with {done.returncode}: {tail}")
    runs_ms = [t * 1e3 for t in times]
    return {"value": statistics.median(runs_ms), "unit": "ms", "better": "lower", "detail": {"runs_ms": runs_ms}}
