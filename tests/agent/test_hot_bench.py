"""``accord bench hot``: its rows and verdicts, the table and JSON, and that every probe runs.

Timings are never asserted: the quick run checks the structure on tiny sizes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.hot_bench import bench_row, probes, render_hot_table, shared_probes
from agent.kits.base import BenchProbe
from agent.registry import default_registry

PROBE = BenchProbe("x", Path("x.py"))


def test_every_kit_row_follows_the_shared_rows_and_has_a_script():
    rows = probes(default_registry())
    assert rows[: len(shared_probes())] == shared_probes()
    assert len(rows) > len(shared_probes())  # kits contribute rows
    for probe in rows:
        assert probe.script.is_file(), probe.script


@pytest.mark.parametrize(
    ("probe", "after", "before", "verdict"),
    [
        (BenchProbe("x", Path("x.py"), max_value=30), {"value": 20.0, "better": "lower"}, None, "met"),
        (BenchProbe("x", Path("x.py"), max_value=30), {"value": 40.0, "better": "lower"}, None, "NOT met"),
        (BenchProbe("x", Path("x.py"), min_speedup=10), {"value": 2.0, "better": "lower"}, None, "needs --before"),
        (BenchProbe("x", Path("x.py"), min_speedup=10), {"value": 2.0, "better": "lower"}, {"value": 30.0}, "met"),
        (BenchProbe("x", Path("x.py"), min_speedup=10), {"value": 5.0, "better": "lower"}, {"value": 30.0}, "NOT met"),
        (BenchProbe("x", Path("x.py"), min_value=5), {"value": 6.0, "better": "higher"}, None, "met"),
        (PROBE, {"value": 1.0}, None, "reported"),
        (PROBE, {"value": 1.0}, {"error": "boom"}, "error"),
    ],
)
def test_verdicts(probe, after, before, verdict):
    assert bench_row(probe, after, before)["verdict"] == verdict


def test_ratios_say_how_many_times_better_in_both_directions():
    times = bench_row(PROBE, {"value": 2.0, "better": "lower", "reference": 10.0}, {"value": 8.0})
    assert times["speedup"] == 4.0 and times["over_reference"] == 5.0
    rates = bench_row(PROBE, {"value": 8.0, "better": "higher", "reference": 2.0}, {"value": 4.0})
    assert rates["speedup"] == 2.0 and rates["over_reference"] == 4.0


def test_same_results_compares_the_digests():
    def side(digest: str) -> dict:
        return {"value": 1.0, "detail": {"results_sha256": digest}}

    assert bench_row(PROBE, side("a"), side("a"))["same_results"] is True
    assert bench_row(PROBE, side("a"), side("b"))["same_results"] is False
    assert bench_row(PROBE, side("a"), None)["same_results"] is None


def test_table_has_one_row_per_probe():
    rows = [bench_row(PROBE, {"value": 1.0, "unit": "ms"}, None), bench_row(PROBE, {"error": "boom"}, None)]
    table = render_hot_table({"rows": rows, "quick": True})
    assert table.row_count == 2
    assert [c.header for c in table.columns][:4] == ["item", "target", "before", "after"]


def test_before_must_be_a_checkout(tmp_path):
    result = CliRunner().invoke(app, ["bench", "hot", "--before", str(tmp_path)])
    assert result.exit_code == 2
    assert "not the root of an Accord checkout" in result.output


@pytest.mark.slow
def test_quick_run_writes_the_table_and_json(tmp_path):
    path = tmp_path / "hot.json"
    result = CliRunner().invoke(app, ["bench", "hot", "--quick", "--json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    names = [probe.name for probe in probes(default_registry())]
    assert [row["item"] for row in data["rows"]] == names
    for row in data["rows"]:
        assert row["errors"] == [] and row["after"] > 0, row
        assert row["verdict"] in {"met", "NOT met", "needs --before", "reported"}
    assert data["quick"] is True and data["before"] is None and "machine" in data


def test_only_filters_rows_and_rejects_a_filter_that_matches_none():
    assert [probe.name for probe in probes(default_registry(), "tsp n=16")] == ["TSP n=16, DP"]
    with pytest.raises(ValueError, match="no bench row matches 'nothing'"):
        probes(default_registry(), "nothing")
    result = CliRunner().invoke(app, ["bench", "hot", "--only", "nothing"])
    assert result.exit_code == 2 and "no bench row matches" in result.output


def test_one_quick_row_runs_in_a_fresh_interpreter(tmp_path):
    path = tmp_path / "hot.json"
    result = CliRunner().invoke(app, ["bench", "hot", "--quick", "--only", "TSP n=16", "--json", str(path)])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(path.read_text())["rows"]
    assert row["item"] == "TSP n=16, DP" and row["errors"] == [] and row["after"] > 0
    assert row["reference_name"] == "dp_python" and row["over_reference"] > 0
