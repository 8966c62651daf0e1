"""Exact best entries of a score table over the allowed ordered triples.

The kernel of DialOp Planning's itinerary search (:func:`games.dialop.itinerary.solve_itinerary`):
given ``values[i, j, k]``, the score of the ordered triple ``(i, j, k)``, and a boolean ``allowed``
mask of the same shape, :func:`solve_triples` returns the ``top_n`` highest allowed triples. It is a
full enumeration (``argpartition`` over the allowed entries, 59,319 for 39 items), so the result is
exact. Ties are broken by row-major order (the order of ``itertools.permutations`` when ``allowed``
holds the distinct triples), so results are deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["TriplesInfeasibleError", "TriplesSolution", "solve_triples"]


@dataclass(frozen=True)
class TriplesSolution:
    """The best allowed triples of a score table.

    Attributes:
        value: the best triple's value.
        triple: the best allowed triple of indices.
        optimal: whether ``triple`` is proven best among the allowed ones (always True here).
        top: the ``top_n`` best ``(triple, value)`` pairs, best first (``top[0]`` is the solution).
    """

    value: float
    triple: tuple[int, ...]
    optimal: bool
    top: tuple[tuple[tuple[int, ...], float], ...]


class TriplesInfeasibleError(ValueError):
    """The mask allows no triple."""


def solve_triples(values: np.ndarray, allowed: np.ndarray, *, top_n: int = 1) -> TriplesSolution:
    """The ``top_n`` highest entries of ``values`` where ``allowed`` holds (exhaustive).

    Args:
        values: an ``(n, n, n)`` score table.
        allowed: a boolean array of the same shape: the triples that may be chosen.
        top_n: how many of the best triples to return in ``top`` (at least 1).

    Returns:
        The :class:`TriplesSolution`; ``top`` holds fewer than ``top_n`` entries only when fewer
        triples are allowed.

    Raises:
        ValueError: ``top_n < 1``.
        TriplesInfeasibleError: ``allowed`` holds nowhere.
    """
    if isinstance(top_n, bool) or not isinstance(top_n, int) or top_n < 1:
        raise ValueError(f"top_n must be a positive integer, got {top_n!r}")
    if not allowed.any():
        raise TriplesInfeasibleError("no triple is allowed")
    scores = values[allowed]
    triples = np.argwhere(allowed)  # row-major = permutation order
    k = min(top_n, scores.size)
    # stable order: highest value first, then row-major order
    candidates = np.argpartition(-scores, k - 1)[:k] if k < scores.size else np.arange(scores.size)
    threshold = scores[candidates].min()
    pool = np.flatnonzero(scores >= threshold)
    pool = pool[np.lexsort((pool, -scores[pool]))][:k]
    top = tuple((tuple(int(x) for x in triples[at]), float(scores[at])) for at in pool)
    return TriplesSolution(value=top[0][1], triple=top[0][0], optimal=True, top=top)
