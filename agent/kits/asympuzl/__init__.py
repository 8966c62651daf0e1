"""The AsymPuzl kit (Cadet et al.): an asymmetric position-shape-color puzzle.

Slots: ``parser`` (rules, off), ``beliefs`` (``store``: own clues, the partner's claims and the
deduced pieces), ``planner`` (share-all, one-at-a-time, over-correct, llm, off), ``renderer``
(template, off). Presets and the paper's tables: :mod:`agent.kits.asympuzl.paper`.
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import GameKit, OracleLanguage, Preset, Slot, env_module, from_factory, kit_data, switched_off

NAME = "asympuzl"


def _slots() -> dict[str, Slot]:
    from beliefs.asympuzl import AsympuzlBeliefs
    from language.asympuzl import AsympuzlParser, AsympuzlRenderer, PuzlAct
    from language.asympuzl_llm import ASYMPUZL, AsympuzlDecision
    from language.llm import LLMPolicy
    from language.structured import StructuredParser, StructuredRenderer
    from planners.asympuzl import OneAtATimePlanner, OverCorrectPlanner, ShareAllPlanner

    def llm_policy(llm: Any, **options: Any) -> Any:
        return LLMPolicy(llm, ASYMPUZL, ShareAllPlanner(**options), response_model=AsympuzlDecision)

    planners = {
        "share-all": from_factory(ShareAllPlanner, "tells every missing fact at once, applies the deduced pieces"),
        "one-at-a-time": from_factory(OneAtATimePlanner, "one fact per move"),
        "over-correct": from_factory(
            OverCorrectPlanner, "one fact per move, rewrites every position, doubts known ones"
        ),
        "llm": from_factory(
            llm_policy,
            "a language model reads the paper's prompt; share-all as fallback",
            ShareAllPlanner,
            needs_llm=True,
        ),
        "off": switched_off("planner"),
    }
    return {
        "parser": Slot(
            "reads the partner's message into puzzle facts",
            {
                "rules": from_factory(AsympuzlParser, "rule parser"),
                "structured": from_factory(lambda: StructuredParser(acts=PuzlAct), "acts as JSON"),
                "off": switched_off("parser"),
            },
            "rules",
        ),
        "beliefs": Slot(
            "own clues, the partner's claims, the deduced pieces",
            {"store": from_factory(lambda: AsympuzlBeliefs, "own clues, the partner's claims, the deduced pieces")},
            "store",
        ),
        "planner": Slot("chooses the facts to tell and the edits to make", planners, "share-all"),
        "renderer": Slot(
            "writes the facts as a message",
            {
                "template": from_factory(AsympuzlRenderer, "templates"),
                "structured": from_factory(lambda: StructuredRenderer(acts=PuzlAct), "acts as JSON"),
                "off": switched_off("renderer"),
            },
            "template",
        ),
    }


def _presets() -> list[Preset]:
    return [
        Preset("neurosymbolic", "tells every missing fact at once, applies the deduced pieces: 2 turns"),
        Preset("one-at-a-time", "one fact per move: about N + 1 turns", {"planner": "one-at-a-time"}),
        Preset("ignore-partner", "never hears the partner: fails (solved only by chance)", {"parser": "off"}),
        Preset(
            "over-correct", "one fact per move, rewrites every position, doubts known ones", {"planner": "over-correct"}
        ),
        Preset("llm", "a language model reads the paper's prompt and writes the message and edits", {"planner": "llm"}),
    ]


def kit() -> GameKit:
    """The AsymPuzl game kit."""
    from games.asympuzl import AsympuzlGame, AsympuzlMetrics, Replace
    from language.asympuzl import AsympuzlContext, AsympuzlParser, AsympuzlRenderer, PuzlAct

    return GameKit(
        name=NAME,
        description="asymmetric position-shape-color puzzle (Cadet et al., AsymPuzl)",
        make_game=AsympuzlGame,
        acts=PuzlAct,
        slots=_slots(),
        presets=_presets(),
        default_preset="neurosymbolic",
        metrics=AsympuzlMetrics,
        summary_metrics=("solved", "turns", "turns_to_solve"),
        oracle=OracleLanguage(AsympuzlParser, AsympuzlRenderer, AsympuzlContext),
        sweeps={
            "table1": kit_data(__name__, "sweeps", "table1.toml"),
            "table2": kit_data(__name__, "sweeps", "table2.toml"),
        },
        paper=("table1", "table2"),
        actions=Replace,
        env=env_module("agent.kits.asympuzl.env"),
        web=kit_data(__name__, "web"),
    )
