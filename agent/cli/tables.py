"""The tables of the runs, rendered from the summary entries and the game's metrics schema: one
metrics table for every game (a row per cell, a column per metric), and the language-model
accounting."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.table import Table

from agent.terminal import LiteralTable

if TYPE_CHECKING:
    from games.base import GameMetrics

INTERVALS: dict[str, str] = {
    "binary": "binary metrics in % [Wilson 95%]",
    "continuous": "means [seeded bootstrap 95%]",
    "ratio": "ratios of sums over the games [paired bootstrap 95%]",
}
"""The caption's words for each kind of summary entry."""


def _table(
    title: str,
    summary: Sequence[Mapping[str, Any]],
    metrics: Sequence[str] = (),
    schema: type[GameMetrics] | None = None,
    rows_are: str = "agent",
) -> Table:
    """The metrics table of a run: a row per cell, a column per metric (``metrics``, default every
    metric of ``summary``), binary metrics as ``86 [78-91]`` (%, Wilson 95%), the others as
    ``mean [low-high]``; headings are the schema's labels; the caption names the intervals.

    Args:
        title: the table's title.
        summary: :func:`agent.summaries.summarize` entries.
        metrics: the columns, in order (metrics without entries are left out).
        schema: the game's metrics model (column headings).
        rows_are: the heading of the cells' column (a study's cells are its conditions).
    """
    present = list(dict.fromkeys(e["metric"] for e in summary))
    columns = [m for m in metrics if m in present] if metrics else present
    cells: dict[str, dict[str, Mapping[str, Any]]] = {}
    for e in summary:
        cells.setdefault(e["cell"], {})[e["metric"]] = e
    kinds = list(dict.fromkeys(e["kind"] for e in summary if e["metric"] in columns))
    caption = "; ".join(INTERVALS.get(kind, kind) for kind in kinds)
    counts = sorted({e["n"] for e in summary if e["metric"] in columns})
    if len(counts) == 1:
        caption += f"; n = {counts[0]} per cell"
    table = LiteralTable(title=title, caption=caption)
    table.add_column(rows_are, no_wrap=True)
    for name in columns:
        info = schema.info(name) if schema is not None else None
        table.add_column(info.heading if info is not None else name, justify="right", no_wrap=True)
    for label, entries in cells.items():
        table.add_row(label, *(_cell(entries[name]) if name in entries else "-" for name in columns))
    return table


def _paper_table(title: str, rows: Sequence[Mapping[str, Any]]) -> Table:
    """The paper's figures beside a run's (:func:`agent.references.beside` rows): per cell and
    metric, Accord's mean [95% interval], the paper's figure, and its source."""
    table = LiteralTable(title=title, caption="Accord: mean [95% interval] of this run; paper: as reported")
    for col in ("cell", "metric", "Accord", "paper", "source"):
        table.add_column(col, justify="right" if col in ("Accord", "paper") else "left", no_wrap=col != "source")
    for row in rows:
        mean, low, high = row["mean"], row["low"], row["high"]
        measured = "-" if mean is None else f"{mean:.1f}" + ("" if low is None else f" [{low:.1f}-{high:.1f}]")
        table.add_row(row["cell"], row["metric"], measured, f"{row['paper']:g}", row["source"])
    return table


def _cell(entry: Mapping[str, Any]) -> str:
    """One summary entry as a table cell: ``86 [78-91]`` (binary, %) or ``10.2 [9.6-10.9]``."""
    if entry["kind"] == "binary":
        return _percent(entry["mean"], (entry["low"], entry["high"]))
    return f"{_number(entry['mean'])} [{_number(entry['low'])}-{_number(entry['high'])}]"


def _percent(share: float, interval: Any) -> str:
    """A share and its 95% interval as whole percents: ``86 [78-91]``."""
    low, high = interval
    return f"{100 * share:.0f} [{100 * low:.0f}-{100 * high:.0f}]"


def _number(value: float) -> str:
    """A mean for a table: three significant digits (whole numbers from 100), never in exponent form
    below 10^6."""
    size = abs(value)
    digits = 0 if size >= 100 or not size else 1 if size >= 10 else 2 if size >= 1 else 3 if size >= 0.001 else None
    return f"{value:.{digits}f}" if digits is not None else f"{value:.3g}"


def _llm_table(summaries: Sequence[tuple[str, Mapping[str, Any]]]) -> Table | None:
    """Language-model accounting per cell: each summary's ``llm`` (:func:`agent.summaries.llm_usage`
    of the cell's rows; None when no cell used a model)."""
    rows = [(label, summary["llm"]) for label, summary in summaries if summary.get("llm") is not None]
    if not rows:
        return None
    table = LiteralTable(
        title="language-model use",
        caption="totals over all games: answers asked (calls), requests sent (HTTP) or replayed (cached), "
        "failed answers, rule fallbacks; tokens as the endpoint reported them",
    )
    for col in (
        "agent",
        "calls",
        "HTTP",
        "cached",
        "retries",
        "failed",
        "fallback",
        "tokens in",
        "tokens out",
        "latency s",
    ):
        table.add_column(col, justify="left" if col == "agent" else "right", no_wrap=col != "agent")
    for label, usage in rows:
        table.add_row(
            label,
            *(str(usage[k]) for k in ("calls", "http_requests", "cached", "retries", "failures", "fallbacks")),
            str(usage["prompt_tokens"]),
            str(usage["completion_tokens"]),
            f"{usage['latency_s']:.1f}",
        )
    return table
