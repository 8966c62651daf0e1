"""The result store of sweeps, and its summaries.

A store is a directory holding ``results.jsonl`` (one JSON line per finished game, appended by one
writer, flushed and fsynced), ``sweep.toml`` (the sweep file that filled it), ``manifest.json`` (the
sweep's name and digest, its total number of games and the order of its cells) and ``writer.lock``.

- **One sweep per store.** :meth:`ResultStore.adopt` refuses a sweep whose digest differs from the
  manifest's while the store holds games; the same sweep resumes.
- **One writer per store.** :func:`open_writer` holds an exclusive ``flock`` on ``writer.lock`` for
  the whole run (the OS drops it when the writer dies, even by ``kill -9``); a second writer is
  refused in one line.
- **Readers never write.** :func:`open_store` reads; a valid last row without its newline counts, a
  torn last line (not JSON: a writer killed mid-line) is skipped and reported in ``torn``. Only the
  writer cuts a torn line, or completes the newline of a valid one, before it appends.
- **Damage is one line.** A line that is not a row (not JSON, not an object, no ``key``, ``cell`` or
  ``metrics``), a manifest that is not one, or a row whose transcript or spec no longer matches its
  digest or key (:meth:`ResultStore.game`) raises :class:`StoreError`: "store damaged at line N of
  FILE: ...".

Summaries: per cell and metric, the mean with a Wilson 95% interval for binary metrics and a seeded
bootstrap 95% interval for continuous ones. Per-game metrics are flattened first: a number or a
boolean is one value, a list of numbers gives one metric per seat (``words.0``), and a list of
records (a ``per_round`` metric) gives one value per record and field (``per_round.success``).
Given the game's metrics model (its ``GameMetrics`` subclass), only the declared metrics are
summarized, each by its declared interval, with the declared derived figures: a ``per_seat`` metric
declared with ``total=True`` also as its sum over the seats (``words``), and each of the model's
``ratios`` as the ratio of two fields' sums over the games, with a paired bootstrap interval.
Without it (stores of any game, old stores) a metric whose values are all booleans is binary and
any other number continuous. The same summarizer serves ``selfplay``, ``ablate`` and ``results``.
"""

from __future__ import annotations

import csv
import fcntl
import io
import json
import math
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from agent.sweep import Sweep
    from games.base import GameMetrics

RESULTS_FILE = "results.jsonl"
MANIFEST_FILE = "manifest.json"
SWEEP_FILE = "sweep.toml"
LOCK_FILE = "writer.lock"
BOOTSTRAP_SEED = 20240607
BOOTSTRAP_SAMPLES = 2000
SUMMARY_FIELDS: tuple[str, ...] = ("cell", "metric", "kind", "n", "mean", "low", "high")


class StoreError(ValueError):
    """A result store that cannot be read or does not hold what was asked (one line)."""


class _Rows:
    """The finished games of a store, by key (what every store reads)."""

    _rows: dict[str, dict[str, Any]]

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def __len__(self) -> int:
        return len(self._rows)

    def keys(self) -> set[str]:
        """The keys of the finished games."""
        return set(self._rows)

    def rows(self) -> list[dict[str, Any]]:
        """The finished games' rows, in the order they finished."""
        return list(self._rows.values())


