"""PNG plots of evaluation results (matplotlib, headless). Every plot is written as a PNG to
exactly the path it is given: no suffix is added (``out/x`` is a PNG file named ``x``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _save(fig: Any, path: str | Path) -> None:
    """Lay out ``fig`` and write it as a PNG to exactly ``path`` (creating its folder), then close it."""
    import matplotlib.pyplot as plt

    fig.tight_layout()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120, format="png")
    plt.close(fig)


def plot_ablation(rows: list[dict[str, Any]], path: str | Path, title: str) -> None:
    """Grouped bars of Identical / Correct / Optimal per agent, with Wilson 95% error bars (or,
    for games played in rounds, rounds solved and turns per round)."""
    if rows and "rounds" in rows[0]["metrics"]:
        _plot_rounds(rows, path, title)
        return
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    metrics = ("identical", "correct", "optimal")
    x = np.arange(len(rows))
    width = 0.26
    fig, ax = plt.subplots(figsize=(1.8 + 1.6 * len(rows), 4.6))
    for k, metric in enumerate(metrics):
        values = np.array([100 * r["metrics"][metric] for r in rows])
        low = values - np.array([100 * r["metrics"][f"{metric}_ci"][0] for r in rows])
        high = np.array([100 * r["metrics"][f"{metric}_ci"][1] for r in rows]) - values
        ax.bar(x + (k - 1) * width, values, width, yerr=[low, high], capsize=3, label=metric.capitalize())
    ax.set_xticks(x, [r["agent"] for r in rows])
    ax.set_ylabel("% of games (Wilson 95% CI)")
    ax.set_ylim(0, 105)
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=3, fontsize=8, frameon=False)
    _save(fig, path)


def _plot_rounds(rows: list[dict[str, Any]], path: str | Path, title: str) -> None:
    """Two panels per agent: % of rounds solved (Wilson 95%) and mean turns per round (95%), with
    the oracle's turns as a line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    x = np.arange(len(rows))
    metrics = [r["metrics"] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(2.5 + 2.2 * len(rows), 4.2))
    solved = np.array([100 * m["success"] for m in metrics])
    left.bar(
        x,
        solved,
        yerr=[
            solved - [100 * m["success_ci"][0] for m in metrics],
            [100 * m["success_ci"][1] for m in metrics] - solved,
        ],
        capsize=3,
        color="tab:green",
    )
    left.set_ylabel("% of rounds solved (Wilson 95% CI)")
    left.set_ylim(0, 105)
    turns = np.array([m["mean_turns"] for m in metrics])
    right.bar(
        x,
        turns,
        yerr=[turns - [m["mean_turns_ci"][0] for m in metrics], [m["mean_turns_ci"][1] for m in metrics] - turns],
        capsize=3,
        color="tab:blue",
    )
    right.axhline(metrics[0]["mean_oracle_turns"], color="0.3", linestyle="--", linewidth=1, label="oracle")
    right.set_ylabel("turns per round (95% CI)")
    right.legend(fontsize=8, frameon=False)
    for ax in (left, right):
        ax.set_xticks(x, [r["agent"] for r in rows], rotation=20, fontsize=8)
    fig.suptitle(title, fontsize=10)
    _save(fig, path)


def plot_success_at_turn(by_mode: dict[str, dict[str, dict[str, Any]]], path: str | Path, title: str) -> None:
    """AsymPuzl's Figure 3: the share of puzzles solved by turn K, one panel per feedback mode, one
    line per agent.

    Args:
        by_mode: feedback mode -> agent -> :func:`agent.kits.asympuzl.paper.summarize` output.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    modes = list(by_mode)
    fig, axes = plt.subplots(1, len(modes), figsize=(2.8 * len(modes), 3.2), sharey=True, squeeze=False)
    for ax, mode in zip(axes[0], modes, strict=True):
        for agent, summary in by_mode[mode].items():
            curve = summary["success_at_turn"]
            ax.step(range(1, len(curve) + 1), [100 * v for v in curve], where="post", label=agent)
        ax.set_title(mode, fontsize=9)
        ax.set_xlabel("turn K")
        ax.set_ylim(-3, 103)
    axes[0][0].set_ylabel("% solved by turn K")
    axes[0][-1].legend(fontsize=7, loc="lower right")
    fig.suptitle(title, fontsize=10)
    _save(fig, path)


def _numeric(value: Any) -> tuple[int, Any]:
    """Sort key of a parameter value: numbers by value, then the rest by text."""
    return (0, value) if isinstance(value, int | float) and not isinstance(value, bool) else (1, str(value))


def plot_sweep_bars(summary: list[dict[str, Any]], metric: str, path: str | Path, title: str) -> None:
    """Bars of ``metric`` per sweep cell with their 95% intervals (Wilson for binary metrics, shown
    in %, bootstrap for continuous ones).

    Args:
        summary: :func:`agent.results.summarize` entries (those of other metrics are ignored).
        metric: the metric to plot.
        path: the PNG file.
        title: the figure title.

    Raises:
        ValueError: no entry has ``metric``.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    entries = [e for e in summary if e["metric"] == metric]
    if not entries:
        raise ValueError(
            f"no results for metric {metric!r}; metrics: {', '.join(sorted({e['metric'] for e in summary}))}"
        )
    scale = 100.0 if entries[0]["kind"] == "binary" else 1.0
    means = np.array([scale * e["mean"] for e in entries])
    errors = [means - [scale * e["low"] for e in entries], [scale * e["high"] for e in entries] - means]
    fig, ax = plt.subplots(figsize=(2.0 + 0.9 * len(entries), 4.8))
    ax.bar(np.arange(len(entries)), means, yerr=errors, capsize=3, color="tab:blue")
    ax.set_xticks(np.arange(len(entries)), [e["cell"] for e in entries], fontsize=7, rotation=30, ha="right")
    interval = "Wilson 95% CI" if scale == 100.0 else "bootstrap 95% CI"
    ax.set_ylabel(f"{metric}{' (%)' if scale == 100.0 else ''} ({interval})")
    if scale == 100.0:
        ax.set_ylim(0, 105)
    ax.set_title(title, fontsize=10)
    _save(fig, path)


def plot_sweep_curves(summary: list[dict[str, Any]], metric: str, over: str, path: str | Path, title: str) -> None:
    """Curves of ``metric`` over the sweep parameter ``over`` (x axis), one line per combination
    of the other parameters, with 95% interval bands.

    Args:
        summary: :func:`agent.results.summarize` entries.
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

    entries = [e for e in summary if e["metric"] == metric]
    if not entries:
        raise ValueError(
            f"no results for metric {metric!r}; metrics: {', '.join(sorted({e['metric'] for e in summary}))}"
        )
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
    interval = "Wilson 95% CI" if scale == 100.0 else "bootstrap 95% CI"
    ax.set_ylabel(f"{metric}{' (%)' if scale == 100.0 else ''} ({interval})")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, frameon=False)
    _save(fig, path)
