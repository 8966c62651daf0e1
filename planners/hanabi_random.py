"""The Hanabi random planner (the ``random`` preset): a move uniformly at random among the legal ones.

The legal moves are read from the observation alone (:meth:`games.hanabi.HanabiObservation.legal_moves`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from games.hanabi import HanabiObservation
from language.acts import Intent


class RandomPlanner:
    """Uniform over the legal moves (the ``random`` preset); reads no belief."""

    def plan(self, beliefs: Any, observation: HanabiObservation, rng: np.random.Generator) -> Intent:
        """One legal move drawn uniformly with ``rng``.

        Args:
            beliefs: ignored.
            observation: the seat's observation.
            rng: the randomness.

        Returns:
            An intent with the drawn action.
        """
        moves = observation.legal_moves()
        return Intent(actions=[moves[int(rng.integers(len(moves)))]])