class ResultStore(_Rows):
    """The result directory of one sweep (see the module docstring).

    Args:
        path: the directory (created when missing, unless ``readonly``).
        readonly: read without ever writing (the ``results`` commands); :meth:`append` refuses.

    The writer opens it through :func:`open_writer`, which holds the store's lock; opening it
    writable also cuts a torn last line (``torn`` holds its size) and completes the newline of a
    valid last row. A reader skips a torn last line and reports its size in ``torn``.

    Raises:
        StoreError: a line that is not a row ("store damaged at line N of FILE").
    """

    def __init__(self, path: str | Path, readonly: bool = False) -> None:
        self.path = Path(path)
        self.readonly = readonly
        if not readonly:
            self.path.mkdir(parents=True, exist_ok=True)
        self.file = self.path / RESULTS_FILE
        self.torn = 0  # bytes of a torn last line: cut on opening for writing, skipped by readers
        self._rows: dict[str, dict[str, Any]] = {}
        self._lines: dict[str, int] = {}  # key -> line number in the file
        self._count = 0  # lines in the file
        self._load()

    def _load(self) -> None:
        if not self.file.exists():
            return
        data = self.file.read_bytes()
        lines = data.split(b"\n")
        last = lines.pop()  # what follows the final newline: empty unless the last line lacks it
        complete = False
        if last.strip():
            try:
                _decode(last)
                lines.append(last)  # a valid last row without its newline: kept
                complete = True
            except ValueError:  # a kill in the middle of a line
                self.torn = len(last)
        self._count = len(lines)
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = _decode(line)
            except ValueError as err:
                raise self._damaged(number, f"not JSON ({_reason(err)})") from err
            problem = _row_problem(row)
            if problem:
                raise self._damaged(number, problem)
            if row["key"] not in self._rows:
                self._rows[row["key"]] = row
                self._lines[row["key"]] = number
        if last.strip() and not self.readonly:
            self.manifest()  # a damaged store is reported before anything is written
            self._mend(len(data) - len(last), complete)

    def _mend(self, end: int, complete: bool) -> None:
        """Writer only: complete the newline of a valid last row, or cut a torn one."""
        with open(self.file, "r+b") as handle:
            if complete:
                handle.seek(0, os.SEEK_END)
                handle.write(b"\n")
            else:
                handle.truncate(end)
            handle.flush()
            os.fsync(handle.fileno())

    def _damaged(self, number: int, problem: str) -> StoreError:
        return StoreError(
            f"store damaged at line {number} of {self.file}: {problem}; "
            "delete that line to re-run its game, or use another --results directory"
        )

    def append(self, row: Mapping[str, Any]) -> bool:
        """Append one finished game (flushed and fsynced); a key already stored is not written again.

        Args:
            row: a :func:`~agent.sweep.run_game` row.

        Returns:
            True when the row was written, False when its key was already there.

        Raises:
            StoreError: the store was opened read-only.
        """
        if self.readonly:
            raise StoreError(f"{self.path} was opened read-only")
        key = row["key"]
        if key in self._rows:
            return False
        line = json.dumps(row, separators=(",", ":"), default=str) + "\n"
        with open(self.file, "a", encoding="utf-8") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())
        self._rows[key] = dict(row)
        self._count += 1
        self._lines[key] = self._count
        return True

    def save_sweep(
        self,
        name: str,
        text: str,
        total: int,
        cells: Sequence[str],
        axes: Mapping[str, Any],
        digest: str | None = None,
    ) -> None:
        """Save the sweep file and the manifest (name, total games, cell order, axes, digest), each
        replaced atomically (a kill never leaves half a manifest)."""
        manifest = {"sweep": name, "total": total, "cells": list(cells), "axes": dict(axes)}
        if digest is not None:
            manifest["digest"] = digest
        _replace(self.path / SWEEP_FILE, text)
        _replace(self.path / MANIFEST_FILE, json.dumps(manifest, indent=2) + "\n")

    def manifest(self) -> dict[str, Any]:
        """The manifest (empty when the store was never given a sweep).

        Raises:
            StoreError: the manifest is not JSON, or not a manifest.
        """
        path = self.path / MANIFEST_FILE
        if not path.exists():
            return {}
        try:
            manifest = _decode(path.read_bytes())
        except ValueError as err:
            raise StoreError(f"store damaged: {path} is not JSON ({_reason(err)})") from err
        problem = _field_problem(manifest, {}, MANIFEST_FIELDS)
        if not problem and not all(isinstance(c, str) for c in manifest.get("cells", [])):
            problem = "'cells' is not a list of strings"
        if problem:
            raise StoreError(f"store damaged: {path} is not a manifest ({problem})")
        return manifest

    def adopt(self, sweep: Sweep) -> None:
        """Make this the store of ``sweep``: save its file and manifest. A store holding games
        keeps them only for the same sweep (the manifest's digest; a store written before digests
        were kept: every stored game is one of the sweep's).

        Raises:
            StoreError: the store holds another sweep's games, or its manifest is damaged.
        """
        manifest = self.manifest()
        if self._rows:
            stored = manifest.get("digest")
            same = (
                stored == sweep.digest
                if stored is not None
                else self.keys() <= {spec.key for spec in sweep.iter_specs()}
            )
            if not same:
                name = manifest.get("sweep", "unknown")
                raise StoreError(
                    f"{self.path} holds {len(self)} games of sweep {name!r} (digest {(stored or 'unknown')[:12]}), "
                    f"not of this sweep {sweep.name!r} (digest {sweep.digest[:12]}: other games, seeds or settings): "
                    f"give another --results directory, or delete {self.path} to start over"
                )
        cells = [cell.label for cell in sweep.cells]
        self.save_sweep(sweep.name, sweep.text, sweep.total, cells, sweep.axes, sweep.digest)

    def find(self, game_id: str) -> dict[str, Any]:
        """The row of the game whose key is ``game_id`` or starts with it.

        Raises:
            StoreError: no game, or several games, match.
        """
        matches = [k for k in self._rows if k.startswith(game_id.lower())] if game_id else []
        if len(matches) != 1:
            what = "no game" if not matches else f"{len(matches)} games"
            raise StoreError(f"{what} in {self.path} match {game_id!r}; give a longer prefix of a key")
        return self._rows[matches[0]]

    def game(self, game_id: str) -> dict[str, Any]:
        """:meth:`find`, checked: the row is a full game row, its spec gives its key and its
        transcript gives its stored digest.

        Raises:
            StoreError: no game or several games match, or the row is damaged (edited or corrupt).
        """
        from agent.sweep import GameSpec, SweepError, digest

        row = self.find(game_id)
        number = self._lines[row["key"]]
        problem = _game_row_problem(row)
        if problem:
            raise self._damaged(number, problem)
        try:
            key = GameSpec.from_json(row["spec"]).key
        except (SweepError, TypeError) as err:
            raise self._damaged(number, f"its spec is not a game spec ({err})") from err
        if key != row["key"]:
            raise self._damaged(number, f"its spec gives the key {key[:16]}, not {row['key'][:16]} (edited)")
        if digest(row["transcript"]) != row["transcript_digest"]:
            raise self._damaged(number, "its transcript does not match its stored digest (edited)")
        return row


