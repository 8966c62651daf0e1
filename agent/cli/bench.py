"""``accord bench solvers`` and ``accord bench hot``: timings with ratios against references measured in
the same run; ``accord bench env``: PettingZoo's performance benchmark over the registered games.

The game kits add their own benchmarks to the ``bench`` group (see :mod:`agent.cli.kit_commands`)."""

from __future__ import annotations

import typer

from agent.cli.common import UserError, _guard, _show, _status, _write_json

MAX_REPEATS = 1_000
"""The most timed repeats a benchmark runs."""


def bench_solvers_command(
    min_n: int = typer.Option(8, help="smallest instance size"),
    max_n: int = typer.Option(18, help="largest instance size"),
    repeats: int = typer.Option(5, min=1, max=MAX_REPEATS, help="timed repeats per method and size"),
    python_max_n: int = typer.Option(16, max=20, help="largest size timed with the plain-Python reference"),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
) -> None:
    """Time Held-Karp (Numba), CP-SAT, SCIP and plain-Python Held-Karp on the same instances."""

    def run() -> None:
        from solvers.bench import bench_solvers, render_bench_table

        if not 4 <= min_n <= max_n <= 20:
            raise UserError("sizes must satisfy 4 <= min-n <= max-n <= 20")
        sizes = list(range(min_n, max_n + 1))
        with _status("benchmarking solvers") as report:
            result = bench_solvers(sizes, repeats=repeats, python_max_n=python_max_n, progress=report)
        _show(render_bench_table(result), json_path)
        _write_json(json_path, result)

    _guard(run)


def bench_env_command(
    game: list[str] | None = typer.Option(
        None, help="a game, optionally with options: x(rooms=5) (repeatable; default: every registered game)"
    ),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
) -> None:
    """PettingZoo's performance_benchmark (masked random play, 5 s per game) over the games' AEC
    environments (accord.env.to_pettingzoo): turns and cycles per second. Needs the pettingzoo extra."""

    def run() -> None:
        from rich.table import Table

        from agent.env import benchmark
        from agent.registry import default_registry

        games = game or default_registry().games
        for spec in games:  # a bad spec is refused before anything runs
            default_registry().load(spec)
        rows = []
        with _status("benchmarking environments") as report:
            for spec in games:
                report(f"benchmarking {spec} (5 s)")
                rows.append(benchmark(spec))
        table = Table(title="PettingZoo performance_benchmark (masked random play)")
        for heading in ("game", "menu", "features", "turns/s", "cycles/s"):
            table.add_column(heading, justify="left" if heading == "game" else "right")
        for row in rows:
            table.add_row(
                row["game"],
                str(row["menu"]),
                str(row["features"]),
                f"{row['turns_per_s']:,.0f}",
                f"{row['cycles_per_s']:,.0f}",
            )
        _show(table, json_path)
        _write_json(json_path, {"benchmark": "pettingzoo.test.performance_benchmark", "results": rows})

    _guard(run)


def bench_hot_command(
    before: str | None = typer.Option(
        None, "--before", help="root of an older checkout to time back to back, row by row (e.g. /work/before)"
    ),
    quick: bool = typer.Option(False, "--quick", help="tiny sizes: checks every row runs, not the speed"),
    only: str | None = typer.Option(None, "--only", help="run only the rows whose name contains this text"),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
) -> None:
    """Time the hot paths (solvers, start-up, each kit's rows) with targets, before and after."""

    def run() -> None:
        from pathlib import Path

        from agent.hot_bench import bench_hot, probes, render_hot_table
        from agent.registry import default_registry

        old = None
        if before is not None:
            old = Path(before).resolve()
            if not (old / "agent" / "cli" / "__init__.py").is_file():
                raise UserError(f"--before {before}: not the root of an Accord checkout (no agent/cli there)")
        try:
            probes(default_registry(), only)  # a filter that matches no row is a one-line error
        except ValueError as exc:
            raise UserError(str(exc)) from None
        with _status("benchmarking hot paths") as report:
            result = bench_hot(default_registry(), before=old, quick=quick, only=only, progress=report)
        _show(render_hot_table(result), json_path)
        _write_json(json_path, result)

    _guard(run)
