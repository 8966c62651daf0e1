"""A paper's figures beside a sweep's own: a sweep file may list what the paper reported for some
of its cells, and ``accord ablate`` prints them beside Accord's measured figures (and in its JSON).

In the sweep file (TOML), one ``[[paper]]`` table per reported row::

    [[paper]]
    where = { preset = "symbolic", layout = "cramped_room" }   # the cells it applies to
    figures = { score = 216.9 }                                # metric -> the paper's figure
    source = "Table 1, PBT (best of the table)"                # where the figure comes from

``where`` names cell parameters (the grid's axes, its fixed game options or agent keys); a cell
matches when each named value equals the cell's. The figures are data for the reader: they take no
part in the sweep's games or its digest.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


class ReferenceError(ValueError):
    """A malformed ``[[paper]]`` table (one line)."""


@dataclass(frozen=True)
class PaperFigure:
    """What the paper reported for the cells ``where`` matches: metric -> figure, and its source."""

    where: Mapping[str, Any]
    figures: Mapping[str, float]
    source: str = ""

    def matches(self, values: Mapping[str, Any]) -> bool:
        """Whether a cell with these parameter ``values`` is one the figures apply to."""
        return all(key in values and values[key] == value for key, value in self.where.items())


def parse_paper(entries: Any) -> tuple[PaperFigure, ...]:
    """The ``[[paper]]`` tables of a sweep file.

    Raises:
        ReferenceError: not a list of tables with a ``where`` table, a ``figures`` table of finite
            numbers and an optional ``source`` string, and nothing else.
    """
    if not isinstance(entries, list) or not all(isinstance(e, Mapping) for e in entries):
        raise ReferenceError("paper must be a list of tables: [[paper]] with where, figures and source")
    out = []
    for entry in entries:
        unknown = sorted(set(entry) - {"where", "figures", "source"})
        if unknown:
            raise ReferenceError(f"unknown [[paper]] key {unknown[0]!r}; known: where, figures, source")
        where, figures, source = entry.get("where", {}), entry.get("figures"), entry.get("source", "")
        if not isinstance(where, Mapping):
            raise ReferenceError("[[paper]] where must be a table of cell parameters")
        if not isinstance(figures, Mapping) or not figures:
            raise ReferenceError("[[paper]] figures must be a table of metric = number")
        for metric, value in figures.items():
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise ReferenceError(f"[[paper]] figure {metric!r} must be a finite number, not {value!r}")
        if not isinstance(source, str):
            raise ReferenceError("[[paper]] source must be a string")
        out.append(PaperFigure(dict(where), {k: float(v) for k, v in figures.items()}, source))
    return tuple(out)


def beside(
    figures: Sequence[PaperFigure], cells: Sequence[tuple[str, Mapping[str, Any]]], summary: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Each paper figure beside the sweep's own, cell by cell.

    Args:
        figures: the sweep's paper figures.
        cells: each cell's label and parameter values (its axes, fixed game options and agent keys).
        summary: the run's summary entries (:func:`agent.summaries.summarize`).

    Returns:
        One row per (cell, metric) a figure applies to: ``cell``, ``metric``, ``paper``,
        ``source``, and Accord's ``mean``, ``low``, ``high`` (None when the run has no such entry).
    """
    entries = {(e["cell"], e["metric"]): e for e in summary}
    rows = []
    for label, values in cells:
        for figure in figures:
            if not figure.matches(values):
                continue
            for metric, paper in figure.figures.items():
                entry = entries.get((label, metric), {})
                rows.append(
                    {
                        "cell": label,
                        "metric": metric,
                        "paper": paper,
                        "source": figure.source,
                        "mean": entry.get("mean"),
                        "low": entry.get("low"),
                        "high": entry.get("high"),
                    }
                )
    return rows
