"""``accord bench solvers`` and ``accord bench aismcts``: timings with ratios against references
measured in the same run, and the heat map of the dictionary AISMCTS-F builds."""

from __future__ import annotations

from typing import Any

import typer

from agent.cli.common import UserError, _guard, _show, _status, _write_json, _wrote, console
from agent.cli.options import _csv
from agent.terminal import LiteralTable, say

# Benchmarks: the most timed repeats, and the most AISMCTS-F iterations per decision.
MAX_REPEATS = 1_000
MAX_ITERATIONS = 10_000_000


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


def bench_aismcts_command(
    iterations: str = typer.Option("1000,10000,100000", help="iteration counts for the Numba core"),
    reference: str = typer.Option("1000,10000", help="iteration counts for the plain-Python reference"),
    repeats: int = typer.Option(3, min=1, max=MAX_REPEATS, help="Numba runs per position and iteration count"),
    seed: int = typer.Option(0, min=0, help="search seed, and the seed of the game drawn for the heat map"),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
    heatmap: str | None = typer.Option(
        None, help="play comm with the proxy on the preset maze and draw its dictionary as PNG"
    ),
) -> None:
    """Time the AISMCTS-F search core (Numba vs the Python reference) on the same positions."""

    def run() -> None:
        from planners.aismcts_bench import run_bench

        try:
            counts = [int(n) for n in _csv(iterations)]
            ref_counts = [int(n) for n in _csv(reference)]
        except ValueError as err:
            raise UserError("--iterations and --reference take comma-separated integers") from err
        if not counts or not all(1 <= n <= MAX_ITERATIONS for n in [*counts, *ref_counts]):
            raise UserError(
                f"--iterations and --reference take counts from 1 to {MAX_ITERATIONS:,} (--iterations at least one)"
            )
        with _status("benchmarking AISMCTS-F") as report:
            result = run_bench(counts, seed=seed, reference_iterations=ref_counts, repeats=repeats, progress=report)
        table = LiteralTable(title="AISMCTS-F search core, preset 9x9 maze", caption="median latency per decision")
        for col in ("core", "iterations", "latency ms", "iterations/s", "x reference"):
            table.add_column(col, justify="left" if col == "core" else "right")
        ratios = {r["iterations"]: r["numba_over_python"] for r in result["ratios"]}
        for row in result["results"]:
            ratio = ratios.get(row["iterations"]) if row["core"] == "numba" else None
            table.add_row(
                row["core"],
                f"{row['iterations']:,}",
                f"{1000 * row['median_latency_s']:.2f}",
                f"{row['it_per_s']:,.0f}",
                f"{ratio:.0f}x" if ratio else "",
            )
        _show(table, json_path)
        targets = result["targets"]
        if targets["it_per_s_10k"] is not None:
            say(
                console,
                f"at 10k iterations: {targets['it_per_s_10k']:,.0f} iterations/s (target {targets['it_per_s_target']:,}), "
                f"{targets['speedup_10k']:.0f}x the reference (target {targets['speedup_target']}x): ",
                ("met", "") if targets["met"] else ("not met", "red"),
            )
        if heatmap:
            result["heatmap"] = _dictionary_heatmap(seed, heatmap)
            _wrote(heatmap)
        _write_json(json_path, result)

    _guard(run)


def _dictionary_heatmap(seed: int, path: str) -> dict[str, Any]:
    """Play comm (player 0) with the proxy on the preset maze and plot comm's dictionary."""
    from agent.arena import play_game
    from agent.plots import plot_dictionary
    from agent.registry import default_registry

    registry = default_registry()
    game = registry.make_game("gnomes_at_night")
    comm = registry.build_agent(registry.preset("gnomes_at_night", "comm"))
    proxy = registry.build_agent(registry.preset("gnomes_at_night", "proxy"))
    record = play_game(game, [comm, proxy], seed)
    maze = game.maze_for(seed)
    rejected = comm.beliefs.rejected
    wrong = int((rejected & maze.open[1]).sum())
    plot_dictionary(
        rejected,
        maze.open[1],
        path,
        f"comm's hidden-information dictionary after 5 rounds with the proxy (seed {seed})\n"
        f"{int(rejected.sum())} refused moves, {wrong} of them false",
    )
    return {"seed": seed, "refused_moves": int(rejected.sum()), "false": wrong, "metrics": record.metrics}
