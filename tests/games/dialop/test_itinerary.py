"""Tests of the exact itinerary solver, against itertools brute force on small site sets."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dialop.itinerary import ItineraryInfeasibleError, solve_itinerary
from games.dialop.planning import (
    AtLeastOnePreference,
    DistancePreference,
    FeaturePreference,
    Itinerary,
    PlanningInstance,
    PriceBudgetPreference,
    Site,
    WantToGoPreference,
    score,
)
from games.dialop.planning_game import generate_instance

CATEGORIES = ("cafe", "bar", "park")


@st.composite
def instances(draw: st.DrawFn) -> PlanningInstance:
    n = draw(st.integers(3, 6))
    sites = tuple(
        Site(
            site_id=i,
            name=f"S{i}",
            category=draw(st.sampled_from(CATEGORIES)),
            price=draw(st.integers(0, 60)),
            location=(draw(st.floats(0, 0.1)), draw(st.floats(0, 0.1))),
            features={"views": draw(st.booleans()), "rating": draw(st.sampled_from([1, 3, 5]))},
        )
        for i in range(n)
    )
    w = st.integers(0, 10)
    prefs = (
        FeaturePreference("views", "views", draw(w), (False,), (True,)),
        FeaturePreference("rating", "rating", draw(w), (1,), (5,)),
        PriceBudgetPreference("budget", -draw(w), draw(st.integers(0, 120))),
        WantToGoPreference("go", draw(w), ("S0",), draw(st.booleans())),
        AtLeastOnePreference("cat", draw(w), draw(st.sampled_from(CATEGORIES)), draw(st.booleans())),
        DistancePreference("travel", -draw(w)),
    )
    return PlanningInstance(sites, prefs)


def brute(instance: PlanningInstance, banned: set[str] = frozenset()) -> list[float]:
    names = [n for n in instance.site_names if n not in banned]
    return sorted((score(instance, Itinerary(t)) for t in itertools.permutations(names, 3)), reverse=True)


@settings(max_examples=60, deadline=None)
@given(instances(), st.integers(1, 5))
def test_matches_brute_force(instance: PlanningInstance, top_n: int) -> None:
    found = solve_itinerary(instance, top_n=top_n)
    expected = brute(instance)
    assert found.optimal
    assert found.value == expected[0] == score(instance, found.itinerary)
    assert [v for _, v in found.top] == expected[:top_n]
    assert all(score(instance, it) == v for it, v in found.top)


@settings(max_examples=40, deadline=None)
@given(instances())
def test_exclusions_match_brute_force(instance: PlanningInstance) -> None:
    best = solve_itinerary(instance)
    again = solve_itinerary(instance, exclude_itineraries=[best.itinerary])
    assert again.itinerary != best.itinerary
    assert again.value == brute(instance)[1]
    if len(instance.sites) >= 4:
        banned = {instance.site_names[0]}
        assert solve_itinerary(instance, exclude_sites=banned).value == brute(instance, banned)[0]


def test_generated_instance_and_errors() -> None:
    instance = generate_instance(0)
    found = solve_itinerary(instance, top_n=3)
    assert len(found.top) == 3 and found.top[0][1] >= found.top[2][1]
    with pytest.raises(ValueError):
        solve_itinerary(instance, top_n=0)
    with pytest.raises(ValueError):
        solve_itinerary(instance, exclude_sites=["Nowhere"])
    with pytest.raises(ItineraryInfeasibleError):
        solve_itinerary(instance, exclude_sites=instance.site_names[2:])
