"""The compiled inner loop of DialOp Optimization's rejection sampler (``optimization_game._generate``).

For each drawn table the original generator solves three assignment problems (the pooled optimum
and each player's solo optimum) and keeps the table if ``max(solo) * hardness < pooled``. This
kernel makes the same decision on the same draws, in the same order, with two exact shortcuts:

* the pooled optimum is bounded above by ``min(sum of row maxima, sum of column maxima)``, and a
  solo score only grows when the other player's is added (``solo = max(solo_0, solo_1)``), so a
  table whose first solo score already reaches ``bound / hardness`` is rejected without the other
  two solves (about 90% of draws), and most of the rest after the second;
* when no table passes (the original then keeps the hardest table, the one with the highest
  ``pooled / solo`` ratio), the same bounds order the tables so that only a few need the exact
  ratio (:func:`hardest`).

A solo score is the true value of the matching that is optimal for the player's expected table,
so which of several tied optima is chosen matters: :func:`solvers.matching_kernel.max_assignment`
picks exactly scipy's. Floating-point comparisons are monotone in their operands, so each bound
decides exactly as the full computation would; the result is the same instance for every seed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from solvers.matching_kernel import assignment_workspace, max_assignment


@njit(cache=True)
def _true_value(expected, table, columns, workspace):  # pragma: no cover - compiled by Numba
    max_assignment(expected, columns, workspace)
    total = 0
    for r in range(table.shape[0]):
        total += table[r, columns[r]]
    return total


@njit(cache=True)
def _solo(table, known, unknown_value, expected, columns, workspace):  # pragma: no cover
    k = table.shape[0]
    for r in range(k):
        for c in range(k):
            expected[r, c] = table[r, c] if known[r, c] else unknown_value
    return _true_value(expected, table, columns, workspace)


@njit(cache=True)
def _prepare(table, known1, known2, unknown_value, expected, column_max):  # pragma: no cover
    """In one pass: set the cells neither player sees to ``unknown_value``, fill ``expected`` with
    player 0's expected table, and return an upper bound on the pooled optimum (the smaller of
    the sums of row and of column maxima)."""
    k = table.shape[0]
    for c in range(k):
        column_max[c] = -1
    row_bound = 0
    for r in range(k):
        row_max = -1
        for c in range(k):  # selects, not branches: Numba vectorises this loop
            seen = known1[r, c]
            value = table[r, c] if seen | known2[r, c] else unknown_value
            table[r, c] = value
            expected[r, c] = value if seen else unknown_value
            row_max = max(row_max, value)
            column_max[c] = max(column_max[c], value)
        row_bound += row_max
    column_bound = 0
    for c in range(k):
        column_bound += column_max[c]
    return min(row_bound, column_bound)


@njit(cache=True)
def scan_batch(tables, known1, known2, unknown_value, hardness, ratio_bounds):  # pragma: no cover
    """Scan one batch of draws in order, as the original loop does, up to the first accepted table.

    Each scanned table gets its cells unseen by both players set to ``unknown_value`` (in place),
    and ``ratio_bounds[i]`` an upper bound on its ``pooled / solo`` ratio (for :func:`hardest`).

    Returns:
        The index of the first table meeting ``max(solo) * hardness < pooled``, or -1.
    """
    n, k = tables.shape[0], tables.shape[1]
    expected = np.empty((k, k), np.int64)
    column_max = np.empty(k, np.int64)
    columns = np.empty(k, np.int64)
    workspace = assignment_workspace(k)
    for i in range(n):
        table = tables[i]
        bound = _prepare(table, known1[i], known2[i], unknown_value, expected, column_max)
        solo = _true_value(expected, table, columns, workspace)
        ratio_bounds[i] = bound / solo if solo > 0 else np.inf
        if solo * hardness >= bound:
            continue
        solo = max(solo, _solo(table, known2[i], unknown_value, expected, columns, workspace))
        if solo * hardness >= bound:
            continue
        expected[:, :] = table
        if solo * hardness < _true_value(expected, table, columns, workspace):
            return i
    return -1


@njit(cache=True)
def pooled_ratio(table, known1, known2, unknown_value):  # pragma: no cover - compiled by Numba
    """The original's ``pooled / max(solo)`` of a masked table (``inf`` when the solo score is 0)."""
    k = table.shape[0]
    expected = np.empty((k, k), np.int64)
    columns = np.empty(k, np.int64)
    workspace = assignment_workspace(k)
    solo = max(
        _solo(table, known1, unknown_value, expected, columns, workspace),
        _solo(table, known2, unknown_value, expected, columns, workspace),
    )
    best = _true_value(table.copy(), table, columns, workspace)
    return best / solo if solo > 0 else np.inf


def hardest(
    tables: np.ndarray, known1: np.ndarray, known2: np.ndarray, unknown_value: int, ratio_bounds: np.ndarray
) -> int:
    """The index of the first table with the highest ``pooled / solo`` ratio (the original's fallback).

    Tables are visited by decreasing ``ratio_bounds`` (upper bounds from :func:`scan_batch`) and the
    search stops once no remaining bound can reach the best ratio found: a few exact evaluations
    instead of one per table.
    """
    best_ratio, best_index = -1.0, -1
    for i in np.argsort(-ratio_bounds, kind="stable"):
        if ratio_bounds[i] < best_ratio:
            break
        ratio = pooled_ratio(tables[i], known1[i], known2[i], unknown_value)
        if ratio > best_ratio or (ratio == best_ratio and i < best_index):
            best_ratio, best_index = ratio, int(i)
    return best_index
