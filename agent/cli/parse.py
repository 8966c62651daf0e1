"""``accord parse``: one partner message parsed into dialogue acts (Gnomes at Night: one intent
flag), in the context its game's options describe."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import typer

from agent.cli.common import UserError, _guard, _write_json, console
from agent.cli.options import _csv, with_llm_options
from agent.terminal import say


@with_llm_options
def parse_command(
    message: str = typer.Argument(..., help="the partner's message"),
    game: str = typer.Option("traveling_adventurers", help="game whose language to parse"),
    at: str | None = typer.Option(None, help="room the agreed path ends in ('from there')"),
    visited: str | None = typer.Option(None, help="agreed path so far, comma-separated (e.g. L,E)"),
    rooms: int | None = typer.Option(None, help="number of rooms on the board (default 6)"),
    speaker_coins: str | None = typer.Option(
        None,
        help="coin kind of the message's author: light | ghost | unknown (default: decide echoes by wording only)",
    ),
    last_suggestion: str | None = typer.Option(None, help="our latest suggestion, comma-separated"),
    last_request: str | None = typer.Option(
        None, help="Gnomes at Night: the move we last asked for (stay/right/up/left/down)"
    ),
    reader: int | None = typer.Option(
        None, help="DialOp / AsymPuzl: the seat reading the message, in the game of --seed (default: the last seat)"
    ),
    seed: int | None = typer.Option(
        None, min=0, help="DialOp / AsymPuzl: the generated game whose names the message uses (default 0)"
    ),
    parser_name: str = typer.Option("rules", "--parser", help="rules | llm | embed ([embed] extra) | structured"),
    json_path: str | None = typer.Option("-", "--json", help="where to write the acts ('-' = stdout)"),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Parse one partner message into dialogue acts (a JSON list), or for Gnomes at Night into one
    intent flag (a JSON object such as {"flag": "left"})."""

    def run() -> None:
        from agent.registry import default_registry
        from language.acts import acts_to_json

        registry = default_registry()
        family = registry.game_family(game)
        given = {"--at": at, "--visited": visited, "--rooms": rooms, "--speaker-coins": speaker_coins}
        given |= {"--last-suggestion": last_suggestion, "--last-request": last_request, "--reader": reader}
        applies = {
            "gnomes_at_night": ["--last-request"],
            "traveling_adventurers": ["--at", "--visited", "--rooms", "--speaker-coins", "--last-suggestion"],
        }.get(family, ["--reader", "--seed"])
        if ignored := [
            name for name, value in {**given, "--seed": seed}.items() if value is not None and name not in applies
        ]:
            raise UserError(f"{ignored[0]} does not apply to {family}; it takes {', '.join(applies)}")
        spec = replace(registry.preset(family, registry.default_preset(family)), parser=parser_name)
        config = llm()
        agent = registry.build_agent(spec, config)
        if family == "gnomes_at_night":
            context: Any = _flag_context(last_request)
        elif family == "traveling_adventurers":
            context = _dialogue_context(rooms or 6, speaker_coins or "unknown", visited, at, last_suggestion)
        else:
            context = _reader_context(registry.make_game(family), agent, seed or 0, reader)
        acts = agent.parser.parse(message, context)
        if agent.llm is not None and agent.llm.usage.fallbacks:
            say(
                console,
                f"note: the model gave no valid answer; these are the rule parser's acts ({agent.llm.usage.failures} failed call)",
            )
        _write_json(json_path, acts[0].summary() if family == "gnomes_at_night" else acts_to_json(acts))

    _guard(run)


def _reader_context(game: Any, agent: Any, seed: int, reader: int | None) -> Any:
    """The language context of seat ``reader`` at the start of game ``seed``, as its belief store
    gives it to the parser for a partner's message."""
    seats = game.facts.num_players
    reader = seats - 1 if reader is None else reader
    if not 0 <= reader < seats:
        raise UserError(f"--reader must be a seat of {game.facts.game_id}: 0..{seats - 1}")
    observation = game.new_initial_state(seed).observation(reader)
    return agent.make_beliefs(observation).context(observation, "partner")


def _flag_context(last_request: str | None) -> Any:
    from games.gnomes_at_night import MOVES
    from language.flags import FlagContext

    if last_request is not None and last_request not in MOVES:
        raise UserError(f"--last-request must be one of {', '.join(MOVES)}")
    return FlagContext(last_request=last_request)


def _dialogue_context(
    rooms: int, speaker_coins: str, visited: str | None, at: str | None, last_suggestion: str | None
) -> Any:
    from games.traveling_adventurers import MAX_ROOMS, MIN_ROOMS, ROOM_CATALOGUE
    from language.base import DialogueContext

    if not MIN_ROOMS <= rooms <= MAX_ROOMS:
        raise UserError(f"--rooms must be between {MIN_ROOMS} and {MAX_ROOMS}")
    kinds = {"light": "ghost", "ghost": "light", "unknown": "unknown"}
    if speaker_coins not in kinds:
        raise UserError("--speaker-coins must be light, ghost or unknown")
    names = dict(list(ROOM_CATALOGUE.items())[:rooms])
    path = [r.upper() for r in _csv(visited)] or ["L"]
    for room in [*path, *([at.upper()] if at else [])]:
        if room not in names:
            raise UserError(f"unknown room {room!r}; rooms are {', '.join(names)}")
    return DialogueContext(
        rooms=names,
        start="L",
        at=at.upper() if at else path[-1],
        visited=path,
        speaker_coins=speaker_coins,
        listener_coins=kinds[speaker_coins],
        last_suggestion=[r.upper() for r in _csv(last_suggestion)] or None,
    )