class MemoryStore(_Rows):
    """A result store held in memory (``selfplay`` and ``ablate`` without ``--results``): the rows
    of one run, with :class:`ResultStore`'s reading and appending interface and nothing on disk."""

    def __init__(self) -> None:
        self._rows: dict[str, dict[str, Any]] = {}
        self.torn = 0
        self._manifest: dict[str, Any] = {}

    def append(self, row: Mapping[str, Any]) -> bool:
        """Keep one finished game; a key already held is not kept again (as :meth:`ResultStore.append`)."""
        if row["key"] in self._rows:
            return False
        self._rows[row["key"]] = dict(row)
        return True

    def adopt(self, sweep: Sweep) -> None:
        """Record the sweep's name, total and cell order (the manifest of an on-disk store)."""
        self._manifest = {"sweep": sweep.name, "total": sweep.total, "cells": [c.label for c in sweep.cells]}

    def manifest(self) -> dict[str, Any]:
        """The sweep's name, total and cell order (empty before :meth:`adopt`)."""
        return dict(self._manifest)


def replay_differences(row: Mapping[str, Any]) -> list[str]:
    """Play the game of a checked row (:meth:`ResultStore.game`) again and compare it with the
    stored transcript, its stored digest, the metrics and the returns.

    Returns:
        What differs, one phrase each (empty when the replay is identical).
    """
    from agent.sweep import canonical_json, digest, run_game

    again = run_game(dict(row["spec"]))
    out = []
    if again["transcript_digest"] != row["transcript_digest"] or digest(row["transcript"]) != digest(
        again["transcript"]
    ):
        out.append(f"digest {again['transcript_digest'][:16]} != {row['transcript_digest'][:16]}")
    for name in ("metrics", "returns"):
        if canonical_json(again.get(name)) != canonical_json(row.get(name)):
            out.append(f"{name} differ")
    return out


