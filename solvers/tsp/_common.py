"""What every TSP method shares: the solution type, errors, argument validation and the
reduction of a prefixed tour to an ordering of the free nodes."""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import SupportsIndex

import numpy as np

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


def _fmt(x: float) -> str:
    return repr(int(x)) if float(x).is_integer() else repr(float(x))


def _as_index(value: object, what: str, n: int, position: int | None = None) -> int:
    """``value`` as a node index of an n-node instance; ``what`` (``what[position]`` when a
    position is given) names it in the error."""
    if type(value) is int and 0 <= value < n:
        return value  # the common case, without the protocol checks below
    if position is not None:
        what = f"{what}[{position}]"
    if isinstance(value, bool | np.bool_) or not isinstance(value, SupportsIndex):
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
    if not np.isfinite(w).all():
        i, j = (int(v) for v in np.argwhere(~np.isfinite(w))[0])
        raise TSPError(f"weights must be finite; weights[{i}, {j}] is {w[i, j]}")
    if np.abs(w).max() > _MAX_ABS_WEIGHT / n:
        raise TSPError(f"weights are too large in magnitude (max |w| = {np.abs(w).max():g})")
    if not (w == w.T).all():
        asym = np.argwhere(w != w.T)
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
    nodes = _check_prefix(prefix, s, n)
    seen = set(nodes)
    free = tuple(v for v in range(n) if v not in seen)
    return _Problem(weights=w, start=s, prefix=nodes, free=free, maximize=bool(maximize))


def _check_prefix(prefix: object, start: int, n: int) -> tuple[int, ...]:
    """``prefix`` as node indices of an n-node instance: ``(start,)`` when empty, else a sequence
    of distinct nodes that begins with ``start``."""
    if isinstance(prefix, str | bytes) or not isinstance(prefix, Sequence | np.ndarray):
        raise TSPError(f"prefix must be a sequence of node indices, got {prefix!r}")
    nodes = tuple(_as_index(v, "prefix", n, k) for k, v in enumerate(prefix))
    if not nodes:
        return (start,)
    if nodes[0] != start:
        raise TSPError(f"prefix must begin with start {start}, got {list(nodes)}")
    seen: set[int] = set()
    for v in nodes:
        if v in seen:
            raise TSPError(f"prefix repeats node {v}: {list(nodes)}")
        seen.add(v)
    return nodes


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
    return _sum_along(w, [_as_index(v, "tour", n, k) for k, v in enumerate(tour)])


def _sum_along(w: np.ndarray, nodes: list[int]) -> float:
    """``math.fsum`` of ``w[a, b]`` over consecutive valid indices ``a, b`` of ``nodes``."""
    if w.dtype.kind not in "biuf" or len(nodes) < 2:
        return math.fsum(float(w[a, b]) for a, b in itertools.pairwise(nodes))
    return math.fsum(map(float, w[nodes[:-1], nodes[1:]].tolist()))  # the same numbers, gathered at once


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
    return TSPSolution(tour=tour, value=_sum_along(problem.weights, tour), optimal=optimal, method=method)


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
    inner = np.ascontiguousarray(sign * w.take(free, 0).take(free, 1))
    first = np.ascontiguousarray(sign * w[problem.prefix[-1], free])
    last = np.ascontiguousarray(sign * w[free, problem.start])
    return inner, first, last


def _ordered_tour(problem: _Problem, local_order: Sequence[int]) -> list[int]:
    return [*problem.prefix, *(problem.free[a] for a in local_order), problem.start]


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
