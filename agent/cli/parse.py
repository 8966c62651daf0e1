"""``accord parse``: one partner message parsed into dialogue acts (or intent flags), in the context
its game's kit builds from the context options (``--at``, ``--reader`` ... or ``--context KEY=VALUE``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from agent.cli.common import UserError, _guard, _write_json, console
from agent.cli.options import _key_values, default_game, with_llm_options
from agent.terminal import say


@with_llm_options
def parse_command(
    message: str = typer.Argument(..., help="the partner's message"),
    game: str = typer.Option(
        default_factory=default_game,
        help="game whose language to parse, optionally with options: x(size=5) (default: the first)",
    ),
    at: str | None = typer.Option(None, help="context at: the room the agreed path ends in ('from there')"),
    visited: str | None = typer.Option(None, help="context visited: the agreed path so far, comma-separated"),
    rooms: int | None = typer.Option(None, help="context rooms: the number of rooms on the board"),
    speaker_coins: str | None = typer.Option(None, help="context speaker_coins: light | ghost | unknown"),
    last_suggestion: str | None = typer.Option(None, help="context last_suggestion: ours, comma-separated"),
    last_request: str | None = typer.Option(None, help="context last_request: the move we last asked for"),
    reader: int | None = typer.Option(None, help="context reader: the seat reading the message (default: the last)"),
    seed: int | None = typer.Option(None, min=0, help="context seed: the game whose names the message uses"),
    recorded: int | None = typer.Option(
        None, min=0, help="context recorded: a recorded game whose names and dialogue the message is read in"
    ),
    turn: int | None = typer.Option(
        None, min=0, help="context turn: with --recorded, the turn the message is read at (default: the end)"
    ),
    context: list[str] | None = typer.Option(None, help="any context option KEY=VALUE of the game (repeatable)"),
    parser_name: str = typer.Option("rules", "--parser", help="the parser slot: rules | llm | structured | ..."),
    json_path: str | None = typer.Option("-", "--json", help="where to write the acts ('-' = stdout)"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Parse one partner message into dialogue acts (a JSON list; a game with one act per message,
    such as an intent flag, prints that act as a JSON object)."""

    def run() -> None:
        from agent.reading import MessageReader
        from agent.registry import default_registry
        from language.acts import acts_to_json

        named = {"at": at, "visited": visited, "rooms": rooms, "speaker_coins": speaker_coins}
        named |= {"last_suggestion": last_suggestion, "last_request": last_request, "reader": reader, "seed": seed}
        named |= {"recorded": recorded, "turn": turn}
        options = {k: str(v) for k, v in named.items() if v is not None}
        options |= {k: str(v) for k, v in _key_values(context, "--context").items()}
        reading = MessageReader(default_registry(), game, parser_name, llm())
        kit, agent = reading.kit, reading.agent
        unknown = reading.unknown_option(options)
        if unknown is not None:
            flag = f"--{unknown.replace('_', '-')}" if unknown in named else f"--context {unknown}"
            takes = ", ".join(f"--{o.replace('_', '-')}" for o in kit.parse_options) or "none"
            raise UserError(f"{flag} does not apply to {kit.name}; it takes {takes}")
        acts = reading.parse(message, reading.context(options))
        if agent.llm is not None and agent.llm.usage.fallbacks:
            say(
                console,
                f"note: the model gave no valid answer; these are the rule parser's acts ({agent.llm.usage.failures} failed call)",
            )
        _write_json(json_path, kit.show_acts(acts) if kit.show_acts is not None else acts_to_json(acts))

    _guard(run)
