"""A Numba assignment kernel that picks exactly the matching scipy's ``linear_sum_assignment`` picks.

:func:`max_assignment` is for other Numba kernels that solve many small assignment problems in a
loop (DialOp Optimization's instance generator solves about 3,000 8x8 tables per instance), where
calling scipy once per table costs more in Python overhead than in solving. It implements the same
shortest augmenting path algorithm as scipy (Crouse 2016, pp. 1685-1686): rows are added in order,
and the Dijkstra-like search takes the column of lowest path cost, breaking ties as scipy's scan
order does (see :func:`max_assignment`). With the same decisions it returns the same optimal
matching as ``linear_sum_assignment(weights, maximize=True)`` whenever the weights are whole
numbers (the kernel works in int64, so every comparison is exact), including which of several
tied optima is chosen; tests/solvers/test_matching_kernel.py checks this against scipy on tables
full of ties. Use :func:`solvers.matching.solve_matching` everywhere else.

Reference:
    Crouse, D. F. (2016). On implementing 2D rectangular assignment algorithms. IEEE Transactions
        on Aerospace and Electronic Systems 52(4), 1679-1696.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["MAX_SIZE", "MAX_WEIGHT", "assignment_workspace", "max_assignment", "max_assignment_columns"]

MAX_WEIGHT = 2**40
"""Weights must be whole numbers below this in magnitude (the kernel's integer arithmetic)."""


_UNREACHED = 1 << 62
"""Path cost of a column the search has not reached (the algorithm's infinity)."""

_SCANNED = 1 << 60
"""Tie-break key of a column already scanned in this search: above every live key, so never picked."""

MAX_SIZE = 64
"""Tables may have at most this many rows: live keys ``cost * 2k + tie`` must stay below ``_SCANNED``
(path costs stay below about ``k * 2^41`` for weights below ``MAX_WEIGHT``)."""


@njit(cache=True)
def assignment_workspace(k):  # pragma: no cover - compiled by Numba
    """Scratch arrays for :func:`max_assignment` on ``k x k`` tables (allocate once, reuse)."""
    return (
        np.empty(k, np.int64),  # u: row duals
        np.empty(k, np.int64),  # v: column duals
        np.empty(k, np.int64),  # shortest path cost to each column
        np.empty(k, np.int64),  # path: the row before each column
        np.empty(k, np.int64),  # row4col
        np.empty(k, np.bool_),  # rows reached in this search
        np.empty(k, np.int64),  # position of each unscanned column in scipy's scan order
        np.empty(k, np.int64),  # the column at each position (the inverse of the above)
        np.empty(k, np.int64),  # tie-break key of each column (_SCANNED once scanned)
    )


@njit(cache=True)
def max_assignment(weights, col4row, workspace):  # pragma: no cover - compiled by Numba
    """Write into ``col4row`` the column of each row in a maximum-weight perfect matching.

    Integer arithmetic keeps every comparison exact (and is 3x faster than float64 here). scipy
    scans the unscanned columns in an order that changes as columns are removed (the last one
    takes the removed one's place) and breaks ties on the fly: among columns of lowest path cost
    it takes the last free one scanned, else the first one scanned. This kernel visits columns
    in index order with no branches and gets the same pick from one key per column,
    ``cost * 2k + tie``, where ``tie`` ranks free columns by scan position from last to first,
    ahead of taken columns ranked from first to last; positions are kept up to date as scipy's
    order changes.

    Args:
        weights: a square ``k x k`` int64 table, ``k <= MAX_SIZE``, entries of magnitude below 2^40.
        col4row: int64 array of length ``k``, overwritten with the matching.
        workspace: the tuple returned by ``assignment_workspace(k)``.
    """
    u, v, costs, path, row4col, seen_row, position, at, tie = workspace
    k = weights.shape[0]
    width = 2 * k
    for i in range(k):
        u[i] = 0
        v[i] = 0
        col4row[i] = -1
        row4col[i] = -1
        path[i] = -1
    for cur in range(k):
        for j in range(k):
            position[j] = k - 1 - j  # scipy scans from the highest column index down
            at[k - 1 - j] = j
            costs[j] = _UNREACHED
            seen_row[j] = False
            tie[j] = j if row4col[j] == -1 else 2 * k - 1 - j
        n_left = k
        row = cur
        low = 0
        sink = -1
        while sink == -1:
            seen_row[row] = True
            base = low - u[row]
            best_key = _UNREACHED
            best = -1
            for j in range(k):
                # Scanned columns keep their cost: dual feasibility makes `reduced` no lower.
                reduced = base - weights[row, j] - v[j]  # costs are the negated weights
                cost = costs[j]
                shorter = reduced < cost
                path[j] = row if shorter else path[j]
                cost = reduced if shorter else cost
                costs[j] = cost
                key = cost * width + tie[j]
                take = key < best_key
                best_key = key if take else best_key
                best = j if take else best
            low = costs[best]
            if row4col[best] == -1:
                sink = best
            else:
                row = row4col[best]
            n_left -= 1
            moved, place = at[n_left], position[best]
            position[moved] = place
            at[place] = moved
            tie[moved] = k - 1 - place if row4col[moved] == -1 else k + place
            tie[best] = _SCANNED
        u[cur] += low
        for i in range(k):
            if seen_row[i] and i != cur:
                u[i] += low - costs[col4row[i]]
        for j in range(k):
            if tie[j] == _SCANNED:
                v[j] -= low - costs[j]
        j = sink
        while True:
            i = path[j]
            row4col[j] = i
            j, col4row[i] = col4row[i], j
            if i == cur:
                break


def max_assignment_columns(weights: np.ndarray) -> np.ndarray:
    """The column of each row in scipy's maximum-weight matching of a square table, via the kernel.

    Args:
        weights: a non-empty square table of at most ``MAX_SIZE`` rows, of whole numbers of
            magnitude below ``MAX_WEIGHT``.

    Returns:
        An int64 array: row ``r`` is matched to column ``result[r]``.

    Raises:
        ValueError: ``weights`` is not such a table.
    """
    table = np.asarray(weights)
    if table.ndim != 2 or table.shape[0] != table.shape[1] or table.shape[0] == 0:
        raise ValueError(f"weights must be a non-empty square table, got shape {table.shape}")
    if table.shape[0] > MAX_SIZE:
        raise ValueError(f"weights has {table.shape[0]} rows; the kernel takes at most {MAX_SIZE}")
    if table.dtype == bool or not np.issubdtype(table.dtype, np.number) or not np.all(np.isfinite(table)):
        raise ValueError("weights must be finite numbers")
    if not np.array_equal(table, np.round(table)) or np.abs(table).max() >= MAX_WEIGHT:
        raise ValueError(f"weights must be whole numbers of magnitude below {MAX_WEIGHT}")
    k = table.shape[0]
    columns = np.empty(k, dtype=np.int64)
    max_assignment(np.ascontiguousarray(table, dtype=np.int64), columns, assignment_workspace(k))
    return columns
