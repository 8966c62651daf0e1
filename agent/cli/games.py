"""``accord games``, ``accord check`` and ``accord play``: the registered games and their presets,
the conformance checker over every game, and one side of a game played in the terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from agent.cli.common import UserError, _guard, _show, _write_json, console, out
from agent.cli.options import _game_options, default_game, with_llm_options
from agent.limits import MAX_GAMES
from agent.terminal import LiteralTable, say


def games_command(json_path: str | None = typer.Option(None, "--json", help="write the list as JSON")) -> None:
    """List the registered games and their agent presets."""

    def run() -> None:
        from agent.registry import default_registry

        registry = default_registry()
        rows = []
        table = LiteralTable(title="registered games")
        for col in ("name", "game id", "players", "presets", "options", "description"):
            table.add_column(col)
        for kit in registry:
            facts = registry.make_game(kit.name).facts
            presets = registry.preset_names(kit.name)
            options = registry.game_options(kit.name)
            slots = {name: list(slot.implementations) for name, slot in kit.slots.items()}
            rows.append(
                {
                    "name": kit.name,
                    "game_id": facts.game_id,
                    "players": list(facts.player_names),
                    "presets": presets,
                    "default_preset": registry.default_preset(kit.name),
                    "options": options,
                    "slots": slots,
                    "sweeps": list(kit.sweeps),
                }
            )
            table.add_row(
                kit.name,
                facts.game_id,
                ", ".join(facts.player_names),
                ", ".join(presets),
                ", ".join(options),
                kit.description,
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
    game: str = typer.Argument(
        default_factory=default_game, help="game to play, optionally with options: x(rooms=8) (default: the first)"
    ),
    agent: str | None = typer.Option(None, help="the agent preset you play with (default: the game's strongest)"),
    side: str = typer.Option("user", help="your seat: user / A / 0 (the first player), bot / B / 1, or a seat number"),
    board: int | None = typer.Option(None, help="game option board (a preset board, where the game has them)"),
    rooms: int | None = typer.Option(None, help="game option rooms (a generated board of this many rooms)"),
    size: int | None = typer.Option(None, help="game option size (a generated maze or puzzle of this size)"),
    game_option: list[str] | None = typer.Option(None, "--game-option", help="any game option KEY=VALUE (repeatable)"),
    seed: int = typer.Option(0, min=0, help="seed for the board and the agent"),
    json_path: str | None = typer.Option(None, "--json", help="write the transcript and metrics as JSON"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Play one side of a game in the terminal against an agent."""

    def run() -> None:
        from agent.terminal import play_in_terminal

        sides = {"user": 0, "a": 0, "bot": 1, "b": 1}
        seat = sides.get(side.lower(), int(side) if side.isdigit() else None)
        if seat is None:
            raise UserError("--side must be user (A), bot (B) or a seat number")
        from agent.registry import default_registry

        name, game_options = _game_options(game, game_option, board=board, rooms=rooms, size=size)
        preset = agent or default_registry().default_preset(name)
        record = play_in_terminal(
            name,
            preset,
            seat,
            seed,
            game_options,
            out,
            llm(),
        )
        _write_json(json_path, record)

    _guard(run)
