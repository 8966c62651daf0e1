"""Speed of the AISMCTS-F search core: Numba versus the plain-Python reference.

Every measurement runs the same problems on the preset 9x9 maze (``load_preset_maze``): the ego is
player 0 (its side's walls), the dictionary is empty, and the treasure belief is uniform over every
cell but the token's (an uncertain treasure), with 100 turns left and the default
:class:`SearchConfig` (guided rollouts, horizon 60). Positions are token cells with either player
to move.

| core | runs per position and iteration count | iteration counts |
| --- | --- | --- |
| Numba (``search``) | ``repeats`` (seeds ``seed``, ``seed + 1``, ...), after ``warm_up()`` | ``iterations`` |
| Python (``search_reference``) | one (seed ``seed``) | ``reference_iterations`` (it is slow) |

Latency is the wall time of one ``search`` call (validation, tables and the core: one decision);
iterations per second are summed iterations over summed time. Simulated steps per second are the
summed simulated steps over the same summed time, where an iteration's simulated steps are the turns
it plays from the root: the moves made while walking and expanding the tree plus the rollout's
moves, up to the horizon or the turn the token lands on the sampled treasure
(:attr:`planners.aismcts.SearchResult.steps`); at 10k iterations an iteration of these problems
simulates about 15.6 steps, 6.3 in the tree and 9.3 in the rollout. The run with seed ``seed`` of both cores is cross-checked: different root visits are recorded
in ``mismatches`` and raised as a ``RuntimeWarning``. Targets at 10k iterations: Numba >= 300k
iterations/s and >= 20M simulated steps/s on one core, and >= 20x the reference.

Run ``python -m planners.aismcts_bench`` to print the result as JSON.
"""

from __future__ import annotations

import gc
import json
import statistics
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from games.gnomes_at_night import load_preset_maze
from planners.aismcts import NUM_MOVES, SearchConfig, SearchProblem, SearchResult, search, warm_up
from planners.aismcts_reference import search_reference
from solvers.bench import machine_info

__all__ = ["DEFAULT_POSITIONS", "bench_problem", "run_bench"]

#: Token cells x player to move (True: the ego) measured by default.
DEFAULT_POSITIONS: tuple[tuple[tuple[int, int], bool], ...] = tuple(
    (token, ego) for token in ((0, 0), (4, 4), (8, 8), (2, 6)) for ego in (True, False)
)

_TARGET_ITERATIONS = 10_000
_TARGET_IT_PER_S = 300_000
_TARGET_STEPS_PER_S = 20_000_000
_TARGET_SPEEDUP = 20
_TURNS_LEFT = 100


def bench_problem(token: tuple[int, int], ego_to_move: bool) -> SearchProblem:
    """The benchmark problem at ``token`` on the preset maze (uniform belief off the token).

    Args:
        token: The token's cell ``(x, y)``.
        ego_to_move: Whether the ego moves at the root.

    Returns:
        The :class:`SearchProblem`.
    """
    maze = load_preset_maze()
    n = maze.size
    prob = np.ones((n, n))
    prob[token[1], token[0]] = 0.0
    prob /= prob.sum()
    rejected = np.zeros((n, n, NUM_MOVES), dtype=bool)
    return SearchProblem(maze.open[0], rejected, token, ego_to_move, prob, _TURNS_LEFT)


def _timed(
    run: Callable[[SearchProblem, SearchConfig, int], SearchResult],
    problem: SearchProblem,
    config: SearchConfig,
    seed: int,
) -> tuple[float, SearchResult]:
    """One decision's wall time and result."""
    t0 = time.perf_counter()
    result = run(problem, config, seed)
    return time.perf_counter() - t0, result


def _summary(core: str, n: int, times: list[float], steps: int) -> dict[str, Any]:
    return {
        "core": core,
        "iterations": n,
        "runs": len(times),
        "median_latency_s": statistics.median(times),
        "it_per_s": n * len(times) / sum(times),
        "steps_per_iteration": steps / (n * len(times)),
        "steps_per_s": steps / sum(times),
    }


