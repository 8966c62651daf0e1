"""``accord bench overcooked``: the Overcooked engine's throughput (:mod:`agent.kits.overcooked.bench`),
the command the Overcooked kit adds to ``accord``."""

from __future__ import annotations

import typer

from agent.cli.common import _guard, _show, _status, _write_json
from agent.kits.base import KitCommand
from agent.terminal import LiteralTable

MAX_EPISODES = 100_000


def bench_overcooked_command(
    episodes: int = typer.Option(50, min=1, max=MAX_EPISODES, help="random episodes per layout"),
    horizon: int = typer.Option(400, min=1, max=10_000, help="joint steps per episode"),
    seed: int = typer.Option(0, min=0, help="seed of the random joint actions"),
    kitchens: int = typer.Option(1024, min=1, max=MAX_EPISODES, help="kitchens per call of the Numba batched stepper"),
    planner_steps: int = typer.Option(
        400, min=0, max=10_000, help="joint steps of the symbolic planner's timed self-play per layout (0: skip)"
    ),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
) -> None:
    """Time Overcooked: environment steps per second of Accord's engine under random joint actions on
    each of the paper's five layouts, of the same play through the game's turn API, and of the Numba
    batched stepper against the plain-Python engine; and the symbolic planner's decisions per second
    against its plain-Python reference (distance tables recomputed by breadth-first search), in the
    same run; the planner and its reference must make the same decisions."""

    def run() -> None:
        from agent.kits.overcooked.bench import run_bench

        with _status("benchmarking Overcooked"):
            result = run_bench(episodes, horizon, seed, kitchens=kitchens, planner_steps=planner_steps)
        table = LiteralTable(
            title="Overcooked throughput",
            caption="one run on this machine; x: the rate over its plain-Python reference in the same run",
        )
        for col in ("what", "layout", "steps", "steps/s", "x"):
            table.add_column(col, justify="left" if col in ("what", "layout") else "right")
        for row in result["engine"]:
            table.add_row("engine step()", row["layout"], f"{row['steps']:,}", f"{row['steps_per_s']:,.0f}", "")
        total = result["engine_total"]
        table.add_row("engine step()", "all five", f"{total['steps']:,}", f"{total['steps_per_s']:,.0f}", "")
        game = result["game"]
        row = (game["layout"], f"{game['steps']:,}", f"{game['steps_per_s']:,.0f}", "")
        table.add_row("game turns (2 per step)", *row)
        batched = result["batched"]
        table.add_row(
            f"Numba batched, {batched['kitchens']:,} kitchens",
            batched["layout"],
            f"{batched['steps']:,}",
            f"{batched['steps_per_s']:,.0f}",
            f"{batched['speedup']:.0f}",
        )
        for row in result["planner"]:
            same = "" if row["same_decisions"] else " (decisions differ!)"
            decisions = f"{row['decisions']:,}"
            table.add_row(
                "symbolic planner, decisions",
                row["layout"],
                decisions,
                f"{row['symbolic_per_s']:,.0f}",
                f"{row['speedup']:.1f}{same}",
            )
            table.add_row("  reference: BFS per lookup", row["layout"], decisions, f"{row['reference_per_s']:,.0f}", "")
        _show(table, json_path)
        _write_json(json_path, result)

    _guard(run)


COMMANDS: tuple[KitCommand, ...] = (KitCommand("bench", "overcooked", bench_overcooked_command),)
"""The commands the Overcooked kit adds to ``accord``."""
