"""``accord ablate``: a sweep file run (or resumed) into its result store on a back end; without a
file, the kit's paper sweeps (its tables), with the command line's agents, seeds, games and options
in place of the files' grids, in memory unless ``--results``."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from agent.cli.common import UserError, _guard, _write_json, _write_summary
from agent.cli.options import _check_size, _csv, _game_options, _slot_options, default_game, with_llm_options
from agent.limits import check_seed_layout

if TYPE_CHECKING:
    from agent.sweep import Sweep


@with_llm_options
def ablate_command(
    sweep: str | None = typer.Argument(
        None, help="a sweep file (TOML: module and parameter grids); without it, the game's paper sweeps"
    ),
    game: str = typer.Option(
        default_factory=default_game, help="game name, optionally with options: x(rooms=8) (default: the first)"
    ),
    agents: str | None = typer.Option(None, help="comma-separated presets (default: the paper sweep's)"),
    partner: str | None = typer.Option(None, help="preset of the other player for every row (default: self-play)"),
    seeds: int | None = typer.Option(None, min=1, help="number of seeds (default: the paper sweep's, e.g. 4)"),
    games: int | None = typer.Option(None, min=1, help="games per seed and cell (default: the paper sweep's, e.g. 25)"),
    board: int | None = typer.Option(None, help="preset board 1..6 (default: drawn per game)"),
    rooms: int | None = typer.Option(None, help="generate boards with this many rooms"),
    json_path: str | None = typer.Option(None, "--json", help="write the table as JSON ('-' = stdout)"),
    plot: str | None = typer.Option(
        None, help="write a bar chart of the table as PNG, to exactly this path (a .png name, or none)"
    ),
    option: list[str] | None = typer.Option(None, help="planner option KEY=VALUE for every preset (repeatable)"),
    results_dir: str | None = typer.Option(
        None,
        "--results",
        help="the result store directory, resumed by a re-run (a sweep file's default: results/sweeps/NAME; "
        "the paper sweeps': in memory, or one store per sweep under this directory)",
    ),
    backend: str | None = typer.Option(
        None,
        help="inprocess | pool (all cores; a sweep file's default) | dask (the default with --scheduler); "
        "the paper sweeps run in process unless given",
    ),
    workers: int | None = typer.Option(None, min=1, help="worker processes (default: all cores)"),
    scheduler: str | None = typer.Option(None, help="a running Dask scheduler, tcp://HOST:8786"),
    csv_path: str | None = typer.Option(None, "--csv", help="write the summary as CSV ('-' = stdout)"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Run a sweep file (module grids x seeds, resumable, on a process pool or Dask) and print its
    table with 95% intervals (Wilson for binary metrics, seeded bootstrap for the others); or,
    without a file, the game kit's paper sweeps (e.g. a paper's Tables 1 and 2) with
    --agents, --partner, --seeds, --games, --board, --rooms and --option in place of their grids;
    LLM presets (llm-*) run when named in --agents."""

    def run() -> None:
        from agent.cli.experiment import plot_run, run_sweep, show_run

        backend_name = backend or ("dask" if scheduler else "pool" if sweep is not None else "inprocess")
        if sweep is not None:
            given: dict[str, Any] = {"--agents": agents, "--partner": partner, "--seeds": seeds, "--games": games}
            given |= {"--board": board, "--rooms": rooms, "--option": option or None}
            if clash := [name for name, value in given.items() if value is not None]:
                raise UserError(f"{clash[0]} does not apply to a sweep file; set it in {sweep}")
            from agent.sweep import load_sweep

            loaded = load_sweep(sweep, llm=llm())
            where = results_dir or Path("results") / "sweeps" / loaded.name
            result = run_sweep(loaded, where, backend_name, workers, scheduler)
            show_run(result, json_path)
            _write_summary(result.summary, json_path, csv_path, result.to_json())
            if plot:
                plot_run(result, plot)
            return
        if scheduler or backend == "dask":
            raise UserError(
                "--scheduler and --backend dask need a sweep file; the paper sweeps run in process or on a pool"
            )
        if agents is not None and not _csv(agents):
            raise UserError(f"--agents names no preset: {agents!r}; give comma-separated presets")
        overrides: dict[str, Any] = {"presets": _csv(agents), "partner": partner, "seeds": seeds, "games": games}
        name, game_options = _game_options(game, board=board, rooms=rooms)
        overrides |= {"game_options": game_options, "options": _slot_options(option)}
        runs = []
        for paper in paper_sweeps(name, overrides, llm()):
            store = Path(results_dir) / paper.name if results_dir else None
            runs.append(run_sweep(paper, store, backend_name, workers, scheduler, every_metric=True))
        for result in runs:
            show_run(result, json_path)
        summary = [{**e, "sweep": r.sweep.name} for r in runs for e in r.summary]
        _write_summary(summary, None, csv_path, {})
        _write_json(json_path, {"game": name, "sweeps": [r.to_json() for r in runs]})
        if plot:
            plot_run(runs[0], plot)

    _guard(run)


