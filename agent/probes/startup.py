"""Probe: wall time of one ``accord`` command, from process start to exit (median of runs).

Run by ``accord bench hot`` with ``PYTHONPATH`` set to the checkout under test; the command runs
in a fresh interpreter with the same ``PYTHONPATH`` each time, as the console script would.

It is timed as a user's machine runs it: with Python's bytecode cache on (Python's default; a
``PYTHONDONTWRITEBYTECODE`` in the environment is dropped) in a cache directory of the probe's own
(``PYTHONPYCACHEPREFIX``, so no checkout is written to), after one untimed run that fills it.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

_MAIN = "import sys; from agent.cli import main; sys.argv[0] = 'accord'; main()"


def measure(quick: bool, argv: list[str], runs: int = 5) -> dict[str, Any]:
    """Median wall time of ``accord *argv`` over ``runs`` runs (one when ``quick``), after a warm-up."""
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        times = []
        for run in range(1 + (1 if quick else runs)):
            began = time.perf_counter()
            done = subprocess.run([sys.executable, "-P", "-c", _MAIN, *argv], capture_output=True, text=True, env=env)
            if run:  # the first run fills the bytecode cache
                times.append(time.perf_counter() - began)
            if done.returncode != 0:
                tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
                raise RuntimeError(f"accord {' '.join(argv)} exited with {done.returncode}: {tail}")
    runs_ms = [t * 1e3 for t in times]
    return {"value": statistics.median(runs_ms), "unit": "ms", "better": "lower", "detail": {"runs_ms": runs_ms}}
