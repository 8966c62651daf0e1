"""Wall-clock benchmark of the exact TSP solvers on shared random instances.

For every size n one random instance is drawn (integer weights 1..10, symmetric) and every
method solves the same task on it: maximise the tour from node 0 with the one-room prefix
``[0, 1]`` (start plus one agreed room), which leaves k = n - 2 free nodes.

| method    | repeats                                   | run when                |
| --------- | ----------------------------------------- | ----------------------- |
| dp        | >= 10 x ``repeats`` and >= 0.25 s of runs | always, after warm_up() |
| dp_python | ``repeats``                               | n <= ``python_max_n``   |
| cpsat     | ceil(``repeats`` / 2)                     | always                  |
| scip      | ceil(``repeats`` / 2)                     | always                  |

Every value is checked against the DP optimum; a difference is recorded in ``mismatches`` and
raised as a ``RuntimeWarning``. Targets (n = 16): DP median <= 10 ms, and >= 40x faster than
the plain-Python Held-Karp.

Run ``python -m solvers.bench`` to print the result as JSON.
"""

from __future__ import annotations

import gc
import json
import math
import os
import platform
import statistics
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from importlib import metadata
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

from solvers.tsp import (
    TSPSolution,
    solve_tsp_cpsat,
    solve_tsp_dp,
    solve_tsp_dp_python,
    solve_tsp_scip,
    warm_up,
)

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["BENCH_PREFIX", "bench_solvers", "random_instance", "render_bench_table"]

#: The agreed beginning of every benchmark tour: start room 0, then room 1.
BENCH_PREFIX = (0, 1)

_TARGET_N = 16
_TARGET_DP_MS = 10
_TARGET_SPEEDUP = 40
_DP_MIN_TOTAL_S = 0.25
_DP_MAX_REPEATS = 1000
_RATIO_KEYS = {"dp_python": "python/dp", "cpsat": "cpsat/dp", "scip": "scip/dp"}


class _Task(TypedDict):
    """The task every method solves (keyword arguments of the ``solve_tsp_*`` functions)."""

    prefix: Sequence[int]
    maximize: bool


class _IlpTask(_Task):
    time_limit: float


def random_instance(n: int, seed: int = 0) -> np.ndarray:
    """A random symmetric instance with integer weights 1..10 and a zero diagonal.

    Args:
        n: Number of nodes.
        seed: Base seed; the generator is seeded with ``[seed, n]``, so each size gets its
            own instance and runs with the same seed get the same instances.

    Returns:
        An n x n float64 matrix.
    """
    rng = np.random.default_rng([seed, n])
    upper = np.triu(rng.integers(1, 11, size=(n, n)), 1)
    return (upper + upper.T).astype(np.float64)


def _time_calls(
    solve: Callable[[], TSPSolution],
    *,
    min_repeats: int,
    min_total_s: float = 0.0,
    max_repeats: int | None = None,
) -> tuple[list[float], TSPSolution]:
    """Call ``solve`` at least ``min_repeats`` times and until ``min_total_s`` has passed."""
    cap = max(min_repeats, max_repeats or min_repeats)
    times: list[float] = []
    solution = None
    gc.collect()
    while len(times) < min_repeats or (sum(times) < min_total_s and len(times) < cap):
        t0 = time.perf_counter()
        solution = solve()
        times.append(time.perf_counter() - t0)
    assert solution is not None
    return times, solution


def machine_info(packages: tuple[str, ...] = ("numpy", "numba", "ortools", "pyscipopt")) -> dict[str, Any]:
    """The machine and package versions a benchmark ran on (stored with its results)."""
    versions: dict[str, str | None] = {}
    for package in packages:
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        **versions,
    }


