"""``accord selfplay``: one agent preset (its stages swappable) with itself or a partner preset, and
:func:`_run_selfplay`, the runner ``accord ablate`` uses for every preset of its table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
from rich.markup import escape
from rich.progress import Progress

from agent.cli.common import _guard, _progress, _show, _write_json, _write_jsonl
from agent.cli.options import (
    _check_size,
    _game_options,
    _retired_flags,
    _slot_options,
    _slot_overrides,
    default_game,
    with_llm_options,
)
from agent.cli.tables import _llm_table, _table
from agent.limits import MAX_GAMES

# The longest game --turn-cap allows (per-turn metrics such as AsymPuzl's success at turn K grow with it).
MAX_TURN_CAP = 10_000


@with_llm_options
def selfplay_command(
    game: str = typer.Option(default_factory=default_game, help="game name (default: the first registered)"),
    agent: str | None = typer.Option(
        None, help="agent preset of player 0 (default: the game's strongest, e.g. problem-solving, comm)"
    ),
    partner: str | None = typer.Option(
        None, help="preset of the other player, e.g. proxy (default: the agent itself, self-play)"
    ),
    games: int = typer.Option(25, min=1, help=f"number of games (at most {MAX_GAMES:,})"),
    seed: int = typer.Option(0, min=0, help="first seed; game i uses seed*1000 + i"),
    board: int | None = typer.Option(None, help="game option board (a preset board 1..6, where the game has them)"),
    rooms: int | None = typer.Option(None, help="game option rooms (generated boards of this many rooms)"),
    size: int | None = typer.Option(None, help="game option size (maze size, puzzle positions)"),
    turn_cap: int | None = typer.Option(
        None, min=1, max=MAX_TURN_CAP, help=f"game option turn_cap (turns per round or game); at most {MAX_TURN_CAP:,}"
    ),
    feedback: str | None = typer.Option(None, help="game option feedback (which feedback the players get)"),
    game_option: list[str] | None = typer.Option(
        None, "--game-option", help="any game option KEY=VALUE (repeatable; `accord games` lists them)"
    ),
    json_path: str | None = typer.Option(None, "--json", help="write results as JSON ('-' = stdout)"),
    transcripts: str | None = typer.Option(None, help="write every game's transcript as JSONL ('-' = stdout)"),
    option: list[str] | None = typer.Option(
        None,
        help="a slot option [SLOT.]KEY=VALUE, e.g. unknown=expected or beliefs.partner=off (default slot: planner; repeatable)",
    ),
    parser: str | None = typer.Option(None, help="override the preset's parser (e.g. rules, llm, structured, off)"),
    beliefs: str | None = typer.Option(None, help="override the preset's belief store"),
    planner: str | None = typer.Option(None, help="override the preset's planner (e.g. ibp, greedy, llm, off)"),
    renderer: str | None = typer.Option(None, help="override the preset's renderer (e.g. template, llm, off)"),
    slot: list[str] | None = typer.Option(None, help="override any slot SLOT=NAME, e.g. tom=off (repeatable)"),
    partner_model: str | None = typer.Option(None, hidden=True, help="retired: --option beliefs.partner=on|off"),
    tracking: str | None = typer.Option(None, hidden=True, help="retired: --option beliefs.tracking=..."),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Self-play of one agent preset (stages can be swapped); prints the metrics with Wilson 95%
    intervals, and the language-model accounting when a stage runs on a model."""

    def run() -> None:
        from agent.arena import paper_seeds

        _retired_flags(partner_model=partner_model, tracking=tracking)
        _check_size("--games", games)
        seeds = paper_seeds(1, games, seed)
        kept: list[dict] | None = [] if transcripts else None
        stages = _slot_overrides(slot, parser=parser, beliefs=beliefs, planner=planner, renderer=renderer)
        config = llm()
        from agent.registry import default_registry

        preset = agent or default_registry().default_preset(game)
        game_options = _game_options(
            game, game_option, board=board, rooms=rooms, size=size, turn_cap=turn_cap, feedback=feedback
        )
        with _progress() as progress:
            result = _run_selfplay(
                game,
                preset,
                seeds,
                game_options,
                progress,
                kept,
                _slot_options(option),
                stages,
                config,
                partner,
            )
        _show(_table(f"self-play: {game}", [(result["agent"], result["metrics"])]), json_path, transcripts)
        if (usage := _llm_table([(result["agent"], result["metrics"])])) is not None:
            _show(usage, json_path, transcripts)
        _write_jsonl(transcripts, kept or [])
        _write_json(
            json_path,
            {
                "game": game,
                "agent": result["agent"],
                "preset": preset,
                "partner": partner or preset,
                "spec": result["spec"],
                "seeds": seeds,
                "games": result["per_game"],
                "metrics": result["metrics"],
            },
        )

    _guard(run)


def _run_selfplay(
    game_name: str,
    preset: str,
    seeds: list[int],
    game_options: dict[str, Any],
    progress: Progress,
    transcripts: list[dict] | None,
    slot_options: dict[str, dict[str, Any]] | None = None,
    stages: dict[str, str] | None = None,
    llm: Any = None,
    partner: str | None = None,
) -> dict[str, Any]:
    from agent.arena import aggregate, selfplay
    from agent.registry import default_registry

    registry = default_registry()
    game = registry.make_game(game_name, **game_options)
    spec = registry.preset(game_name, preset)
    for slot_name, options in (slot_options or {}).items():
        spec = spec.with_options(slot_name, **options)
    if stages:
        spec = spec.with_slots(**stages)
    label = preset + (f" ({', '.join(f'{k}={v}' for k, v in stages.items())})" if stages else "")
    partner_spec = registry.preset(game_name, partner) if partner else None
    if partner:
        label += f" + {partner}"
    tasks: list[Any] = []  # the progress bar, shown once the agents are built (bad names fail first)
    records = selfplay(
        game,
        spec,
        seeds,
        registry,
        on_game=lambda r: progress.advance(tasks[0]),
        llm=llm,
        partner=partner_spec,
        on_ready=lambda: tasks.append(progress.add_task(escape(label), total=len(seeds))),
    )
    if transcripts is not None:
        transcripts.extend(r.to_json() for r in records)
    return {
        "agent": label,
        "spec": spec.describe(),
        "metrics": aggregate(records),
        "per_game": [
            {
                "seed": r.seed,
                **{k: v for k, v in r.metrics.items() if k != "submissions"},
                **({"llm": r.llm, "llm_per_turn": [t.get("llm") for t in r.transcript]} if r.llm is not None else {}),
            }
            for r in records
        ],
    }
