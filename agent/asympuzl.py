"""AsymPuzl agents: the registration of family ``asympuzl`` and a summary of runs.

The belief store (:class:`beliefs.asympuzl.AsympuzlBeliefs`) lives in the beliefs layer: one
player's own clues, what the partner said and what it told, and the pieces deduced from them.

Presets (``register``):

| preset            | parser | planner          | behaviour                                              |
|-------------------|--------|------------------|--------------------------------------------------------|
| ``neurosymbolic`` | rules  | ``share-all``    | tells every missing fact at once, applies the deduced pieces: 2 turns |
| ``one-at-a-time`` | rules  | ``one-at-a-time``| one fact per move: about ``N + 1`` turns               |
| ``ignore-partner``| off    | ``share-all``    | never hears the partner: fails (solved only by chance) |
| ``over-correct``  | rules  | ``over-correct`` | one fact per move, rewrites every position each move, doubts known ones |
| ``llm``           | rules  | ``llm``          | a language model reads the paper's prompt and writes the message and edits (needs a model) |
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from beliefs.asympuzl import AsympuzlBeliefs
from games.asympuzl import AsympuzlGame

if TYPE_CHECKING:
    from agent.arena import GameRecord

FAMILY = "asympuzl"


def summarize(records: list[GameRecord]) -> dict[str, Any]:
    """The paper's metrics over AsymPuzl games: success with a Wilson 95% interval, turns to solve,
    the success rate at each turn K, actions per position and tokens per move.

    Args:
        records: game records of one configuration.

    Returns:
        A JSON-able summary.
    """
    from agent.arena import add_llm_usage, mean_interval, wilson_interval  # the arena imports the registry

    n = len(records)
    solved = [r for r in records if r.metrics["solved"]]
    lo, hi = wilson_interval(len(solved), n)
    cap = max((r.metrics["turn_cap"] for r in records), default=0)
    turns = [r.metrics["turns_to_solve"] for r in solved]
    mean_turns, turns_lo, turns_hi = mean_interval(turns)
    out: dict[str, Any] = {
        "games": n,
        "solved": len(solved) / n if n else 0.0,
        "solved_ci": [lo, hi],
        "mean_turns": float(np.mean([r.metrics["turns"] for r in records])) if n else 0.0,
        "mean_turns_to_solve": mean_turns if turns else None,
        "mean_turns_to_solve_ci": [turns_lo, turns_hi] if turns else None,
        "success_at_turn": [sum(1 for t in turns if t <= k) / n if n else 0.0 for k in range(1, cap + 1)],
        "token_counter": records[0].metrics["token_counter"] if records else None,
        "refused_turns": sum(len(r.refused) for r in records),
    }
    for key in ("mean_actions_per_position", "mean_message_tokens", "mean_output_tokens", "invalid_actions"):
        out[key] = [float(np.mean([r.metrics[key][p] for r in records])) if n else 0.0 for p in (0, 1)]
    add_llm_usage(out, records)
    return out


PRESETS: tuple[str, ...] = ("neurosymbolic", "one-at-a-time", "ignore-partner", "over-correct")
TABLE1_SIZE = 5
TABLE2_SIZES: tuple[int, ...] = (3, 5, 10, 20)


def paper_tables(
    registry: Any,
    seeds: Sequence[int] = range(30),
    presets: Sequence[str] = PRESETS,
    on_game: Callable[[GameRecord], None] | None = None,
) -> dict[str, dict[str, dict[str, dict[str, Any]]]]:
    """The layout of the paper's Tables 1 and 2 for ``presets``: feedback modes x agents at N = 5,
    and sizes 3, 5, 10, 20 x agents with ``both`` feedback (cap 2N), one game per seed.

    Args:
        registry: a registry where :func:`register` has run.
        seeds: the puzzle seeds (the paper uses 30).
        presets: the agent presets (self-play).
        on_game: called after every game (progress bars).

    Returns:
        ``{"feedback": {mode: {preset: summary}}, "size": {str(N): {preset: summary}}}`` with the
        summaries of :func:`summarize`.
    """
    from agent.arena import selfplay
    from games.asympuzl import FEEDBACK_MODES

    def one(size: int, mode: str, preset: str) -> dict[str, Any]:
        game = registry.make_game(FAMILY, size=size, feedback=mode)
        return summarize(selfplay(game, registry.preset(FAMILY, preset), seeds, registry, on_game=on_game))

    return {
        "feedback": {m: {p: one(TABLE1_SIZE, m, p) for p in presets} for m in FEEDBACK_MODES},
        "size": {str(n): {p: one(n, "both", p) for p in presets} for n in TABLE2_SIZES},
    }


SUMMARY_COLUMNS: tuple[str, ...] = (
    "solved % [Wilson 95%]",
    "turns",
    "turns to solve",
    "actions/position A / B",
    "message tokens A / B",
    "output tokens A / B",
)


def summary_cells(summary: dict[str, Any]) -> list[str]:
    """One table row of :func:`summarize` output, under :data:`SUMMARY_COLUMNS` (for the CLI)."""
    lo, hi = summary["solved_ci"]
    to_solve = summary["mean_turns_to_solve"]

    def pair(key: str) -> str:
        return " / ".join(f"{v:.1f}" for v in summary[key])

    return [
        f"{100 * summary['solved']:.1f} [{100 * lo:.1f}-{100 * hi:.1f}]",
        f"{summary['mean_turns']:.2f}",
        "-" if to_solve is None else f"{to_solve:.2f}",
        " / ".join(f"{v:.2f}" for v in summary["mean_actions_per_position"]),
        pair("mean_message_tokens"),
        pair("mean_output_tokens"),
    ]


def register(registry: Any) -> None:
    """Register family ``asympuzl``: the game, parsers ``rules`` / ``structured`` / ``off``, renderers
    ``template`` / ``structured`` / ``off``, the tracker ``store`` (the whole belief store), planners ``share-all``,
    ``one-at-a-time``, ``over-correct`` and ``off`` (and ``llm``: the model as the policy, the neurosymbolic planner as its
    fallback), and the presets of the module docstring (default ``neurosymbolic``; ``llm`` needs a
    configured model).

    Args:
        registry: an ``agent.registry.Registry``.
    """
    from agent.registry import AgentSpec
    from language.asympuzl import AsympuzlParser, AsympuzlRenderer, PuzlAct
    from language.base import NullParser, NullRenderer
    from language.structured import StructuredParser, StructuredRenderer
    from planners.asympuzl import OneAtATimePlanner, OverCorrectPlanner, ShareAllPlanner
    from planners.base import NullPlanner

    fam = FAMILY
    registry.register_game(fam, AsympuzlGame, "asymmetric position-shape-color puzzle (Cadet et al., AsymPuzl)")
    registry.parsers[(fam, "rules")] = AsympuzlParser
    registry.parsers[(fam, "structured")] = lambda: StructuredParser(acts=PuzlAct)
    registry.parsers[(fam, "off")] = NullParser
    registry.renderers[(fam, "template")] = AsympuzlRenderer
    registry.renderers[(fam, "structured")] = lambda: StructuredRenderer(acts=PuzlAct)
    registry.renderers[(fam, "off")] = NullRenderer
    registry.partner_models[(fam, "on")] = lambda: None
    registry.trackers[(fam, "store")] = AsympuzlBeliefs
    registry.belief_stores[fam] = lambda partner, tracker: tracker
    registry.planners[(fam, "share-all")] = ShareAllPlanner
    registry.planners[(fam, "one-at-a-time")] = OneAtATimePlanner
    registry.planners[(fam, "over-correct")] = OverCorrectPlanner
    registry.planners[(fam, "off")] = NullPlanner
    base = AgentSpec(game=fam, tracking="store", planner="share-all", name="neurosymbolic")
    registry.register_preset(base)
    registry.default_presets[fam] = "neurosymbolic"
    registry.register_preset(replace(base, name="one-at-a-time", planner="one-at-a-time"))
    registry.register_preset(replace(base, name="ignore-partner", parser="off"))
    registry.register_preset(replace(base, name="over-correct", planner="over-correct"))
    # the paper's LLM agents: the model reads the paper's prompt and writes the message and the edits
    from language.asympuzl_llm import ASYMPUZL, AsympuzlDecision
    from language.llm import LLMPolicy

    registry.planners[(fam, "llm")] = lambda llm, **options: LLMPolicy(
        llm, ASYMPUZL, ShareAllPlanner(**options), response_model=AsympuzlDecision
    )
    registry.llm_components.add(("planner", fam, "llm"))
    registry.register_preset(replace(base, name="llm", planner="llm"))
