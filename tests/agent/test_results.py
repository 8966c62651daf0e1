"""The result store (append, skip, torn lines, resume, look-up) and its summaries."""

import json
from pathlib import Path

import pytest

from agent.backends import run_specs
from agent.results import ResultStore, StoreError, open_store, summarize_store
from agent.summaries import bootstrap_interval, by_turn, metric_values, summarize, to_csv, to_json, wilson_interval
from agent.sweep import parse_sweep

SWEEP = """
name = "store-test"
seeds = 1
games = 3
[game]
name = "traveling_adventurers"
[agents]
preset = ["baseline", "problem-solving"]
"""


def row(key: str, cell: str = "a", **metrics) -> dict:
    return {"key": key, "cell": cell, "params": {"preset": cell}, "metrics": metrics}


def test_append_fsyncs_one_line_and_never_twice(tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    assert store.append(row("k1", optimal=True))
    assert not store.append(row("k1", optimal=False))
    assert len(ResultStore(tmp_path)) == 1
    assert (tmp_path / "results.jsonl").read_text().count("\n") == 1


def test_torn_last_line_is_cut(tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    store.append(row("k1", optimal=True))
    with open(store.file, "a") as handle:
        handle.write('{"key": "k2", "cell": "a", "met')
    reopened = ResultStore(tmp_path)
    assert reopened.torn > 0 and reopened.keys() == {"k1"}
    reopened.append(row("k2", optimal=False))
    lines = store.file.read_text().splitlines()
    assert [json.loads(line)["key"] for line in lines] == ["k1", "k2"]


def test_corrupt_middle_line_is_an_error(tmp_path: Path) -> None:
    good = [json.dumps(row(key, optimal=True)) for key in ("k1", "k2")]
    (tmp_path / "results.jsonl").write_text(f"{good[0]}\nnot json\n{good[1]}\n")
    with pytest.raises(StoreError, match=r"store damaged at line 2 of .*results.jsonl: not JSON"):
        ResultStore(tmp_path)


def test_resume_after_partial_run_and_torn_line(tmp_path: Path) -> None:
    specs = parse_sweep(SWEEP).specs()
    store = ResultStore(tmp_path)
    assert run_specs(specs[:2], store, "inprocess") == 2
    with open(store.file, "a") as handle:
        handle.write(json.dumps(run_specs.__name__)[:5])  # a kill in the middle of a line
    resumed = ResultStore(tmp_path)
    assert resumed.torn == 5
    assert run_specs(specs, resumed, "inprocess") == len(specs) - 2
    assert run_specs(specs, resumed, "inprocess") == 0
    keys = [json.loads(line)["key"] for line in store.file.read_text().splitlines()]
    assert sorted(keys) == sorted(s.key for s in specs)


def test_find_by_key_prefix(tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    store.append(row("abc123"))
    store.append(row("abd456"))
    assert store.find("abc")["key"] == "abc123"
    with pytest.raises(StoreError, match="2 games"):
        store.find("ab")
    with pytest.raises(StoreError, match="no game"):
        store.find("zz")


def test_open_store_must_exist(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="holds no results"):
        open_store(tmp_path / "nothing", must_exist=True)


def test_metric_values_flatten_seats_and_rounds() -> None:
    values = metric_values(
        {
            "optimal": True,
            "turns": 8,
            "board": "preset-1",
            "words": [3, 4],
            "per_round": [{"round": 1, "success": True}, {"round": 2, "success": False}],
            "submissions": {"USER": ["L"]},
        }
    )
    assert values == {
        "optimal": [True],
        "turns": [8],
        "words.0": [3],
        "words.1": [4],
        "per_round.round": [1, 2],
        "per_round.success": [True, False],
    }


def test_summary_wilson_for_binary_bootstrap_for_continuous() -> None:
    rows = [row(f"k{i}", "b" if i % 2 else "a", optimal=i % 3 == 0, turns=i) for i in range(20)]
    summary = summarize(rows, cells=["b", "a"])
    assert [e["cell"] for e in summary][:2] == ["b", "b"]
    optimal = next(e for e in summary if e["cell"] == "a" and e["metric"] == "optimal")
    wins = sum(1 for i in range(0, 20, 2) if i % 3 == 0)
    assert optimal["kind"] == "binary" and optimal["n"] == 10
    assert (optimal["low"], optimal["high"]) == wilson_interval(wins, 10)
    turns = next(e for e in summary if e["cell"] == "a" and e["metric"] == "turns")
    assert turns["kind"] == "continuous" and turns["low"] < turns["mean"] == 9.0 < turns["high"]
    assert summarize(list(reversed(rows)), cells=["b", "a"]) == summary  # any completion order


def test_bootstrap_is_seeded() -> None:
    assert bootstrap_interval([1, 2, 3, 10]) == bootstrap_interval([10, 3, 2, 1])
    assert bootstrap_interval([5.0]) == (5.0, 5.0)


def test_csv_and_json(tmp_path: Path) -> None:
    summary = summarize([row("k1", optimal=True), row("k2", optimal=False)], metrics=["optimal"])
    text = to_csv(summary, tmp_path / "s.csv")
    assert text.splitlines()[0] == "cell,metric,kind,n,mean,low,high,preset"
    assert text.splitlines()[1].startswith("a,optimal,binary,2,0.5,")
    assert json.loads(to_json(summary, tmp_path / "s.json"))[0]["n"] == 2
    assert (tmp_path / "s.csv").exists() and (tmp_path / "s.json").exists()


def test_manifest_orders_store_summaries(tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    store.append(row("k1", "a", optimal=True))
    store.append(row("k2", "b", optimal=True))
    store.save_sweep("s", "name = 's'\n", 2, ["b", "a"], {"preset": ["a", "b"]})
    assert [e["cell"] for e in summarize_store(store)] == ["b", "a"]
    assert store.manifest()["total"] == 2 and (tmp_path / "sweep.toml").exists()


def test_the_summary_does_not_depend_on_the_order_games_finished_in():
    rows = [
        {"cell": "c", "params": {}, "metrics": {"score": value, "ok": value > 0.5}}
        for value in (0.1, 0.7, 0.2, 1e-17, 0.3, 82.0663, 0.9)
    ]
    assert summarize(rows) == summarize(list(reversed(rows))) == summarize(sorted(rows, key=str))


def test_success_by_turn_counts_every_game_of_a_cell():
    rows = [
        {"cell": "a", "params": {"size": 3}, "metrics": {"solved": True, "turns_to_solve": 2, "turns": 2}},
        {"cell": "a", "params": {"size": 3}, "metrics": {"solved": True, "turns_to_solve": 4, "turns": 4}},
        {"cell": "a", "params": {"size": 3}, "metrics": {"solved": False, "turns_to_solve": None, "turns": 6}},
        {"cell": "b", "params": {"size": 5}, "metrics": {"solved": False, "turns_to_solve": None, "turns": 10}},
    ]
    curve = {(e["cell"], e["params"]["turn"]): (e["n"], e["mean"]) for e in by_turn(rows, "solved")}
    assert curve[("a", 1)] == (3, 0.0) and curve[("a", 2)] == (3, 1 / 3) and curve[("a", 4)] == (3, 2 / 3)
    assert curve[("b", 4)] == (1, 0.0)
    with pytest.raises(ValueError, match="no game reports a binary 'words'"):
        by_turn([{"cell": "a", "metrics": {"words": 3, "turns": 2}}], "words")
