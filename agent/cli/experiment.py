"""One way to run an experiment: a sweep played into a result store (a directory, resumable, or held
in memory), summarized by the store's summarizer (:func:`agent.summaries.summarize` with the game's
metrics schema) and reported as the schema's table, the language-model accounting, JSON, CSV and a
plot. ``selfplay`` (a one-cell sweep), ``ablate SWEEP`` and ``ablate --game X`` (the kit's paper
sweeps) all run through here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from agent.cli.common import _progress, _show, _wrote, console
from agent.cli.tables import _llm_table, _paper_table, _table
from agent.terminal import say

if TYPE_CHECKING:
    from agent.results import MemoryStore, ResultStore
    from agent.sweep import Sweep
    from games.base import GameMetrics


@dataclass
class Run:
    """One sweep's run: the sweep, its store, the summary of every declared metric and the
    metrics its table shows."""

    sweep: Sweep
    store: ResultStore | MemoryStore
    summary: list[dict[str, Any]]
    shown: list[str]
    schema: type[GameMetrics] | None

    @property
    def title(self) -> str:
        """The table's title: the sweep, its game and its size."""
        games = len(self.sweep.seeds)
        return f"{self.sweep.name}: {self.sweep.game}, {len(self.sweep.cells)} cells x {games} games"

    def usages(self) -> list[tuple[str, dict[str, Any] | None]]:
        """The language-model accounting of each cell (:func:`agent.summaries.llm_usage`)."""
        from agent.summaries import llm_usage

        rows = self.store.rows()
        return [(c.label, llm_usage(r for r in rows if r["cell"] == c.label)) for c in self.sweep.cells]

    def cells(self) -> list[dict[str, Any]]:
        """Per cell: its label, parameters, summary entries by metric and language-model use."""
        usage = dict(self.usages())
        out = []
        for cell in self.sweep.cells:
            metrics = {e["metric"]: _entry(e) for e in self.summary if e["cell"] == cell.label}
            row = {"cell": cell.label, "params": cell.params, "metrics": metrics}
            out.append(row | ({"llm": usage[cell.label]} if usage.get(cell.label) is not None else {}))
        return out

    def paper(self) -> list[dict[str, Any]]:
        """The paper's figures beside the run's (:func:`agent.references.beside`; [] without any)."""
        from agent.references import beside

        values = [(c.label, {**c.game_options, **c.params}) for c in self.sweep.cells]
        return beside(self.sweep.paper, values, self.summary)

    def to_json(self) -> dict[str, Any]:
        """The sweep's name, game and store, its summary entries, per cell the entries by metric,
        and the paper's figures beside them (when the sweep lists any)."""
        where = str(getattr(self.store, "path", "")) or None
        out = {"sweep": self.sweep.name, "game": self.sweep.game, "results": where, "summary": self.summary}
        return out | {"cells": self.cells()} | ({"paper": paper} if (paper := self.paper()) else {})


