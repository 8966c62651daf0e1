"""Exact best 3-site itinerary of DialOp Planning under given (believed) preference weights.

Use :func:`solve_itinerary` whenever an agent needs the best itinerary for a set of weighted
preferences: the planning assistant calls it on its believed :class:`PlanningInstance` (the sites it
sees plus the preferences it inferred, with integer weights in its own units). It is exhaustive and
exact: the scores of all ordered triples come from :func:`games.dialop.planning.score_table` (one
vectorized ``n**3`` table, 59,319 entries for 39 sites, a few milliseconds), masked to distinct sites
and to the allowed ones, then the ``top_n`` best are taken by :func:`solvers.triples.solve_triples`
(``argpartition``). No relaxation is involved, so every returned solution has ``optimal=True``; the
flag exists for the solver contract.

Constraints: ``exclude_sites`` (never visit these), ``exclude_itineraries`` (full itineraries already
tried, e.g. proposals the user rejected). Ties are broken by permutation order (the order of
``itertools.permutations`` over the instance's sites), so results are deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from games.dialop.planning import Itinerary, PlanningInstance, distinct_mask, score_table
from solvers.triples import TriplesInfeasibleError, solve_triples


@dataclass(frozen=True)
class ItinerarySolution:
    """The best itinerary found and the runners-up.

    Attributes:
        value: the score of ``itinerary`` under the instance's weights.
        itinerary: the best allowed full itinerary.
        optimal: whether ``itinerary`` is proven best among the allowed ones (always True here).
        top: the ``top_n`` best ``(itinerary, value)`` pairs, best first (``top[0]`` is the solution).
    """

    value: float
    itinerary: Itinerary
    optimal: bool
    top: tuple[tuple[Itinerary, float], ...]


class ItineraryInfeasibleError(TriplesInfeasibleError):
    """The constraints leave no full itinerary."""


def allowed_mask(
    instance: PlanningInstance,
    exclude_sites: Iterable[str] = (),
    exclude_itineraries: Iterable[Itinerary] = (),
) -> np.ndarray:
    """``mask[i, j, k]``: whether the triple of site indices is an allowed full itinerary.

    Args:
        instance: the instance whose sites index the mask.
        exclude_sites: names of sites no itinerary may visit.
        exclude_itineraries: full itineraries that are not allowed.

    Returns:
        A boolean ``(n, n, n)`` array.

    Raises:
        ValueError: an unknown site name.
    """
    n = len(instance.sites)
    index = {name: i for i, name in enumerate(instance.site_names)}
    mask = distinct_mask(n)
    for name in exclude_sites:
        instance.site(name)
        i = index[name]
        mask[i, :, :] = mask[:, i, :] = mask[:, :, i] = False
    for itinerary in exclude_itineraries:
        if itinerary.is_full:
            instance.check(itinerary)
            mask[tuple(index[name] for name in itinerary.sites)] = False  # a full itinerary: its sites are its slots
    return mask


def solve_itinerary(
    instance: PlanningInstance,
    *,
    exclude_sites: Iterable[str] = (),
    exclude_itineraries: Iterable[Itinerary] = (),
    top_n: int = 1,
) -> ItinerarySolution:
    """The best full itinerary of ``instance`` (exhaustive over all ordered triples).

    Args:
        instance: sites and weighted preferences (the true ones or an agent's beliefs).
        exclude_sites: sites the itinerary may not visit.
        exclude_itineraries: full itineraries that are not allowed (e.g. rejected ones).
        top_n: how many of the best itineraries to return in ``top`` (at least 1).

    Returns:
        The :class:`ItinerarySolution`; ``top`` holds fewer than ``top_n`` entries only when fewer
        itineraries are allowed.

    Raises:
        ValueError: ``top_n < 1`` or an unknown site.
        ItineraryInfeasibleError: no allowed full itinerary is left.
    """
    mask = allowed_mask(instance, exclude_sites, exclude_itineraries)
    try:  # fewer than three sites leave no distinct triple either
        found = solve_triples(score_table(instance), mask, top_n=top_n)
    except TriplesInfeasibleError:
        raise ItineraryInfeasibleError("no full itinerary satisfies the constraints") from None
    names = instance.site_names
    top = tuple((Itinerary(tuple(names[x] for x in triple)), value) for triple, value in found.top)
    return ItinerarySolution(value=found.value, itinerary=top[0][0], optimal=found.optimal, top=top)
