"""Execution back ends of sweeps, behind one function: :func:`run_specs`.

| back end    | runs games                                   | use                                  |
|-------------|----------------------------------------------|--------------------------------------|
| ``inprocess`` | one after another in this process           | debugging (breakpoints, profilers)   |
| ``pool``    | in a local process pool, all cores (default) | one machine                          |
| ``dask``    | on a Dask cluster: a ``LocalCluster`` on 127.0.0.1, or ``scheduler="tcp://HOST:8786"`` | many machines |

Every game is :func:`agent.sweep.run_game` of its spec, a pure function, so every back end gives
the same rows. The driver is the store's only writer: rows are appended as games finish (in order
of completion) and a key already in the store is neither run nor written again. Specs are streamed:
at most :data:`IN_FLIGHT_PER_WORKER` games per worker are submitted at a time. When a pool worker
dies the pool breaks: the finished games are kept, the pool is rebuilt for the games still missing,
at most :data:`MAX_POOL_RESTARTS` times. When the driver dies (even by ``kill -9``) every pool worker
exits within a moment (a watchdog thread on the driver's pidfd), and with them the fork server and
the resource tracker; a local Dask cluster's workers watch their nanny the same way.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import select
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from agent.results import ResultStore
from agent.sweep import GameSpec, SweepError, run_game
from language.text import error_summary

BACKENDS: tuple[str, ...] = ("inprocess", "pool", "dask")
MAX_POOL_RESTARTS = 3
IN_FLIGHT_PER_WORKER = 4  # games submitted ahead per worker: specs are streamed, never all queued

OnResult = Callable[[dict[str, Any]], None]


class GameFailedError(RuntimeError):
    """A game raised an error (a bug in a game or an agent); the finished games are kept."""


def pending(specs: Iterable[GameSpec], store: ResultStore) -> Iterator[GameSpec]:
    """The specs still to run, streamed.

    Args:
        specs: the games.
        store: the result store.

    Returns:
        The specs whose key the store does not hold yet, each key once, in order.
    """
    seen: set[str] = set()
    for spec in specs:
        key = spec.key
        if key not in store and key not in seen:
            seen.add(key)
            yield spec


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
    specs: Iterable[GameSpec],
    store: ResultStore,
    backend: str = "pool",
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    on_result: OnResult | None = None,
) -> int:
    """Run every spec the store does not hold yet on ``backend`` and append each row as it finishes.

    Args:
        specs: the games (any iterable: a sweep's :meth:`~agent.sweep.Sweep.iter_specs` streams them).
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
    first = next(todo := pending(specs, store), None)
    if first is None:
        return 0
    todo = itertools.chain([first], todo)
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
        _run_pool(todo, workers or os.cpu_count() or 1, record)
    else:
        _run_dask(todo, workers, scheduler, record)
    return count


def _run_one(spec: GameSpec) -> dict[str, Any]:
    try:
        return run_game(spec.to_json())
    except Exception as err:
        raise _failed(spec, err) from err


def _failed(spec: GameSpec, err: BaseException) -> GameFailedError:
    return GameFailedError(f"game {spec.key[:12]} (cell {spec.label}, seed {spec.seed}) failed: {error_summary(err)}")


def _worker_context() -> multiprocessing.context.BaseContext:
    """Workers forked from a fork server that has imported the Accord modules the driver uses:
    they start in milliseconds, yet never inherit the driver's threads (progress bar) or locks."""
    context = multiprocessing.get_context("forkserver")
    packages = {"agent", "games", "language", "planners", "solvers"}
    context.set_forkserver_preload(sorted(m for m in sys.modules if m.partition(".")[0] in packages))
    return context


def _run_pool(todo: Iterator[GameSpec], workers: int, record: Callable[[dict[str, Any]], None]) -> None:
    """Run ``todo`` in a process pool, rebuilding it when a worker dies."""
    context = _worker_context()
    driver = os.getpid()
    retry: list[GameSpec] = []  # the games a broken pool lost
    for attempt in range(MAX_POOL_RESTARTS + 1):
        source = itertools.chain(retry, todo)
        retry = []
        with ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=watch_driver, initargs=(driver, _started(driver))
        ) as pool:
            try:
                broken = _drain_pool(pool, source, workers * IN_FLIGHT_PER_WORKER, record, retry)
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


