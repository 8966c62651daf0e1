"""Exact solvers for the symmetric travelling-salesman problem with an agreed tour prefix.

Every solver has the same flat signature ``solve_tsp_<method>(weights, *, start=0, prefix=(),
maximize=False[, time_limit=None]) -> TSPSolution``; ``solve_tsp`` dispatches on ``method``.
The graph is complete and undirected: ``weights`` is a symmetric n x n matrix whose diagonal is
ignored. ``prefix`` is a beginning of the tour that the players have already agreed on; the
solvers optimise the remainder only.

| method      | algorithm                                                 | exact for        |
| ----------- | --------------------------------------------------------- | ---------------- |
| "dp"        | Held-Karp bitmask DP, compiled with Numba                 | <= 20 free nodes |
| "dp_python" | the same DP in plain Python (the bench's baseline)        | <= 20, but slow  |
| "cpsat"     | OR-Tools CP-SAT, one circuit constraint over arc literals | any n, timed     |
| "scip"      | SCIP ILP over edges, subtour cuts added lazily            | any n, timed     |
| "brute"     | enumeration of permutations (test oracle)                 | <= 10 free nodes |

"Free nodes" are the nodes not in the prefix. A solution reports ``optimal=True`` only when the
solver proved optimality; CP-SAT and SCIP may return ``optimal=False`` when stopped by
``time_limit``. CP-SAT rounds non-integral weights to multiples of 10^-6 (``CPSAT_SCALE``).

References:
    Bellman, R. (1962). Dynamic programming treatment of the travelling salesman problem.
        Journal of the ACM 9(1), 61-63.
    Held, M. and Karp, R. M. (1962). A dynamic programming approach to sequencing problems.
        Journal of SIAM 10(1), 196-210.
    Dantzig, G., Fulkerson, R. and Johnson, S. (1954). Solution of a large-scale
        traveling-salesman problem. Operations Research 2(4), 393-410.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit
from pyscipopt import SCIP_RESULT, Conshdlr, Model, quicksum

__all__ = [
    "CPSAT_LINEARIZATION",
    "CPSAT_NUM_WORKERS",
    "CPSAT_SCALE",
    "MAX_BRUTE_FREE_NODES",
    "MAX_DP_FREE_NODES",
    "METHODS",
    "TSPError",
    "TSPSolution",
    "TSPTooLargeError",
    "solve_tsp",
    "solve_tsp_brute_force",
    "solve_tsp_cpsat",
    "solve_tsp_dp",
    "solve_tsp_dp_python",
    "solve_tsp_scip",
    "tour_value",
    "warm_up",
]

#: Largest number of free (non-prefix) nodes the Held-Karp DP accepts. The tables hold
#: 2^k * k entries: at k = 20 that is 168 MB of float64 costs plus 21 MB of int8 parents and
#: about a second of compute; k = 21 would double both, so larger instances go to an ILP.
MAX_DP_FREE_NODES = 20

#: Largest number of free nodes the brute-force oracle accepts (10! = 3.6 million tours).
MAX_BRUTE_FREE_NODES = 10

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

#: The valid values of ``solve_tsp(method=...)``.
METHODS = ("dp", "cpsat", "scip", "brute", "dp_python")

# Sums of weights must stay finite in float64 for the DP and the brute force.
_MAX_ABS_WEIGHT = 1e300


class TSPError(ValueError):
    """A bad TSP instance or argument; the message is one line a user can act on."""


class TSPTooLargeError(TSPError):
    """The requested solver cannot handle an instance of this size."""


@dataclass(frozen=True)
class TSPSolution:
    """A tour and its certificate.

    Attributes:
        tour: Closed tour of node indices: starts with ``start`` (followed by the rest of the
            prefix), visits every node once and ends with ``start``; ``len(tour) == n + 1``.
        value: Objective, the sum of ``weights[tour[i], tour[i + 1]]``.
        optimal: True iff the solver proved the tour optimal.
        method: The solver that produced it: "dp", "cpsat", "scip", "brute" or "dp_python".
    """

    tour: list[int]
    value: float
    optimal: bool
    method: str


@dataclass(frozen=True, eq=False)
class _Problem:
    """A validated instance: float64 weights with zero diagonal, prefix and free nodes."""

    weights: np.ndarray
    start: int
    prefix: tuple[int, ...]
    free: tuple[int, ...]
    maximize: bool

    @property
    def n(self) -> int:
        return int(self.weights.shape[0])


# --------------------------------------------------------------------------------------------
# validation and shared helpers


def _fmt(x: float) -> str:
    return repr(int(x)) if float(x).is_integer() else repr(float(x))


def _as_index(value: object, what: str, n: int) -> int:
    if isinstance(value, bool | np.bool_):
        raise TSPError(f"{what} must be a node index (int), got {value!r}")
    try:
        index = operator.index(value)
    except TypeError:
        raise TSPError(f"{what} must be a node index (int), got {value!r}") from None
    if not 0 <= index < n:
        raise TSPError(f"{what} = {index} is out of range for {n} nodes (valid: 0..{n - 1})")
    return index


def _check_weights(weights: object) -> np.ndarray:
    try:
        raw = np.asarray(weights)
    except (TypeError, ValueError):
        raise TSPError("weights must be a square n x n matrix of numbers") from None
    if raw.dtype.kind not in "iuf":
        raise TSPError(f"weights must be a square n x n matrix of numbers, got dtype {raw.dtype}")
    if raw.ndim != 2 or raw.shape[0] != raw.shape[1]:
        raise TSPError(f"weights must be a square n x n matrix, got shape {raw.shape}")
    n = raw.shape[0]
    if n < 2:
        raise TSPError(f"a tour needs at least 2 nodes, got {n}")
    w = np.array(raw, dtype=np.float64, order="C")
    np.fill_diagonal(w, 0.0)  # the diagonal is ignored, whatever it holds
    bad = np.argwhere(~np.isfinite(w))
    if bad.size:
        i, j = (int(v) for v in bad[0])
        raise TSPError(f"weights must be finite; weights[{i}, {j}] is {w[i, j]}")
    if np.abs(w).max() > _MAX_ABS_WEIGHT / n:
        raise TSPError(f"weights are too large in magnitude (max |w| = {np.abs(w).max():g})")
    asym = np.argwhere(w != w.T)
    if asym.size:
        i, j = (int(v) for v in asym[0])
        raise TSPError(
            f"weights must be symmetric; weights[{i}, {j}] = {_fmt(w[i, j])} but weights[{j}, {i}] = {_fmt(w[j, i])}"
        )
    w.setflags(write=False)
    return w


def _prepare(weights: object, start: object, prefix: object, maximize: bool) -> _Problem:
    """Validate the arguments shared by every solver."""
    w = _check_weights(weights)
    n = w.shape[0]
    s = _as_index(start, "start", n)
    if isinstance(prefix, str | bytes) or not isinstance(prefix, Sequence | np.ndarray):
        raise TSPError(f"prefix must be a sequence of node indices, got {prefix!r}")
    nodes = tuple(_as_index(v, f"prefix[{k}]", n) for k, v in enumerate(prefix))
    if not nodes:
        nodes = (s,)
    elif nodes[0] != s:
        raise TSPError(f"prefix must begin with start {s}, got {list(nodes)}")
    seen: set[int] = set()
    for v in nodes:
        if v in seen:
            raise TSPError(f"prefix repeats node {v}: {list(nodes)}")
        seen.add(v)
    free = tuple(v for v in range(n) if v not in seen)
    return _Problem(weights=w, start=s, prefix=nodes, free=free, maximize=bool(maximize))


def _check_time_limit(time_limit: object) -> float | None:
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float | np.number):
        raise TSPError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    limit = float(time_limit)
    if not (limit > 0 and math.isfinite(limit)):
        raise TSPError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    return limit


def tour_value(weights: object, tour: Sequence[int]) -> float:
    """Sum the weights along a tour.

    The sum is taken with ``math.fsum``, so a tour and its reverse have exactly the same value.

    Args:
        weights: n x n matrix of numbers.
        tour: Node indices visited in order; a closed tour repeats its first node at the end.

    Returns:
        ``sum(weights[tour[i], tour[i + 1]])`` over consecutive pairs, as a float.

    Raises:
        TSPError: If ``weights`` is not a square matrix or ``tour`` holds an index out of range.
    """
    w = np.asarray(weights)
    if w.ndim != 2 or w.shape[0] != w.shape[1]:
        raise TSPError(f"weights must be a square n x n matrix, got shape {w.shape}")
    n = w.shape[0]
    nodes = [_as_index(v, f"tour[{k}]", n) for k, v in enumerate(tour)]
    return math.fsum(float(w[a, b]) for a, b in itertools.pairwise(nodes))


def _solution(problem: _Problem, tour: Sequence[int], optimal: bool, method: str) -> TSPSolution:
    """Check a solver's tour (a failure is a bug in this module) and wrap it."""
    tour = [int(v) for v in tour]
    n, m = problem.n, len(problem.prefix)
    if (
        len(tour) != n + 1
        or tour[-1] != problem.start
        or tuple(tour[:m]) != problem.prefix
        or sorted(tour[:-1]) != list(range(n))
    ):
        raise RuntimeError(f"internal error: solver {method!r} produced an invalid tour {tour}")
    return TSPSolution(tour=tour, value=tour_value(problem.weights, tour), optimal=optimal, method=method)


