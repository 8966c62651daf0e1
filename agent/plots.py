"""PNG plots of evaluation results (matplotlib, headless). Every plot is written as a PNG to
exactly the path it is given: no suffix is added (``out/x`` is a PNG file named ``x``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any


def _save(fig: Any, path: str | Path) -> None:
    """Lay out ``fig`` and write it as a PNG to exactly ``path`` (creating its folder), then close it."""
    import matplotlib.pyplot as plt

    fig.tight_layout()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120, format="png")
    plt.close(fig)


def _numeric(value: Any) -> tuple[int, Any]:
    """Sort key of a parameter value: numbers by value, then the rest by text."""
    return (0, value) if isinstance(value, int | float) and not isinstance(value, bool) else (1, str(value))


def _entries(summary: list[dict[str, Any]], metric: str) -> list[dict[str, Any]]:
    """The summary entries of ``metric``.

    Raises:
        ValueError: no entry has ``metric`` (the message lists the metrics there are).
    """
    entries = [e for e in summary if e["metric"] == metric]
    if not entries:
        raise ValueError(
            f"no results for metric {metric!r}; metrics: {', '.join(sorted({e['metric'] for e in summary}))}"
        )
    return entries


def _ylabel(metric: str, kind: str) -> str:
    """The axis label of a metric: binary in %, with the interval its kind gets."""
    interval = {"binary": "Wilson 95% CI", "ratio": "paired bootstrap 95% CI"}.get(kind, "bootstrap 95% CI")
    return f"{metric}{' (%)' if kind == 'binary' else ''} ({interval})"


def _bars(
    ax: Any, entries: list[dict[str, Any]], metric: str, ticks: bool = True, marks: Mapping[str, float] | None = None
) -> None:
    """Bars of one metric's entries (one per cell) with their 95% intervals on ``ax``; ``marks``
    (cell -> a paper's figure, on the metric's own scale) are drawn as black diamonds."""
    import numpy as np

    binary = entries[0]["kind"] == "binary"
    scale = 100.0 if binary else 1.0
    means = np.array([scale * e["mean"] for e in entries])
    errors = [means - [scale * e["low"] for e in entries], [scale * e["high"] for e in entries] - means]
    ax.bar(np.arange(len(entries)), means, yerr=errors, capsize=3, color="tab:blue")
    marked = [(i, scale * (marks or {})[e["cell"]]) for i, e in enumerate(entries) if e["cell"] in (marks or {})]
    if marked:
        xs, ys = zip(*marked, strict=True)
        ax.scatter(xs, ys, marker="D", color="black", zorder=3, s=18, label="paper")
        ax.legend(fontsize=7, loc="best")
    labels = [e["cell"] for e in entries] if ticks else [""] * len(entries)
    ax.set_xticks(np.arange(len(entries)), labels, fontsize=7, rotation=30, ha="right")
    ax.set_ylabel(_ylabel(metric, entries[0]["kind"]), fontsize=8)
    if binary:
        ax.set_ylim(0, 105)


def plot_sweep_bars(summary: list[dict[str, Any]], metric: str, path: str | Path, title: str) -> None:
    """Bars of ``metric`` per sweep cell with their 95% intervals (Wilson for binary metrics, shown
    in %, bootstrap for the others).

    Args:
        summary: :func:`agent.summaries.summarize` entries (those of other metrics are ignored).
        metric: the metric to plot.
        path: the PNG file.
        title: the figure title.

    Raises:
        ValueError: no entry has ``metric``.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    entries = _entries(summary, metric)
    fig, ax = plt.subplots(figsize=(2.0 + 0.9 * len(entries), 4.8))
    _bars(ax, entries, metric)
    ax.set_title(title, fontsize=10)
    _save(fig, path)


def plot_summary(
    summary: list[dict[str, Any]],
    metrics: list[str],
    path: str | Path,
    title: str,
    headings: Mapping[str, str] | None = None,
    marks: Mapping[tuple[str, str], float] | None = None,
) -> None:
    """One panel per metric, bars per cell with their 95% intervals (the table of a run as a figure);
    a paper's figures (``marks``: (cell, metric) -> figure) as black diamonds.

    Args:
        summary: :func:`agent.summaries.summarize` entries.
        metrics: the metrics to show, in order (those without entries are left out).
        path: the PNG file.
        title: the figure title.
        headings: metric -> the heading its panel shows (the schema's labels; default: the name).
        marks: the paper's figures to mark, by (cell, metric).

    Raises:
        ValueError: no entry has any of ``metrics``.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = [m for m in metrics if any(e["metric"] == m for e in summary)]
    if not shown:
        raise ValueError(f"no results for the metrics {', '.join(metrics)}")
    cells = len({e["cell"] for e in summary})
    columns = min(3, len(shown))
    rows = -(-len(shown) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(columns * (1.6 + 0.5 * cells), rows * 3.6), squeeze=False)
    for k, ax in enumerate(axes.flat):
        if k >= len(shown):
            ax.axis("off")
            continue
        heading = (headings or {}).get(shown[k], shown[k])
        own = {cell: value for (cell, metric), value in (marks or {}).items() if metric == shown[k]}
        _bars(ax, _entries(summary, shown[k]), heading, ticks=k + columns >= len(shown), marks=own)
        ax.set_title(heading, fontsize=9)
    fig.suptitle(title, fontsize=10)
    _save(fig, path)


def plot_sweep_curves(summary: list[dict[str, Any]], metric: str, over: str, path: str | Path, title: str) -> None:
    """Curves of ``metric`` over the sweep parameter ``over`` (x axis), one line per combination
    of the other parameters, with 95% interval bands.

    Args:
        summary: :func:`agent.summaries.summarize` entries.
        metric: the metric to plot.
        over: a cell parameter (``rooms``, ``size``, ``feedback``...).
        path: the PNG file.
        title: the figure title.

    Raises:
        ValueError: no entry has ``metric``, or ``over`` is not a parameter of the cells.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    entries = _entries(summary, metric)
    names = sorted({k for e in entries for k in e["params"]})
    if over not in names:
        raise ValueError(f"{over!r} is not a sweep parameter; parameters: {', '.join(names) or 'none'}")
    scale = 100.0 if entries[0]["kind"] == "binary" else 1.0
    lines: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        rest = ", ".join(f"{k}={v}" for k, v in e["params"].items() if k != over) or metric
        lines.setdefault(rest, []).append(e)
    xs = sorted({e["params"][over] for e in entries}, key=_numeric)
    numeric = all(_numeric(x)[0] == 0 for x in xs)
    fig, ax = plt.subplots(figsize=(6.4, 4.6))
    for label, group in lines.items():
        group = sorted(group, key=lambda e: _numeric(e["params"][over]))
        x = [e["params"][over] if numeric else xs.index(e["params"][over]) for e in group]
        ax.plot(x, [scale * e["mean"] for e in group], marker="o", label=label)
        ax.fill_between(x, [scale * e["low"] for e in group], [scale * e["high"] for e in group], alpha=0.15)
    if not numeric:
        ax.set_xticks(range(len(xs)), [str(x) for x in xs], rotation=20, fontsize=8)
    ax.set_xlabel(over)
    ax.set_ylabel(_ylabel(metric, entries[0]["kind"]))
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, frameon=False)
    _save(fig, path)
