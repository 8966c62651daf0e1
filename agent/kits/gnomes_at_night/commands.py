"""``accord bench aismcts``: the AISMCTS-F search core timed (Numba against the plain-Python
reference, on the same positions), and the heat map of the hidden-information dictionary it
builds in one game with the proxy (:func:`agent.kits.gnomes_at_night.plots.plot_dictionary`).

The kit adds the command to the built-in ``bench`` group (:data:`COMMANDS`); the callback imports
the planners and games inside its body, when it runs.
"""

from __future__ import annotations

from typing import Any

import typer

from agent.cli.bench import MAX_REPEATS
from agent.cli.common import UserError, _guard, _show, _status, _write_json, _wrote, console
from agent.cli.options import _csv
from agent.kits.base import KitCommand
from agent.terminal import LiteralTable, say

MAX_ITERATIONS = 10_000_000
"""The most AISMCTS-F iterations per decision a benchmark runs."""


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
        _show(_latency_table(result), json_path)
        targets = result["targets"]
        if targets["it_per_s_10k"] is not None:
            say(
                console,
                f"at 10k iterations: {targets['it_per_s_10k']:,.0f} iterations/s (target {targets['it_per_s_target']:,}), "
                f"{targets['steps_per_s_10k']:,.0f} simulated steps/s (target {targets['steps_per_s_target']:,}), "
                f"{targets['speedup_10k']:.0f}x the reference (target {targets['speedup_target']}x): ",
                ("met", "") if targets["met"] else ("not met", "red"),
            )
        if heatmap:
            result["heatmap"] = dictionary_heatmap(seed, heatmap)
            _wrote(heatmap)
        _write_json(json_path, result)

    _guard(run)


def _latency_table(result: dict[str, Any]) -> LiteralTable:
    """The median latency per decision of each core and iteration count, with the Numba core's
    ratio to the reference."""
    table = LiteralTable(title="AISMCTS-F search core, preset 9x9 maze", caption="median latency per decision")
    for col in ("core", "iterations", "latency ms", "iterations/s", "steps/s", "x reference"):
        table.add_column(col, justify="left" if col == "core" else "right")
    ratios = {r["iterations"]: r["numba_over_python"] for r in result["ratios"]}
    for row in result["results"]:
        ratio = ratios.get(row["iterations"]) if row["core"] == "numba" else None
        table.add_row(
            row["core"],
            f"{row['iterations']:,}",
            f"{1000 * row['median_latency_s']:.2f}",
            f"{row['it_per_s']:,.0f}",
            f"{row['steps_per_s']:,.0f}",
            f"{ratio:.0f}x" if ratio else "",
        )
    return table


def dictionary_heatmap(seed: int, path: str) -> dict[str, Any]:
    """Play comm (seat 0) with the proxy on the preset maze and plot comm's dictionary.

    Args:
        seed: the game's seed.
        path: the PNG to write.

    Returns:
        The seed, how many moves comm's dictionary refuses and how many of them wrongly, and the
        game's metrics.
    """
    from agent.arena import play_game
    from agent.kits.gnomes_at_night.plots import plot_dictionary
    from agent.registry import default_registry
    from beliefs.gnomes_at_night import GnomesBeliefs
    from games.gnomes_at_night import GnomesAtNightGame

    registry = default_registry()
    game = registry.make_game("gnomes_at_night")
    assert isinstance(game, GnomesAtNightGame)  # the kit's factory builds it
    comm = registry.build_agent(registry.preset("gnomes_at_night", "comm"))
    proxy = registry.build_agent(registry.preset("gnomes_at_night", "proxy"))
    record = play_game(game, [comm, proxy], seed)
    maze = game.maze_for(seed)
    beliefs = comm.beliefs
    assert isinstance(beliefs, GnomesBeliefs)  # the comm preset's belief store
    rejected = beliefs.rejected
    wrong = int((rejected & maze.open[1]).sum())
    plot_dictionary(
        rejected,
        maze.open[1],
        path,
        f"comm's hidden-information dictionary after 5 rounds with the proxy (seed {seed})\n"
        f"{int(rejected.sum())} refused moves, {wrong} of them false",
    )
    return {"seed": seed, "refused_moves": int(rejected.sum()), "false": wrong, "metrics": record.metrics}


COMMANDS: tuple[KitCommand, ...] = (KitCommand("bench", "aismcts", bench_aismcts_command),)
"""The commands the Gnomes at Night kit adds to ``accord``."""
