"""``accord parse``: one partner message parsed into dialogue acts (or intent flags), in the context
its game's kit builds from the context options (``--at``, ``--reader`` ... or ``--context KEY=VALUE``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import typer

from agent.cli.common import UserError, _guard, _write_json, console
from agent.cli.options import _key_values, default_game, with_llm_options
from agent.terminal import say


@with_llm_options
def parse_command(
    message: str = typer.Argument(..., help="the partner's message"),
    game: str = typer.Option(default_factory=default_game, help="game whose language to parse (default: the first)"),
    at: str | None = typer.Option(None, help="context at: the room the agreed path ends in ('from there')"),
    visited: str | None = typer.Option(None, help="context visited: the agreed path so far, comma-separated"),
    rooms: int | None = typer.Option(None, help="context rooms: the number of rooms on the board"),
    speaker_coins: str | None = typer.Option(None, help="context speaker_coins: light | ghost | unknown"),
    last_suggestion: str | None = typer.Option(None, help="context last_suggestion: ours, comma-separated"),
    last_request: str | None = typer.Option(None, help="context last_request: the move we last asked for"),
    reader: int | None = typer.Option(None, help="context reader: the seat reading the message (default: the last)"),
    seed: int | None = typer.Option(None, min=0, help="context seed: the game whose names the message uses"),
    context: list[str] | None = typer.Option(None, help="any context option KEY=VALUE of the game (repeatable)"),
    parser_name: str = typer.Option("rules", "--parser", help="the parser slot: rules | llm | structured | ..."),
    json_path: str | None = typer.Option("-", "--json", help="where to write the acts ('-' = stdout)"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Parse one partner message into dialogue acts (a JSON list; a game with one act per message,
    such as an intent flag, prints that act as a JSON object)."""

    def run() -> None:
        from agent.registry import default_registry
        from language.acts import acts_to_json

        registry = default_registry()
        kit = registry.kit(game)
        named = {"at": at, "visited": visited, "rooms": rooms, "speaker_coins": speaker_coins}
        named |= {"last_suggestion": last_suggestion, "last_request": last_request, "reader": reader, "seed": seed}
        options = {k: str(v) for k, v in named.items() if v is not None}
        options |= {k: str(v) for k, v in _key_values(context, "--context").items()}
        for name in options:
            if name not in kit.parse_options:
                flag = f"--{name.replace('_', '-')}" if name in named else f"--context {name}"
                takes = ", ".join(f"--{o.replace('_', '-')}" for o in kit.parse_options) or "none"
                raise UserError(f"{flag} does not apply to {kit.name}; it takes {takes}")
        spec = registry.preset(kit.name, registry.default_preset(kit.name)).with_slots(parser=parser_name)
        agent = registry.build_agent(spec, llm())
        game_ = registry.make_game(kit.name)
        build = kit.parse_context or _reader_context
        acts = agent.parser.parse(message, build(game_, agent, options))
        if agent.llm is not None and agent.llm.usage.fallbacks:
            say(
                console,
                f"note: the model gave no valid answer; these are the rule parser's acts ({agent.llm.usage.failures} failed call)",
            )
        _write_json(json_path, kit.show_acts(acts) if kit.show_acts is not None else acts_to_json(acts))

    _guard(run)


def _reader_context(game: Any, agent: Any, options: Mapping[str, str]) -> Any:
    """The language context of seat ``reader`` at the start of game ``seed``, as its belief store
    gives it to the parser for a partner's message (the default of kits without their own)."""
    seats = game.facts.num_players
    reader = int(options.get("reader", seats - 1))
    if not 0 <= reader < seats:
        raise UserError(f"--reader must be a seat of {game.facts.game_id}: 0..{seats - 1}")
    observation = game.new_initial_state(int(options.get("seed", 0))).observation(reader)
    return agent.make_beliefs(observation).context(observation, (reader + 1) % seats)  # another seat's message
