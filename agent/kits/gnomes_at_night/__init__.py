"""The Gnomes at Night kit (Chen et al., seed 003): a two-player shared-control maze game.

Slots: ``parser`` (rules, llm, off: intent flags), ``beliefs`` (``dictionary``: the hidden-information
dictionary, the treasure belief and the flags in flight), ``planner`` (aismcts: AISMCTS-F; proxy: the
partner simulator standing in for a person), ``renderer`` (template, llm, noisy, off). Presets ``comm``,
``mute`` and the simulators ``proxy`` and ``mute-proxy``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agent.kits.base import (
    BenchProbe,
    GameKit,
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

NAME = "gnomes_at_night"


def _slots() -> dict[str, Slot]:
    from agent.kits.gnomes_at_night.noise import noisy
    from beliefs.gnomes_at_night import GnomesBeliefs
    from language.gnomes_at_night import GnomesParser, GnomesRenderer
    from language.gnomes_at_night_llm import GNOMES_AT_NIGHT
    from language.llm import LLMParser, LLMRenderer
    from planners.aismcts import SearchConfig
    from planners.gnomes_at_night import AISMCTSPlanner, ProxyPlanner

    parsers = {
        "rules": from_factory(GnomesParser, "rule parser: one intent flag per message"),
        "llm": on_a_model(LLMParser, GNOMES_AT_NIGHT, GnomesParser, "a language model, the rule parser as fallback"),
        "off": switched_off("parser"),
    }
    renderers = {
        "template": from_factory(GnomesRenderer, "templates"),
        "llm": on_a_model(LLMRenderer, GNOMES_AT_NIGHT, GnomesRenderer, "a language model, the templates as fallback"),
        "noisy": noisy_renderer(noisy),
        "off": switched_off("renderer"),
    }
    beliefs = {
        "dictionary": from_factory(
            lambda: GnomesBeliefs, "the hidden-information dictionary, the treasure belief, the flags in flight"
        )
    }
    planners = {
        "aismcts": from_factory(
            AISMCTSPlanner,
            "AISMCTS-F: information-set MCTS with a communication model",
            AISMCTSPlanner,
            SearchConfig,
        ),
        "proxy": from_factory(ProxyPlanner, "the partner simulator standing in for a person"),
    }
    return {
        "parser": Slot("reads the partner's message as one intent flag", parsers, "rules"),
        "beliefs": Slot("the dictionary of what each side sees, and the treasure belief", beliefs, "dictionary"),
        "planner": Slot("chooses the move and the flag of each turn", planners, "aismcts"),
        "renderer": Slot("writes the flag as a message", renderers, "template"),
    }


def _presets() -> list[Preset]:
    mute = {"parser": "off", "renderer": "off"}
    silent = {"planner": {"communicate": False}}
    return [
        Preset("comm", "AISMCTS-F that talks and listens"),
        Preset("mute", "AISMCTS-F without a word", mute, silent),
        Preset("proxy", "the partner simulator, talking", {"planner": "proxy"}),
        Preset("mute-proxy", "the partner simulator, silent", {**mute, "planner": "proxy"}, silent),
    ]


def _parse_context(game: Any, agent: Any, options: Mapping[str, str]) -> Any:
    from games.gnomes_at_night import MOVES
    from language.flags import FlagContext

    last = options.get("last_request")
    if last is not None and last not in MOVES:
        raise ValueError(f"last_request must be one of {', '.join(MOVES)}")
    return FlagContext(last_request=last)


def _oracle() -> OracleLanguage:
    from language.flags import FlagContext
    from language.gnomes_at_night import GnomesParser, GnomesRenderer

    return OracleLanguage(GnomesParser, GnomesRenderer, FlagContext)


def _terminal() -> Any:
    from agent.kits.gnomes_at_night.terminal import GnomesAtNightUI

    return GnomesAtNightUI()


def kit() -> GameKit:
    """The Gnomes at Night game kit."""
    from agent.kits.gnomes_at_night.commands import COMMANDS
    from agent.kits.gnomes_at_night.evaluation import flag_facts
    from games.gnomes_at_night import GnomesAtNightGame, GnomesAtNightMetrics, MoveAction
    from language.flags import Flag

    return GameKit(
        name=NAME,
        description="two-player shared-control maze game (Chen et al., Gnomes at Night)",
        make_game=GnomesAtNightGame,
        acts=Flag,
        slots=_slots(),
        presets=_presets(),
        default_preset="comm",
        metrics=GnomesAtNightMetrics,
        summary_metrics=(
            "per_round.success",
            "per_round.turns",
            "per_round.oracle_turns",
            "turns/oracle",
            "words.0",
            "words.1",
        ),
        oracle=_oracle(),
        terminal=_terminal,
        parse_context=_parse_context,
        parse_options=("last_request",),
        parse_facts=flag_facts,
        parse_sets={"human_style_v1": kit_data(__name__, "eval", "human_style_v1.jsonl")},
        show_acts=lambda acts: acts[0].summary(),  # one intent flag per message
        sweeps={
            "paper": kit_data(__name__, "sweeps", "comm_vs_mute.toml"),
            "language": kit_data(__name__, "sweeps", "language.toml"),
        },
        commands=COMMANDS,
        bench=(
            BenchProbe(
                "AISMCTS-F, 10k it",
                kit_data(__name__, "bench_probe.py"),
                target=">= 300k it/s, 20x ref.",
                min_value=300_000,
                min_reference_ratio=20,
            ),
            BenchProbe(
                "AISMCTS-F steps, 10k it",
                kit_data(__name__, "bench_probe.py"),
                {"metric": "steps"},
                target=">= 20M steps/s",
                min_value=20_000_000,
            ),
        ),
        actions=MoveAction,
        env=env_module("agent.kits.gnomes_at_night.env"),
        web=kit_data(__name__, "web"),
    )
