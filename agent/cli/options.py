"""Options several commands share: the ``--llm-*`` options (:func:`with_llm_options`), and the
parsing of comma-separated lists, planner ``KEY=VALUE`` pairs, a game's own options and the run
size."""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from typing import Any

import typer

from agent.cli.common import UserError
from agent.limits import MAX_GAMES

# The options of every command that can run a language model: one LLMConfig for CLI and Python.
_LLM_OPTIONS: list[tuple[str, Any, Any]] = [
    ("model", str | None, typer.Option(None, "--llm-model", help="model name (or ACCORD_LLM_MODEL)")),
    (
        "base_url",
        str | None,
        typer.Option(
            None,
            "--llm-base-url",
            help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1 (or ACCORD_LLM_BASE_URL)",
        ),
    ),
    (
        "mode",
        str | None,
        typer.Option(None, "--llm-mode", help="structured output: tools (default) | json | md_json | llamacpp"),
    ),
    ("temperature", float, typer.Option(0.0, "--llm-temperature", min=0.0, max=2.0, help="sampling temperature")),
    ("max_tokens", int, typer.Option(512, "--llm-max-tokens", min=1, help="completion tokens per request")),
    (
        "timeout",
        float,
        typer.Option(
            60.0, "--llm-timeout", min=0.1, help="seconds per answer (its requests, retries and re-asks included)"
        ),
    ),
    ("max_reasks", int, typer.Option(2, "--llm-reasks", min=0, max=10, help="re-asks after an invalid answer")),
    (
        "cache_dir",
        str | None,
        typer.Option(
            None, "--llm-cache", help="directory of the response cache (replays runs at no cost; off by default)"
        ),
    ),
]


def with_llm_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give ``command`` the ``--llm-*`` options; it receives them as ``llm``, a function that
    returns the :class:`~language.llm_client.LLMConfig` (called inside ``_guard``, so a bad value is
    a one-line error)."""
    signature = inspect.signature(command)
    added = [
        inspect.Parameter(f"llm_{name}", inspect.Parameter.KEYWORD_ONLY, default=option, annotation=annotation)
        for name, annotation, option in _LLM_OPTIONS
    ]

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        settings = {name: kwargs.pop(f"llm_{name}") for name, _, _ in _LLM_OPTIONS}

        def config() -> Any:
            from language.llm_client import LLMConfig

            return LLMConfig.from_env(**settings)

        command(**kwargs, llm=config)

    kept = [p for p in signature.parameters.values() if p.name != "llm"]
    wrapper.__signature__ = signature.replace(parameters=[*kept, *added])  # type: ignore[attr-defined]
    return wrapper


def _csv(text: str | None) -> list[str]:
    return [p.strip() for p in text.split(",") if p.strip()] if text else []


def default_game() -> str:
    """The game commands use when none is named: the first registered kit's."""
    from agent.registry import default_registry

    return default_registry().games[0]


def _game_options(game: str, pairs: list[str] | None = None, **given: Any) -> tuple[str, dict[str, Any]]:
    """The game's name and options: those ``game`` gives as a game spec (``x(rooms=8)``,
    :mod:`agent.game_spec`), the named command-line options that were given, and ``KEY=VALUE``
    pairs of ``--game-option`` (values read as JSON where they parse). An option may come from one
    place only.

    Raises:
        UserError: a malformed spec, an option given twice, or one ``game`` does not take; the
            message names the command-line option and lists the game's options.
    """
    from agent.game_spec import GameSpecError, parse_game_spec
    from agent.registry import default_registry

    try:
        spec = parse_game_spec(game)
    except GameSpecError as err:
        raise UserError(f"--game: {err}") from None
    flags = {k: v for k, v in given.items() if v is not None}
    pairs_given = _key_values(pairs, "--game-option")
    for name in set(flags) & set(pairs_given):
        raise UserError(f"option {name!r} is given twice: as --{name.replace('_', '-')} and as --game-option")
    for name in (set(flags) | set(pairs_given)) & set(spec.options):
        flag = f"--{name.replace('_', '-')}" if name in flags else f"--game-option {name}"
        raise UserError(f"option {name!r} is given twice: in --game {game!r} and as {flag}")
    registry = default_registry()
    accepted = registry.game_options(spec.name)
    options = {**spec.options, **flags, **pairs_given}
    for name in options:
        if name not in accepted:
            flag = f"--{name.replace('_', '-')}" if name in flags else f"--game-option {name}"
            if name in spec.options:
                flag = f"option {name!r} of --game {game!r}"
            takes = ", ".join(accepted) or "none"
            raise UserError(f"{flag} does not apply to {registry.game_family(spec.name)}; its options: {takes}")
    return spec.name, options


def _check_size(options: str, games: int) -> None:
    """Refuse a run of more than :data:`MAX_GAMES` games (``options`` names what set the count)."""
    if games > MAX_GAMES:
        raise UserError(f"{options}: at most {MAX_GAMES:,} games per run, not {games:,}")


def _key_values(pairs: list[str] | None, flag: str) -> dict[str, Any]:
    """``KEY=VALUE`` pairs (values read as JSON where they parse, else as text).

    Raises:
        UserError: a pair without ``=`` or a key.
    """
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"{flag} takes KEY=VALUE, not {pair!r}")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


def _slot_options(pairs: list[str] | None) -> dict[str, dict[str, Any]]:
    """``--option [SLOT.]KEY=VALUE`` pairs by slot (a key without a slot is the planner's)."""
    by_slot: dict[str, dict[str, Any]] = {}
    for key, value in _key_values(pairs, "--option").items():
        slot, _, name = key.rpartition(".")
        by_slot.setdefault(slot or "planner", {})[name] = value
    return by_slot


def _slot_overrides(pairs: list[str] | None, **named: str | None) -> dict[str, str]:
    """The slot implementations given by the named options (``--parser`` ...) and ``--slot SLOT=NAME``."""
    slots = {k: v for k, v in named.items() if v is not None}
    for slot, name in _key_values(pairs, "--slot").items():
        slots[slot] = str(name)
    return slots


def _retired_flags(**given: str | None) -> None:
    """Refuse the agent options of earlier releases, naming what replaced them.

    Raises:
        UserError: one of them was given.
    """
    replacements = {"partner_model": "--option beliefs.partner=VALUE", "tracking": "--option beliefs.tracking=VALUE"}
    for name, value in given.items():
        if value is not None:
            raise UserError(f"--{name.replace('_', '-')} is now {replacements[name]}")