def paper_sweeps(game: str, overrides: dict[str, Any], llm: Any = None) -> list[Sweep]:
    """The kit's paper sweeps (:attr:`~agent.kits.base.GameKit.paper`), each with the command
    line's overrides of its grid: ``presets`` (the agents axis), ``partner`` (the other seats'
    preset), ``seeds`` and ``games``, ``game_options`` and slot ``options``. Exclude rules that name a
    value the overridden grid no longer has are dropped. Cells are labelled without ``preset=``.

    Raises:
        UserError: the kit declares no paper sweep, or the run is too large.
    """
    import tomllib

    from agent.cli.experiment import relabel
    from agent.registry import default_registry
    from agent.sweep import parse_sweep, sweep_text

    registry = default_registry()
    kit = registry.kit(registry.game_family(game))
    names = [name for name in kit.paper if name in kit.sweeps]
    if not names:
        raise UserError(f"{kit.name} declares no paper sweep; run a sweep file: accord ablate SWEEP.toml")
    for preset in overrides["presets"]:
        registry.preset(kit.name, preset)  # an unknown preset names the known ones
    out = []
    for name in names:
        data = tomllib.loads(kit.sweeps[name].read_text())
        agents, table = data.setdefault("agents", {}), data.setdefault("game", {})
        if overrides["presets"]:
            agents["preset"] = overrides["presets"]
        if overrides["partner"]:
            agents.pop("partner_preset", None)
            agents["opponent"] = overrides["partner"]
        for slot, options in overrides["options"].items():
            agents.setdefault("options", {}).setdefault(slot, {}).update(options)
        table.update(overrides["game_options"])
        for key in ("seeds", "games"):
            if overrides[key] is not None:
                data[key] = overrides[key]
        grid = {**table, **agents}
        data["exclude"] = [
            rule
            for rule in data.get("exclude", [])
            if all(k == "options" or (isinstance(grid.get(k), list) and v in grid[k]) for k, v in rule.items())
        ]
        if not data["exclude"]:
            del data["exclude"]
        cells = math.prod(len(v) for v in grid.values() if isinstance(v, list))  # at most; exclude rules drop some
        _check_size(f"--seeds x --games x {cells} cells", data.get("seeds", 1) * data.get("games", 1) * cells)
        check_seed_layout(data.get("seeds", 1), data.get("games", 1))
        sweep = parse_sweep(sweep_text(data), registry, llm, default_name=name)
        out.append(relabel(sweep, {c.label: _without_preset(c.label) for c in sweep.cells}))
    return out


def _without_preset(label: str) -> str:
    """A cell label without the ``preset=`` of its agent axis (``preset=comm, opponent=proxy`` ->
    ``comm, opponent=proxy``)."""
    return ", ".join(part.removeprefix("preset=") for part in label.split(", "))
