"""Exact solvers for the symmetric travelling-salesman problem with an agreed tour prefix.

Every solver has the same flat signature ``solve_tsp_<method>(weights, *, start=0, prefix=(),
maximize=False[, time_limit=None]) -> TSPSolution``; ``solve_tsp`` dispatches on ``method``.
The graph is complete and undirected: ``weights`` is a symmetric n x n matrix whose diagonal is
ignored. ``prefix`` is a beginning of the tour that the players have already agreed on; the
solvers optimise the remainder only.

| method      | algorithm                                                 | exact for        |
| ----------- | --------------------------------------------------------- | ---------------- |
| "auto"      | "dp" up to 15 free nodes, "cpsat" with a proof above      | any n, see below |
| "dp"        | Held-Karp bitmask DP, compiled with Numba                 | <= 20 free nodes |
| "dp_python" | the same DP in plain Python (the bench's baseline)        | <= 20, but slow  |
| "cpsat"     | OR-Tools CP-SAT, one circuit constraint over arc literals | any n, timed     |
| "scip"      | SCIP ILP over edges, subtour cuts added lazily            | any n, timed     |
| "brute"     | enumeration of permutations (test oracle)                 | <= 10 free nodes |

Use "auto" unless you need a particular algorithm ("dp" stays the default: the tour it picks among
equally good ones is what recorded games replay). "Free nodes" are the nodes not in the prefix. A
solution reports ``optimal=True`` only when the solver proved optimality; CP-SAT and SCIP may
return ``optimal=False`` when stopped by ``time_limit``. CP-SAT rounds non-integral weights to multiples of 10^-6 (``CPSAT_SCALE``).

Many prefixes of one instance: ``tour_completions(weights, start=, maximize=)`` solves every prefix's
best tour value in one backward DP (values only; ``.best_value(prefix)`` is then a look-up).

The exact limit of "auto" (measured with ``accord bench hot`` and on 3 instances per size, 2 busy
cores, 2026-11): guaranteed, whatever the weights, up to 20 free nodes (n = 21 without a prefix),
because the DP is its fallback there (0.2 s and about 190 MB of tables at 20 free nodes, 430 MB
peak for the process). With CP-SAT's proof it solved n = 20 in about 10-20 ms median, random
integer instances (weights 1..10) up to n = 80 in at most 0.5 s, and random Euclidean instances up
to n = 50 in at most 1 s. Above 20 free nodes there is no guarantee: pass ``time_limit`` and check
``optimal``.

References:
    Bellman, R. (1962). Dynamic programming treatment of the travelling salesman problem.
        Journal of the ACM 9(1), 61-63.
    Held, M. and Karp, R. M. (1962). A dynamic programming approach to sequencing problems.
        Journal of SIAM 10(1), 196-210.
    Dantzig, G., Fulkerson, R. and Johnson, S. (1954). Solution of a large-scale
        traveling-salesman problem. Operations Research 2(4), 393-410.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solvers.tsp._common import TSPError, TSPSolution, TSPTooLargeError, _check_time_limit, tour_value
from solvers.tsp.auto import AUTO_DP_MAX_FREE_NODES, solve_tsp_auto
from solvers.tsp.brute_force import MAX_BRUTE_FREE_NODES, solve_tsp_brute_force
from solvers.tsp.completions import TourCompletions, tour_completions
from solvers.tsp.cpsat import CPSAT_LINEARIZATION, CPSAT_NUM_WORKERS, CPSAT_SCALE, solve_tsp_cpsat
from solvers.tsp.dynamic_programming import MAX_DP_FREE_NODES, solve_tsp_dp, warm_up
from solvers.tsp.dynamic_programming_python import solve_tsp_dp_python
from solvers.tsp.scip import solve_tsp_scip

__all__ = [
    "AUTO_DP_MAX_FREE_NODES",
    "CPSAT_LINEARIZATION",
    "CPSAT_NUM_WORKERS",
    "CPSAT_SCALE",
    "MAX_BRUTE_FREE_NODES",
    "MAX_DP_FREE_NODES",
    "METHODS",
    "TSPError",
    "TSPSolution",
    "TSPTooLargeError",
    "TourCompletions",
    "solve_tsp",
    "solve_tsp_auto",
    "solve_tsp_brute_force",
    "solve_tsp_cpsat",
    "solve_tsp_dp",
    "solve_tsp_dp_python",
    "solve_tsp_scip",
    "tour_completions",
    "tour_value",
    "warm_up",
]

#: The valid values of ``solve_tsp(method=...)``.
METHODS = ("dp", "cpsat", "scip", "brute", "dp_python", "auto")

_EXACT_SOLVERS: dict[str, Callable[..., TSPSolution]] = {
    "dp": solve_tsp_dp,
    "brute": solve_tsp_brute_force,
    "dp_python": solve_tsp_dp_python,
}
_TIMED_SOLVERS: dict[str, Callable[..., TSPSolution]] = {
    "auto": solve_tsp_auto,
    "cpsat": solve_tsp_cpsat,
    "scip": solve_tsp_scip,
}


def solve_tsp(
    weights: object,
    *,
    start: int = 0,
    prefix: Sequence[int] = (),
    maximize: bool = False,
    method: str = "dp",
    time_limit: float | None = None,
) -> TSPSolution:
    """Solve a symmetric TSP with an agreed prefix using the named method.

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node the tour starts and ends at.
        prefix: Agreed beginning of the tour; empty, or starting with ``start``.
        maximize: Maximise the tour value instead of minimising it.
        method: One of ``METHODS``: "dp" (default), "cpsat", "scip", "brute", "dp_python", "auto".
        time_limit: Seconds, passed to "auto", "cpsat" and "scip"; the other methods always run to
            optimality and only check that it is a valid limit.

    Returns:
        The solver's ``TSPSolution``.

    Raises:
        TSPError: If ``method`` is unknown (the message lists the valid ones), or the
            instance or arguments are invalid.
        TSPTooLargeError: If the method cannot handle this many free nodes.
    """
    if method in _TIMED_SOLVERS:
        return _TIMED_SOLVERS[method](weights, start=start, prefix=prefix, maximize=maximize, time_limit=time_limit)
    if method in _EXACT_SOLVERS:
        _check_time_limit(time_limit)
        return _EXACT_SOLVERS[method](weights, start=start, prefix=prefix, maximize=maximize)
    raise TSPError(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")
