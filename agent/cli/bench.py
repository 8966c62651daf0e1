"""``accord bench solvers``: timings with ratios against references measured in the same run.

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


def startup_seconds(args: list[str], repeats: int = 5) -> float:
    """Median wall time of ``accord *args`` in a fresh interpreter (its start-up, for short commands).

    Args:
        args: the command line after ``accord`` (e.g. ``["games"]``); its output is discarded.
        repeats: runs to take the median of.

    Returns:
        Seconds, the median over ``repeats`` runs.
    """
    import statistics
    import subprocess
    import sys
    import time

    script = "import sys; from agent.cli import main; sys.argv[0] = 'accord'; main()"
    times = []
    for _ in range(repeats):
        begin = time.perf_counter()
        subprocess.run([sys.executable, "-c", script, *args], capture_output=True, check=False)
        times.append(time.perf_counter() - begin)
    return statistics.median(times)
