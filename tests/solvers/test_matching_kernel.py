"""solvers.matching_kernel picks the very matching scipy's linear_sum_assignment picks, ties included."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.optimize import linear_sum_assignment

from solvers.matching_kernel import MAX_SIZE, MAX_WEIGHT, max_assignment_columns


def scipy_columns(weights: np.ndarray) -> np.ndarray:
    return linear_sum_assignment(weights, maximize=True)[1]


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9).flatmap(lambda k: arrays(np.int64, (k, k), elements=st.integers(-3, 3))))
def test_same_matching_as_scipy_with_many_ties(weights):
    assert np.array_equal(max_assignment_columns(weights), scipy_columns(weights))


def test_same_matching_as_scipy_on_generator_like_tables():
    # The DialOp generator's tables: values 0..99, most cells overwritten with 50.
    rng = np.random.default_rng(0)
    for _ in range(3000):
        k = int(rng.integers(1, 10))
        table = rng.integers(0, 100, size=(k, k))
        table[rng.random((k, k)) < 0.6] = 50
        assert np.array_equal(max_assignment_columns(table), scipy_columns(table))


def test_same_matching_as_scipy_at_the_limits():
    # The largest tables and weights the kernel takes: its keys must not overflow.
    rng = np.random.default_rng(1)
    for k in (MAX_SIZE, MAX_SIZE - 1, 17):
        for values in ([-(MAX_WEIGHT - 1), MAX_WEIGHT - 1], [0, MAX_WEIGHT - 1, MAX_WEIGHT - 2]):
            table = rng.choice(np.array(values, dtype=np.int64), size=(k, k))
            assert np.array_equal(max_assignment_columns(table), scipy_columns(table))
        table = rng.integers(-(MAX_WEIGHT - 1), MAX_WEIGHT, size=(k, k))
        assert np.array_equal(max_assignment_columns(table), scipy_columns(table))


def test_constant_table_gives_the_identity():
    assert max_assignment_columns(np.full((5, 5), 7)).tolist() == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("weights", "phrase"),
    [
        (np.zeros((2, 3)), "square"),
        (np.zeros((0, 0)), "square"),
        ([[0.5, 1], [1, 0]], "whole numbers"),
        ([[np.nan, 1], [1, 0]], "finite"),
        ([[MAX_WEIGHT, 1], [1, 0]], "whole numbers"),
        (np.zeros((MAX_SIZE + 1, MAX_SIZE + 1)), "at most"),
        ([["a", "b"], ["c", "d"]], "numbers"),
    ],
)
def test_bad_tables(weights, phrase):
    with pytest.raises(ValueError, match=phrase):
        max_assignment_columns(weights)
