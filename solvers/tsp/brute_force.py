"""Enumeration of every ordering of the free nodes: the oracle of the tests."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np

from solvers.tsp._common import TSPSolution, _solve_ordering

#: Largest number of free nodes the brute-force oracle accepts (10! = 3.6 million tours).
MAX_BRUTE_FREE_NODES = 10


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
