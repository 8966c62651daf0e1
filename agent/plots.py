"""PNG plots of evaluation results (matplotlib, headless)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot_ablation(rows: list[dict[str, Any]], path: str | Path, title: str) -> None:
    """Grouped bars of Identical / Correct / Optimal per agent, with Wilson 95% error bars."""
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
    fig.tight_layout()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
