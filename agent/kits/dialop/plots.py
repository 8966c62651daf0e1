"""The DialOp kits' figure: prompted self-play against the humans (Lin et al., Figure 5)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from agent.plots import _save


def plot_psp(summaries: Mapping[str, Mapping[str, Mapping[str, Any]]], path: str | Path, title: str) -> None:
    """The layout of Lin et al.'s Figure 5: per task, the agents' mean normalized score in each
    prompted self-play condition and the humans' score (95% error bars), the random-proposal
    score as a dashed grey line.

    Args:
        summaries: task -> condition -> :func:`agent.kits.dialop.psp.psp_summary` output.
        path: the PNG to write (exactly this path).
        title: the figure title.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tasks = list(summaries)
    fig, axes = plt.subplots(1, len(tasks), figsize=(3.6 * len(tasks), 3.8), squeeze=False)
    for ax, task in zip(axes[0], tasks, strict=True):
        conditions = summaries[task]
        labels = [*conditions, "human"]
        first = next(iter(conditions.values()))
        means = [c["mean_score"] for c in conditions.values()] + [first["human_score"]]
        cis = [c["mean_score_ci"] for c in conditions.values()] + [first["human_score_ci"]]
        errors = [
            [m - lo for m, (lo, _) in zip(means, cis, strict=True)],
            [hi - m for m, (_, hi) in zip(means, cis, strict=True)],
        ]
        colors = ["tab:blue"] * len(conditions) + ["tab:green"]
        ax.bar(range(len(labels)), means, yerr=errors, capsize=3, color=colors)
        ax.axhline(first["random_score"], color="grey", linestyle="--", linewidth=1, label="random proposal")
        ax.set_xticks(range(len(labels)), labels, rotation=30, fontsize=8)
        ax.set_ylim(0, 1.05)
        ax.set_title(task, fontsize=10)
        ax.set_ylabel("normalized score")
    axes[0][0].legend(fontsize=8, loc="lower left")
    fig.suptitle(title, fontsize=10)
    _save(fig, path)
