"""Held-Karp dynamic programme over bit sets of the free nodes, compiled with Numba
(Bellman 1962; Held and Karp 1962)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from solvers.lazy_jit import njit_later
from solvers.tsp._common import TSPSolution, _solve_ordering

#: Largest number of free (non-prefix) nodes the Held-Karp DP accepts. The tables hold
#: 2^k * k entries: at k = 20 that is 168 MB of float64 costs plus 21 MB of int8 parents and
#: about a second of compute; k = 21 would double both, so larger instances go to an ILP.
MAX_DP_FREE_NODES = 20

# State (S, j): a path that leaves the last prefix node, visits exactly the free nodes in the
# bit set S and ends at free node j in S. cost[S * k + j] is its cheapest cost and
# parent[S * k + j] the free node before j on that path. Sets are visited in increasing
# numeric order, so S - {j} is always done before S. Ties keep the lowest index: the result
# is deterministic. The tables are left uninitialised: only states (S, j) with j in S are
# ever read, and each is written before it is read.


@njit_later(cache=True)
def _cheapest_from(cost, previous, inner, j, members, lo, hi, best, arg):  # pragma: no cover
    """Fold states ``(previous, members[lo:hi])`` followed by the step to ``j`` into ``(best, arg)``
    (selects, not branches: which candidate wins is data, so a branch would mispredict)."""
    for c in range(lo, hi):
        i = members[c]
        value = cost[previous + i] + inner[j, i]  # inner is symmetric: row j is contiguous
        shorter = value < best
        best = value if shorter else best
        arg = i if shorter else arg
    return best, arg


@njit_later(cache=True)
def _held_karp_kernel(inner, first, last):  # pragma: no cover - compiled by Numba
    k = first.shape[0]
    full = (1 << k) - 1
    cost = np.empty((full + 1) * k)
    parent = np.empty((full + 1) * k, dtype=np.int8)
    members = np.empty(k, dtype=np.int64)
    for j in range(k):
        cost[(1 << j) * k + j] = first[j]
    for mask in range(3, full + 1):
        count = 0
        for b in range(k):
            members[count] = b
            count += (mask >> b) & 1
        if count < 2:
            continue  # singletons are initialised above
        base = mask * k
        for a in range(count):
            j = members[a]
            previous = (mask ^ (1 << j)) * k
            # the members of S - {j}: those before j, then those after it
            best, arg = _cheapest_from(cost, previous, inner, j, members, 0, a, np.inf, -1)
            best, arg = _cheapest_from(cost, previous, inner, j, members, a + 1, count, best, arg)
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
