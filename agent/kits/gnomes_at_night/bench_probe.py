"""Probe of ``accord bench hot``: AISMCTS-F speed at 10k-iteration decisions.

Calls :func:`planners.aismcts_bench.run_bench` on the first two benchmark positions (one when
quick): the Numba core at 10,000 iterations per decision (300 when quick), the plain-Python
reference (:mod:`planners.aismcts_reference`) at 1,000 (100) as the same run's baseline.

``metric="iterations"`` reports iterations per second; ``metric="steps"`` reports simulated steps
per second (the turns each iteration plays from the root, in the tree and in the rollout; see
:attr:`planners.aismcts.SearchResult.steps`). A checkout whose search does not count steps (before
issue 18) reports no value for ``steps``: its trees are the same, so its steps per iteration are
too, but the probe does not guess them.
"""

from __future__ import annotations

from typing import Any

from planners.aismcts_bench import DEFAULT_POSITIONS, run_bench


def measure(
    quick: bool, iterations: int = 10_000, reference_iterations: int = 1_000, metric: str = "iterations"
) -> dict[str, Any]:
    """Numba iterations (or simulated steps) per second, with the Python reference's as reference."""
    numba_n, python_n = (300, 100) if quick else (iterations, reference_iterations)
    result = run_bench(
        [numba_n], DEFAULT_POSITIONS[:1] if quick else DEFAULT_POSITIONS[:2],
        reference_iterations=[python_n], repeats=1 if quick else 3,
    )  # fmt: skip
    key = "it_per_s" if metric == "iterations" else "steps_per_s"
    rate = {(row["core"], row["iterations"]): row.get(key) for row in result["results"]}
    detail: dict[str, Any] = {"iterations": numba_n, "mismatches": len(result["mismatches"])}
    if metric == "steps":
        detail["steps_per_iteration"] = next(
            (row.get("steps_per_iteration") for row in result["results"] if row["core"] == "numba"), None
        )
    return {
        "value": rate["numba", numba_n],
        "unit": "it/s" if metric == "iterations" else "steps/s",
        "better": "higher",
        "reference": rate["python", python_n],
        "reference_name": f"Python, {python_n:,} it",
        "detail": detail,
    }
