"""``accord dialop rescore`` and ``accord dialop psp``: the recorded human DialOp games re-scored
against their records, and prompted self-play from their prefixes (Lin et al., Figure 5).

Every DialOp kit declares :data:`COMMANDS`; the command line mounts them once, in the ``dialop``
group. The callbacks import games, solvers and models inside their bodies, when they run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from agent.cli.common import UserError, _guard, _progress, _show, _write_json, _write_jsonl, _wrote
from agent.cli.options import _csv, _slot_options, with_llm_options
from agent.cli.tables import _llm_table
from agent.kits.base import KitCommand
from agent.terminal import LiteralTable

RECORDED_MEANS = {"optimization": 0.921, "planning": 0.886, "mediation": 0.970}
"""The paper's mean normalized score of the recorded human games, per task."""
GAMES: tuple[str, ...] = ("dialop_optimization", "dialop_planning", "dialop_mediation")
"""The DialOp games, one per task (``dialop_<task>``)."""


def dialop_rescore_command(
    task: list[str] | None = typer.Option(None, help="optimization | planning | mediation (default: all three)"),
    json_path: str | None = typer.Option(None, "--json", help="write per-game and mean scores as JSON ('-' = stdout)"),
) -> None:
    """Re-score the final accepted proposal of every recorded human game and compare with its record."""

    def run() -> None:
        import importlib

        from games.dialop.data import TASKS, load_recorded

        tasks = task or list(TASKS)
        for name in tasks:
            if name not in TASKS:
                raise UserError(f"unknown DialOp task {name!r}; tasks: {', '.join(TASKS)}")
        table = LiteralTable(
            title="DialOp: recorded human games re-scored", caption="norm = (score - worst) / (best - worst)"
        )
        for col in ("task", "games", "reproduced", "max |norm diff|", "mean norm", "recorded mean", "paper"):
            table.add_column(col, justify="left" if col == "task" else "right")
        report: dict[str, Any] = {}
        for name in tasks:
            rescore = importlib.import_module(f"games.dialop.{name}").rescore
            rows = []
            for index, game in enumerate(load_recorded(name)):
                ours = rescore(game)
                recorded = game["result"]
                diff = abs(ours["norm"] - recorded["norm"])
                same = diff <= 1e-9 and all(abs(ours[k] - recorded[k]) <= 1e-9 for k in ("score", "best", "worst"))
                rows.append({"index": index, "ours": ours, "recorded": recorded, "reproduced": same})
            norms = [r["ours"]["norm"] for r in rows]
            recorded_norms = [r["recorded"]["norm"] for r in rows]
            summary = {
                "games": len(rows),
                "reproduced": sum(r["reproduced"] for r in rows),
                "max_norm_diff": max(abs(a - b) for a, b in zip(norms, recorded_norms, strict=True)),
                "mean_norm": sum(norms) / len(norms),
                "recorded_mean_norm": sum(recorded_norms) / len(recorded_norms),
                "paper_mean_norm": RECORDED_MEANS[name],
            }
            report[name] = {**summary, "per_game": rows}
            table.add_row(
                name,
                str(summary["games"]),
                str(summary["reproduced"]),
                f"{summary['max_norm_diff']:.1e}",
                f"{summary['mean_norm']:.3f}",
                f"{summary['recorded_mean_norm']:.3f}",
                f"{summary['paper_mean_norm']:.3f}",
            )
        _show(table, json_path)
        _write_json(json_path, report)

    _guard(run)


