"""``accord solve tsp``: a TSP instance from a JSON file, solved exactly."""

from __future__ import annotations

import typer

from agent.cli.common import _guard, _write_json, out
from agent.cli.options import _csv
from agent.terminal import literal


def solve_tsp_command(
    file: str = typer.Argument(..., help='JSON file {"nodes": [...], "edges": [[u, v, w], ...]} ("-" = stdin)'),
    start: str | None = typer.Option(None, help="start node (default: the first node)"),
    prefix: str | None = typer.Option(None, help="fixed agreed prefix, comma-separated, starting at the start node"),
    maximize: bool = typer.Option(False, "--maximize", help="maximize instead of minimize"),
    method: str = typer.Option("dp", help="dp | auto | cpsat | scip | brute"),
    time_limit: float | None = typer.Option(None, help="seconds, for cpsat / scip"),
    json_path: str | None = typer.Option(None, "--json", help="write the result as JSON ('-' = stdout)"),
) -> None:
    """Solve a TSP instance exactly (tour, value and an optimality certificate)."""

    def run() -> None:
        from solvers.tsp import TSPError, solve_tsp
        from solvers.tsp_io import load_tsp_instance, solution_to_json

        instance = load_tsp_instance(file)
        start_index = instance.index(start) if start else 0
        fixed = [instance.index(name) for name in _csv(prefix)]
        if fixed and fixed[0] != start_index:
            raise TSPError(f"the prefix must begin with the start node {instance.nodes[start_index]!r}")
        solution = solve_tsp(
            instance.weights, start=start_index, prefix=fixed, maximize=maximize, method=method, time_limit=time_limit
        )
        result = solution_to_json(instance, solution)
        if json_path:
            _write_json(json_path, result)
        else:
            out.print(
                literal(f"tour: {' -> '.join(result['tour'])}\nvalue: {result['value']}\noptimal: {result['optimal']}"),
                highlight=False,
            )

    _guard(run)
