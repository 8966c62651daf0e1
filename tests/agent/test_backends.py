"""Back ends: identical rows in-process, in a process pool and on Dask; pool recovery; errors."""

import os
import signal
from pathlib import Path

import psutil
import pytest

from agent.backends import run_specs
from agent.results import ResultStore
from agent.sweep import SweepError, parse_sweep, without_timings

SWEEP = """
seeds = 2
games = 3
[game]
name = "traveling_adventurers"
[agents]
preset = ["grounding", "problem-solving"]
"""


def pool_workers(driver: int) -> list[int]:
    """The pool's worker processes: the children of the driver's fork server."""
    servers = [p for p in psutil.Process(driver).children() if "forkserver" in " ".join(p.cmdline())]
    return [child.pid for server in servers for child in server.children()]


def rows(store: ResultStore) -> dict[str, dict]:
    return {r["key"]: without_timings(r) for r in store.rows()}


@pytest.fixture(scope="module")
def specs():
    return parse_sweep(SWEEP).specs()


@pytest.fixture(scope="module")
def reference(specs, tmp_path_factory) -> dict[str, dict]:
    store = ResultStore(tmp_path_factory.mktemp("inprocess"))
    seen: list[str] = []
    assert run_specs(specs, store, "inprocess", on_result=lambda r: seen.append(r["key"])) == len(specs)
    assert seen == [s.key for s in specs]
    return rows(store)


def test_pool_gives_the_same_rows(specs, reference, tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    assert run_specs(specs, store, "pool", workers=2) == len(specs)
    assert rows(store) == reference


def test_dask_on_a_local_cluster_gives_the_same_rows(specs, reference, tmp_path: Path) -> None:
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None, processes=True
    ) as cluster:
        store = ResultStore(tmp_path)
        assert run_specs(specs, store, "dask", scheduler=cluster.scheduler_address) == len(specs)
    assert rows(store) == reference


def test_dask_starts_and_closes_its_own_cluster(specs, reference, tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    assert run_specs(specs[:3], store, "dask", workers=1) == 3
    assert rows(store) == {k: v for k, v in reference.items() if k in {s.key for s in specs[:3]}}


def test_pool_recovers_from_a_killed_worker(specs, reference, tmp_path: Path) -> None:
    killed: list[int] = []

    def kill_a_worker(row: dict) -> None:
        if killed:
            return
        for pid in pool_workers(os.getpid()):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            return

    store = ResultStore(tmp_path)
    run_specs(specs, store, "pool", workers=2, on_result=kill_a_worker)
    assert killed
    assert rows(store) == reference
    assert len(store.file.read_text().splitlines()) == len(specs)


def test_finished_keys_are_skipped(specs, tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    run_specs(specs[:4], store, "inprocess")
    assert run_specs(specs, store, "pool", workers=1) == len(specs) - 4
    assert run_specs(specs, store, "pool") == 0


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"backend": "ray"}, "choose from inprocess, pool, dask"),
        (
            {"backend": "pool", "scheduler": "tcp://127.0.0.1:8786"},
            "--scheduler runs on Dask; it cannot go with --backend pool",
        ),
        ({"backend": "pool", "workers": 0}, "workers must be >= 1"),
    ],
)
def test_bad_arguments(specs, tmp_path: Path, kwargs: dict, expected: str) -> None:
    with pytest.raises(SweepError, match=expected):
        run_specs(specs, ResultStore(tmp_path), **kwargs)
