"""``accord ablate``: a sweep file run (or resumed) into its result store on a back end; without a
file, the paper's self-play protocol over agent presets (Table 1), or AsymPuzl's Tables 1 and 2."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from agent.cli.common import UserError, _guard, _progress, _show, _write_json, _write_summary, _wrote, console
from agent.cli.options import _check_size, _csv, _game_options, _slot_options, default_game, with_llm_options
from agent.cli.selfplay import _run_selfplay
from agent.cli.tables import _llm_table, _percent, _show_summary, _table
from agent.limits import check_seed_layout
from agent.terminal import LiteralTable, say


@with_llm_options
def ablate_command(
    sweep: str | None = typer.Argument(
        None, help="a sweep file (TOML: module and parameter grids); without it, the paper protocol below"
    ),
    game: str = typer.Option(default_factory=default_game, help="game name (default: the first registered)"),
    agents: str | None = typer.Option(None, help="comma-separated presets (default: all of the game's)"),
    partner: str | None = typer.Option(None, help="preset of the other player for every row (default: self-play)"),
    seeds: int | None = typer.Option(None, min=1, help="number of seeds (paper: 4; not for AsymPuzl)"),
    games: int | None = typer.Option(
        None, min=1, help="games per seed (paper: 25); AsymPuzl: puzzles per table cell (paper: 30)"
    ),
    board: int | None = typer.Option(None, help="preset board 1..6 (default: drawn per game)"),
    rooms: int | None = typer.Option(None, help="generate boards with this many rooms"),
    json_path: str | None = typer.Option(None, "--json", help="write the table as JSON ('-' = stdout)"),
    plot: str | None = typer.Option(
        None, help="write a bar chart of the table as PNG, to exactly this path (a .png name, or none)"
    ),
    option: list[str] | None = typer.Option(None, help="planner option KEY=VALUE for every preset (repeatable)"),
    results_dir: str | None = typer.Option(
        None, "--results", help="sweep: the result store directory (default: results/sweeps/NAME); a re-run resumes it"
    ),
    backend: str | None = typer.Option(
        None, help="sweep: inprocess | pool (all cores; the default) | dask (the default with --scheduler)"
    ),
    workers: int | None = typer.Option(None, min=1, help="sweep: worker processes (default: all cores)"),
    scheduler: str | None = typer.Option(None, help="sweep: a running Dask scheduler, tcp://HOST:8786"),
    csv_path: str | None = typer.Option(None, "--csv", help="sweep: write the summary as CSV ('-' = stdout)"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Run a sweep file (module grids x seeds, resumable, on a process pool or Dask) and print one
    table per metric with 95% intervals; or, without a file, the paper's self-play protocol for agent
    presets (default: every offline preset) and its Table 1 (AsymPuzl: its Tables 1 and 2, feedback
    modes and puzzle sizes); LLM presets (llm-*) run when named in --agents."""

    def run() -> None:
        if sweep is not None:
            given = {"--agents": agents, "--partner": partner, "--seeds": seeds, "--games": games}
            given |= {"--board": board, "--rooms": rooms, "--option": option or None}
            if clash := [name for name, value in given.items() if value is not None]:
                raise UserError(f"{clash[0]} does not apply to a sweep file; set it in {sweep}")
            backend_name = backend or ("dask" if scheduler else "pool")
            _ablate_sweep(sweep, results_dir, backend_name, workers, scheduler, json_path, csv_path, plot, llm())
            return
        if results_dir or csv_path or scheduler or workers or backend:
            raise UserError("--results, --csv, --backend, --workers and --scheduler need a sweep file")
        from agent.arena import paper_seeds
        from agent.registry import default_registry

        registry = default_registry()
        if agents is not None and not _csv(agents):
            raise UserError(f"--agents names no preset: {agents!r}; give comma-separated presets")
        presets = _csv(agents) or registry.preset_names(game, offline=True)
        if not presets:
            registry.default_preset(game)  # raises: the game has no agents yet
        for name in presets:
            registry.preset(game, name)
        if registry.game_family(game) == "asympuzl":
            ignored = {"--seeds": seeds, "--partner": partner, "--board": board, "--rooms": rooms}
            if clash := [name for name, value in {**ignored, "--option": option or None}.items() if value is not None]:
                raise UserError(f"{clash[0]} does not apply to the AsymPuzl tables (--agents and --games do)")
            _ablate_asympuzl(registry, presets, games or 30, json_path, plot)
            return
        seeds_count, games_per_seed = seeds or 4, games or 25
        _check_size("--seeds x --games x presets", seeds_count * games_per_seed * len(presets))
        check_seed_layout(seeds_count, games_per_seed)
        game_options = _game_options(game, board=board, rooms=rooms)
        slot_options = _slot_options(option)
        config = llm()
        seed_list = paper_seeds(seeds_count, games_per_seed)
        results = []
        with _progress() as progress:
            for name in presets:
                results.append(
                    _run_selfplay(
                        game,
                        name,
                        seed_list,
                        game_options,
                        progress,
                        None,
                        slot_options,
                        llm=config,
                        partner=partner,
                    )
                )
        title = f"self-play ablation: {game}, {seeds_count} seeds x {games_per_seed} games"
        _show(_table(title, [(r["agent"], r["metrics"]) for r in results]), json_path)
        if (usage := _llm_table([(r["agent"], r["metrics"]) for r in results])) is not None:
            _show(usage, json_path)
        if plot:
            from agent.plots import plot_ablation

            plot_ablation(results, plot, title)
            _wrote(plot)
        _write_json(
            json_path,
            {
                "game": game,
                "seeds": seeds_count,
                "games_per_seed": games_per_seed,
                "rows": [{k: v for k, v in r.items() if k != "per_game"} for r in results],
            },
        )

    _guard(run)


