"""``accord results summarize``, ``show`` and ``plot``: a sweep's result store summarized with 95%
intervals, one game's transcript shown (and replayed), a metric plotted. Each also reads the session
log of ``accord serve`` (:func:`agent.web.log_results.open_any_store`): its cells are the study's
conditions."""

from __future__ import annotations

import json

import typer
from rich.markup import escape

from agent.cli.common import UserError, _guard, _show, _write_json, _write_summary, _wrote, console, out
from agent.cli.tables import _table
from agent.terminal import say


def results_summarize_command(
    results: str = typer.Argument(..., help="a sweep's result store, or accord serve's session log (or its folder)"),
    metric: list[str] | None = typer.Option(None, help="only these metrics (repeatable; default: all)"),
    json_path: str | None = typer.Option(None, "--json", help="write the summary as JSON ('-' = stdout)"),
    csv_path: str | None = typer.Option(None, "--csv", help="write the summary as CSV"),
) -> None:
    """Per cell and metric: mean with a Wilson (binary) or bootstrap (continuous) 95% interval."""

    def run() -> None:
        from agent.cli.experiment import game_of, schema_of, shown_metrics
        from agent.summaries import summarize
        from agent.web.log_results import SessionLog, open_any_store

        store = open_any_store(results)
        if store.torn:
            say(console, f"note: skipped a torn last line ({store.torn} bytes) of {store.file}")
        game = game_of(store.rows())
        schema = schema_of(game) if game else None
        summary = summarize(store.rows(), store.manifest().get("cells", []), metric or (), schema=schema)
        if metric and not summary:
            raise UserError(f"no results for metric {metric[0]!r} in {results}")
        manifest = store.manifest()
        name = manifest.get("sweep", results)
        shown = list(metric or ()) or (shown_metrics(game) if game and schema else [])
        title = f"{name}: {len(store)} of {manifest.get('total', len(store))} games"
        rows_are = "condition" if isinstance(store, SessionLog) else "agent"
        _show(_table(title, summary, shown, schema, rows_are), json_path)
        _write_summary(summary, json_path, csv_path, {"sweep": name, "results": results, "games": len(store)})

    _guard(run)


def results_show_command(
    results: str = typer.Argument(..., help="a sweep's result store, or accord serve's session log (or its folder)"),
    game_id: str = typer.Argument(..., help="the game's key (a session's id), or a unique prefix of it"),
    replay: bool = typer.Option(
        False, "--replay", help="play the game again and check its transcript (a session: its metrics) digest"
    ),
    json_path: str | None = typer.Option(None, "--json", help="write the game's row as JSON ('-' = stdout)"),
) -> None:
    """Print one game's transcript and metrics (and with --replay, check that it replays identically)."""

    def run() -> None:
        from agent.sweep import digest
        from agent.web.log_results import differences, open_any_store

        store = open_any_store(results)
        row = store.game(game_id)  # a sweep's row is checked against its key and digest
        show = console if json_path == "-" else out
        spec = row["spec"]
        show.print(
            f"[bold]{row['key']}[/]  {row['game_id']}  cell: {escape(row['cell'])}  seed: {spec['seed']}",
            highlight=False,
        )
        for turn in row["transcript"]:
            actions = f"  [dim]{escape(json.dumps(turn['actions']))}[/]" if turn.get("actions") else ""
            show.print(
                f"[bold]{escape(turn['player'])}[/]: {escape(turn['message'])}{actions}",
                highlight=False,
                soft_wrap=True,
            )
        scalars = {k: v for k, v in row["metrics"].items() if isinstance(v, bool | int | float | str)}
        show.print(escape("metrics: " + ", ".join(f"{k}={v}" for k, v in scalars.items())), highlight=False)
        for refusal in row["refused"]:
            show.print(f"[yellow]refused[/] {escape(refusal)}", highlight=False)
        if replay:
            if found := differences(store, row):
                show.print(f"[red]replay differs[/]: {escape('; '.join(found))}")
                raise typer.Exit(code=1)
            if "transcript_digest" in row:
                show.print(f"replay: identical transcript (digest {row['transcript_digest'][:16]})")
            else:
                show.print(f"replay: identical metrics (digest {digest(row['metrics'])[:16]})")
        _write_json(json_path, row)

    _guard(run)


def results_plot_command(
    results: str = typer.Argument(..., help="a sweep's result store, or accord serve's session log (or its folder)"),
    metric: str = typer.Option(..., help="the metric to plot, e.g. optimal, solved, normalized_score"),
    out_path: str = typer.Option(..., "--out", help="the PNG file"),
    over: str | None = typer.Option(
        None,
        help="a sweep parameter for the x axis (rooms, size, feedback...), or turn (the share that "
        "reached the metric by turn K): curves instead of bars",
    ),
) -> None:
    """Bars of a metric per cell with 95% intervals, or curves of it over one sweep parameter or
    over the turns."""

    def run() -> None:
        from agent.cli.experiment import game_of, schema_of
        from agent.plots import plot_sweep_bars, plot_sweep_curves
        from agent.results import summarize_store
        from agent.summaries import by_turn
        from agent.web.log_results import open_any_store

        store = open_any_store(results)
        game = game_of(store.rows())
        schema = schema_of(game) if game else None
        summary = summarize_store(store, schema=schema)
        title = f"{store.manifest().get('sweep', results)}: {metric}"
        if over == "turn" and not any("turn" in e["params"] for e in summary):
            curves = by_turn(store.rows(), metric, schema)
            plot_sweep_curves(curves, metric, "turn", out_path, f"{title} by turn K")
        elif over:
            plot_sweep_curves(summary, metric, over, out_path, f"{title} over {over}")
        else:
            plot_sweep_bars(summary, metric, out_path, title)
        _wrote(out_path)

    _guard(run)
