"""solve_tsp_auto: the size rule, the proof, the DP fallback, and brute force on both paths."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import solvers.tsp.auto as auto
from solvers.bench import random_instance
from solvers.tsp import (
    AUTO_DP_MAX_FREE_NODES,
    MAX_DP_FREE_NODES,
    TSPError,
    solve_tsp,
    solve_tsp_brute_force,
    solve_tsp_cpsat,
    solve_tsp_dp,
)
from tests.solvers.test_tsp import assert_valid, instances

SLOW_OK = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(instance, expected_method: str | None) -> None:
    w, start, prefix, maximize = instance
    expected = solve_tsp_brute_force(w, start=start, prefix=prefix, maximize=maximize)
    solution = solve_tsp(w, start=start, prefix=prefix, maximize=maximize, method="auto")
    assert solution.value == expected.value
    assert solution.optimal
    assert_valid(solution, w, start, prefix)
    free = len(w) - max(len(prefix), 1)
    if expected_method is not None and free > 1:  # forced tours are not solved at all
        assert solution.method == expected_method


@SLOW_OK
@given(instances())
def test_auto_equals_brute_force(instance):
    check(instance, "dp")  # small instances go to the DP


@SLOW_OK
@given(instances())
def test_auto_cpsat_path_equals_brute_force(instance):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(auto, "AUTO_DP_MAX_FREE_NODES", 0)
        check(instance, "cpsat")


@SLOW_OK
@given(instances())
def test_auto_dp_fallback_equals_brute_force(instance):
    # CP-SAT gets no budget, so it cannot prove anything and the DP takes over.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(auto, "AUTO_DP_MAX_FREE_NODES", 0)
        patch.setattr(auto, "AUTO_CPSAT_BUDGET", 1e-12)
        check(instance, "dp")


def test_size_rule_and_certificate():
    small = random_instance(AUTO_DP_MAX_FREE_NODES + 2)
    assert solve_tsp(small, prefix=(0, 1), maximize=True, method="auto").method == "dp"
    large = random_instance(20)
    solution = solve_tsp(large, prefix=(0, 1), maximize=True, method="auto")
    assert solution.method == "cpsat" and solution.optimal
    assert solution.value == solve_tsp_dp(large, prefix=(0, 1), maximize=True).value
    # the same input gives the same tour (CP-SAT's budget is deterministic time, not wall time)
    assert solve_tsp(large, prefix=(0, 1), maximize=True, method="auto").tour == solution.tour


def test_beyond_the_dp():
    w = random_instance(MAX_DP_FREE_NODES + 4)
    solution = solve_tsp(w, method="auto")
    assert solution.method == "cpsat" and solution.optimal
    assert solution.value == solve_tsp_cpsat(w).value


def test_time_limit_without_dp_fallback_is_reported():
    rng = np.random.default_rng(1)
    upper = np.triu(rng.integers(1, 100, size=(40, 40)), 1)
    w = (upper + upper.T).astype(float)
    try:
        solution = solve_tsp(w, method="auto", time_limit=0.05)
    except TSPError as exc:
        assert "no tour within the time limit" in str(exc) and "\n" not in str(exc)
    else:
        assert_valid(solution, w)
        assert isinstance(solution.optimal, bool)