def _drain_pool(
    pool: ProcessPoolExecutor,
    source: Iterator[GameSpec],
    window: int,
    record: Callable[[dict[str, Any]], None],
    retry: list[GameSpec],
) -> bool:
    """Keep ``window`` games of ``source`` running on ``pool`` and record each row; when the pool
    breaks, stop submitting and put the games it lost on ``retry``.

    Returns:
        Whether the pool broke.
    """
    running: dict[Future, GameSpec] = {}
    broken = False
    while True:
        while not broken and len(running) < window and (spec := next(source, None)) is not None:
            try:
                running[pool.submit(run_game, spec.to_json())] = spec
            except BrokenProcessPool:
                retry.append(spec)
                broken = True
        if not running:
            return broken
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in done:
            spec = running.pop(future)
            try:
                row = future.result()
            except BrokenProcessPool:
                retry.append(spec)
                broken = True
                continue
            except Exception as err:
                for other in running:
                    other.cancel()
                raise _failed(spec, err) from err
            record(row)


def watch_driver(driver: int, started: str | None) -> None:
    """Pool worker initializer: exit this worker as soon as the driver process dies (a ``kill -9``
    included), from a daemon thread. Without it the workers, hence the fork server and the
    resource tracker, outlive a killed driver forever.

    Args:
        driver: the driver's pid.
        started: the driver's start time (``/proc/PID/stat``), which tells it from a later process
            given the same pid; ``None`` where there is no ``/proc``.
    """
    threading.Thread(target=_exit_with, args=(driver, started), name="accord-driver-watch", daemon=True).start()


def _exit_with(driver: int, started: str | None) -> None:
    try:
        handle: int | None = os.pidfd_open(driver)
    except ProcessLookupError:
        os._exit(1)
    except (AttributeError, OSError):  # no pidfd here: poll
        handle = None
    if handle is not None and _alive(driver, started):
        select.select([handle], [], [])  # readable once the driver has exited
    else:
        while _alive(driver, started):
            time.sleep(0.5)
    os._exit(1)


def _started(pid: int) -> str | None:
    """The start time of process ``pid`` (field 22 of ``/proc/PID/stat``), or None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return handle.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def _alive(pid: int, started: str | None) -> bool:
    """Whether process ``pid`` runs and is the one that started at ``started``."""
    if started is not None:
        return _started(pid) == started
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _run_dask(
    todo: Iterator[GameSpec], workers: int | None, scheduler: str | None, record: Callable[[dict[str, Any]], None]
) -> None:
    """Run ``todo`` on a Dask cluster: ``scheduler``'s, or a LocalCluster on 127.0.0.1 (closed after)."""
    try:
        from distributed import Client, LocalCluster
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
            window = IN_FLIGHT_PER_WORKER * max(16, sum(client.nthreads().values()))  # workers may join later
            _drain_dask(client, todo, window, record)
    finally:
        if cluster is not None:
            cluster.close()


def _drain_dask(client: Any, todo: Iterator[GameSpec], window: int, record: Callable[[dict[str, Any]], None]) -> None:
    """Keep ``window`` games of ``todo`` running on ``client``'s cluster and record each row."""
    from distributed import as_completed

    running: dict[str, tuple[Any, GameSpec]] = {}
    finished = as_completed()

    def submit(count: int) -> None:
        for spec in itertools.islice(todo, count):
            key = f"accord-game-{spec.key}"
            future = client.submit(run_game, spec.to_json(), key=key, pure=False)
            running[key] = (future, spec)
            finished.add(future)

    submit(window)
    for future in finished:
        _, spec = running.pop(future.key)
        try:
            row = future.result()
        except Exception as err:
            client.cancel([f for f, _ in running.values()])
            raise _failed(spec, err) from err
        record(row)
        future.release()
        submit(1)
