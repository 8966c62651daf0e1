"""The DialOp Mediation kit: book flights for two users, one assistant (Lin et al.)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agent.kits.base import BuildContext, GameKit, Implementation, env_module, kit_data
from agent.kits.dialop_family import dialop_kit

NAME = "dialop_mediation"


class SolverOptions(BaseModel):
    """The solver's options: keyword arguments of the assistant planner and of the user simulators."""

    model_config = ConfigDict(extra="forbid")

    assistant: dict[str, Any] = Field(default_factory=dict)
    user: dict[str, Any] = Field(default_factory=dict)


def _solver(ctx: BuildContext) -> Any:
    from planners.dialop_mediation import make_solver_planner

    return make_solver_planner(**ctx.kwargs())


def kit() -> GameKit:
    """The DialOp Mediation game kit."""
    from agent.kits.dialop.evaluation import mediation_facts
    from agent.kits.dialop_mediation.noise import noisy
    from beliefs.dialop_mediation import make_beliefs
    from games.dialop.base import Accept, Propose, Reject
    from games.dialop.mediation_game import MediationGame, MediationMetrics, To
    from language.dialop_mediation import MedAct, MediationContext, MediationParser, MediationRenderer
    from planners.dialop_mediation import make_random_planner

    return dialop_kit(
        NAME,
        "DialOp Mediation: book flights for two users, one assistant (Lin et al.)",
        MediationGame,
        MedAct,
        (MediationParser, MediationRenderer, MediationContext),
        make_beliefs,
        "each user's believed flight values (assistant); a user's own data",
        Implementation(_solver, "the best pair over believed values; user simulators", SolverOptions),
        make_random_planner,
        kit_data(__name__, "sweeps", "selfplay.toml"),
        MediationMetrics,
        actions=Propose | Accept | Reject | To,
        web=kit_data("agent.kits.dialop", "web"),
        parse_facts=mediation_facts,
        noisy=noisy,
        env=env_module("agent.kits.dialop.env", "mediation_codec"),
    )