@contextmanager
def open_writer(path: str | Path) -> Iterator[ResultStore]:
    """Open the store at ``path`` (created when missing) as its only writer: an exclusive lock on
    ``writer.lock`` is held until the block ends, or the process dies.

    Raises:
        StoreError: another process holds the lock (its pid is named), or a damaged line.
    """
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    handle = os.open(path / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as err:
            words = os.pread(handle, 32, 0).decode(errors="replace").split()
            holder = words[0] if words and words[0].isdigit() else "unknown"
            raise StoreError(
                f"{path} is being written by another accord ablate (pid {holder}); "
                "wait for it to finish, or give another --results directory"
            ) from err
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
        yield ResultStore(path)
    finally:
        os.close(handle)  # drops the lock


def open_store(path: str | Path, must_exist: bool = False) -> ResultStore:
    """Open the store at ``path`` for reading (nothing is ever written).

    Raises:
        StoreError: ``must_exist`` and ``path`` holds no results, or a damaged line.
    """
    if must_exist and not (Path(path) / RESULTS_FILE).exists():
        raise StoreError(f"{path} holds no results ({RESULTS_FILE}); run accord ablate SWEEP --results {path}")
    return ResultStore(path, readonly=True)


def _decode(data: bytes) -> Any:
    """The JSON value of ``data``.

    Raises:
        ValueError: not UTF-8 JSON (or nested too deeply to read).
    """
    try:
        return json.loads(data)
    except RecursionError as err:
        raise ValueError("nested too deeply") from err


def _reason(err: ValueError) -> str:
    return err.msg if isinstance(err, json.JSONDecodeError) else str(err).splitlines()[0]


_JSON_TYPES: dict[type, str] = {str: "a string", int: "an integer", list: "a list", dict: "an object"}
ROW_FIELDS: dict[str, type] = {"key": str, "cell": str, "metrics": dict}  # what every row has
GAME_FIELDS: dict[str, type] = {"spec": dict, "game_id": str, "transcript": list, "transcript_digest": str}
MANIFEST_FIELDS: dict[str, type] = {"sweep": str, "total": int, "cells": list, "axes": dict, "digest": str}


def _field_problem(data: Any, required: Mapping[str, type], optional: Mapping[str, type] | None = None) -> str:
    """What makes ``data`` not an object with these fields ('' when nothing)."""
    if not isinstance(data, dict):
        return f"a JSON {type(data).__name__}, not an object"
    for name, kind in {**required, **(optional or {})}.items():
        if name not in data:
            if name in required:
                return f"no {name!r}"
        elif not isinstance(data[name], kind) or isinstance(data[name], bool):
            return f"{name!r} is not {_JSON_TYPES[kind]}"
    return ""


def _row_problem(row: Any) -> str:
    """What makes ``row`` not a result row ('' when it is one)."""
    problem = _field_problem(row, ROW_FIELDS, {"params": dict})
    return problem or ("an empty 'key'" if not row["key"] else "")


def _game_row_problem(row: Mapping[str, Any]) -> str:
    """What a result row lacks for showing and replaying its game ('' when nothing)."""
    problem = _field_problem(row, GAME_FIELDS, {"refused": list}) or _field_problem(row["spec"], {"seed": int})
    if problem:
        return problem
    for turn in row["transcript"]:
        if _field_problem(turn, {"player": str, "message": str}):
            return "a transcript turn without a 'player' and a 'message'"
    return ""


def _replace(path: Path, text: str) -> None:
    """Write ``path`` atomically: a temporary file, fsynced, renamed over it."""
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


# ---- summaries ---------------------------------------------------------------------------------


def metric_values(metrics: Mapping[str, Any]) -> dict[str, list[float | bool]]:
    """The flattened observations of one game's metrics (see the module docstring).

    Args:
        metrics: one game's stored metrics, ``state.metrics().model_dump(mode="json")``.

    Returns:
        Metric name -> observed values (one, or one per record); texts and nested structures are
        left out.
    """
    out: dict[str, list[float | bool]] = {}
    for name, value in metrics.items():
        if _number(value):
            out[name] = [value]
        elif isinstance(value, list) and value and all(_number(v) for v in value):
            for seat, v in enumerate(value):
                out[f"{name}.{seat}"] = [v]
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for record in value:
                for field, v in record.items():
                    if _number(v):
                        out.setdefault(f"{name}.{field}", []).append(v)
    return out


def _number(value: Any) -> bool:
    return isinstance(value, bool | int | float)


def bootstrap_interval(values: Sequence[float], samples: int = BOOTSTRAP_SAMPLES) -> tuple[float, float]:
    """Percentile bootstrap 95% interval of the mean, from a fixed seed: the same values in any
    order (games finish in any order) give the same interval.

    Args:
        values: the observations.
        samples: bootstrap resamples.

    Returns:
        ``(low, high)``; the value itself twice for fewer than two observations.
    """
    data = np.sort(np.asarray(values, dtype=float))
    if data.size < 2:
        mean = float(data.mean()) if data.size else 0.0
        return (mean, mean)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    means = data[rng.integers(0, data.size, size=(samples, data.size))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return (float(low), float(high))


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default).

    Raises:
        ValueError: negative counts or ``successes > trials``.
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)  # exact ends, free of rounding
    return (low, high)


