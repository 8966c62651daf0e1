"""What the three DialOp kits (Lin et al., seed 004) share: their slot layout and presets.

Each task has a rule parser and an LLM parser over its acts, a template renderer, one belief store
built from the first observation, a ``solver`` planner and the ``random``-proposal baseline; the
presets are ``solver`` (default), ``random`` (which neither reads nor writes messages) and ``noisy``
(the solver, its messages with seeded noise: :mod:`language.noise`). Each
declares the ``accord dialop`` commands (:mod:`agent.kits.dialop.commands`), mounted once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from agent.kits.base import (
    EnvCodec,
    GameKit,
    Implementation,
    OracleLanguage,
    Preset,
    SeatTool,
    Slot,
    from_factory,
    noisy_renderer,
    on_a_model,
    switched_off,
)
from games.base import GameMetrics

NOISY: dict[str, dict[str, Any]] = {"renderer": {"level": 1.0}}
"""The options of the ``noisy`` preset: one perturbation per message on average, of every kind."""


def dialop_kit(
    name: str,
    description: str,
    make_game: Callable[..., Any],
    acts: Any,
    language: tuple[type, type, type],
    make_beliefs: Callable[[Any], Any],
    beliefs_description: str,
    solver: Implementation,
    random: Callable[[], Any],
    sweep: Path,
    metrics: type[GameMetrics] | None = None,
    actions: Any = None,
    web: Path | None = None,
    tools: Sequence[SeatTool] = (),
    parse_facts: Callable[[Sequence[Any], Any], list[tuple[Any, ...]]] | None = None,
    noisy: Callable[[Any], Any] | None = None,
    env: Callable[[], EnvCodec] | None = None,
) -> GameKit:
    """The kit of one DialOp task.

    Args:
        language: the task's rule parser, template renderer and context model (classes).
        make_beliefs: builds the belief store of a seat from its first observation.
        solver: the ``solver`` planner.
        random: builds the ``random``-proposal planner.
        sweep: the task's self-play sweep file.
        metrics: the task's metrics model.
        actions: the task's formal action types (default: propose, accept, reject).
        web: the task's browser widget folder (``GameKit.web``), if it has one.
        tools: the task's seat tools (``GameKit.tools``).
        parse_facts: the facts ``accord eval parse`` scores (``GameKit.parse_facts``).
        env: builds the task's PettingZoo codec (``GameKit.env``, :mod:`agent.kits.dialop.env`).
        noisy: builds the ``noisy`` renderer (the templates with seeded noise,
            :mod:`language.noise`) from its options; the kit then has a ``noisy`` preset too.

    The task's labelled human messages (``eval/human_v1.jsonl`` of the kit's folder, beside the
    sweep folder) are its evaluation set.
    """
    from agent.kits.dialop.commands import COMMANDS
    from agent.kits.dialop.recorded import RECORDED_OPTIONS, dialop_parse_context
    from games.dialop.base import Accept, Propose, Reject
    from language.dialop_llm import LANGUAGES
    from language.llm import LLMParser
    from language.structured import StructuredParser, StructuredRenderer

    parser, renderer, context = language
    model = LANGUAGES[name]
    parsers = {
        "rules": from_factory(parser, "rule parser of the task's acts"),
        "llm": on_a_model(
            LLMParser,
            model,
            lambda: model.rules,
            "a language model, the rule parser as fallback",
            response_model=model.response_model,
        ),
        "structured": from_factory(
            lambda: StructuredParser(acts=model.acts, language=model), "acts as JSON, validated (a loss-free channel)"
        ),
        "off": switched_off("parser"),
    }
    renderers = {
        "template": from_factory(renderer, "templates"),
        "structured": from_factory(lambda: StructuredRenderer(acts=model.acts), "acts as JSON"),
        "off": switched_off("renderer"),
    }
    presets = [
        Preset("solver", "the neurosymbolic agent: exact solver over what it knows"),
        Preset("random", "random proposals, no words", {"planner": "random", "parser": "off", "renderer": "off"}),
    ]
    if noisy is not None:
        renderers["noisy"] = noisy_renderer(noisy)
        presets.append(
            Preset("noisy", "the solver agent, its messages with noise (level 1)", {"renderer": "noisy"}, NOISY)
        )
    slots = {
        "parser": Slot("reads the partner's messages into the task's acts", parsers, "rules"),
        "beliefs": Slot(
            beliefs_description, {"store": from_factory(lambda: make_beliefs, beliefs_description)}, "store"
        ),
        "planner": Slot(
            "chooses each turn's acts and proposal",
            {"solver": solver, "random": from_factory(random, "proposes at random, accepts anything")},
            "solver",
        ),
        "renderer": Slot("writes the acts as a message", renderers, "template"),
    }
    return GameKit(
        name=name,
        description=description,
        make_game=make_game,
        acts=acts,
        slots=slots,
        presets=presets,
        default_preset="solver",
        metrics=metrics,
        summary_metrics=("normalized_score", "agreed", "words", "messages", "turns", "proposals"),
        oracle=OracleLanguage(parser, renderer, context),
        sweeps={"paper": sweep},
        commands=COMMANDS,
        actions=actions if actions is not None else Propose | Accept | Reject,
        web=web,
        tools=tools,
        env=env,
        parse_context=dialop_parse_context(name.removeprefix("dialop_")),
        parse_options=RECORDED_OPTIONS,
        parse_facts=parse_facts,
        parse_sets={"human_v1": sweep.parent.parent / "eval" / "human_v1.jsonl"},
    )
