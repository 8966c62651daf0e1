"""The summaries of result rows: one summarizer for every run (``selfplay``, ``ablate``, ``results
summarize``, the notebooks), its intervals, and its outputs (CSV, JSON, success-at-turn curves).

Per cell and metric, the mean with a Wilson 95% interval for binary metrics and a seeded
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
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from games.base import GameMetrics

BOOTSTRAP_SEED = 20240607
BOOTSTRAP_SAMPLES = 2000
SUMMARY_FIELDS: tuple[str, ...] = ("cell", "metric", "kind", "n", "mean", "low", "high")


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
