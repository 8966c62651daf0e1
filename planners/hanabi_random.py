"""The Hanabi random planner (the ``random`` preset): a move uniformly at random among the legal ones.

The legal moves are read from the observation alone (HLE's rules): play any own card; discard one
unless every information token is in hand; with a token left, clue any colour or rank that touches
at least one card of another seat.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from games.hanabi import Discard, HanabiAction, HanabiObservation, Play, RevealColor, RevealRank
from language.acts import Intent


def legal_actions(observation: HanabiObservation) -> list[HanabiAction]:
    """The legal moves of the observing seat, in HLE's order (discards, plays, colour, rank clues).

    Args:
        observation: the seat's observation (its turn).

    Returns:
        Every legal typed action.
    """
    me = observation.seat
    n = len(observation.hands[me].knowledge)
    out: list[HanabiAction] = []
    if observation.information_tokens < observation.max_information_tokens:
        out.extend(Discard(card=i) for i in range(n))
    out.extend(Play(card=i) for i in range(n))
    if observation.information_tokens > 0:
        others = [(me + off) % observation.num_players for off in range(1, observation.num_players)]
        for seat in others:
            cards = observation.hands[seat].cards or ()
            present = {card.color for card in cards}
            out.extend(RevealColor(target=seat, color=c) for c in observation.colors if c in present)
        for seat in others:
            cards = observation.hands[seat].cards or ()
            ranks = {card.rank for card in cards}
            out.extend(RevealRank(target=seat, rank=r) for r in sorted(ranks))
    return out


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
        moves = legal_actions(observation)
        return Intent(actions=[moves[int(rng.integers(len(moves)))]])
