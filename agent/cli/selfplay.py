"""``accord selfplay``: one agent preset (its stages swappable) with itself or a partner preset, run
as a one-cell sweep through the result store (:mod:`agent.cli.experiment`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer

from agent.cli.common import _guard, _write_json, _write_jsonl
from agent.cli.options import (
    _check_size,
    _game_options,
    _retired_flags,
    _slot_options,
    _slot_overrides,
    default_game,
    with_llm_options,
)
from agent.limits import MAX_GAMES

if TYPE_CHECKING:
    from agent.sweep import Sweep

# The longest game --turn-cap allows (per-turn metrics such as success at turn K grow with it).
MAX_TURN_CAP = 10_000


@with_llm_options
def selfplay_command(
    game: str = typer.Option(
        default_factory=default_game, help="game name, optionally with options: x(rooms=8) (default: the first)"
    ),
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
    results_dir: str | None = typer.Option(
        None,
        "--results",
        help="keep the games in this result store directory (resumable; accord results summarize/show "
        "read it); default: in memory",
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
    """Self-play of one agent preset (stages can be swapped): a one-cell sweep through the result
    store (in memory unless --results); prints the metrics with 95% intervals (Wilson for binary
    metrics, seeded bootstrap for the others), and the language-model accounting when a stage runs
    on a model."""

    def run() -> None:
        from agent.cli.experiment import run_sweep, show_run

        _retired_flags(partner_model=partner_model, tracking=tracking)
        _check_size("--games", games)
        stages = _slot_overrides(slot, parser=parser, beliefs=beliefs, planner=planner, renderer=renderer)
        name, game_options = _game_options(
            game, game_option, board=board, rooms=rooms, size=size, turn_cap=turn_cap, feedback=feedback
        )
        sweep, preset = selfplay_sweep(
            name, agent, partner, games, seed, game_options, _slot_options(option), stages, llm()
        )
        result = run_sweep(sweep, results_dir)
        show_run(result, json_path, f"self-play: {name}")
        rows = result.store.rows()
        _write_jsonl(transcripts, [_transcript(row) for row in rows])
        _write_json(
            json_path,
            {
                "game": name,
                "agent": sweep.cells[0].label,  # the cell: preset, swapped slots and partner
                "preset": preset,
                "partner": partner or preset,
                "spec": sweep.cells[0].agents[0].describe(),
                "seeds": list(sweep.seeds),
                "results": results_dir,
                "summary": result.summary,
                **result.cells()[0],
                "games": [_game_entry(row) for row in rows],
            },
        )

    _guard(run)


def selfplay_sweep(
    game: str,
    agent: str | None,
    partner: str | None,
    games: int,
    seed: int,
    game_options: dict[str, Any],
    slot_options: dict[str, dict[str, Any]],
    stages: dict[str, str],
    llm: Any = None,
) -> tuple[Sweep, str]:
    """The one-cell sweep of a self-play run: ``agent`` (default: the game's strongest preset) with
    its slots and options swapped, against ``partner`` (default: itself), ``games`` games from
    seed ``seed`` (game i plays ``seed * 1000 + i``).

    Returns:
        The sweep (its cell labelled ``preset (slot=impl, ...) + partner``) and the preset's name.
    """
    from agent.cli.experiment import relabel
    from agent.registry import default_registry
    from agent.sweep import parse_sweep, sweep_text

    registry = default_registry()
    preset = agent or registry.default_preset(game)
    agents: dict[str, Any] = {"preset": preset, **stages}
    if partner:
        agents["opponent"] = partner
    if slot_options:
        agents["options"] = slot_options
    data = {"name": "selfplay", "seeds": 1, "games": games, "first_seed": seed}
    text = sweep_text({**data, "game": {"name": game, **game_options}, "agents": agents})
    sweep = parse_sweep(text, registry, llm)
    label = preset + (f" ({', '.join(f'{k}={v}' for k, v in stages.items())})" if stages else "")
    label += f" + {partner}" if partner else ""
    return relabel(sweep, {sweep.cells[0].label: label}), preset


def _game_entry(row: dict[str, Any]) -> dict[str, Any]:
    """One game of the JSON output: its seed and key, its scalar and per-seat metrics, and its
    language-model use."""
    metrics = {k: v for k, v in row["metrics"].items() if not isinstance(v, dict)}
    llm = row.get("llm")
    per_turn = {"llm": llm, "llm_per_turn": [t.get("llm") for t in row["transcript"]]} if llm is not None else {}
    return {"seed": row["spec"]["seed"], "key": row["key"], **metrics, **per_turn}


def _transcript(row: dict[str, Any]) -> dict[str, Any]:
    """One game of the ``--transcripts`` output (the fields of a game record)."""
    agents = [a.get("name", "") for a in row["spec"]["agents"]]
    return {
        "game_id": row["game_id"],
        "seed": row["spec"]["seed"],
        "agents": agents,
        "metrics": row["metrics"],
        "returns": row["returns"],
        "transcript": row["transcript"],
        "refused": row["refused"],
        "llm": row.get("llm"),
    }
