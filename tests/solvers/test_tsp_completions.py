"""solvers.tsp.completions: every prefix's best tour value equals the DP's (and brute force's)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.tsp import (
    MAX_DP_FREE_NODES,
    TSPError,
    TSPTooLargeError,
    solve_tsp_brute_force,
    solve_tsp_dp,
    tour_completions,
)


@st.composite
def instances(draw):
    """A symmetric integer (or half-integer) matrix, a start, a prefix from it, and a sense."""
    n = draw(st.integers(2, 8))
    halves = draw(st.booleans())
    values = st.integers(-20, 20).map(lambda v: v / 2) if halves else st.integers(-9, 9).map(float)
    w = np.zeros((n, n))
    for i, j in itertools.combinations(range(n), 2):
        w[i, j] = w[j, i] = draw(values)
    start = draw(st.integers(0, n - 1))
    rest = draw(st.permutations([v for v in range(n) if v != start]))
    prefix = [start, *rest[: draw(st.integers(0, n - 1))]] if draw(st.booleans()) else []
    return w, start, prefix, draw(st.booleans())


@settings(max_examples=300, deadline=None)
@given(instances())
def test_best_value_is_the_dp_optimum(instance):
    w, start, prefix, maximize = instance
    completions = tour_completions(w, start=start, maximize=maximize)
    expected = solve_tsp_dp(w, start=start, prefix=prefix, maximize=maximize).value
    assert completions.best_value(prefix) == expected  # exact: the sums are exact in float64
    assert expected == solve_tsp_brute_force(w, start=start, prefix=prefix, maximize=maximize).value


def test_every_prefix_of_one_table():
    rng = np.random.default_rng(3)
    n = 7
    w = rng.integers(1, 11, (n, n)).astype(float)
    w = np.triu(w, 1) + np.triu(w, 1).T
    completions = tour_completions(w, maximize=True)
    for length in range(0, n):
        for rest in itertools.permutations(range(1, n), length):
            prefix = [0, *rest]
            assert completions.best_value(prefix) == solve_tsp_dp(w, prefix=prefix, maximize=True).value


def test_full_prefix_is_its_own_tour():
    w = np.array([[0, 1, 2], [1, 0, 4], [2, 4, 0]], dtype=float)
    assert tour_completions(w).best_value([0, 2, 1]) == 2 + 4 + 1
    assert tour_completions(w, start=1).best_value() == 7


@pytest.mark.parametrize(
    ("prefix", "phrase"),
    [([1, 2], "begin with start"), ([0, 0], "repeats"), ([0, 5], "out of range"), ("01", "sequence")],
)
def test_bad_prefixes(prefix, phrase):
    completions = tour_completions(np.ones((3, 3)))
    with pytest.raises(TSPError, match=phrase):
        completions.best_value(prefix)


def test_bad_instances():
    with pytest.raises(TSPError, match="symmetric"):
        tour_completions(np.array([[0, 1], [2, 0]]))
    with pytest.raises(TSPError, match="start"):
        tour_completions(np.ones((3, 3)), start=3)
    n = MAX_DP_FREE_NODES + 2
    with pytest.raises(TSPTooLargeError, match="at most"):
        tour_completions(np.ones((n, n)))


def test_table_is_read_only():
    completions = tour_completions(np.ones((4, 4)))
    with pytest.raises(ValueError):
        completions.weights[0, 1] = 5.0
