"""Exact best flight pairs for DialOp Mediation: one flight per user, a unary value per flight and
a pair term that couples the two choices (the arrival-time gap).

The value of the pair ``(i, j)`` is ``first[i] + second[j] + pair[i, j]``; the solvers return the
``top`` highest pairs, best first, ties broken by the smallest ``(i, j)`` (row-major order). The
mediation assistant calls :func:`solve_flight_pairs` with its *believed* per-user values (calendar
plus price terms) and the known arrival-gap matrix counted for both users; the game's own
:func:`games.dialop.mediation.best_and_worst` is the enumeration it must agree with.

Which solver to use when:

- :func:`solve_flight_pairs` always (vectorized numpy, one ``m x n`` sum and a partial sort;
  ~30 x 30 pairs take microseconds). The problem is a full enumeration at these sizes, so the
  result is exact (``optimal=True``).
- :func:`solve_flight_pairs_brute` only in tests: the plain-Python enumeration oracle.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["FlightPairSolution", "solve_flight_pairs", "solve_flight_pairs_brute"]


@dataclass(frozen=True)
class FlightPairSolution:
    """The best pairs of a flight-pair problem.

    Attributes:
        value: the best pair's value.
        pair: the best pair ``(flight of user 0, flight of user 1)``.
        ranked: the ``top`` best pairs with their values, best first.
        optimal: whether optimality is proven (always, for these exact solvers).
    """

    value: float
    pair: tuple[int, int]
    ranked: tuple[tuple[tuple[int, int], float], ...]
    optimal: bool = True


def _check(first: np.ndarray, second: np.ndarray, pair: np.ndarray, top: int) -> None:
    if first.ndim != 1 or second.ndim != 1 or first.size == 0 or second.size == 0:
        raise ValueError("first and second must be non-empty vectors")
    if pair.shape != (first.size, second.size):
        raise ValueError(f"pair must be {first.size} x {second.size}, got {pair.shape}")
    if top < 1:
        raise ValueError(f"top must be at least 1, got {top}")


def solve_flight_pairs(
    first: Sequence[float] | np.ndarray,
    second: Sequence[float] | np.ndarray,
    pair: Sequence[Sequence[float]] | np.ndarray,
    *,
    top: int = 1,
    exclude: Sequence[tuple[int, int]] = (),
) -> FlightPairSolution:
    """The ``top`` best pairs of ``first[i] + second[j] + pair[i, j]``, exactly.

    Args:
        first: the value of each flight of user 0 (length m).
        second: the value of each flight of user 1 (length n).
        pair: the ``m x n`` coupling term (e.g. twice the arrival-time term).
        top: how many pairs to rank (capped at the number of allowed pairs).
        exclude: pairs that may not be chosen (e.g. already rejected).

    Returns:
        The :class:`FlightPairSolution`.

    Raises:
        ValueError: mismatched shapes, ``top < 1``, or every pair excluded.
    """
    a, b, c = np.asarray(first, float), np.asarray(second, float), np.asarray(pair, float)
    _check(a, b, c, top)
    totals = a[:, None] + b[None, :] + c
    for i, j in exclude:
        totals[i, j] = -np.inf
    flat = totals.ravel()
    allowed = int(np.isfinite(flat).sum())
    if allowed == 0:
        raise ValueError("every pair is excluded")
    count = min(top, allowed)
    # stable sort on the negated values keeps row-major order among ties
    order = np.argsort(-flat, kind="stable")[:count]
    ranked = tuple(((int(k // b.size), int(k % b.size)), float(flat[k])) for k in order)
    return FlightPairSolution(value=ranked[0][1], pair=ranked[0][0], ranked=ranked)


def solve_flight_pairs_brute(
    first: Sequence[float],
    second: Sequence[float],
    pair: Sequence[Sequence[float]],
    *,
    top: int = 1,
    exclude: Sequence[tuple[int, int]] = (),
) -> FlightPairSolution:
    """The enumeration oracle of :func:`solve_flight_pairs` (same arguments and result).

    Raises:
        ValueError: ``top < 1`` or every pair excluded.
    """
    if top < 1:
        raise ValueError(f"top must be at least 1, got {top}")
    banned = set(exclude)
    values = [
        ((i, j), float(first[i]) + float(second[j]) + float(pair[i][j]))
        for i, j in itertools.product(range(len(first)), range(len(second)))
        if (i, j) not in banned
    ]
    if not values:
        raise ValueError("every pair is excluded")
    values.sort(key=lambda entry: -entry[1])  # sort is stable: row-major order among ties
    ranked = tuple(values[:top])
    return FlightPairSolution(value=ranked[0][1], pair=ranked[0][0], ranked=ranked)
