"""``accord ablate SWEEP.toml`` and ``accord results``: tables, files, one-line errors, and a sweep
killed twice (the driver, then a worker) that resumes to the table of an uninterrupted run."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.results import ResultStore, summarize_store

runner = CliRunner()

TINY = """
name = "tiny"
seeds = 1
games = 3
metrics = ["optimal", "turns"]
[game]
name = "traveling_adventurers"
rooms = [6, 7]
[agents]
preset = ["grounding", "problem-solving"]
"""


def sweep_file(tmp_path: Path, text: str = TINY) -> str:
    path = tmp_path / "sweep.toml"
    path.write_text(text)
    return str(path)


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    """A finished tiny sweep (in-process)."""
    root = tmp_path_factory.mktemp("cli")
    result = runner.invoke(app, ["ablate", sweep_file(root), "--results", str(root / "R"), "--backend", "inprocess"])
    assert result.exit_code == 0, result.output
    return root / "R"


def test_ablate_sweep_prints_a_table_per_metric_and_writes_files(tmp_path: Path) -> None:
    json_path, csv_path, png = tmp_path / "s.json", tmp_path / "s.csv", tmp_path / "s.png"
    args = ["ablate", sweep_file(tmp_path), "--results", str(tmp_path / "R"), "--backend", "inprocess"]
    result = runner.invoke(app, [*args, "--json", str(json_path), "--csv", str(csv_path), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "tiny: traveling_adventurers, 4 cells x 3 games" in result.output
    assert "% [Wilson 95%]" in result.output and "means [seeded bootstrap 95%]" in result.output
    assert "rooms=7, preset=problem-solving" in result.output
    data = json.loads(json_path.read_text())
    assert {e["metric"] for e in data["summary"]} == {"optimal", "turns"}
    assert csv_path.read_text().startswith("cell,metric,kind,n,mean,low,high")
    assert png.stat().st_size > 1000
    again = runner.invoke(app, args)
    assert "resuming: 12 of 12 games" in again.output
    assert len((tmp_path / "R" / "results.jsonl").read_text().splitlines()) == 12


@pytest.mark.parametrize(
    ("text", "args", "expected"),
    [
        ('[game]\nname = "chess"', [], "unknown game 'chess'"),
        ('[game]\nname = "traveling_adventurers"\n[agents]\nparser = "magic"', [], "known: embed, llm, off"),
        ('[game]\nname = "traveling_adventurers"\nrooms = "six"', [], "rooms expects int | None, not 'six'"),
        (TINY, ["--backend", "ray"], "choose from inprocess, pool, dask"),
        (TINY, ["--agents", "baseline"], "--agents does not apply to a sweep file"),
    ],
)
def test_ablate_sweep_errors_are_one_line(tmp_path: Path, text: str, args: list[str], expected: str) -> None:
    result = runner.invoke(app, ["ablate", sweep_file(tmp_path, text), "--results", str(tmp_path / "R"), *args])
    assert result.exit_code == 2
    assert expected in result.output and len(result.output.strip().splitlines()) == 1


def test_missing_sweep_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["ablate", str(tmp_path / "none.toml")])
    assert result.exit_code == 2 and "cannot read sweep file" in result.output


def test_the_paper_sweeps_run_into_a_store_with_results(tmp_path: Path) -> None:
    """Without a sweep file, --results keeps the paper sweep's games in a store under it (resumable)."""
    args = ["ablate", "--agents", "baseline", "--seeds", "1", "--games", "2", "--results", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert len((tmp_path / "ta-table1" / "results.jsonl").read_text().splitlines()) == 2
    assert "resuming: 2 of 2 games" in runner.invoke(app, args).output


def test_results_summarize(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    result = runner.invoke(
        app,
        [
            "results",
            "summarize",
            str(store),
            "--json",
            str(out),
            "--csv",
            str(tmp_path / "s.csv"),
            "--metric",
            "optimal",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "tiny: 12 of 12 games" in result.output and "Wilson" in result.output
    assert json.loads(out.read_text())["summary"] == summarize_store(ResultStore(store), ["optimal"])
    missing = runner.invoke(app, ["results", "summarize", str(tmp_path / "nothing")])
    assert missing.exit_code == 2 and "holds no results" in missing.output


def test_results_show_and_replay(store: Path) -> None:
    row = ResultStore(store).rows()[0]
    result = runner.invoke(app, ["results", "show", str(store), row["key"][:10], "--replay"])
    assert result.exit_code == 0, result.output
    assert row["transcript"][0]["message"][:30] in result.output.replace("\n", " ")
    assert "replay: identical transcript" in result.output
    bad = runner.invoke(app, ["results", "show", str(store), "zzzz"])
    assert bad.exit_code == 2 and "no game" in bad.output


def test_results_plot_bars_and_curves(store: Path, tmp_path: Path) -> None:
    bars, curves = tmp_path / "bars.png", tmp_path / "curves.png"
    assert runner.invoke(app, ["results", "plot", str(store), "--metric", "optimal", "--out", str(bars)]).exit_code == 0
    result = runner.invoke(
        app, ["results", "plot", str(store), "--metric", "turns", "--out", str(curves), "--over", "rooms"]
    )
    assert result.exit_code == 0, result.output
    assert bars.stat().st_size > 1000 and curves.stat().st_size > 1000
    bad = runner.invoke(
        app, ["results", "plot", str(store), "--metric", "optimal", "--out", str(bars), "--over", "size"]
    )
    assert bad.exit_code == 2 and "parameters: preset, rooms" in bad.output
    bad = runner.invoke(app, ["results", "plot", str(store), "--metric", "speed", "--out", str(bars)])
    assert bad.exit_code == 2 and "metrics: " in bad.output


# ---- the double kill ---------------------------------------------------------------------------

KILL = """
name = "kill"
seeds = 2
games = 30
[game]
name = "traveling_adventurers"
[agents]
preset = ["grounding", "state-tracking", "problem-solving"]
"""
ACCORD = str(Path(sys.executable).with_name("accord"))


def count(store: Path) -> int:
    file = store / "results.jsonl"
    return file.read_bytes().count(b"\n") if file.exists() else 0


def wait_for(condition, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def start(sweep: str, store: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [ACCORD, "ablate", sweep, "--results", str(store), "--backend", "pool", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def workers_of(driver: int) -> list[psutil.Process]:
    """The pool's worker processes: the children of the driver's fork server."""
    servers = [p for p in psutil.Process(driver).children() if "forkserver" in " ".join(p.cmdline())]
    return [child for server in servers for child in server.children()]


@pytest.mark.slow
def test_sweep_killed_twice_resumes_without_duplicates(tmp_path: Path) -> None:
    sweep = sweep_file(tmp_path, KILL)
    total = 3 * 2 * 30
    reference = tmp_path / "reference"
    assert runner.invoke(app, ["ablate", sweep, "--results", str(reference), "--backend", "inprocess"]).exit_code == 0

    store = tmp_path / "killed"
    driver = start(sweep, store)
    wait_for(lambda: count(store) >= 10)
    family = psutil.Process(driver.pid).children(recursive=True)
    os.kill(driver.pid, signal.SIGKILL)  # 1: the driver, mid-sweep
    driver.wait()
    for orphan in family:  # the pool it left behind
        if orphan.is_running():
            orphan.kill()
    after_first = count(store)
    assert after_first < total

    driver = start(sweep, store)
    wait_for(lambda: count(store) >= after_first + 10)
    victims = workers_of(driver.pid)
    assert victims
    victims[0].kill()  # 2: a worker, mid-sweep; the driver rebuilds the pool
    assert count(store) < total
    _, err = driver.communicate(timeout=120)
    assert driver.returncode == 0, err.decode()

    lines = (store / "results.jsonl").read_text().splitlines()
    keys = [json.loads(line)["key"] for line in lines]
    assert len(keys) == len(set(keys)) == total
    assert summarize_store(ResultStore(store)) == summarize_store(ResultStore(reference))


def test_a_scheduler_address_alone_runs_the_sweep_on_that_dask_cluster(store: Path, tmp_path: Path) -> None:
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        args = [
            "ablate",
            sweep_file(tmp_path),
            "--results",
            str(tmp_path / "R"),
            "--scheduler",
            cluster.scheduler_address,
        ]
        result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output

    def rows(path: Path) -> dict[str, dict]:
        return {r["key"]: {k: v for k, v in r.items() if k != "timings"} for r in ResultStore(path).rows()}

    assert rows(tmp_path / "R") == rows(store)  # the same games as the in-process run
