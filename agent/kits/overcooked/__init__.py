"""The Overcooked kit (LLM-Coordination, seed 002, section 2.1 and Appendix A; the dynamics of
Overcooked-AI, proven against upstream's own trajectories: :mod:`games.overcooked`).

Slots: ``parser`` (off: the kit reads no message yet), ``beliefs`` (``store``: the partner's messages
and resolved actions, :mod:`beliefs.overcooked`), ``planner`` (``random``: a uniformly random one of
the six actions, from the agent's injected generator; ``off``: no action, so the chef stays),
``renderer`` (off: says nothing). Game options: ``layout`` (the paper's five), ``horizon`` (400),
``dynamics`` (``paper`` or ``v1.1.0``). The kit adds ``accord bench overcooked`` (:mod:`.commands`).
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import GameKit, Preset, Slot, from_factory, kit_data, switched_off

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
                "random": from_factory(_random, "one of the six actions, uniformly at random"),
                "off": switched_off("planner"),
            },
            "random",
        ),
        "renderer": Slot("writes a message (none yet)", {"off": switched_off("renderer")}, "off"),
    }


def _presets() -> list[Preset]:
    return [Preset("random", "a uniformly random one of the six actions every step (the paper's floor)")]


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
        presets=_presets(),
        default_preset="random",
        metrics=OvercookedMetrics,
        summary_metrics=("score", "deliveries", "onions_potted", "shaped"),
        terminal=_terminal,
        sweeps={"selfplay": kit_data(__name__, "sweeps", "selfplay.toml")},
        paper=("selfplay",),
        commands=COMMANDS,
        actions=Move,
        web=kit_data(__name__, "web"),
    )
