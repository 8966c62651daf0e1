"""Exact flight-pair solver: property tests against brute force, the game's own best, errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dialop.mediation import NUM_USERS, arrival_time_term, best_and_worst, calendar_term, price_term
from games.dialop.mediation_game import generate_instance
from solvers.flight_pairs import FlightPairSolution, solve_flight_pairs, solve_flight_pairs_brute


@st.composite
def problems(draw: st.DrawFn) -> tuple[list[int], list[int], list[list[int]], int, list[tuple[int, int]]]:
    m, n = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    small = st.integers(-6, 6)  # a narrow range makes ties common
    first = draw(st.lists(small, min_size=m, max_size=m))
    second = draw(st.lists(small, min_size=n, max_size=n))
    pair = draw(st.lists(st.lists(small, min_size=n, max_size=n), min_size=m, max_size=m))
    top = draw(st.integers(1, m * n + 2))
    cells = [(i, j) for i in range(m) for j in range(n)]
    exclude = draw(st.lists(st.sampled_from(cells), max_size=m * n - 1, unique=True))
    return first, second, pair, top, exclude


@settings(max_examples=200, deadline=None)
@given(problems())
def test_matches_brute_force_including_ties_and_exclusions(problem):
    first, second, pair, top, exclude = problem
    fast = solve_flight_pairs(first, second, pair, top=top, exclude=exclude)
    slow = solve_flight_pairs_brute(first, second, pair, top=top, exclude=exclude)
    assert fast == slow
    assert fast.optimal and fast.pair == fast.ranked[0][0] and fast.value == fast.ranked[0][1]
    values = [v for _, v in fast.ranked]
    assert values == sorted(values, reverse=True)
    assert not set(exclude) & {p for p, _ in fast.ranked}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_true_terms_give_the_games_best_pair(seed):
    instance = generate_instance(seed)
    unary = [[calendar_term(user, f)[0] + price_term(user, f) for f in user.flights] for user in instance.users]
    pref = instance.arrival_time_pref
    a, b = (u.flights for u in instance.users)
    pair = [[NUM_USERS * arrival_time_term(pref, f, g) for g in b] for f in a]
    best, worst = best_and_worst(instance)
    assert solve_flight_pairs(unary[0], unary[1], pair).value == best
    assert solve_flight_pairs(-np.array(unary[0]), -np.array(unary[1]), -np.array(pair)).value == -worst


def test_known_small_case():
    solution = solve_flight_pairs([1, 5], [0, 2], [[0, 0], [0, -10]], top=2)
    assert solution == FlightPairSolution(value=5.0, pair=(1, 0), ranked=(((1, 0), 5.0), ((0, 1), 3.0)))


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (([], [1], [[]]), {}),
        (([1], [1], [[1, 2]]), {}),
        (([1], [1], [[1]]), {"top": 0}),
        (([1], [1], [[1]]), {"exclude": [(0, 0)]}),
    ],
)
def test_bad_input_raises(args, kwargs):
    with pytest.raises(ValueError):
        solve_flight_pairs(*args, **kwargs)
