"""The planner interface: beliefs + observation -> intent (the acts to say and the actions to take)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from language.acts import Intent


@runtime_checkable
class Planner(Protocol):
    """Chooses one turn's intent. All randomness comes from ``rng``."""

    def plan(self, beliefs: object, observation: object, rng: np.random.Generator) -> Intent: ...


class NullPlanner:
    """A switched-off planner: says nothing and takes no action (the partner plays alone)."""

    def plan(self, beliefs: object, observation: object, rng: np.random.Generator) -> Intent:
        return Intent()
