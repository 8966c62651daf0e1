"""The result store of sweeps, and its summaries.

A store is a directory holding ``results.jsonl`` (one JSON line per finished game, appended by one
writer, flushed and fsynced), ``sweep.toml`` (the sweep file that filled it) and ``manifest.json``
(the sweep's name, its total number of games and the order of its cells). Opening a store reads the
finished keys and cuts a torn last line (a writer killed mid-line), so a re-run resumes exactly.

Summaries: per cell and metric, the mean with a Wilson 95% interval for binary metrics and a seeded
bootstrap 95% interval for continuous ones. Per-game metrics are flattened first: a number or a
boolean is one value, a list of numbers gives one metric per seat (``words.0``), and a list of
records (Gnomes at Night's ``per_round``) gives one value per record and field (``per_round.success``).
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from agent.arena import wilson_interval

RESULTS_FILE = "results.jsonl"
MANIFEST_FILE = "manifest.json"
SWEEP_FILE = "sweep.toml"
BOOTSTRAP_SEED = 20240607
BOOTSTRAP_SAMPLES = 2000
SUMMARY_FIELDS: tuple[str, ...] = ("cell", "metric", "kind", "n", "mean", "low", "high")


class StoreError(ValueError):
    """A result store that cannot be read or does not hold what was asked (one line)."""


class ResultStore:
    """The result directory of one sweep (see the module docstring); the driver is its only writer.

    Args:
        path: the directory (created when missing).

    Raises:
        StoreError: ``results.jsonl`` holds a corrupt line before its last one.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.file = self.path / RESULTS_FILE
        self.torn = 0  # bytes of a torn last line cut on opening
        self._rows: dict[str, dict[str, Any]] = {}
        self._load()

    def _load(self) -> None:
        if not self.file.exists():
            return
        data = self.file.read_bytes()
        end = data.rfind(b"\n") + 1
        lines = data[:end].splitlines()
        if lines:
            try:
                json.loads(lines[-1])
            except json.JSONDecodeError:  # a kill between two writes of one line
                end = len(data[:end]) - len(lines[-1]) - 1
                lines = lines[:-1]
        if end < len(data):
            self.torn = len(data) - end
            with open(self.file, "r+b") as handle:
                handle.truncate(end)
                os.fsync(handle.fileno())
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as err:
                raise StoreError(f"{self.file}:{number} is not JSON ({err.msg}); the store is damaged") from err
            self._rows.setdefault(row["key"], row)

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

    def append(self, row: Mapping[str, Any]) -> bool:
        """Append one finished game (flushed and fsynced); a key already stored is not written again.

        Args:
            row: a :func:`~agent.sweep.run_game` row.

        Returns:
            True when the row was written, False when its key was already there.
        """
        key = row["key"]
        if key in self._rows:
            return False
        line = json.dumps(row, separators=(",", ":"), default=str) + "\n"
        with open(self.file, "a", encoding="utf-8") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())
        self._rows[key] = dict(row)
        return True

    def save_sweep(self, name: str, text: str, total: int, cells: Sequence[str], axes: Mapping[str, Any]) -> None:
        """Save the sweep file and the manifest (name, total games, cell order, axes)."""
        (self.path / SWEEP_FILE).write_text(text)
        manifest = {"sweep": name, "total": total, "cells": list(cells), "axes": dict(axes)}
        (self.path / MANIFEST_FILE).write_text(json.dumps(manifest, indent=2) + "\n")

    def manifest(self) -> dict[str, Any]:
        """The manifest (empty when the store was never given a sweep)."""
        path = self.path / MANIFEST_FILE
        return json.loads(path.read_text()) if path.exists() else {}

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


def open_store(path: str | Path, must_exist: bool = False) -> ResultStore:
    """Open the store at ``path``.

    Raises:
        StoreError: ``must_exist`` and ``path`` holds no results.
    """
    if must_exist and not (Path(path) / RESULTS_FILE).exists():
        raise StoreError(f"{path} holds no results ({RESULTS_FILE}); run accord ablate SWEEP --results {path}")
    return ResultStore(path)


# ---- summaries ---------------------------------------------------------------------------------


def metric_values(metrics: Mapping[str, Any]) -> dict[str, list[float | bool]]:
    """The flattened observations of one game's metrics (see the module docstring).

    Args:
        metrics: one game's ``state.metrics()``.

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


def summarize(
    rows: Iterable[Mapping[str, Any]], cells: Sequence[str] = (), metrics: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """Per cell and metric: ``n``, ``mean`` and a 95% interval (``low``, ``high``).

    Args:
        rows: result rows.
        cells: the cell order (cells not named come after, in order of appearance).
        metrics: the metrics to keep, in this order (default: every one, as the games list them).

    Returns:
        One dict per (cell, metric) with :data:`SUMMARY_FIELDS` and the cell's ``params``;
        ``kind`` is ``binary`` (Wilson interval) or ``continuous`` (bootstrap interval).
    """
    values: dict[str, dict[str, list[float | bool]]] = {}
    params: dict[str, dict[str, Any]] = {}
    order: dict[str, int] = {label: i for i, label in enumerate(cells)}
    for row in rows:
        label = row["cell"]
        order.setdefault(label, len(order))
        params.setdefault(label, row.get("params", {}))
        table = values.setdefault(label, {})
        for name, observed in metric_values(row["metrics"]).items():
            table.setdefault(name, []).extend(observed)
    out = []
    for label in sorted(values, key=order.__getitem__):
        names = [m for m in metrics if m in values[label]] if metrics else list(values[label])
        for name in names:
            observed = values[label][name]
            binary = all(isinstance(v, bool) for v in observed)
            if binary:
                low, high = wilson_interval(sum(observed), len(observed))
            else:
                low, high = bootstrap_interval([float(v) for v in observed])
            out.append(
                {
                    "cell": label,
                    "metric": name,
                    "kind": "binary" if binary else "continuous",
                    "n": len(observed),
                    "mean": math.fsum(observed) / len(observed),  # exact: the same in any finishing order
                    "low": low,
                    "high": high,
                    "params": params[label],
                }
            )
    return out


def by_turn(rows: Iterable[Mapping[str, Any]], metric: str) -> list[dict[str, Any]]:
    """The share of each cell's games that reached ``metric`` by turn K, for every K up to the
    longest game, with Wilson 95% intervals (the success-at-turn-K curves of AsymPuzl's Figure 3).

    A game counts at K when its binary ``metric`` holds and it took at most K turns
    (``turns_to_solve`` where the game reports it, else ``turns``).

    Args:
        rows: result rows.
        metric: a binary per-game metric (``solved``, ``correct``, ``agreed``...).

    Returns:
        Summary entries (as :func:`summarize`) whose parameters add ``turn``.

    Raises:
        ValueError: no row has a binary ``metric`` with a turn count.
    """
    games: dict[str, list[int | None]] = {}
    params: dict[str, dict[str, Any]] = {}
    for row in rows:
        metrics = row["metrics"]
        if not isinstance(metrics.get(metric), bool):
            continue
        turns = metrics["turns_to_solve"] if "turns_to_solve" in metrics else metrics.get("turns")
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


def summarize_store(store: ResultStore, metrics: Sequence[str] = ()) -> list[dict[str, Any]]:
    """:func:`summarize` over a store's rows, cells in the manifest's order."""
    return summarize(store.rows(), store.manifest().get("cells", []), metrics)


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
