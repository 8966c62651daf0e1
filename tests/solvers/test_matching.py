"""Tests of solvers.matching: known optima, invariants, and hypothesis against brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from solvers.matching import solve_matching, solve_matching_brute_force


def test_known_square_optimum() -> None:
    weights = [[1, 9, 3], [8, 2, 4], [5, 6, 7]]
    sol = solve_matching(weights)
    assert sol.value == 24 and sol.columns() == (1, 0, 2) and sol.optimal


def test_minimize() -> None:
    assert solve_matching([[1, 9], [8, 2]], maximize=False).value == 3


def test_rectangular_matches_shorter_side() -> None:
    sol = solve_matching(np.arange(12).reshape(3, 4))
    assert len(sol.pairs) == 3
    assert len({c for _, c in sol.pairs}) == 3


def test_empty_table() -> None:
    assert solve_matching(np.zeros((0, 3))).pairs == ()


@pytest.mark.parametrize("bad", [[1, 2, 3], [[1.0, float("nan")], [0.0, 1.0]]])
def test_rejects_bad_tables(bad: object) -> None:
    with pytest.raises(ValueError):
        solve_matching(bad)


def test_brute_force_refuses_large() -> None:
    with pytest.raises(ValueError):
        solve_matching_brute_force(np.zeros((9, 9)))


tables = st.tuples(st.integers(1, 5), st.integers(1, 5)).flatmap(
    lambda shape: arrays(np.int64, shape, elements=st.integers(-50, 100))
)


@settings(max_examples=150, deadline=None)
@given(tables, st.booleans())
def test_matches_brute_force(table: np.ndarray, maximize: bool) -> None:
    sol = solve_matching(table, maximize=maximize)
    oracle = solve_matching_brute_force(table, maximize=maximize)
    assert sol.value == pytest.approx(oracle.value)
    assert sol.value == pytest.approx(sum(table[r, c] for r, c in sol.pairs))
    assert len(sol.pairs) == min(table.shape)
    assert len({r for r, _ in sol.pairs}) == len({c for _, c in sol.pairs}) == len(sol.pairs)
