"""OR-Tools CP-SAT: one Boolean per arc and a circuit constraint."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from solvers.tsp._common import TSPError, TSPSolution, _check_time_limit, _forced, _prepare, _Problem, _solution

#: CP-SAT needs integer coefficients: non-integral weights are multiplied by this and rounded.
CPSAT_SCALE = 10**6

#: CP-SAT workers. One worker makes CP-SAT deterministic (same input, same tour); two workers
#: return different tied tours from run to run, and the deterministic parallel mode
#: (interleave_search) was ~50x slower. Speed is a wash on a 2-core machine: over 66 random
#: solves (n = 8..18, both senses, CPSAT_LINEARIZATION) one worker took 0.95 s in total and
#: at most 0.27 s per solve, two workers 1.02 s and at most 0.04 s.
CPSAT_NUM_WORKERS = 1

#: CP-SAT linearization level. Level 2 puts the circuit constraint's LP relaxation, with its
#: subtour cuts, into the single worker's search: on an 18-node three-cluster instance the
#: default level 1 ran 30 s without proving optimality, level 2 took 0.02 s.
CPSAT_LINEARIZATION = 2


def _integer_costs(problem: _Problem) -> np.ndarray:
    """Integer objective coefficients for CP-SAT (scaled by CPSAT_SCALE if not integral)."""
    w = problem.weights
    scaled = w if np.array_equal(w, np.round(w)) else np.round(w * CPSAT_SCALE)
    if np.abs(scaled).max() * problem.n >= 2.0**53:
        raise TSPError('weights are too large for CP-SAT\'s integer objective; use method="dp" or "scip"')
    return scaled.astype(np.int64)


def solve_tsp_cpsat(
    weights: object,
    *,
    start: int = 0,
    prefix: Sequence[int] = (),
    maximize: bool = False,
    time_limit: float | None = None,
) -> TSPSolution:
    """Solve with OR-Tools CP-SAT: one Boolean per arc and an ``AddCircuit`` constraint.

    The prefix arcs are fixed to true. CP-SAT needs integer coefficients: if any weight is not
    an integer, all weights are multiplied by ``CPSAT_SCALE`` (10^6) and rounded, so
    "optimal" then means optimal for the rounded weights (the true optimum is at most
    n * 10^-6 away). ``value`` is always recomputed from the unscaled weights. The solver runs
    ``CPSAT_NUM_WORKERS`` worker(s) with a fixed seed and ``CPSAT_LINEARIZATION``.

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node the tour starts and ends at.
        prefix: Agreed beginning of the tour; empty, or starting with ``start``.
        maximize: Maximise the tour value instead of minimising it.
        time_limit: Wall-clock limit in seconds, or None for no limit.

    Returns:
        The best tour found, with ``optimal=True`` iff CP-SAT proved it optimal.

    Raises:
        TSPError: If the arguments are invalid, or no tour was found within ``time_limit``.
    """
    problem = _prepare(weights, start, prefix, maximize)
    return _solve_cpsat(problem, _check_time_limit(time_limit), {})


def _solve_cpsat(problem: _Problem, limit: float | None, parameters: dict[str, Any]) -> TSPSolution:
    """The CP-SAT model on a validated problem; ``parameters`` override CP-SAT's own settings."""
    from ortools.sat.python import cp_model  # imported here: it takes ~0.4 s to load

    forced = _forced(problem, "cpsat")
    if forced is not None:
        return forced
    n = problem.n
    costs = _integer_costs(problem)

    model = cp_model.CpModel()
    arcs: dict[tuple[int, int], Any] = {}
    for i in range(n):
        for j in range(n):
            if i != j:
                arcs[i, j] = model.new_bool_var(f"arc_{i}_{j}")
    model.add_circuit([(i, j, lit) for (i, j), lit in arcs.items()])
    for a, b in itertools.pairwise(problem.prefix):
        model.add(arcs[a, b] == 1)
    objective = cp_model.LinearExpr.weighted_sum(list(arcs.values()), [int(costs[i, j]) for i, j in arcs])
    if problem.maximize:
        model.maximize(objective)
    else:
        model.minimize(objective)

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = CPSAT_NUM_WORKERS
    solver.parameters.linearization_level = CPSAT_LINEARIZATION
    solver.parameters.random_seed = 0
    for name, value in parameters.items():
        setattr(solver.parameters, name, value)
    if limit is not None:
        solver.parameters.max_time_in_seconds = limit
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        budget = limit if limit is not None else parameters.get("max_deterministic_time")
        if status == cp_model.UNKNOWN and budget is not None:
            raise TSPError(f"CP-SAT found no tour within the time limit of {budget:g} s; raise time_limit")
        raise RuntimeError(f"internal error: CP-SAT returned {solver.status_name(status)}")
    successor = {i: j for (i, j), lit in arcs.items() if solver.boolean_value(lit)}
    tour = [problem.start]
    for _ in range(n):
        tour.append(successor[tour[-1]])
    return _solution(problem, tour, optimal=status == cp_model.OPTIMAL, method="cpsat")
