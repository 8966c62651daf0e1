"""The Traveling Adventurers kit (Jeknić et al. 2025): a two-player TSP dialogue game.

Slots: ``parser`` (rules, structured, embed, llm, off), ``beliefs`` (``store``: a partner model and a
state tracker, chosen by its options ``partner`` on/off and ``tracking`` agreement/history),
``planner`` (ibp, greedy, llm, off), ``renderer`` (template, structured, llm, noisy, off). Presets: the
paper's four offline agents and its four LLM-centred ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from agent.kits.base import (
    BenchProbe,
    BuildContext,
    GameKit,
    Implementation,
    OracleLanguage,
    Preset,
    Slot,
    env_module,
    from_factory,
    kit_data,
    noisy_renderer,
    on_a_model,
    switched_off,
)
from agent.kits.traveling_adventurers.checks import withdraw_invalid_tours
from agent.kits.traveling_adventurers.parse import CONTEXT_OPTIONS, dialogue_context
from agent.kits.traveling_adventurers.view import dialogue_view

NAME = "traveling_adventurers"


class BeliefOptions(BaseModel):
    """The options of the belief store: its partner model and its state tracker."""

    model_config = ConfigDict(extra="forbid")

    partner: Literal["on", "off"] = "on"
    """``on``: the partner model hears the partner's coins; ``off``: a null model that hears nothing."""
    tracking: Literal["agreement", "history"] = "agreement"
    """``agreement``: the agreed path so far; ``history``: only the last suggestions, every one a move."""


def _belief_store(ctx: BuildContext) -> Callable[[Any], Any]:
    from beliefs.traveling_adventurers import (
        AgreementTracker,
        HistoryTracker,
        NullPartnerModel,
        PartnerModel,
        TravelingAdventurersBeliefs,
    )

    options = ctx.options
    assert isinstance(options, BeliefOptions)
    partner = PartnerModel if options.partner == "on" else NullPartnerModel
    tracker = AgreementTracker if options.tracking == "agreement" else HistoryTracker
    return lambda observation: TravelingAdventurersBeliefs(
        partner(), tracker(start=observation.start), seat=observation.seat
    )


def _slots() -> dict[str, Slot]:
    from agent.kits.traveling_adventurers.noise import noisy
    from language.llm import LLMParser, LLMPolicy, LLMRenderer
    from language.structured import StructuredParser, StructuredRenderer
    from language.traveling_adventurers import TravelingAdventurersParser, TravelingAdventurersRenderer
    from language.traveling_adventurers_llm import ACTS, TRAVELING_ADVENTURERS
    from planners.traveling_adventurers import GreedyPlanner, IBPPlanner

    def embed_parser() -> Any:
        from language.embed import BackedParser  # the optional [embed] extra

        return BackedParser()

    parsers = {
        "rules": from_factory(TravelingAdventurersParser, "rule parser: cue lexicons, mentions, clauses"),
        "structured": from_factory(
            lambda: StructuredParser(acts=ACTS, language=TRAVELING_ADVENTURERS),
            "acts as JSON, validated (a loss-free channel)",
        ),
        "embed": from_factory(embed_parser, "the rule parser backed by an embedding classifier ([embed] extra)"),
        "llm": on_a_model(
            LLMParser,
            TRAVELING_ADVENTURERS,
            TravelingAdventurersParser,
            "a language model, the rule parser as fallback",
        ),
        "off": switched_off("parser"),
    }
    renderers = {
        "template": from_factory(TravelingAdventurersRenderer, "templates"),
        "structured": from_factory(lambda: StructuredRenderer(acts=ACTS), "acts as JSON"),
        "llm": on_a_model(
            LLMRenderer,
            TRAVELING_ADVENTURERS,
            TravelingAdventurersRenderer,
            "a language model, the templates as fallback",
        ),
        "noisy": noisy_renderer(noisy),
        "off": switched_off("renderer"),
    }
    planners = {
        "ibp": from_factory(IBPPlanner, "information-bounded planning: exact tours over what is known"),
        "greedy": from_factory(GreedyPlanner, "the nearest next room"),
        "llm": from_factory(
            lambda llm, **options: LLMPolicy(llm, TRAVELING_ADVENTURERS, GreedyPlanner(**options)),
            "a language model decides, the greedy planner as fallback",
            GreedyPlanner,
            needs_llm=True,
        ),
        "off": switched_off("planner"),
    }
    beliefs = {
        "store": Implementation(
            _belief_store, "partner model + state tracker (options partner, tracking)", BeliefOptions
        ),
    }
    return {
        "parser": Slot("reads the partner's messages into dialogue acts", parsers, "rules"),
        "beliefs": Slot("what the agent knows of the partner's coins and the agreed path", beliefs, "store"),
        "planner": Slot("chooses the acts of each turn", planners, "ibp"),
        "renderer": Slot("writes the acts as a message", renderers, "template"),
    }


