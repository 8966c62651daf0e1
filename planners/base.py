"""The planner interface: beliefs + observation -> intent (the acts to say and the actions to take)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np

from language.acts import Intent

BeliefsT_contra = TypeVar("BeliefsT_contra", contravariant=True)
"""The belief store a planner reads (contravariant: a planner of any store serves a game's)."""
ObsT_contra = TypeVar("ObsT_contra", contravariant=True)
"""The observation a planner reads (a game's observation model)."""


@runtime_checkable
class Planner(Protocol[BeliefsT_contra, ObsT_contra]):
    """Chooses one turn's intent from what the belief store holds (which it only reads) and the
    seat's observation. All randomness comes from ``rng``.

    ``Planner[B, O]`` plans from a belief store of type ``B`` and an observation of type ``O`` (a
    game's planner reads its game's store and observation); ``Planner[Any, Any]`` takes any.
    """

    def plan(self, beliefs: BeliefsT_contra, observation: ObsT_contra, rng: np.random.Generator) -> Intent: ...


class NullPlanner:
    """A switched-off planner: says nothing and takes no action (the partner plays alone)."""

    def plan(self, beliefs: object, observation: object, rng: np.random.Generator) -> Intent:
        return Intent()


class RolePlanner:
    """One planner per seat: delegates to the planner of the observation's role, so that a single
    preset plays every seat of a game whose roles differ (a user and an assistant, say).

    Args:
        by_role: role -> planner.
        role_of: maps an observation to its key in ``by_role`` (default: ``observation.role``).

    Raises:
        ValueError: ``by_role`` is empty.
    """

    def __init__(self, by_role: dict[str, Planner[Any, Any]], role_of: Callable[[Any], str] | None = None) -> None:
        if not by_role:
            raise ValueError("RolePlanner needs at least one role")
        self.by_role = dict(by_role)
        self.role_of = role_of or (lambda observation: observation.role)

    def _planner(self, observation: object) -> Planner[Any, Any]:
        role = self.role_of(observation)
        if role not in self.by_role:
            raise ValueError(f"no planner for the role {role!r}; roles: {', '.join(sorted(self.by_role))}")
        return self.by_role[role]

    def plan(self, beliefs: object, observation: object, rng: np.random.Generator) -> Intent:
        return self._planner(observation).plan(beliefs, observation, rng)

    def final_proposal(self, beliefs: object, observation: object) -> Any:
        """The role's planner's best proposal now (for planners that make proposals).

        Raises:
            ValueError: the role's planner makes no proposals.
        """
        planner = self._planner(observation)
        if not hasattr(planner, "final_proposal"):
            raise ValueError(f"the {self.role_of(observation)!r} planner makes no proposals")
        return planner.final_proposal(beliefs, observation)