def bench_solvers(
    sizes: Iterable[int] = range(8, 19),
    *,
    repeats: int = 5,
    seed: int = 0,
    python_max_n: int = 16,
    ilp_time_limit: float = 60.0,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Time dp, dp_python, cpsat and scip on the same random instances.

    Args:
        sizes: Node counts n to run (each >= 2).
        repeats: Base number of timed runs per method and size (see the module table).
        seed: Seed for ``random_instance``.
        python_max_n: Largest n for the plain-Python Held-Karp, which is slow.
        ilp_time_limit: Time limit in seconds for each CP-SAT and SCIP run.
        progress: Called with a short description ("n=16 dp") before each measurement,
            e.g. to advance a progress bar.

    Returns:
        A JSON-able dict with keys "sizes", "config", "results" (one row per n and method:
        n, method, median_s, repeats, value, optimal), "ratios" (per n: python/dp, cpsat/dp,
        scip/dp, None when not run), "mismatches" (rows whose value differs from the DP
        optimum; empty when all agree), "targets" (n16_dp_ms, n16_dp_target_ms,
        n16_speedup_vs_python, speedup_target, met; figures are None and met False when
        n = 16 was not measured) and "machine".

    Raises:
        ValueError: If a size is below 2, ``repeats`` is below 1 or ``ilp_time_limit`` is not
            positive.
    """
    sizes = [int(n) for n in sizes]
    if any(n < 2 for n in sizes):
        raise ValueError(f"every size must be at least 2, got {sizes}")
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    if not ilp_time_limit > 0:
        raise ValueError(f"ilp_time_limit must be positive, got {ilp_time_limit}")
    report = progress or (lambda description: None)
    ilp_repeats = math.ceil(repeats / 2)

    report("compiling the DP kernel")
    warm_up()
    results: list[dict[str, Any]] = []
    ratios: list[dict[str, Any]] = []
    mismatches: list[dict[str, Any]] = []
    for n in sizes:
        weights = random_instance(n, seed)
        task: _Task = {"prefix": BENCH_PREFIX, "maximize": True}
        ilp_task: _IlpTask = {**task, "time_limit": ilp_time_limit}
        dp_how = {"min_repeats": 10 * repeats, "min_total_s": _DP_MIN_TOTAL_S, "max_repeats": _DP_MAX_REPEATS}
        runs: list[tuple[str, Callable[[], TSPSolution], dict[str, Any]]] = [
            ("dp", partial(solve_tsp_dp, weights, **task), dp_how),
        ]
        if n <= python_max_n:
            runs.append(("dp_python", partial(solve_tsp_dp_python, weights, **task), {"min_repeats": repeats}))
        runs.append(("cpsat", partial(solve_tsp_cpsat, weights, **ilp_task), {"min_repeats": ilp_repeats}))
        runs.append(("scip", partial(solve_tsp_scip, weights, **ilp_task), {"min_repeats": ilp_repeats}))

        medians: dict[str, float] = {}
        optimum: float | None = None
        for method, solve, how in runs:
            report(f"n={n} {method}")
            times, solution = _time_calls(solve, **how)
            medians[method] = statistics.median(times)
            if method == "dp":
                optimum = solution.value
            assert optimum is not None  # dp runs first
            results.append(
                {
                    "n": n,
                    "method": method,
                    "median_s": medians[method],
                    "repeats": len(times),
                    "value": solution.value,
                    "optimal": solution.optimal,
                }
            )
            if not math.isclose(solution.value, optimum, rel_tol=1e-9, abs_tol=1e-9):
                mismatch = {
                    "n": n,
                    "method": method,
                    "value": solution.value,
                    "dp_value": optimum,
                    "optimal": solution.optimal,
                }
                mismatches.append(mismatch)
                warnings.warn(
                    f"bench mismatch: {method} found {solution.value} but the DP optimum is "
                    f"{optimum} at n={n} (optimal={solution.optimal})",
                    RuntimeWarning,
                    stacklevel=2,
                )
        ratios.append(
            {
                "n": n,
                **{
                    key: (medians[method] / medians["dp"] if method in medians else None)
                    for method, key in _RATIO_KEYS.items()
                },
            }
        )

    by_key = {(row["n"], row["method"]): row["median_s"] for row in results}
    dp16 = by_key.get((_TARGET_N, "dp"))
    py16 = by_key.get((_TARGET_N, "dp_python"))
    dp_ms = None if dp16 is None else dp16 * 1e3
    speedup = None if dp16 is None or py16 is None else py16 / dp16
    targets = {
        "n16_dp_ms": dp_ms,
        "n16_dp_target_ms": _TARGET_DP_MS,
        "n16_speedup_vs_python": speedup,
        "speedup_target": _TARGET_SPEEDUP,
        "met": bool(
            dp_ms is not None and speedup is not None and dp_ms <= _TARGET_DP_MS and speedup >= _TARGET_SPEEDUP
        ),
    }
    return {
        "sizes": sizes,
        "config": {
            "repeats": repeats,
            "ilp_repeats": ilp_repeats,
            "seed": seed,
            "python_max_n": python_max_n,
            "ilp_time_limit": ilp_time_limit,
            "prefix": list(BENCH_PREFIX),
            "maximize": True,
            "weights": "integers 1..10",
        },
        "results": results,
        "ratios": ratios,
        "mismatches": mismatches,
        "targets": targets,
        "machine": machine_info(),
    }


def render_bench_table(result: dict[str, Any]) -> Table:
    """A rich table of a ``bench_solvers`` result: median milliseconds and ratios per n.

    Args:
        result: The dict returned by ``bench_solvers``.

    Returns:
        A ``rich.table.Table`` (rich is imported only here).
    """
    from rich.table import Table

    def ms(n: int, method: str) -> str:
        value = medians.get((n, method))
        return "-" if value is None else f"{value * 1e3:.2f}"

    def ratio(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f}x"

    medians = {(row["n"], row["method"]): row["median_s"] for row in result["results"]}
    targets = result["targets"]
    caption = "targets at n=16: not measured"
    if targets["n16_dp_ms"] is not None:
        speedup = targets["n16_speedup_vs_python"]
        caption = (
            f"n=16: dp {targets['n16_dp_ms']:.2f} ms (target <= {targets['n16_dp_target_ms']}), "
            f"{ratio(speedup)} vs python (target >= {targets['speedup_target']}x): "
            f"{'met' if targets['met'] else 'NOT met'}"
        )
    if result["mismatches"]:
        caption += f"; {len(result['mismatches'])} MISMATCH(ES)"
    table = Table(title="Exact TSP solvers, median wall time (ms)", caption=caption)
    for header in ("n", "dp", "dp_python", "cpsat", "scip", "python/dp", "cpsat/dp", "scip/dp"):
        table.add_column(header, justify="right")
    for row in result["ratios"]:
        n = row["n"]
        table.add_row(
            str(n),
            ms(n, "dp"),
            ms(n, "dp_python"),
            ms(n, "cpsat"),
            ms(n, "scip"),
            ratio(row["python/dp"]),
            ratio(row["cpsat/dp"]),
            ratio(row["scip/dp"]),
        )
    return table


if __name__ == "__main__":
    print(json.dumps(bench_solvers(), indent=2))
