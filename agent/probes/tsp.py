"""Probe: exact TSP on the solver bench's instances (``solvers.bench.random_instance``, prefix [0, 1],
maximised), median milliseconds per solve.

``measure(quick, n=20)`` times ``method="auto"`` where the checkout has it and the Held-Karp DP
otherwise (the older checkout's exact method); its reference is the DP on the same instances.
``measure(quick, n=16, method="dp")`` times the DP with the plain-Python Held-Karp as reference.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from typing import Any

from solvers.bench import random_instance
from solvers.tsp import METHODS, solve_tsp, warm_up


def _digest(values: list[float]) -> str:
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]


def _median_ms(method: str, instances: list[Any], repeats: int) -> tuple[float, list[float]]:
    values = []
    times = []
    for w in instances:
        for _ in range(repeats):
            began = time.perf_counter()
            solution = solve_tsp(w, prefix=(0, 1), maximize=True, method=method)
            times.append(time.perf_counter() - began)
        values.append(solution.value)
    return statistics.median(times) * 1e3, values


def measure(quick: bool, n: int = 20, method: str = "auto") -> dict[str, Any]:
    """Median ms of ``method`` (the DP if this checkout lacks it) over 5 instances x 3 repeats."""
    warm_up()
    chosen = method if method in METHODS else "dp"
    reference = "dp_python" if method == "dp" else "dp"
    instances = [random_instance(n, seed) for seed in range(1 if quick else 5)]
    solve_tsp(instances[0], prefix=(0, 1), maximize=True, method=chosen)  # loads CP-SAT
    value, values = _median_ms(chosen, instances, 1 if quick else 3)
    # the plain-Python DP is slow: its first instance only, three times
    slow = reference == "dp_python"
    reference_ms, reference_values = _median_ms(reference, instances[:1] if slow else instances, 3 if slow else 1)
    if values[: len(reference_values)] != reference_values:
        raise RuntimeError(f"{chosen} and {reference} disagree on the optimum: {values} vs {reference_values}")
    return {
        "value": value,
        "unit": "ms",
        "better": "lower",
        "reference": reference_ms,
        "reference_name": reference,
        "detail": {"n": n, "method": chosen, "optima": values, "results_sha256": _digest(values)},
    }
