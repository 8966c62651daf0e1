"""Held-Karp in plain Python: the same recurrence and tie-breaking as the Numba kernel, the
baseline the benchmarks compare against."""

from __future__ import annotations

import math
from collections.abc import Sequence

from solvers.tsp._common import TSPSolution, _solve_ordering
from solvers.tsp.dynamic_programming import MAX_DP_FREE_NODES


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
