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
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
) -> None:
    """Time Overcooked: environment steps per second of Accord's engine under random joint actions on
    each of the paper's five layouts, of the same play through the game's turn API, and of the Numba
    batched stepper."""

    def run() -> None:
        from agent.kits.overcooked.bench import run_bench

        with _status("benchmarking Overcooked"):
            result = run_bench(episodes, horizon, seed, kitchens=kitchens)
        table = LiteralTable(title="Overcooked throughput, random joint actions", caption="one run on this machine")
        for col in ("what", "layout", "steps", "steps/s"):
            table.add_column(col, justify="left" if col in ("what", "layout") else "right")
        for row in result["engine"]:
            table.add_row("engine step()", row["layout"], f"{row['steps']:,}", f"{row['steps_per_s']:,.0f}")
        total = result["engine_total"]
        table.add_row("engine step()", "all five", f"{total['steps']:,}", f"{total['steps_per_s']:,.0f}")
        game = result["game"]
        table.add_row("game turns (2 per step)", game["layout"], f"{game['steps']:,}", f"{game['steps_per_s']:,.0f}")
        batched = result["batched"]
        table.add_row(
            f"Numba batched, {batched['kitchens']:,} kitchens",
            batched["layout"],
            f"{batched['steps']:,}",
            f"{batched['steps_per_s']:,.0f}",
        )
        _show(table, json_path)
        _write_json(json_path, result)

    _guard(run)


COMMANDS: tuple[KitCommand, ...] = (KitCommand("bench", "overcooked", bench_overcooked_command),)
"""The commands the Overcooked kit adds to ``accord``."""
