"""The random-proposal baseline of the DialOp games (the grey line of Lin et al., Figure 4).

A player that says nothing: it puts a uniformly random proposal (drawn by the game's sampler from
what the player itself sees) whenever it may propose, and accepts whatever it is asked to answer.
In self-play its normalized score is the score of a random proposal, the floor every real agent
must clear by far.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from games.dialop.base import Accept, Propose
from language.acts import Intent

ProposalSampler = Callable[[Any, np.random.Generator], Any]


class RandomProposalPlanner:
    """Propose at random, accept everything.

    Args:
        sample: ``(observation, rng) -> proposal`` in the game's ``Propose.proposal`` format, drawn
            only from the proposer's own view; ``None`` when this seat cannot propose.
    """

    def __init__(self, sample: ProposalSampler | None) -> None:
        self.sample = sample

    def plan(self, beliefs: object, observation: Any, rng: np.random.Generator) -> Intent:
        if observation.must_respond:
            return Intent(actions=[Accept()])
        if self.sample is not None and observation.pending_proposal is None:
            return Intent(actions=[Propose(proposal=self.sample(observation, rng))])
        return Intent()
