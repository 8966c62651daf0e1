"""The DialOp Planning kit: a 3-site itinerary for a user (Lin et al.)."""

from __future__ import annotations

from typing import Any

from agent.kits.base import GameKit, env_module, from_factory, kit_data
from agent.kits.dialop_family import dialop_kit
from agent.kits.dialop_planning.tools import SEARCH

NAME = "dialop_planning"
USER_OPTIONS = frozenset({"accept_tolerance", "patience", "volunteer", "settle"})
"""The solver's options that go to the user simulator (the others go to the assistant)."""


def _solver(**options: Any) -> Any:
    from planners.base import RolePlanner
    from planners.dialop_planning import AssistantPlanner, UserSimPlanner

    user = UserSimPlanner(**{k: v for k, v in options.items() if k in USER_OPTIONS})
    assistant = AssistantPlanner(**{k: v for k, v in options.items() if k not in USER_OPTIONS})
    return RolePlanner({"user": user, "assistant": assistant})


def _random() -> Any:
    from planners.base import RolePlanner
    from planners.dialop_planning import sample_itinerary
    from planners.dialop_random import RandomProposalPlanner

    return RolePlanner({"assistant": RandomProposalPlanner(sample_itinerary), "user": RandomProposalPlanner(None)})


def kit() -> GameKit:
    """The DialOp Planning game kit."""
    from agent.kits.dialop.evaluation import planning_facts
    from agent.kits.dialop_planning.noise import noisy
    from beliefs.dialop_planning import make_beliefs
    from games.dialop.planning_game import PlanningGame, PlanningMetrics
    from language.dialop_planning import PlanAct, PlanningContext, PlanningParser, PlanningRenderer
    from planners.dialop_planning import AssistantPlanner, UserSimPlanner

    return dialop_kit(
        NAME,
        "DialOp Planning: a 3-site itinerary for a user (Lin et al.)",
        PlanningGame,
        PlanAct,
        (PlanningParser, PlanningRenderer, PlanningContext),
        make_beliefs,
        "the user's believed preferences (assistant); the user simulator's data",
        from_factory(
            _solver, "itinerary search over believed preferences; a user simulator", AssistantPlanner, UserSimPlanner
        ),
        _random,
        kit_data(__name__, "sweeps", "selfplay.toml"),
        PlanningMetrics,
        web=kit_data("agent.kits.dialop", "web"),
        tools=(SEARCH,),
        parse_facts=planning_facts,
        noisy=noisy,
        env=env_module("agent.kits.dialop.env", "planning_codec"),
    )