def _ablate_sweep(
    path: str,
    results: str | None,
    backend: str,
    workers: int | None,
    scheduler: str | None,
    json_path: str | None,
    csv_path: str | None,
    plot: str | None,
    config: Any,
) -> None:
    """Run (or resume) the sweep file ``path`` into its result store and report it."""
    from agent.backends import check_backend, run_specs
    from agent.results import open_writer, summarize
    from agent.sweep import load_sweep

    check_backend(backend, workers, scheduler)
    sweep = load_sweep(path, llm=config)
    with open_writer(results or Path("results") / "sweeps" / sweep.name) as store:
        if store.torn:
            say(console, f"note: cut a torn last line ({store.torn} bytes) from {store.file}")
        store.adopt(sweep)  # refuses a store holding another sweep's games
        if done := len(store):
            say(console, f"resuming: {done} of {sweep.total} games already in {store.path}")
        with _progress(rate=True) as progress:
            bar = progress.add_task(escape(f"{sweep.name} ({backend})"), total=sweep.total, completed=done)
            run_specs(
                sweep.iter_specs(),
                store,
                backend,
                workers=workers,
                scheduler=scheduler,
                on_result=lambda row: progress.advance(bar),
            )
        summary = summarize(store.rows(), [c.label for c in sweep.cells], sweep.metrics)
    title = f"{sweep.name}: {sweep.game}, {len(sweep.cells)} cells x {len(sweep.seeds)} games"
    _show_summary(summary, title, json_path)
    _write_summary(summary, json_path, csv_path, {"sweep": sweep.name, "game": sweep.game, "results": str(store.path)})
    if plot:
        from agent.plots import plot_sweep_bars

        metric = sweep.metrics[0] if sweep.metrics else _default_metric(summary)
        plot_sweep_bars(summary, metric, plot, title)
        _wrote(plot)


def _default_metric(summary: list[dict[str, Any]]) -> str:
    """The metric a plot shows when none is named: the first binary one, else the first one."""
    if not summary:
        raise UserError("no results to plot")
    return next((e["metric"] for e in summary if e["kind"] == "binary"), summary[0]["metric"])


def _ablate_asympuzl(registry: Any, presets: list[str], puzzles: int, json_path: str | None, plot: str | None) -> None:
    """AsymPuzl's Tables 1 and 2 (Cadet et al.): solved % with Wilson 95% intervals and mean turns,
    feedback modes x agents at N = 5, and puzzle sizes x agents with both-feedback."""
    from agent.kits.asympuzl.paper import TABLE1_SIZE, TABLE2_SIZES, paper_tables
    from games.asympuzl import FEEDBACK_MODES

    cells = len(presets) * (len(FEEDBACK_MODES) + len(TABLE2_SIZES))
    _check_size(f"--games ({cells} table cells per puzzle)", cells * puzzles)
    with _progress() as progress:
        bar = progress.add_task(f"asympuzl: {cells} cells x {puzzles} puzzles", total=cells * puzzles)
        tables = paper_tables(registry, range(puzzles), presets, on_game=lambda r: progress.advance(bar))
    titles = {
        "feedback": f"Table 1: % of N = {TABLE1_SIZE} puzzles solved within 2N turns, by feedback mode",
        "size": "Table 2: % solved by puzzle size N (both feedback, cap 2N)",
    }
    for key, rows in tables.items():
        table = LiteralTable(
            title=titles[key], caption=f"{puzzles} puzzles per cell: solved % [Wilson 95%] / mean turns"
        )
        table.add_column("agent", no_wrap=True)
        for column in rows:
            table.add_column(column if key == "feedback" else f"N = {column}", justify="right")
        for preset in presets:
            cells_text = []
            for column in rows:
                s = rows[column][preset]
                cells_text.append(f"{_percent(s['solved'], s['solved_ci'])} / {s['mean_turns']:.1f}")
            table.add_row(preset, *cells_text)
        _show(table, json_path)
    if plot:
        from agent.plots import plot_success_at_turn

        plot_success_at_turn(tables["feedback"], plot, f"AsymPuzl N = {TABLE1_SIZE}: success rate at turn K")
        _wrote(plot)
    _write_json(json_path, {"game": "asympuzl", "puzzles": puzzles, "presets": presets, "tables": tables})