def _presets() -> list[Preset]:
    def beliefs(partner: str, tracking: str) -> dict[str, dict[str, str]]:
        return {"beliefs": {"partner": partner, "tracking": tracking}}

    llm = {"parser": "llm", "planner": "llm"}
    return [
        Preset(
            "baseline", "no partner model, action history, greedy", {"planner": "greedy"}, beliefs("off", "history")
        ),
        Preset("grounding", "+ partner model", {"planner": "greedy"}, beliefs("on", "history")),
        Preset("state-tracking", "+ agreement tracking", {"planner": "greedy"}, beliefs("on", "agreement")),
        Preset("problem-solving", "+ IBP planning (the strongest offline agent)", {"planner": "ibp"}),
        Preset("llm-baseline", "a model parses and decides; baseline beliefs", llm, beliefs("off", "history")),
        Preset("llm-grounding", "a model parses and decides; + partner model", llm, beliefs("on", "history")),
        Preset("llm-state-tracking", "a model parses and decides; + agreement tracking", llm),
        Preset(
            "llm-problem-solving",
            "a model parses and speaks; IBP decides",
            {"parser": "llm", "planner": "ibp", "renderer": "llm"},
        ),
    ]


def _parse_context(game: Any, agent: Any, options: Mapping[str, str]) -> Any:
    return dialogue_context(options)


def _oracle() -> OracleLanguage:
    from language.traveling_adventurers import TravelingAdventurersParser, TravelingAdventurersRenderer
    from language.traveling_adventurers.context import DialogueContext

    return OracleLanguage(TravelingAdventurersParser, TravelingAdventurersRenderer, DialogueContext)


def _terminal() -> Any:
    from agent.kits.traveling_adventurers.terminal import TravelingAdventurersUI

    return TravelingAdventurersUI()


def kit() -> GameKit:
    """The Traveling Adventurers game kit."""
    from agent.kits.traveling_adventurers.evaluation import ta_facts
    from games.traveling_adventurers import Submit, TravelingAdventurersGame, TravelingAdventurersMetrics
    from language.acts import Act

    return GameKit(
        name=NAME,
        description="two-player TSP dialogue game (Jeknić et al. 2025)",
        make_game=TravelingAdventurersGame,
        acts=Act,
        slots=_slots(),
        presets=_presets(),
        default_preset="problem-solving",
        metrics=TravelingAdventurersMetrics,
        summary_metrics=("identical", "correct", "optimal", "turns", "words", "score"),
        oracle=_oracle(),
        terminal=_terminal,
        parse_context=_parse_context,
        parse_options=CONTEXT_OPTIONS,
        parse_facts=ta_facts,
        parse_sets={"human_style_v1": kit_data(__name__, "eval", "human_style_v1.jsonl")},
        turn_checks=(withdraw_invalid_tours,),
        sweeps={
            "paper": kit_data(__name__, "sweeps", "table1.toml"),
            "modules": kit_data(__name__, "sweeps", "modules.toml"),
            "language": kit_data(__name__, "sweeps", "language.toml"),
        },
        aliases={"templates": "template"},
        actions=Submit,
        env=env_module("agent.kits.traveling_adventurers.env"),
        view=dialogue_view,
        web=kit_data(__name__, "web"),
        bench=tuple(
            BenchProbe(
                f"TA self-play, {rooms} rooms",
                kit_data(__name__, "bench_probe.py"),
                {"rooms": rooms},
                target=f">= {at_least} games/s",
                min_value=at_least,
            )
            for rooms, at_least in ((6, 60), (8, 25))
        ),
    )
