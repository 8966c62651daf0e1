"""Probe of ``accord bench hot``: DialOp Optimization instance generation, median ms per instance.

Generates the default instances (k = 8) of seeds ``0..seeds-1`` with the memo cleared, ``repeats``
times, after one untimed instance (Numba kernels loaded). Runs against any checkout that has
``games.dialop.optimization_game.generate_instance`` (see :class:`agent.kits.base.BenchProbe`).
"""

from __future__ import annotations

import hashlib
import statistics
import time
from typing import Any

from games.dialop.optimization_game import _generate, generate_instance


def measure(quick: bool, seeds: int = 100, repeats: int = 3) -> dict[str, Any]:
    """Median over repeats of the mean ms per instance, and a digest of the instances drawn."""
    count = 5 if quick else seeds
    generate_instance(10**6)
    per_instance = []
    digest = hashlib.sha256()
    for _ in range(1 if quick else repeats):
        _generate.cache_clear()
        began = time.perf_counter()
        instances = [generate_instance(seed) for seed in range(count)]
        per_instance.append((time.perf_counter() - began) / count * 1e3)
    for instance in instances:
        digest.update(instance.table.tobytes() + instance.mask1.tobytes() + instance.mask2.tobytes())
    return {
        "value": statistics.median(per_instance),
        "unit": "ms",
        "better": "lower",
        "detail": {"seeds": count, "runs_ms": per_instance, "results_sha256": digest.hexdigest()[:16]},
    }
