"""DialOp Planning: the registration of the game's agents.

The belief stores (:mod:`beliefs.dialop_planning`: one per seat, picked by
:func:`~beliefs.dialop_planning.make_beliefs`) live in the beliefs layer; this module wires them with
the parsers, renderers and planners into presets.
"""

from __future__ import annotations

from typing import Any

from beliefs.dialop_planning import make_beliefs
from language.dialop_planning import PlanningParser


def register(registry: Any) -> None:
    """Register the planning game's components and presets in ``registry``."""
    from agent.registry import AgentSpec
    from language.base import NullParser, NullRenderer
    from language.dialop_llm import PLANNING
    from language.dialop_planning import PlanningRenderer
    from language.structured import StructuredParser, StructuredRenderer
    from planners.base import RolePlanner
    from planners.dialop_planning import AssistantPlanner, UserSimPlanner, sample_itinerary
    from planners.dialop_random import RandomProposalPlanner

    fam = "dialop_planning"
    registry.parsers[(fam, "rules")] = PlanningParser
    registry.parsers[(fam, "structured")] = lambda: StructuredParser(acts=PLANNING.acts, language=PLANNING)
    registry.parsers[(fam, "off")] = NullParser
    registry.renderers[(fam, "template")] = PlanningRenderer
    registry.renderers[(fam, "structured")] = lambda: StructuredRenderer(acts=PLANNING.acts)
    registry.renderers[(fam, "off")] = NullRenderer
    # one store per seat holds everything the agent knows
    registry.partner_models[(fam, "on")] = lambda: None
    registry.trackers[(fam, "beliefs")] = make_beliefs
    registry.belief_stores[fam] = lambda partner, tracker: tracker

    def solver(**options: Any) -> RolePlanner:
        user_keys = {"accept_tolerance", "patience", "volunteer", "settle"}
        user = UserSimPlanner(**{k: v for k, v in options.items() if k in user_keys})
        assistant = AssistantPlanner(**{k: v for k, v in options.items() if k not in user_keys})
        return RolePlanner({"user": user, "assistant": assistant})

    registry.planners[(fam, "solver")] = solver
    registry.planners[(fam, "random")] = lambda: RolePlanner(
        {"assistant": RandomProposalPlanner(sample_itinerary), "user": RandomProposalPlanner(None)}
    )
    registry.register_preset(AgentSpec(game=fam, tracking="beliefs", planner="solver", name="solver"))
    registry.register_preset(
        AgentSpec(game=fam, tracking="beliefs", planner="random", parser="off", renderer="off", name="random")
    )
    registry.default_presets[fam] = "solver"