def run_bench(
    iterations: Iterable[int] = (1_000, 10_000, 100_000),
    positions: Sequence[tuple[tuple[int, int], bool]] = DEFAULT_POSITIONS,
    seed: int = 0,
    *,
    reference_iterations: Iterable[int] = (1_000, 10_000),
    repeats: int = 3,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Time the Numba core and the Python reference on the same positions of the preset maze.

    Args:
        iterations: Iteration counts for the Numba core.
        positions: ``((x, y), ego_to_move)`` pairs.
        seed: Seed of the first run per position (later Numba repeats use ``seed + 1``, ...).
        reference_iterations: Iteration counts for the Python reference (empty to skip it).
        repeats: Numba runs per position and iteration count.
        progress: Called with a short description before each measurement.

    Returns:
        A JSON-able dict: "config", "results" (per core and iteration count: runs,
        median_latency_s, it_per_s, steps_per_iteration, steps_per_s), "ratios" (per iteration
        count measured by both cores: Numba it/s over reference it/s), "mismatches" (positions
        where the two cores' root visits differ; empty when all agree), "targets" (it_per_s_10k,
        it_per_s_target, steps_per_s_10k, steps_per_s_target, speedup_10k, speedup_target, met:
        all three targets reached; None and False when not measured) and "machine".

    Raises:
        ValueError: An iteration count or ``repeats`` is below 1, or no positions are given.
    """
    counts = [int(n) for n in iterations]
    ref_counts = [int(n) for n in reference_iterations]
    if any(n < 1 for n in (*counts, *ref_counts)) or repeats < 1:
        raise ValueError("iteration counts and repeats must be >= 1")
    if not positions:
        raise ValueError("run_bench needs at least one position")
    report = progress or (lambda description: None)
    problems = [bench_problem((x, y), bool(ego)) for (x, y), ego in positions]

    report("compiling the Numba core")
    warm_up()
    results: list[dict[str, Any]] = []
    first_visits: dict[tuple[int, int], np.ndarray] = {}
    for n in counts:
        report(f"numba {n} iterations")
        config = SearchConfig(iterations=n)
        times, steps = [], 0
        gc.collect()
        for k, problem in enumerate(problems):
            for r in range(repeats):
                elapsed, result = _timed(search, problem, config, seed + r)
                times.append(elapsed)
                steps += result.steps
                if r == 0:
                    first_visits[n, k] = result.root_visits
        results.append(_summary("numba", n, times, steps))

    mismatches: list[dict[str, Any]] = []
    for n in ref_counts:
        report(f"python {n} iterations")
        config = SearchConfig(iterations=n)
        times, steps = [], 0
        gc.collect()
        for k, problem in enumerate(problems):
            elapsed, result = _timed(search_reference, problem, config, seed)
            times.append(elapsed)
            steps += result.steps
            numba_visits = first_visits.get((n, k))
            if numba_visits is None:
                numba_visits = search(problem, config, seed).root_visits
            if not np.array_equal(numba_visits, result.root_visits):
                token, ego = positions[k]
                mismatches.append({
                    "iterations": n, "token": list(token), "ego_to_move": bool(ego),
                    "numba": numba_visits.tolist(), "python": result.root_visits.tolist(),
                })  # fmt: skip
                warnings.warn(
                    f"bench mismatch at {n} iterations, token {token}, ego_to_move={ego}: "
                    f"numba {numba_visits.tolist()} vs python {result.root_visits.tolist()}",
                    RuntimeWarning,
                    stacklevel=2,
                )
        results.append(_summary("python", n, times, steps))

    rate = {(row["core"], row["iterations"]): row["it_per_s"] for row in results}
    ratios = [
        {"iterations": n, "numba_over_python": rate["numba", n] / rate["python", n]}
        for n in counts
        if ("python", n) in rate
    ]
    numba_10k = rate.get(("numba", _TARGET_ITERATIONS))
    steps_10k = next(
        (row["steps_per_s"] for row in results if (row["core"], row["iterations"]) == ("numba", _TARGET_ITERATIONS)),
        None,
    )
    python_10k = rate.get(("python", _TARGET_ITERATIONS))
    speedup = None if numba_10k is None or python_10k is None else numba_10k / python_10k
    targets = {
        "it_per_s_10k": numba_10k,
        "it_per_s_target": _TARGET_IT_PER_S,
        "steps_per_s_10k": steps_10k,
        "steps_per_s_target": _TARGET_STEPS_PER_S,
        "speedup_10k": speedup,
        "speedup_target": _TARGET_SPEEDUP,
        "met": bool(
            numba_10k is not None
            and speedup is not None
            and numba_10k >= _TARGET_IT_PER_S
            and steps_10k is not None
            and steps_10k >= _TARGET_STEPS_PER_S
            and speedup >= _TARGET_SPEEDUP
        ),
    }
    return {
        "config": {
            "maze": "9A",
            "positions": [[list(token), bool(ego)] for token, ego in positions],
            "belief": "uniform off the token",
            "turns_left": _TURNS_LEFT,
            "search": {**vars(SearchConfig()), "iterations": None},
            "seed": seed,
            "repeats": repeats,
            "iterations": counts,
            "reference_iterations": ref_counts,
        },
        "results": results,
        "ratios": ratios,
        "mismatches": mismatches,
        "targets": targets,
        "machine": machine_info(("numpy", "numba")),
    }


if __name__ == "__main__":
    print(json.dumps(run_bench(), indent=2))
