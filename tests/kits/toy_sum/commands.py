"""The command the toy kit adds to ``accord``: ``accord toy digits``, mounted from the kit's
declaration with no edit to the command line's code."""

from __future__ import annotations

import json

import typer

from agent.kits.base import KitCommand


def digits_command(
    seed: int = typer.Option(0, min=0, help="the game's seed"),
    high: int = typer.Option(9, min=1, help="the largest digit"),
    json_path: str | None = typer.Option(None, "--json", help="write the digits as JSON ('-' = stdout)"),
) -> None:
    """Show the two secret digits of one Toy Sum game and their sum."""
    from tests.kits.toy_sum.game import ToySumGame

    state = ToySumGame(high=high).new_initial_state(seed)
    report = {"seed": seed, "digits": state.digits, "sum": sum(state.digits)}
    if json_path == "-":
        typer.echo(json.dumps(report))
    else:
        typer.echo(f"seed {seed}: {state.digits[0]} + {state.digits[1]} = {report['sum']}")
        if json_path:
            with open(json_path, "w") as handle:
                json.dump(report, handle)


COMMANDS = (KitCommand("toy", "digits", digits_command, "Toy Sum: the game's own commands."),)
"""The toy kit's commands."""
