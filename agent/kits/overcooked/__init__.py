"""The Overcooked kit (LLM-Coordination, seed 002, section 2.1 and Appendix A; the dynamics of
Overcooked-AI, proven against upstream's own trajectories: :mod:`games.overcooked`).

Slots: ``parser`` (off: the paper's Overcooked agents do not talk), ``beliefs`` (``store``: the
partner's messages and resolved actions, :mod:`beliefs.overcooked`), ``planner`` (:mod:`.agents`:
``symbolic``, the default, ``greedy`` (the human-like proxy), ``cac-symbolic``, ``cac``; and
``random``: a uniformly random one of the six actions, from the agent's injected generator;
``off``: no action, so the chef stays), ``renderer`` (off: says nothing). Game options: ``layout``
(the paper's five), ``horizon`` (400), ``dynamics`` (``paper`` or ``v1.1.0``). The paper sweeps are
Table 1 (self-play) and Table 4 (with the greedy proxy, both seats), each with the paper's figures
beside Accord's. The kit adds ``accord bench overcooked`` (:mod:`.commands`).
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import GameKit, Slot, env_module, from_factory, kit_data, switched_off
from agent.kits.overcooked import agents

NAME = "overcooked"


def _random() -> Any:
    from planners.random_moves import UniformMovePlanner

    return UniformMovePlanner()


def _slots() -> dict[str, Slot]:
    def beliefs() -> Any:
        from beliefs.overcooked import OvercookedBeliefs

        return OvercookedBeliefs

    return {
        "parser": Slot(
            "reads a partner's message (none yet: the chat carries no rules meaning)",
            {"off": switched_off("parser")},
            "off",
        ),
        "beliefs": Slot(
            "the partner's messages and resolved actions (the kitchen itself is fully observed)",
            {"store": from_factory(beliefs, "the partner's messages and actions, the last kitchen")},
            "store",
        ),
        "planner": Slot(
            "chooses the chef's low-level action",
            {
                **agents.planners(),
                "random": from_factory(_random, "one of the six actions, uniformly at random"),
                "off": switched_off("planner"),
            },
            agents.DEFAULT_PRESET,
        ),
        "renderer": Slot("writes a message (none yet)", {"off": switched_off("renderer")}, "off"),
    }


def _terminal() -> Any:
    from agent.kits.overcooked.terminal import OvercookedUI

    return OvercookedUI()


def kit() -> GameKit:
    """The Overcooked game kit."""
    from agent.kits.overcooked.commands import COMMANDS
    from games.overcooked import Move, OvercookedGame, OvercookedMetrics
    from language.act_base import ActBase

    return GameKit(
        name=NAME,
        description="two chefs cook and serve onion soups together (Overcooked-AI, LLM-Coordination)",
        make_game=OvercookedGame,
        acts=ActBase,  # no Overcooked act yet: the parser and renderer are off
        slots=_slots(),
        presets=agents.presets(),
        default_preset=agents.DEFAULT_PRESET,
        metrics=OvercookedMetrics,
        summary_metrics=("score", "deliveries", "onions_potted", "shaped"),
        terminal=_terminal,
        sweeps={
            "table1": kit_data(__name__, "sweeps", "table1.toml"),
            "table4": kit_data(__name__, "sweeps", "table4.toml"),
        },
        paper=("table1", "table4"),
        commands=COMMANDS,
        actions=Move,
        env=env_module("agent.kits.overcooked.env"),
        web=kit_data(__name__, "web"),
    )
