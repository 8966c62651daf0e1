"""The Gnomes at Night kit's figure: the hidden-information dictionary over the partner's true walls
(Chen et al., Figure 6), drawn by ``accord bench aismcts --heatmap``."""

from __future__ import annotations

from pathlib import Path

from numpy.typing import ArrayLike

from agent.plots import _save


def plot_dictionary(rejected: ArrayLike, partner_open: ArrayLike, path: str | Path, title: str) -> None:
    """The hidden-information dictionary after a game, over the partner's true walls (the paper's
    Figure 6): cell shade = moves the partner refused there; a refused move is drawn green where
    the partner's side really has a wall, red where it was a false belief; grey lines are the
    partner's walls the agent never learnt about.

    Args:
        rejected: bool ``(size, size, 5)``: the dictionary, indexed ``[y, x, move]``.
        partner_open: bool ``(size, size, 5)``: the partner side's open moves (the truth).
        path: the PNG to write.
        title: the figure title.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    rejected = np.asarray(rejected, dtype=bool)
    partner_open = np.asarray(partner_open, dtype=bool)
    size = rejected.shape[0]
    # segment of the cell side each move crosses: (x0, y0, x1, y1) relative to the cell's corner
    sides = {1: (1, 0, 1, 1), 2: (0, 0, 1, 0), 3: (0, 0, 0, 1), 4: (0, 1, 1, 1)}
    fig, ax = plt.subplots(figsize=(5.2, 5.2))
    shade = ax.imshow(rejected[:, :, 1:].sum(axis=2), cmap="Blues", vmin=0, vmax=4, extent=(0, size, size, 0))
    for y in range(size):
        for x in range(size):
            for move, (x0, y0, x1, y1) in sides.items():
                segment = ([x + x0, x + x1], [y + y0, y + y1])
                if rejected[y, x, move]:
                    colour = "tab:green" if not partner_open[y, x, move] else "tab:red"
                    ax.plot(*segment, color=colour, linewidth=3.2, solid_capstyle="butt")
                elif not partner_open[y, x, move]:
                    ax.plot(*segment, color="0.65", linewidth=1.0)
    ax.set_xlim(0, size)
    ax.set_ylim(size, 0)
    ax.set_xticks(range(size))
    ax.set_yticks(range(size))
    ax.set_aspect("equal")
    ax.set_title(title, fontsize=9)
    fig.colorbar(shade, ax=ax, fraction=0.046, pad=0.04, label="moves refused at the cell")
    ax.plot([], [], color="tab:green", linewidth=3, label="refused: a real wall")
    ax.plot([], [], color="tab:red", linewidth=3, label="refused: no wall (false belief)")
    ax.plot([], [], color="0.65", linewidth=1, label="partner wall never learnt")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.06), ncol=2, fontsize=7, frameon=False)
    _save(fig, path)
