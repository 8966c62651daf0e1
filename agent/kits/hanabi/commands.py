"""``accord bench hanabi``: the Hanabi engine's and the convention agent's throughput
(:mod:`agent.kits.hanabi.bench`); with CoordinationQA's ``accord qa run``, the commands the Hanabi
kit adds to ``accord``."""

from __future__ import annotations

import typer

from agent.cli.common import _guard, _show, _status, _write_json
from agent.kits.base import KitCommand
from agent.kits.llm_coordination.commands import COMMANDS as QA_COMMANDS
from agent.terminal import LiteralTable

MAX_GAMES = 100_000


def bench_hanabi_command(
    games: int = typer.Option(1000, min=1, max=MAX_GAMES, help="random games per engine"),
    agent_games: int = typer.Option(200, min=1, max=MAX_GAMES, help="convention self-play games"),
    players: int = typer.Option(2, min=2, max=5, help="players"),
    seed: int = typer.Option(0, min=0, help="first deal's seed"),
    search_decisions: int = typer.Option(
        10, min=0, max=10_000, help="search decisions timed per back end (Numba, plain Python); 0 skips"
    ),
    json_path: str | None = typer.Option(None, "--json", help="write the results as JSON ('-' = stdout)"),
) -> None:
    """Time Hanabi: random games on Accord's engine and on OpenSpiel's (when installed), the
    convention agent's self-play (games/s, moves/s, microseconds per decision), and the search
    agent's decisions per second with Numba rollouts and with the plain-Python reference, in one run."""

    def run() -> None:
        from agent.kits.hanabi.bench import run_bench

        with _status("benchmarking Hanabi"):
            result = run_bench(games, agent_games, players, seed, search_decisions)
        table = LiteralTable(title=f"Hanabi throughput, {players} players", caption="one run on this machine")
        for col in ("what", "games", "games/s", "moves/s", "note"):
            table.add_column(col, justify="left" if col in ("what", "note") else "right")
        for name, label in (("engine", "Accord engine, random moves"), ("openspiel", "OpenSpiel hanabi, random moves")):
            row = result[name]
            if row is None:
                table.add_row(label, "-", "-", "-", "open_spiel not installed")
                continue
            table.add_row(label, str(row["games"]), f"{row['games_per_s']:,.0f}", f"{row['moves_per_s']:,.0f}", "")
        agent = result["convention"]
        table.add_row(
            "convention self-play",
            str(agent["games"]),
            f"{agent['games_per_s']:,.1f}",
            f"{agent['moves_per_s']:,.0f}",
            f"{agent['us_per_decision']:.0f} us per decision, mean score {agent['mean_score']:.2f}",
        )
        search = result["search"]
        if search is not None:
            for backend, label in (("numba", "search, Numba rollouts"), ("python", "search, plain-Python reference")):
                row = search[backend]
                note = f"{search['samples']} worlds x every legal move, deck <= {search['horizon']}"
                if backend == "numba":
                    same = "same moves" if search["same_moves"] else "MOVES DIFFER"
                    note = f"{search['speedup']:.1f}x the reference, {same}; {note}"
                table.add_row(label, "-", "-", f"{row['decisions_per_s']:,.2f} decisions/s", note)
        _show(table, json_path)
        _write_json(json_path, result)

    _guard(run)


COMMANDS: tuple[KitCommand, ...] = (*QA_COMMANDS, KitCommand("bench", "hanabi", bench_hanabi_command))
"""The commands the Hanabi kit adds to ``accord``."""