def _entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A summary entry without its cell, metric and parameters (the JSON of one cell's metric)."""
    return {k: v for k, v in entry.items() if k not in ("cell", "metric", "params")}


def schema_of(game: str) -> type[GameMetrics] | None:
    """The metrics model the kit of ``game`` declares (None for a kit without one)."""
    from agent.registry import default_registry

    registry = default_registry()
    return registry.kit(registry.game_family(game)).metrics


def game_of(rows: Sequence[Mapping[str, Any]]) -> str | None:
    """The registered game of a store's rows (their specs'), or None (no rows, or a game no kit
    knows now: the store is then summarized without a schema)."""
    from agent.registry import UnknownNameError, default_registry

    game = rows[0].get("spec", {}).get("game") if rows else None
    try:
        return default_registry().game_family(game) if isinstance(game, str) else None
    except UnknownNameError:
        return None


def shown_metrics(game: str, sweep_metrics: Sequence[str] = ()) -> list[str]:
    """The metrics a table shows: the sweep's, else the kit's summary metrics."""
    from agent.registry import default_registry

    registry = default_registry()
    return list(sweep_metrics) or registry.kit(registry.game_family(game)).metric_names()


def run_sweep(
    sweep: Sweep,
    results: str | Path | None = None,
    backend: str = "inprocess",
    workers: int | None = None,
    scheduler: str | None = None,
    every_metric: bool = False,
) -> Run:
    """Play every game of ``sweep`` not yet in its store and summarize the store.

    Args:
        sweep: the sweep.
        results: the store's directory (resumed when it holds this sweep's games); None: in memory.
        backend: ``inprocess``, ``pool`` or ``dask`` (:func:`agent.backends.run_specs`).
        workers: worker processes.
        scheduler: a Dask scheduler's address.
        every_metric: summarize every declared metric (the table still shows the sweep's); by
            default only the sweep's ``metrics``, when it names them.

    Returns:
        The :class:`Run`.

    Raises:
        StoreError: the directory holds another sweep's games, another writer holds it, or a damaged line.
    """
    from agent.backends import check_backend
    from agent.results import MemoryStore, open_writer, summarize_store

    check_backend(backend, workers, scheduler)
    store: ResultStore | MemoryStore
    if results is None:
        store = MemoryStore()
        store.adopt(sweep)
        _play(sweep, store, backend, workers, scheduler)
    else:
        with open_writer(results) as store:
            if store.torn:
                say(console, f"note: cut a torn last line ({store.torn} bytes) from {store.file}")
            store.adopt(sweep)  # refuses a store holding another sweep's games
            if done := len(store):
                say(console, f"resuming: {done} of {sweep.total} games already in {store.path}")
            _play(sweep, store, backend, workers, scheduler)
    schema = schema_of(sweep.game)
    summary = summarize_store(store, () if every_metric else sweep.metrics, schema=schema)
    return Run(sweep, store, summary, shown_metrics(sweep.game, sweep.metrics), schema)


def _play(
    sweep: Sweep, store: ResultStore | MemoryStore, backend: str, workers: int | None, scheduler: str | None
) -> None:
    from agent.backends import run_specs

    with _progress(rate=True) as progress:
        bar = progress.add_task(escape(f"{sweep.name} ({backend})"), total=sweep.total, completed=len(store))
        run_specs(
            sweep.iter_specs(),
            store,  # type: ignore[arg-type]  # a MemoryStore reads and appends as a ResultStore does
            backend,
            workers=workers,
            scheduler=scheduler,
            on_result=lambda row: progress.advance(bar),
        )


def show_run(run: Run, json_path: str | None, title: str | None = None) -> None:
    """Print a run's table, the paper's figures beside it (when the sweep lists them) and the
    language-model accounting (when a model was used)."""
    _show(_table(title or run.title, run.summary, run.shown, run.schema), json_path)
    if paper := run.paper():
        _show(_paper_table(f"{run.sweep.name}: the paper's figures beside Accord's", paper), json_path)
    if (usage := _llm_table([(label, {"llm": u}) for label, u in run.usages()])) is not None:
        _show(usage, json_path)


def plot_run(run: Run, path: str, title: str | None = None) -> None:
    """The run as a figure: the success-at-turn-K curves of the first metric whose turn the schema
    declares, else one panel of bars per shown metric."""
    from agent.plots import plot_summary, plot_sweep_curves
    from agent.summaries import by_turn

    declared = [m for m in (run.schema.success_turns if run.schema is not None else {}) if m in run.shown]
    if declared:
        curves = by_turn(run.store.rows(), declared[0], run.schema)
        plot_sweep_curves(curves, declared[0], "turn", path, f"{title or run.sweep.name}: {declared[0]} by turn K")
    else:
        headings = {m.name: m.heading for m in run.schema.describe()} if run.schema is not None else {}
        marks = {(row["cell"], row["metric"]): row["paper"] for row in run.paper()}
        plot_summary(run.summary, run.shown, path, title or run.title, headings, marks)
    _wrote(path)


def relabel(sweep: Sweep, labels: Mapping[str, str]) -> Sweep:
    """``sweep`` with its cells renamed (``old label -> new``); a cell not named keeps its label."""
    from dataclasses import replace

    cells = tuple(replace(c, label=labels.get(c.label, c.label)) for c in sweep.cells)
    return replace(sweep, cells=cells)
