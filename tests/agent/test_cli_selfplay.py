"""`accord selfplay` is a one-cell sweep through the result store: in memory by default, on disk
(resumable, readable by `accord results`) with --results."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.results import ResultStore, summarize_store
from agent.sweep import load_sweep
from games.traveling_adventurers import TravelingAdventurersMetrics

runner = CliRunner()
ARGS = ["selfplay", "--games", "3", "--board", "2", "--agent", "baseline"]


def test_selfplay_runs_in_memory_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*ARGS, "--json", "-"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(tmp_path.iterdir()) == [] and data["results"] is None
    assert [g["seed"] for g in data["games"]] == [0, 1, 2] == data["seeds"]
    assert data["metrics"]["correct"]["n"] == 3 and data["metrics"]["correct"]["kind"] == "binary"
    assert {e["metric"] for e in data["summary"]} == set(TravelingAdventurersMetrics.kinds())


def test_selfplay_with_results_keeps_a_resumable_store(tmp_path: Path) -> None:
    store, out = tmp_path / "store", tmp_path / "sp.json"
    result = runner.invoke(app, [*ARGS, "--seed", "2", "--results", str(store), "--json", str(out)])
    assert result.exit_code == 0, result.output
    rows = ResultStore(store, readonly=True).rows()
    assert sorted(r["spec"]["seed"] for r in rows) == [2000, 2001, 2002]
    assert {r["cell"] for r in rows} == {"baseline"}
    data = json.loads(out.read_text())
    stored = summarize_store(ResultStore(store, readonly=True), schema=TravelingAdventurersMetrics)
    assert data["summary"] == stored  # the same summarizer, the same figures
    sweep = load_sweep(store / "sweep.toml")  # the store's sweep file is a sweep file
    assert sweep.total == 3 and list(sweep.seeds) == [2000, 2001, 2002]
    again = runner.invoke(app, [*ARGS, "--seed", "2", "--results", str(store)])
    assert again.exit_code == 0 and "resuming: 3 of 3 games" in again.output
    summarized = runner.invoke(app, ["results", "summarize", str(store), "--json", "-"])
    assert summarized.exit_code == 0 and json.loads(summarized.stdout)["summary"] == stored
    other = runner.invoke(app, [*ARGS, "--seed", "3", "--results", str(store)])
    assert other.exit_code == 2 and "holds 3 games" in other.output


def test_selfplay_transcripts_are_the_games_records(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    result = runner.invoke(app, [*ARGS, "--transcripts", str(out)])
    assert result.exit_code == 0, result.output
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["seed"] for g in games] == [0, 1, 2] and all(g["transcript"] for g in games)
    assert set(games[0]) >= {"game_id", "agents", "metrics", "returns", "refused", "llm"}
