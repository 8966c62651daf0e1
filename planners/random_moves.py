"""A planner that draws a move uniformly from the legal moves its observation lists.

For any game whose observation offers ``legal_moves()`` (Hanabi's moves, Overcooked's six
low-level actions, the Collab games' moves): the ``random`` preset, a baseline and a smoke test of
the whole pipeline. Reads no belief.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from language.acts import Intent


class ListsMoves(Protocol):
    """An observation that lists the moves its seat may make now."""

    def legal_moves(self) -> Sequence[Any]: ...


class UniformMovePlanner:
    """One legal move, uniformly at random; no move (an empty intent) when none is listed."""

    def plan(self, beliefs: object, observation: ListsMoves, rng: np.random.Generator) -> Intent:
        """A legal move drawn with ``rng``.

        Args:
            beliefs: ignored.
            observation: the seat's observation.
            rng: the randomness (the agent's injected generator).

        Returns:
            An intent whose one action is the drawn move.
        """
        moves = observation.legal_moves()
        if not moves:
            return Intent()
        return Intent(actions=[moves[int(rng.integers(len(moves)))]])
