"""``accord bench solvers``: timings with ratios against references measured in the same run;
``accord bench env``: PettingZoo's performance benchmark over the registered games.

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
