"""Execution back ends of sweeps, behind one function: :func:`run_specs`.

| back end    | runs games                                   | use                                  |
|-------------|----------------------------------------------|--------------------------------------|
| ``inprocess`` | one after another in this process           | debugging (breakpoints, profilers)   |
| ``pool``    | in a local process pool, all cores (default) | one machine                          |
| ``dask``    | on a Dask cluster: a ``LocalCluster`` on 127.0.0.1, or ``scheduler="tcp://HOST:8786"`` | many machines |

Every game is :func:`agent.sweep.run_game` of its spec, a pure function, so every back end gives
the same rows. The driver is the store's only writer: rows are appended as games finish (in order
of completion) and a key already in the store is neither run nor written again. When a pool worker
dies the pool breaks: the finished games are kept, the pool is rebuilt for the games still missing,
at most :data:`MAX_POOL_RESTARTS` times.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from agent.results import ResultStore
from agent.sweep import GameSpec, SweepError, run_game

BACKENDS: tuple[str, ...] = ("inprocess", "pool", "dask")
MAX_POOL_RESTARTS = 3

OnResult = Callable[[dict[str, Any]], None]


class GameFailedError(RuntimeError):
    """A game raised an error (a bug in a game or an agent); the finished games are kept."""


def pending(specs: Iterable[GameSpec], store: ResultStore) -> list[GameSpec]:
    """The specs still to run.

    Args:
        specs: the games.
        store: the result store.

    Returns:
        The specs whose key the store does not hold yet, each key once, in order.
    """
    seen = store.keys()
    out = []
    for spec in specs:
        if spec.key not in seen:
            seen.add(spec.key)
            out.append(spec)
    return out


def check_backend(backend: str, workers: int | None = None, scheduler: str | None = None) -> None:
    """Check the back-end arguments of :func:`run_specs` (before anything runs).

    Raises:
        SweepError: an unknown back end, ``workers < 1`` or a scheduler without ``dask``.
    """
    if backend not in BACKENDS:
        raise SweepError(f"unknown back end {backend!r}; choose from {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise SweepError(f"workers must be >= 1, not {workers}")
    if scheduler is not None and backend != "dask":
        raise SweepError(f"--scheduler runs on Dask; it cannot go with --backend {backend}")


def run_specs(
    specs: Sequence[GameSpec],
    store: ResultStore,
    backend: str = "pool",
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    on_result: OnResult | None = None,
) -> int:
    """Run every spec the store does not hold yet on ``backend`` and append each row as it finishes.

    Args:
        specs: the games.
        store: the result store (the games already in it are skipped).
        backend: ``inprocess``, ``pool`` or ``dask``.
        workers: processes (pool, local Dask cluster; default: all cores).
        scheduler: the address of a running Dask scheduler (``dask`` only).
        on_result: called with each new row after it is stored.

    Returns:
        The number of games run.

    Raises:
        SweepError: an unknown back end, bad ``workers``, ``scheduler`` without ``dask``, or a pool
            that broke more than :data:`MAX_POOL_RESTARTS` times.
        GameFailedError: a game raised an error.
    """
    check_backend(backend, workers, scheduler)
    todo = pending(specs, store)
    if not todo:
        return 0
    count = 0

    def record(row: dict[str, Any]) -> None:
        nonlocal count
        if store.append(row):
            count += 1
            if on_result is not None:
                on_result(row)

    if backend == "inprocess":
        for spec in todo:
            record(_run_one(spec))
    elif backend == "pool":
        _run_pool(todo, store, workers or os.cpu_count() or 1, record)
    else:
        _run_dask(todo, workers, scheduler, record)
    return count


def _run_one(spec: GameSpec) -> dict[str, Any]:
    try:
        return run_game(spec.to_json())
    except Exception as err:
        raise _failed(spec, err) from err


def _failed(spec: GameSpec, err: BaseException) -> GameFailedError:
    text = str(err).splitlines()[0] if str(err) else ""
    return GameFailedError(
        f"game {spec.key[:12]} (cell {spec.label}, seed {spec.seed}) failed: {type(err).__name__}: {text}"
    )


def _worker_context() -> multiprocessing.context.BaseContext:
    """Workers forked from a fork server that has imported the Accord modules the driver uses:
    they start in milliseconds, yet never inherit the driver's threads (progress bar) or locks."""
    context = multiprocessing.get_context("forkserver")
    packages = {"agent", "games", "language", "planners", "solvers"}
    context.set_forkserver_preload(sorted(m for m in sys.modules if m.partition(".")[0] in packages))
    return context


def _run_pool(todo: list[GameSpec], store: ResultStore, workers: int, record: Callable[[dict[str, Any]], None]) -> None:
    """Run ``todo`` in a process pool, rebuilding it when a worker dies."""
    context = _worker_context()
    for attempt in range(MAX_POOL_RESTARTS + 1):
        todo = [spec for spec in todo if spec.key not in store]
        if not todo:
            return
        broken = False
        with ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=context) as pool:
            futures: dict[Future, GameSpec] = {pool.submit(run_game, spec.to_json()): spec for spec in todo}
            waiting = set(futures)
            try:
                while waiting:
                    done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                    for future in done:
                        try:
                            record(future.result())
                        except BrokenProcessPool:
                            broken = True
                        except Exception as err:
                            for other in waiting:
                                other.cancel()
                            raise _failed(futures[future], err) from err
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
        if not broken:
            return
        logging.getLogger(__name__).warning("a pool worker died; restarting the pool (%d)", attempt + 1)
    raise SweepError(
        f"the process pool broke {MAX_POOL_RESTARTS + 1} times (workers killed or out of memory); "
        "the finished games are stored: re-run the same command to resume"
    )


def _run_dask(
    todo: list[GameSpec], workers: int | None, scheduler: str | None, record: Callable[[dict[str, Any]], None]
) -> None:
    """Run ``todo`` on a Dask cluster: ``scheduler``'s, or a LocalCluster on 127.0.0.1 (closed after)."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as err:
        raise ImportError("the dask back end needs dask[distributed]: pip install 'dask[distributed]'") from err
    cluster = None
    try:
        if scheduler is None:
            cluster = LocalCluster(
                n_workers=workers or os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
        else:
            try:
                client = Client(scheduler, timeout="10s")
            except OSError as err:
                raise SweepError(f"cannot reach the Dask scheduler at {scheduler}: {err}") from err
        with client:
            specs = {f"accord-game-{spec.key}": spec for spec in todo}
            futures = client.map(run_game, [s.to_json() for s in specs.values()], key=list(specs), pure=False)
            for future in as_completed(futures):
                try:
                    row = future.result()
                except Exception as err:
                    client.cancel(futures)
                    raise _failed(specs[future.key], err) from err
                record(row)
                future.release()
    finally:
        if cluster is not None:
            cluster.close()