def _forced(problem: _Problem, method: str) -> TSPSolution | None:
    """The only tour, when at most one node is left to place."""
    if len(problem.free) > 1:
        return None
    tour = [*problem.prefix, *problem.free, problem.start]
    return _solution(problem, tour, optimal=True, method=method)


def _subproblem(problem: _Problem) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Costs to minimise over orderings of the free nodes.

    Returns ``(inner, first, last)``: ``inner[a, b]`` between free nodes a and b (local
    indices), ``first[a]`` from the last prefix node to free node a, ``last[a]`` from free node
    a back to start. Weights are negated for maximisation.
    """
    sign = -1.0 if problem.maximize else 1.0
    free = np.asarray(problem.free, dtype=np.int64)
    w = problem.weights
    inner = np.ascontiguousarray(sign * w[np.ix_(free, free)])
    first = np.ascontiguousarray(sign * w[problem.prefix[-1], free])
    last = np.ascontiguousarray(sign * w[free, problem.start])
    return inner, first, last


def _ordered_tour(problem: _Problem, local_order: Sequence[int]) -> list[int]:
    return [*problem.prefix, *(problem.free[a] for a in local_order), problem.start]


# --------------------------------------------------------------------------------------------
# Held-Karp dynamic programme (Bellman 1962; Held and Karp 1962)
#
# State (S, j): a path that leaves the last prefix node, visits exactly the free nodes in the
# bit set S and ends at free node j in S. cost[S * k + j] is its cheapest cost and
# parent[S * k + j] the free node before j on that path. Sets are visited in increasing
# numeric order, so S - {j} is always done before S. Ties keep the lowest index: the result
# is deterministic. cost[(S - {j}) * k + j] is never set (j is not in S - {j}) and stays
# +inf, so the inner loop may run over all members of S without skipping j.


@njit(cache=True)
def _held_karp_kernel(inner, first, last):  # pragma: no cover - compiled by Numba
    k = first.shape[0]
    full = (1 << k) - 1
    cost = np.full((full + 1) * k, np.inf)
    parent = np.full((full + 1) * k, -1, dtype=np.int8)
    members = np.empty(k, dtype=np.int64)
    for j in range(k):
        cost[(1 << j) * k + j] = first[j]
    for mask in range(3, full + 1):
        count = 0
        for b in range(k):
            if (mask >> b) & 1:
                members[count] = b
                count += 1
        if count < 2:
            continue  # singletons are initialised above
        base = mask * k
        for a in range(count):
            j = members[a]
            pbase = (mask ^ (1 << j)) * k
            best = np.inf
            arg = -1
            for c in range(count):
                i = members[c]
                value = cost[pbase + i] + inner[j, i]  # inner is symmetric: row j is contiguous
                if value < best:
                    best = value
                    arg = i
            cost[base + j] = best
            parent[base + j] = arg
    best = np.inf
    end = -1
    for j in range(k):
        value = cost[full * k + j] + last[j]
        if value < best:
            best = value
            end = j
    order = np.empty(k, dtype=np.int64)
    mask = full
    j = end
    for pos in range(k - 1, -1, -1):
        order[pos] = j
        pj = parent[mask * k + j]
        mask ^= 1 << j
        j = pj
    return order


def _solve_ordering(
    weights: object,
    start: object,
    prefix: object,
    maximize: bool,
    method: str,
    limit: int,
    solver: str,
    order_free: Callable[[np.ndarray, np.ndarray, np.ndarray], list[int]],
) -> TSPSolution:
    """The exact methods that order the free nodes directly (DP, plain DP, brute force):
    validate, take the forced tour if there is one, check the size, solve, build the solution."""
    problem = _prepare(weights, start, prefix, maximize)
    forced = _forced(problem, method)
    if forced is not None:
        return forced
    if len(problem.free) > limit:
        alternatives = 'method="dp"' if method == "brute" else 'method="cpsat" or "scip"'
        raise _too_large(problem, limit, solver, alternatives)
    order = order_free(*_subproblem(problem))
    return _solution(problem, _ordered_tour(problem, order), optimal=True, method=method)


def _too_large(problem: _Problem, limit: int, solver: str, methods: str) -> TSPTooLargeError:
    k = len(problem.free)
    return TSPTooLargeError(
        f"{solver} handles at most {limit} free nodes, got {k} (n={problem.n}, "
        f"prefix of {len(problem.prefix)}); use {methods}"
    )


def solve_tsp_dp(weights: object, *, start: int = 0, prefix: Sequence[int] = (), maximize: bool = False) -> TSPSolution:
    """Solve exactly with the Held-Karp dynamic programme (Numba kernel).

    Runs over bit sets of the free nodes: O(2^k k^2) time and O(2^k k) memory for k free
    nodes. The first call compiles the kernel (or loads it from the on-disk cache); call
    ``warm_up()`` before timing.

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node the tour starts and ends at.
        prefix: Agreed beginning of the tour; empty, or starting with ``start``.
        maximize: Maximise the tour value instead of minimising it.

    Returns:
        An optimal ``TSPSolution`` with ``method="dp"`` and ``optimal=True``; among equally
        good tours the same one is returned for the same input.

    Raises:
        TSPTooLargeError: If more than ``MAX_DP_FREE_NODES`` nodes are outside the prefix.
        TSPError: If the instance or the arguments are invalid.
    """
    return _solve_ordering(
        weights, start, prefix, maximize, "dp", MAX_DP_FREE_NODES, "the Held-Karp DP",
        lambda inner, first, last: _held_karp_kernel(inner, first, last).tolist(),
    )  # fmt: skip


def warm_up() -> None:
    """Compile (or load from cache) the Numba kernels by solving a tiny instance.

    Call it once before timing ``solve_tsp_dp``; later calls are cheap.
    """
    w = np.arange(25, dtype=np.float64).reshape(5, 5)
    solve_tsp_dp(w + w.T, maximize=True)


def _held_karp_python(inner: list[list[float]], first: list[float], last: list[float]) -> list[int]:
    """The same recurrence as ``_held_karp_kernel``, in plain Python lists."""
    k = len(first)
    full = (1 << k) - 1
    inf = math.inf
    cost = [inf] * ((full + 1) * k)
    parent = [-1] * ((full + 1) * k)
    for j in range(k):
        cost[(1 << j) * k + j] = first[j]
    members = [[i for i in range(k) if mask >> i & 1] for mask in range(full + 1)]
    for mask in range(3, full + 1):
        in_mask = members[mask]
        if len(in_mask) < 2:
            continue
        base = mask * k
        for j in in_mask:
            prev = mask ^ (1 << j)
            pbase = prev * k
            row = inner[j]
            best, arg = inf, -1
            for i in members[prev]:
                c = cost[pbase + i] + row[i]
                if c < best:
                    best, arg = c, i
            cost[base + j] = best
            parent[base + j] = arg
    end = min(range(k), key=lambda j: cost[full * k + j] + last[j])
    order = [0] * k
    mask, j = full, end
    for pos in range(k - 1, -1, -1):
        order[pos] = j
        pj = parent[mask * k + j]
        mask ^= 1 << j
        j = pj
    return order


def solve_tsp_dp_python(
    weights: object, *, start: int = 0, prefix: Sequence[int] = (), maximize: bool = False
) -> TSPSolution:
    """Solve exactly with Held-Karp in plain Python: the baseline that ``bench`` compares to.

    Same algorithm, tie-breaking and size limit as ``solve_tsp_dp``, but interpreted; it is
    practical up to about 14 free nodes (a few seconds).

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node the tour starts and ends at.
        prefix: Agreed beginning of the tour; empty, or starting with ``start``.
        maximize: Maximise the tour value instead of minimising it.

    Returns:
        An optimal ``TSPSolution`` with ``method="dp_python"`` and ``optimal=True``.

    Raises:
        TSPTooLargeError: If more than ``MAX_DP_FREE_NODES`` nodes are outside the prefix.
        TSPError: If the instance or the arguments are invalid.
    """
    return _solve_ordering(
        weights, start, prefix, maximize, "dp_python", MAX_DP_FREE_NODES, "the Held-Karp DP",
        lambda inner, first, last: _held_karp_python(inner.tolist(), first.tolist(), last.tolist()),
    )  # fmt: skip


# --------------------------------------------------------------------------------------------
# brute force (test oracle)


def solve_tsp_brute_force(
    weights: object, *, start: int = 0, prefix: Sequence[int] = (), maximize: bool = False
) -> TSPSolution:
    """Solve by enumerating every ordering of the free nodes: the oracle for tests.

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node the tour starts and ends at.
        prefix: Agreed beginning of the tour; empty, or starting with ``start``.
        maximize: Maximise the tour value instead of minimising it.

    Returns:
        An optimal ``TSPSolution`` with ``method="brute"``; ties go to the ordering that
        ``itertools.permutations`` yields first.

    Raises:
        TSPTooLargeError: If more than ``MAX_BRUTE_FREE_NODES`` nodes are outside the prefix.
        TSPError: If the instance or the arguments are invalid.
    """
    return _solve_ordering(
        weights, start, prefix, maximize, "brute", MAX_BRUTE_FREE_NODES, "brute force", _best_permutation
    )


def _best_permutation(inner: np.ndarray, first: np.ndarray, last: np.ndarray) -> list[int]:
    """The cheapest ordering of the free nodes, by enumeration (first found wins ties)."""
    inner_l, first_l, last_l = inner.tolist(), first.tolist(), last.tolist()
    best, best_order = math.inf, None
    for order in itertools.permutations(range(len(first_l))):
        c = first_l[order[0]] + last_l[order[-1]]
        for a, b in itertools.pairwise(order):
            c += inner_l[a][b]
        if c < best:
            best, best_order = c, order
    assert best_order is not None
    return list(best_order)


# --------------------------------------------------------------------------------------------
# CP-SAT: one circuit constraint over arc literals


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
    from ortools.sat.python import cp_model  # imported here: it takes ~0.4 s to load

    problem = _prepare(weights, start, prefix, maximize)
    limit = _check_time_limit(time_limit)
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
    if limit is not None:
        solver.parameters.max_time_in_seconds = limit
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if status == cp_model.UNKNOWN and limit is not None:
            raise TSPError(f"CP-SAT found no tour within the time limit of {limit:g} s; raise time_limit")
        raise RuntimeError(f"internal error: CP-SAT returned {solver.status_name(status)}")
    successor = {i: j for (i, j), lit in arcs.items() if solver.boolean_value(lit)}
    tour = [problem.start]
    for _ in range(n):
        tour.append(successor[tour[-1]])
    return _solution(problem, tour, optimal=status == cp_model.OPTIMAL, method="cpsat")


# --------------------------------------------------------------------------------------------
# SCIP: edge ILP with subtour elimination cuts added lazily (Dantzig, Fulkerson, Johnson 1954)


def _components(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    """Connected components of the graph on nodes 0..n-1 with the given edges."""
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    seen = [False] * n
    components = []
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        stack, component = [root], []
        while stack:
            v = stack.pop()
            component.append(v)
            for u in adjacent[v]:
                if not seen[u]:
                    seen[u] = True
                    stack.append(u)
        components.append(sorted(component))
    return components


class _SubtourElimination(Conshdlr):
    """SCIP constraint handler: the chosen edges must form one connected tour.

    A candidate solution whose chosen edges split into several components is infeasible;
    during LP enforcement each component S gets the DFJ cut ``sum(x[e], e inside S) <=
    |S| - 1``. Cuts are added only when a subtour is found.
    """

    def __init__(self, n: int, x: dict[tuple[int, int], Any]) -> None:
        self.n = n
        self.x = x

    def _subtours(self, solution: Any) -> list[list[int]]:
        chosen = [e for e, var in self.x.items() if self.model.getSolVal(solution, var) > 0.5]
        components = _components(self.n, chosen)
        return components if len(components) > 1 else []

    def _enforce(self) -> dict[str, Any]:
        subtours = self._subtours(None)  # None: the current LP or pseudo solution
        if not subtours:
            return {"result": SCIP_RESULT.FEASIBLE}
        for component in subtours:
            inside = [self.x[a, b] for a, b in itertools.combinations(component, 2)]
            self.model.addCons(quicksum(inside) <= len(component) - 1, name="dfj_subtour")
        return {"result": SCIP_RESULT.CONSADDED}

    def conscheck(self, constraints, solution, checkintegrality, checklprows, printreason, completely):
        infeasible = bool(self._subtours(solution))
        return {"result": SCIP_RESULT.INFEASIBLE if infeasible else SCIP_RESULT.FEASIBLE}

    def consenfolp(self, constraints, nusefulconss, solinfeasible):
        return self._enforce()

    def consenfops(self, constraints, nusefulconss, solinfeasible, objinfeasible):
        return self._enforce()

    def conslock(self, constraint, locktype, nlockspos, nlocksneg):
        # Connectivity can break by rounding any edge either way: lock every variable both
        # ways, so presolving never fixes an edge by dual arguments that ignore the cuts.
        locks = nlockspos + nlocksneg
        for var in self.x.values():
            self.model.addVarLocksType(var, locktype, locks, locks)


def solve_tsp_scip(
    weights: object,
    *,
    start: int = 0,
    prefix: Sequence[int] = (),
    maximize: bool = False,
    time_limit: float | None = None,
) -> TSPSolution:
    """Solve with SCIP: binary edge variables, degree-2 rows, lazy subtour elimination.

    The model has one binary ``x[i, j]`` per undirected edge, ``sum(x[e], e at v) == 2`` for
    every node, the prefix edges fixed to 1 and (for a prefix of three or more nodes) the edge
    closing the prefix into a cycle fixed to 0. Subtour elimination constraints (Dantzig,
    Fulkerson and Johnson 1954) are added lazily by a constraint handler, only for the
    subtours that appear in candidate solutions. Output is silenced; SCIP runs single-threaded
    and deterministically.

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node the tour starts and ends at.
        prefix: Agreed beginning of the tour; empty, or starting with ``start``.
        maximize: Maximise the tour value instead of minimising it.
        time_limit: Wall-clock limit in seconds (SCIP's "limits/time"), or None for no limit.

    Returns:
        The best tour found, with ``optimal=True`` iff SCIP's status is "optimal". Without a
        prefix the tour leaves ``start`` towards its lower-numbered tour neighbour.

    Raises:
        TSPError: If the arguments are invalid, or no tour was found within ``time_limit``.
    """
    problem = _prepare(weights, start, prefix, maximize)
    limit = _check_time_limit(time_limit)
    forced = _forced(problem, "scip")
    if forced is not None:
        return forced
    n, w = problem.n, problem.weights
    prefix_edges = {tuple(sorted(e)) for e in itertools.pairwise(problem.prefix)}
    if len(problem.prefix) >= 3:
        closing = tuple(sorted((problem.prefix[-1], problem.start)))
    else:
        closing = None

    model = Model("tsp")
    model.hideOutput()
    x: dict[tuple[int, int], Any] = {}
    for i, j in itertools.combinations(range(n), 2):
        lb = 1.0 if (i, j) in prefix_edges else 0.0
        ub = 0.0 if (i, j) == closing else 1.0
        x[i, j] = model.addVar(name=f"x_{i}_{j}", vtype="B", lb=lb, ub=ub, obj=float(w[i, j]))
    for v in range(n):
        model.addCons(quicksum(x[e] for e in x if v in e) == 2, name=f"degree_{v}")
    if problem.maximize:
        model.setMaximize()
    else:
        model.setMinimize()

    handler = _SubtourElimination(n, x)
    model.includeConshdlr(
        handler,
        "subtour",
        "DFJ subtour elimination, cuts added lazily",
        enfopriority=-1,
        chckpriority=-1,
    )
    model.addPyCons(model.createCons(handler, "connected_tour"))
    if limit is not None:
        model.setParam("limits/time", limit)
    model.optimize()

    if model.getNSols() == 0:
        status = model.getStatus()
        if status == "timelimit":
            raise TSPError(f"SCIP found no tour within the time limit of {limit:g} s; raise time_limit")
        raise RuntimeError(f"internal error: SCIP stopped with status {status!r} and no tour")
    best = model.getBestSol()
    chosen = [e for e, var in x.items() if model.getSolVal(best, var) > 0.5]
    neighbours: dict[int, list[int]] = {v: [] for v in range(n)}
    for a, b in chosen:
        neighbours[a].append(b)
        neighbours[b].append(a)
    tour = list(problem.prefix) if len(problem.prefix) >= 2 else [problem.start, min(neighbours[problem.start])]
    while len(tour) <= n:
        previous, here = tour[-2], tour[-1]
        tour.append(next(u for u in neighbours[here] if u != previous))
    optimal = model.getStatus() == "optimal"
    model.freeProb()
    return _solution(problem, tour, optimal=optimal, method="scip")


# --------------------------------------------------------------------------------------------
# dispatch

_EXACT_SOLVERS: dict[str, Callable[..., TSPSolution]] = {
    "dp": solve_tsp_dp,
    "brute": solve_tsp_brute_force,
    "dp_python": solve_tsp_dp_python,
}
_TIMED_SOLVERS: dict[str, Callable[..., TSPSolution]] = {
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
        method: One of ``METHODS``: "dp" (default), "cpsat", "scip", "brute", "dp_python".
        time_limit: Seconds, passed to "cpsat" and "scip"; the other methods always run to
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
