"""The result store (append, skip, torn lines, resume, look-up) and its summaries."""

import json
from pathlib import Path

import pytest

from agent.backends import run_specs
from agent.results import ResultStore, StoreError, open_store, summarize_store
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


def test_manifest_orders_store_summaries(tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    store.append(row("k1", "a", optimal=True))
    store.append(row("k2", "b", optimal=True))
    store.save_sweep("s", "name = 's'\n", 2, ["b", "a"], {"preset": ["a", "b"]})
    assert [e["cell"] for e in summarize_store(store)] == ["b", "a"]
    assert store.manifest()["total"] == 2 and (tmp_path / "sweep.toml").exists()
