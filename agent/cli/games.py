"""``accord games``, ``accord check`` and ``accord play``: the registered games and their presets,
the conformance checker over every game, and one side of a game played in the terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from agent.cli.common import UserError, _guard, _show, _write_json, console, out
from agent.cli.options import _game_options, with_llm_options
from agent.limits import MAX_GAMES
from agent.terminal import LiteralTable, say


def games_command(json_path: str | None = typer.Option(None, "--json", help="write the list as JSON")) -> None:
    """List the registered games and their agent presets."""

    def run() -> None:
        from agent.registry import default_registry

        registry = default_registry()
        rows = []
        table = LiteralTable(title="registered games")
        for col in ("name", "game id", "players", "presets", "description"):
            table.add_column(col)
        for family in registry.games:
            facts = registry.make_game(family).facts
            presets = registry.preset_names(family)
            rows.append(
                {"name": family, "game_id": facts.game_id, "players": list(facts.player_names), "presets": presets}
            )
            table.add_row(
                family,
                facts.game_id,
                ", ".join(facts.player_names),
                ", ".join(presets),
                registry.game_descriptions[family],
            )
        _show(table, json_path)
        _write_json(json_path, rows)

    _guard(run)


def check_command(
    seeds: int = typer.Option(5, min=1, max=MAX_GAMES, help="seeds per game"),
    json_path: str | None = typer.Option(None, "--json", help="write the reports as JSON ('-' = stdout)"),
) -> None:
    """Run the shared conformance checker over every registered game."""

    def run() -> None:
        from dataclasses import asdict

        from agent.registry import default_registry
        from games.base import ConformanceError, check_game

        registry = default_registry()
        show = console if json_path == "-" else out
        reports = []
        for family in registry.games:
            try:
                report = check_game(registry.make_game(family), range(seeds))
                reports.append({"game": family, "ok": True, **asdict(report)})
                say(
                    show,
                    ("ok", "green"),
                    f" {report.game_id}: {report.games_played} games, {report.turns_played} turns, "
                    f"{report.illegal_turns_refused} illegal turns refused",
                )
            except ConformanceError as err:
                reports.append({"game": family, "ok": False, "error": str(err)})
                say(show, ("FAIL", "red"), f" {family}: {err}")
        _write_json(json_path, reports)
        if not all(r["ok"] for r in reports):
            raise typer.Exit(code=1)

    _guard(run)


@with_llm_options
def play_command(
    game: str = typer.Argument("traveling_adventurers", help="game to play"),
    agent: str | None = typer.Option(None, help="the agent preset you play with (default: the game's strongest)"),
    side: str = typer.Option(
        "user", help="your side: user / A (first player: light world, or the treasure in round 1) or bot / B"
    ),
    board: int | None = typer.Option(None, help="preset board 1..6"),
    rooms: int | None = typer.Option(None, help="generated board with this many rooms"),
    size: int | None = typer.Option(None, help="Gnomes at Night: a generated maze of this size"),
    seed: int = typer.Option(0, min=0, help="seed for the board and the agent"),
    json_path: str | None = typer.Option(None, "--json", help="write the transcript and metrics as JSON"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Play one side of a game in the terminal against an agent."""

    def run() -> None:
        from agent.terminal import play_in_terminal

        sides = {"user": 0, "a": 0, "0": 0, "bot": 1, "b": 1, "1": 1}
        if side.lower() not in sides:
            raise UserError("--side must be user (A) or bot (B)")
        from agent.registry import default_registry

        preset = agent or default_registry().default_preset(game)
        record = play_in_terminal(
            game,
            preset,
            sides[side.lower()],
            seed,
            _game_options(game, board=board, rooms=rooms, size=size),
            out,
            llm(),
        )
        _write_json(json_path, record)

    _guard(run)
