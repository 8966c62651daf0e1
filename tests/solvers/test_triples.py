"""Tests of the best-triples kernel, against sorting every allowed entry."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.triples import TriplesInfeasibleError, solve_triples


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(1, 6), st.integers(0, 2**32 - 1))
def test_matches_sorting(n: int, top_n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    values = rng.integers(-5, 5, size=(n, n, n))  # small range: many ties
    allowed = rng.random((n, n, n)) < 0.7
    if not allowed.any():
        with pytest.raises(TriplesInfeasibleError):
            solve_triples(values, allowed, top_n=top_n)
        return
    found = solve_triples(values, allowed, top_n=top_n)
    # highest value first, ties in row-major order
    ranked = sorted((t for t in itertools.product(range(n), repeat=3) if allowed[t]), key=lambda t: (-values[t], t))[
        :top_n
    ]
    assert found.optimal
    assert found.top == tuple((t, float(values[t])) for t in ranked)
    assert (found.triple, found.value) == found.top[0]


def test_errors() -> None:
    values = np.zeros((3, 3, 3))
    with pytest.raises(ValueError):
        solve_triples(values, values == 0, top_n=0)
    with pytest.raises(ValueError):
        solve_triples(values, values == 0, top_n=True)
    with pytest.raises(TriplesInfeasibleError):
        solve_triples(values, values != 0)
