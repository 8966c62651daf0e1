"""Solver benchmark: structure of the result, value checks, and the rich table."""

from __future__ import annotations

import json

import numpy as np
import pytest

import solvers.bench as bench
from solvers.bench import BENCH_PREFIX, bench_solvers, random_instance, render_bench_table
from solvers.tsp import TSPSolution, solve_tsp_scip

METHODS = {"dp", "dp_python", "cpsat", "scip"}


@pytest.fixture(scope="module")
def small_result():
    descriptions: list[str] = []
    result = bench_solvers(sizes=[6, 7], repeats=1, python_max_n=7, progress=descriptions.append)
    return result, descriptions


def test_structure(small_result):
    result, descriptions = small_result
    json.dumps(result)
    assert result["sizes"] == [6, 7]
    assert result["mismatches"] == []
    rows = {(row["n"], row["method"]): row for row in result["results"]}
    assert set(rows) == {(n, m) for n in (6, 7) for m in METHODS}
    for row in result["results"]:
        assert row["median_s"] > 0 and row["repeats"] >= 1 and row["optimal"] is True
    for n in (6, 7):
        assert len({rows[n, m]["value"] for m in METHODS}) == 1
        assert rows[n, "dp"]["repeats"] >= 10  # the DP repeats many times
    assert [r["n"] for r in result["ratios"]] == [6, 7]
    for ratio in result["ratios"]:
        assert set(ratio) == {"n", "python/dp", "cpsat/dp", "scip/dp"}
        assert all(ratio[k] > 0 for k in ("python/dp", "cpsat/dp", "scip/dp"))
    assert result["targets"] == {
        "n16_dp_ms": None,
        "n16_dp_target_ms": 10,
        "n16_speedup_vs_python": None,
        "speedup_target": 40,
        "met": False,
    }
    assert result["machine"]["cpu_count"] >= 1
    assert result["config"]["prefix"] == list(BENCH_PREFIX)
    assert "n=6 dp" in descriptions and "n=7 scip" in descriptions


def test_render_table(small_result):
    from rich.console import Console

    result, _ = small_result
    table = render_bench_table(result)
    assert table.row_count == 2
    console = Console(record=True, width=120)
    console.print(table)
    assert "not measured" in console.export_text()


def test_python_reference_skipped_above_python_max_n():
    result = bench_solvers(sizes=[5], repeats=1, python_max_n=4)
    assert {row["method"] for row in result["results"]} == {"dp", "cpsat", "scip"}
    assert result["ratios"][0]["python/dp"] is None


def test_mismatch_is_recorded_loudly(monkeypatch):
    def wrong_scip(weights, **kwargs):
        right = solve_tsp_scip(weights, **kwargs)
        return TSPSolution(right.tour, right.value - 1, right.optimal, "scip")

    monkeypatch.setattr(bench, "solve_tsp_scip", wrong_scip)
    with pytest.warns(RuntimeWarning, match="bench mismatch: scip"):
        result = bench_solvers(sizes=[5], repeats=1, python_max_n=4)
    [mismatch] = result["mismatches"]
    assert mismatch["method"] == "scip" and mismatch["value"] == mismatch["dp_value"] - 1


def test_random_instance_and_arguments():
    w = random_instance(9, seed=3)
    assert np.array_equal(w, w.T) and np.all(np.diag(w) == 0)
    off = w[~np.eye(9, dtype=bool)]
    assert off.min() >= 1 and off.max() <= 10 and np.all(off == np.round(off))
    assert np.array_equal(w, random_instance(9, seed=3))
    assert not np.array_equal(w, random_instance(9, seed=4))
    with pytest.raises(ValueError):
        bench_solvers(sizes=[1])
    with pytest.raises(ValueError):
        bench_solvers(sizes=[5], repeats=0)
