"""The Collab games' random planner (the ``random`` preset of both kits): a legal move uniformly
at random, read from the observation alone (its ``legal`` list)."""

from __future__ import annotations

from typing import Any

import numpy as np

from language.acts import Intent


class CollabRandomPlanner:
    """Uniform over the seat's legal moves; reads no belief."""

    def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Intent:
        """One legal move drawn uniformly with ``rng`` (no action when the seat has none).

        Args:
            beliefs: ignored.
            observation: a Collab Capture or Collab Escape observation.
            rng: the randomness.

        Returns:
            An intent with the drawn action.
        """
        legal = list(observation.legal)
        if not legal:
            return Intent()
        return Intent(actions=[legal[int(rng.integers(len(legal)))]])
