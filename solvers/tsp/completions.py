"""The best value of every tour prefix at once: one backward Held-Karp pass per matrix.

A planner that asks "how good is the best tour that begins like this?" for many prefixes of the
same matrix (each candidate next room, under a low and a high estimate) would run a forward DP per
question. The backward pass answers them all: ``h[S, j]`` is the best way to finish from node ``j``
once the nodes in ``S`` are visited (every other node, then back to ``start``), so a prefix's best
tour value is the prefix's own weight plus one table entry. Only values: when several tours tie,
:func:`solvers.tsp.solve_tsp_dp` says which one it picks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from solvers.lazy_jit import njit_later
from solvers.tsp._common import _check_prefix, _prepare, _subproblem, _sum_along, _too_large
from solvers.tsp.dynamic_programming import MAX_DP_FREE_NODES

__all__ = ["TourCompletions", "tour_completions"]


@njit_later(cache=True)
def _completion_kernel(inner, back):  # pragma: no cover - compiled by Numba
    """``h[S * m + j]`` for ``j`` in ``S``: the cheapest path from ``j`` through every node outside
    the bit set ``S`` and then back (``back``), over ``m`` nodes with costs ``inner``. Sets are
    visited in decreasing order, so every ``S | {k}`` is done before ``S``."""
    m = back.shape[0]
    full = (1 << m) - 1
    h = np.empty((full + 1) * m)
    for j in range(m):
        h[full * m + j] = back[j]
    for mask in range(full - 1, 0, -1):
        for j in range(m):
            if not (mask >> j) & 1:
                continue
            best = np.inf
            for k in range(m):
                if (mask >> k) & 1:
                    continue  # visited already; its entry of this set may not be written yet
                best = min(best, inner[j, k] + h[(mask | (1 << k)) * m + k])
            h[mask * m + j] = best
    return h


@dataclass(frozen=True, eq=False)
class TourCompletions:
    """The best tour value of every prefix of one instance (made by :func:`tour_completions`).

    Attributes:
        weights: The validated instance (float64, zero diagonal, read-only).
        start: The node every tour starts and ends at.
        maximize: Whether "best" means the highest value.
    """

    weights: np.ndarray
    start: int
    maximize: bool
    _bit: dict[int, int]
    _first: np.ndarray
    _table: np.ndarray

    def best_value(self, prefix: Sequence[int] = ()) -> float:
        """The value of the best tour that begins with ``prefix``.

        It equals ``solve_tsp_dp(weights, start=start, prefix=prefix, maximize=maximize).value``
        whenever the weights' sums are exact in float64 (whole numbers, halves ... below 2^53);
        otherwise the two may differ in the last bits, having added the same weights in another order.

        Args:
            prefix: The agreed beginning of the tour; empty, or starting with ``start``.

        Raises:
            TSPError: ``prefix`` is not such a beginning.
        """
        nodes = _check_prefix(prefix, self.start, self.weights.shape[0])
        sign = -1.0 if self.maximize else 1.0
        m = len(self._bit)
        if len(nodes) == 1:  # every first step is open
            return sign * min(float(self._first[b]) + self._table[(1 << b) * m + b] for b in range(m))
        visited = 0
        for v in nodes[1:]:
            visited |= 1 << self._bit[v]
        rest = float(self._table[visited * m + self._bit[nodes[-1]]])
        return math.fsum((_sum_along(self.weights, list(nodes)), sign * rest))


def tour_completions(weights: object, *, start: int = 0, maximize: bool = False) -> TourCompletions:
    """Solve every prefix of one instance at once (see the module docstring).

    O(2^m m^2) time and O(2^m m) memory for the m = n - 1 nodes other than ``start``; each
    :meth:`TourCompletions.best_value` is then a table look-up.

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node every tour starts and ends at.
        maximize: Best means the highest value instead of the lowest.

    Raises:
        TSPTooLargeError: more than ``MAX_DP_FREE_NODES`` nodes besides ``start``.
        TSPError: the instance or the arguments are invalid.
    """
    problem = _prepare(weights, start, (), maximize)
    if len(problem.free) > MAX_DP_FREE_NODES:
        raise _too_large(
            problem, MAX_DP_FREE_NODES, "tour completions", 'solve_tsp(method="cpsat" or "scip") on each prefix'
        )
    inner, first, back = _subproblem(problem)
    table = _completion_kernel(inner, back)
    table.setflags(write=False)
    bit = {v: b for b, v in enumerate(problem.free)}
    return TourCompletions(problem.weights, problem.start, problem.maximize, bit, first, table)