def ratio_interval(
    pairs: Sequence[tuple[float, float]], samples: int = BOOTSTRAP_SAMPLES
) -> tuple[float, float, float]:
    """The ratio of sums of paired observations (numerator, denominator), one pair per game, with a
    seeded paired bootstrap 95% interval (games resampled with both of their numbers).

    Returns:
        ``(ratio, low, high)``; 0 when the denominators sum to 0; the ratio twice for fewer than two games.
    """
    data = np.asarray(sorted(pairs), dtype=float).reshape(-1, 2)
    denominator = math.fsum(data[:, 1])
    ratio = math.fsum(data[:, 0]) / denominator if denominator else 0.0
    if len(data) < 2:
        return (ratio, ratio, ratio)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    picks = rng.integers(0, len(data), size=(samples, len(data)))
    sums = data[picks].sum(axis=1)
    ratios = np.divide(sums[:, 0], sums[:, 1], out=np.zeros(samples), where=sums[:, 1] != 0)
    low, high = np.percentile(ratios, [2.5, 97.5])
    return (ratio, float(low), float(high))


def summarize(
    rows: Iterable[Mapping[str, Any]],
    cells: Sequence[str] = (),
    metrics: Sequence[str] = (),
    kinds: Mapping[str, str] | None = None,
    schema: type[GameMetrics] | None = None,
) -> list[dict[str, Any]]:
    """Per cell and metric: ``n``, ``mean`` and a 95% interval (``low``, ``high``).

    Args:
        rows: result rows.
        cells: the cell order (cells not named come after, in order of appearance).
        metrics: the metrics to keep, in this order (default: every one, as the games list them).
        kinds: the declared metrics, flattened name -> ``binary`` (Wilson interval) or another
            kind (bootstrap interval): ``GameMetrics.kinds()`` of the game's metrics model. Given,
            only these metrics are summarized, by their declared kind; default: every numeric
            metric, binary when all its values are booleans (stores whose game is unknown).
        schema: the game's metrics model; gives ``kinds`` and the declared derived figures (seat
            totals, ratios of sums).

    Returns:
        One dict per (cell, metric) with :data:`SUMMARY_FIELDS` and the cell's ``params``;
        ``kind`` is ``binary`` (Wilson interval), ``continuous`` (bootstrap interval) or
        ``ratio`` (ratio of sums, paired bootstrap interval).

    Raises:
        ValueError: a metric declared binary holds a value other than a boolean (or 0 / 1).
    """
    if schema is not None:
        kinds = schema.kinds()
    totals = schema.totals() if schema is not None else []
    ratios = schema.ratios if schema is not None else {}
    values: dict[str, dict[str, list[float | bool]]] = {}
    pairs: dict[str, dict[str, list[tuple[float, float]]]] = {}
    params: dict[str, dict[str, Any]] = {}
    order: dict[str, int] = {label: i for i, label in enumerate(cells)}
    for row in rows:
        label = row["cell"]
        order.setdefault(label, len(order))
        params.setdefault(label, row.get("params", {}))
        table = values.setdefault(label, {})
        observed_metrics = row["metrics"]
        for name, observed in metric_values(observed_metrics).items():
            table.setdefault(name, []).extend(observed)
        for name in totals:
            if isinstance(observed_metrics.get(name), list):
                table.setdefault(name, []).append(math.fsum(observed_metrics[name]))
        for name, (numerator, denominator) in ratios.items():
            pair = (observed_metrics[numerator], observed_metrics[denominator])
            pairs.setdefault(label, {}).setdefault(name, []).append(pair)
    out = []
    for label in sorted(values, key=order.__getitem__):
        available = {**values[label], **pairs.get(label, {})}
        names = [m for m in metrics if m in available] if metrics else list(available)
        if kinds is not None:
            names = [m for m in names if m in kinds]
        for name in names:
            if name in ratios:
                kind = "ratio"
                n = len(pairs[label][name])
                mean, low, high = ratio_interval(pairs[label][name])
            else:
                observed = values[label][name]
                binary = _is_binary(name, observed, kinds)
                kind, n = ("binary" if binary else "continuous"), len(observed)
                mean = math.fsum(observed) / n  # exact: the same in any finishing order
                if binary:
                    low, high = wilson_interval(sum(1 for v in observed if v), n)
                else:
                    low, high = bootstrap_interval([float(v) for v in observed])
            entry = {"cell": label, "metric": name, "kind": kind, "n": n, "mean": mean, "low": low, "high": high}
            out.append({**entry, "params": params[label]})
    return out