@with_llm_options
def dialop_psp_command(
    game: list[str] | None = typer.Option(
        None, help="dialop_optimization | dialop_planning | dialop_mediation (repeatable; default: all three)"
    ),
    prefix: str = typer.Option(
        "0.5,0.75,proposal,self-play", help="comma-separated conditions: 0.5, 0.75, proposal, self-play"
    ),
    agent: str | None = typer.Option(None, help="agent preset in every seat (default: the game's strongest)"),
    games: int | None = typer.Option(None, min=1, help="only the first N recorded games (default: all)"),
    parser: str | None = typer.Option(None, help="override the preset's parser: rules | llm | off"),
    option: list[str] | None = typer.Option(
        None,
        help="a slot option [SLOT.]KEY=VALUE, e.g. renderer.level=2 or renderer.kinds=typo with --agent noisy "
        "(default slot: planner; repeatable)",
    ),
    json_path: str | None = typer.Option(None, "--json", help="write per-game results and the table as JSON"),
    transcripts: str | None = typer.Option(None, help="write every game's continuation as JSONL ('-' = stdout)"),
    plot: str | None = typer.Option(
        None, help="write the Figure 5 bar chart as PNG, to exactly this path (a .png name, or none)"
    ),
    llm: Callable[[], Any] = None,  # type: ignore[assignment]  # the --llm-* options, from with_llm_options
) -> None:
    """Prompted self-play (Lin et al., Figure 5): agents finish the recorded human dialogues from
    half, three quarters, or all but the final proposal, next to the humans' scores."""

    def run() -> None:
        from agent.kits.dialop.psp import CONDITIONS, prompted_selfplay, psp_summary, recorded_indices
        from agent.registry import default_registry

        registry = default_registry()
        families = [registry.game_family(g) for g in game or GAMES]
        for family in families:
            if family not in GAMES:
                raise UserError(f"prompted self-play needs a DialOp game, not {family}")
        conditions = _csv(prefix)
        for condition in conditions:
            if condition not in CONDITIONS:
                raise UserError(f"unknown prefix {condition!r}; choose from {', '.join(CONDITIONS)}")
        config = llm()
        options = _slot_options(option)
        specs = {}
        for family in families:
            spec = registry.preset(family, agent or registry.default_preset(family))
            spec = spec.with_slots(parser=parser) if parser else spec
            for slot, values in options.items():
                spec = spec.with_options(slot, **values)
            specs[family] = spec
            registry.build_agent(specs[family], config)  # fail on bad names before anything runs
        summaries: dict[str, dict[str, dict[str, Any]]] = {}
        per_game: list[dict[str, Any]] = []
        kept: list[dict[str, Any]] = []
        with _progress() as progress:
            for family in families:
                task = family.removeprefix("dialop_")
                indices = recorded_indices(task, games)
                for condition in conditions:
                    bar = progress.add_task(f"{task} {condition}", total=len(indices))
                    records = []
                    for index in indices:
                        records.append(prompted_selfplay(task, index, condition, specs[family], registry, config))
                        progress.advance(bar)
                    summaries.setdefault(task, {})[condition] = psp_summary(records)
                    per_game += [{k: v for k, v in r.to_json().items() if k != "transcript"} for r in records]
                    if transcripts:
                        kept += [r.to_json() for r in records]
        table = LiteralTable(
            title="DialOp prompted self-play (Lin et al., Figure 5)",
            caption="mean normalized score [95% interval] on the recorded games; forced = final proposal forced by length",
        )
        for col in ("task", "condition", "games", "agents", "humans", "random", "forced %", "words", "human words"):
            table.add_column(col, justify="left" if col in ("task", "condition") else "right", no_wrap=True)
        for task, rows in summaries.items():
            for condition, s in rows.items():
                lo, hi = s["mean_score_ci"]
                table.add_row(
                    task,
                    condition,
                    str(s["games"]),
                    f"{s['mean_score']:.3f} [{lo:.3f}-{hi:.3f}]",
                    f"{s['human_score']:.3f}",
                    f"{s['random_score']:.3f}",
                    f"{100 * s['forced']:.0f}",
                    f"{s['mean_words']:.0f}",
                    f"{s['mean_human_words']:.0f}",
                )
        _show(table, json_path, transcripts)
        usage = _llm_table([(f"{t} {c}", s) for t, rows in summaries.items() for c, s in rows.items()])
        if usage is not None:
            _show(usage, json_path, transcripts)
        if plot:
            from agent.kits.dialop.plots import plot_psp

            plot_psp(summaries, plot, "prompted self-play: agents finish human dialogues")
            _wrote(plot)
        _write_jsonl(transcripts, kept if transcripts else [])
        _write_json(
            json_path,
            {"agents": {f: s.name for f, s in specs.items()}, "summary": summaries, "games": per_game},
        )

    _guard(run)


COMMANDS: tuple[KitCommand, ...] = (
    KitCommand(
        "dialop",
        "rescore",
        dialop_rescore_command,
        "DialOp: the decision-oriented dialogue games and their recorded data.",
    ),
    KitCommand("dialop", "psp", dialop_psp_command),
)
"""The commands every DialOp kit adds to ``accord``."""
