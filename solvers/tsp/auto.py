"""``method="auto"``: the Held-Karp DP for small instances, CP-SAT with a proof above the crossover.

Measured on the bench instances (integer weights 1..10, prefix of one room, both senses, 2 busy
cores): the DP takes 0.8 ms at 12 free nodes, 2 ms at 14, 8 ms at 15, 26 ms at 16 and 125 ms at 18,
growing 2^k k^2; CP-SAT with the settings below (no presolve, no probing: a 2-3x gain at these
sizes) takes 8-20 ms anywhere from 12 to 18 free nodes and proves n = 30 optimal in about 40 ms
(the exact limit is stated in :mod:`solvers.tsp`).
So ``auto`` runs the DP up to ``AUTO_DP_MAX_FREE_NODES`` free nodes and CP-SAT above, and returns
CP-SAT's tour only with its proof (status OPTIMAL). If CP-SAT has not proved optimality within
``AUTO_CPSAT_BUDGET`` deterministic time units (a work count, so the outcome does not depend on
the machine's load) and the DP can take the instance (at most ``MAX_DP_FREE_NODES`` free nodes),
the DP solves it; beyond that CP-SAT runs on, up to ``time_limit`` if one is given.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from solvers.tsp._common import TSPError, TSPSolution, _check_time_limit, _prepare
from solvers.tsp.cpsat import _solve_cpsat
from solvers.tsp.dynamic_programming import MAX_DP_FREE_NODES, solve_tsp_dp

#: Largest number of free nodes ``auto`` gives to the DP (the measured crossover with CP-SAT).
AUTO_DP_MAX_FREE_NODES = 15

#: CP-SAT settings for ``auto``: presolve and probing cost more than they save on these models.
CPSAT_AUTO_PARAMETERS: dict[str, object] = {"cp_model_presolve": False, "cp_model_probing_level": 0}

#: CP-SAT's deterministic-time budget before ``auto`` hands an instance the DP can take to the DP.
#: Random instances with 16-28 free nodes need 0.0003-0.017 units (about 2-60 ms of wall time).
AUTO_CPSAT_BUDGET = 0.05

#: Wall-clock seconds per DP step (2^k k^2 steps for k free nodes), measured on the bench machine;
#: used only to decide whether the DP fallback fits in a caller's ``time_limit``.
DP_SECONDS_PER_STEP = 1.5e-9


def solve_tsp_auto(
    weights: object,
    *,
    start: int = 0,
    prefix: Sequence[int] = (),
    maximize: bool = False,
    time_limit: float | None = None,
) -> TSPSolution:
    """Solve exactly with whichever of the DP and CP-SAT is faster at this size (see the module doc).

    The returned ``method`` names the solver that produced the tour ("dp" or "cpsat"). Without
    ``time_limit`` the result is always proven optimal and deterministic for the same input.

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node the tour starts and ends at.
        prefix: Agreed beginning of the tour; empty, or starting with ``start``.
        maximize: Maximise the tour value instead of minimising it.
        time_limit: Wall-clock seconds for CP-SAT, or None. The DP fallback runs only if its
            expected time still fits; otherwise CP-SAT's best tour is returned with
            ``optimal=False``.

    Returns:
        The tour, with ``optimal=True`` iff the DP solved it or CP-SAT proved it optimal.

    Raises:
        TSPError: If the arguments are invalid, or no tour was found within ``time_limit``.
    """
    began = time.perf_counter()
    problem = _prepare(weights, start, prefix, maximize)
    limit = _check_time_limit(time_limit)
    free = len(problem.free)
    if free <= AUTO_DP_MAX_FREE_NODES:
        return solve_tsp_dp(weights, start=start, prefix=prefix, maximize=maximize)
    dp_fits = free <= MAX_DP_FREE_NODES
    parameters = dict(CPSAT_AUTO_PARAMETERS)
    if dp_fits:
        parameters["max_deterministic_time"] = AUTO_CPSAT_BUDGET
    try:
        solution: TSPSolution | None = _solve_cpsat(problem, limit, parameters)
    except TSPError:  # no tour yet when the budget or the time limit ran out
        solution = None
    if solution is not None and solution.optimal:
        return solution
    if dp_fits:
        expected = DP_SECONDS_PER_STEP * 2**free * free**2
        if limit is None or time.perf_counter() - began + expected <= limit:
            return solve_tsp_dp(weights, start=start, prefix=prefix, maximize=maximize)
    if solution is None:
        raise TSPError(f"no tour within the time limit of {limit:g} s; raise time_limit")
    return solution