def _is_binary(name: str, observed: Sequence[float | bool], kinds: Mapping[str, str] | None) -> bool:
    """Whether ``name`` gets a Wilson interval: its declared kind, else all its values are booleans."""
    if kinds is None:
        return all(isinstance(v, bool) for v in observed)
    if kinds[name] != "binary":
        return False
    odd = next((v for v in observed if v not in (0, 1)), None)
    if odd is not None:
        raise ValueError(f"metric {name!r} is declared binary but holds {odd!r}")
    return True


def record_rows(records: Iterable[Any], cell: str = "games") -> list[dict[str, Any]]:
    """Result rows of game records (:class:`~agent.arena.GameRecord`, played outside a sweep), all
    in one cell: their metrics, seed and language-model use."""
    return [{"cell": cell, "key": str(r.seed), "metrics": r.metrics, "llm": r.llm} for r in records]


def summary_of(records: Iterable[Any], schema: type[GameMetrics] | None = None) -> dict[str, dict[str, Any]]:
    """:func:`summarize` of game records as one cell, by metric name (for notebooks and tests)."""
    return {e["metric"]: e for e in summarize(record_rows(records), schema=schema)}


def llm_usage(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The summed language-model usage of ``rows`` (their ``llm`` accounting) and its mean per game
    that used a model; None when no game used one."""
    from language.llm_client import LLMUsage

    usages = [LLMUsage.from_json(row["llm"]) for row in rows if row.get("llm") is not None]
    if not usages:
        return None
    total = sum(usages, LLMUsage()).to_json()
    return {**total, "per_game": {k: v / len(usages) for k, v in total.items()}}


def by_turn(
    rows: Iterable[Mapping[str, Any]], metric: str, schema: type[GameMetrics] | None = None
) -> list[dict[str, Any]]:
    """The share of each cell's games that reached ``metric`` by turn K, for every K up to the
    longest game, with Wilson 95% intervals (success-at-turn-K curves).

    A game counts at K when its binary ``metric`` holds and it came true by turn K: the field the
    schema declares for it (``GameMetrics.success_turns``), else the game's ``turns``.

    Args:
        rows: result rows.
        metric: a binary per-game metric (``solved``, ``correct``, ``agreed``...).
        schema: the game's metrics model (which field holds the turn of ``metric``).

    Returns:
        Summary entries (as :func:`summarize`) whose parameters add ``turn``.

    Raises:
        ValueError: no row has a binary ``metric`` with a turn count.
    """
    turn_field = schema.success_turns.get(metric, "turns") if schema is not None else "turns"
    games: dict[str, list[int | None]] = {}
    params: dict[str, dict[str, Any]] = {}
    for row in rows:
        metrics = row["metrics"]
        if not isinstance(metrics.get(metric), bool):
            continue
        turns = metrics.get(turn_field)
        if metrics[metric] and not isinstance(turns, int):
            continue  # a success whose turn is unknown cannot be placed on the curve
        params.setdefault(row["cell"], row.get("params", {}))
        games.setdefault(row["cell"], []).append(turns if metrics[metric] else None)
    if not games:
        raise ValueError(f"no game reports a binary {metric!r} with a turn count")
    longest = (
        max(t for cell in games.values() for t in cell if t is not None)
        if any(t is not None for cell in games.values() for t in cell)
        else 1
    )
    out = []
    for label, turns in games.items():
        for k in range(1, longest + 1):
            hits = sum(1 for t in turns if t is not None and t <= k)
            low, high = wilson_interval(hits, len(turns))
            entry = {"cell": label, "metric": metric, "kind": "binary", "n": len(turns)}
            entry.update(mean=hits / len(turns), low=low, high=high, params={**params[label], "turn": k})
            out.append(entry)
    return out


def summarize_store(
    store: ResultStore | MemoryStore,
    metrics: Sequence[str] = (),
    kinds: Mapping[str, str] | None = None,
    schema: type[GameMetrics] | None = None,
) -> list[dict[str, Any]]:
    """:func:`summarize` over a store's rows, cells in the manifest's order."""
    return summarize(store.rows(), store.manifest().get("cells", []), metrics, kinds, schema)


def by_metric(summary: Iterable[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """Summary entries grouped by metric (the order of first appearance)."""
    grouped: dict[str, list[Mapping[str, Any]]] = {}
    for entry in summary:
        grouped.setdefault(entry["metric"], []).append(entry)
    return grouped


def to_csv(summary: Iterable[Mapping[str, Any]], path: str | Path | None = None) -> str:
    """The summary as CSV text: one row per cell and metric, the cell's parameters as columns.

    Args:
        summary: :func:`summarize` entries.
        path: where to write it (default: nowhere).

    Returns:
        The CSV text.
    """
    entries = list(summary)
    param_names = list(dict.fromkeys(k for e in entries for k in e.get("params", {})))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*SUMMARY_FIELDS, *param_names])
    for e in entries:
        writer.writerow([*(e[f] for f in SUMMARY_FIELDS), *(e.get("params", {}).get(p, "") for p in param_names)])
    text = buffer.getvalue()
    if path is not None:
        _write(path, text)
    return text


def to_json(summary: Iterable[Mapping[str, Any]], path: str | Path | None = None) -> str:
    """The summary as JSON text (a list of entries).

    Args:
        summary: :func:`summarize` entries.
        path: where to write it (default: nowhere).

    Returns:
        The JSON text.
    """
    text = json.dumps(list(summary), indent=2) + "\n"
    if path is not None:
        _write(path, text)
    return text


def _write(path: str | Path, text: str) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(text)
