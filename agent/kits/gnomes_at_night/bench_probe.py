"""Probe of ``accord bench hot``: AISMCTS-F iterations per second at 10k-iteration decisions.

Calls :func:`planners.aismcts_bench.run_bench` on the first two benchmark positions (one when
quick): the Numba core at 10,000 iterations per decision (300 when quick), the plain-Python
reference (:mod:`planners.aismcts_reference`) at 1,000 (100) as the same run's baseline.
"""

from __future__ import annotations

from typing import Any

from planners.aismcts_bench import DEFAULT_POSITIONS, run_bench


def measure(quick: bool, iterations: int = 10_000, reference_iterations: int = 1_000) -> dict[str, Any]:
    """Numba iterations/s, with the Python reference's iterations/s as reference."""
    numba_n, python_n = (300, 100) if quick else (iterations, reference_iterations)
    result = run_bench(
        [numba_n], DEFAULT_POSITIONS[:1] if quick else DEFAULT_POSITIONS[:2],
        reference_iterations=[python_n], repeats=1 if quick else 3,
    )  # fmt: skip
    rate = {(row["core"], row["iterations"]): row["it_per_s"] for row in result["results"]}
    return {
        "value": rate["numba", numba_n],
        "unit": "it/s",
        "better": "higher",
        "reference": rate["python", python_n],
        "reference_name": f"Python, {python_n:,} it",
        "detail": {"iterations": numba_n, "mismatches": len(result["mismatches"])},
    }
