"""The Overcooked belief store: what a chef has heard and seen, for its planner to read.

Overcooked is fully observable, so the store holds no hidden-state estimate: it keeps the partner's
messages (text and parsed acts) and the partner's resolved low-level actions, the raw material of
partner modelling (the paper's theory-of-mind module reads the partner's recent actions).

============== ================================================================================
query          what
============== ================================================================================
``heard``      the partner's messages, oldest first (:class:`~beliefs.base.Utterance`)
``partner``    the partner's resolved actions, one per joint step (action names)
``kitchen``    the last kitchen observed
============== ================================================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from beliefs.base import SeatedBeliefs, Utterance
from games.overcooked import Kitchen, OvercookedObservation


@dataclass(frozen=True)
class KitchenContext:
    """What reading or writing one message needs: who speaks, the chefs' names and the kitchen.

    Attributes:
        speaker: the seat that wrote (or will write) the message.
        names: the chefs' names, by seat.
        layout: the layout's name.
        kitchen: the kitchen when the message is read.
    """

    speaker: int
    names: tuple[str, str]
    layout: str
    kitchen: Kitchen


class OvercookedBeliefs(SeatedBeliefs):
    """What one chef has heard (the partner's messages) and seen (the partner's actions).

    Args:
        observation: the chef's first observation (the store's seat comes from it).
    """

    def __init__(self, observation: OvercookedObservation) -> None:
        self.take_seat(observation)
        self.heard: list[Utterance] = []
        self.partner: list[str] = []
        self.kitchen: Kitchen = observation.kitchen
        self._steps = 0

    def observe(self, observation: OvercookedObservation) -> None:
        """Take in the kitchen and, after each new joint step, the partner's action in it."""
        self.kitchen = observation.kitchen
        done = observation.horizon - observation.steps_left
        if done > self._steps and observation.last_step is not None:
            self.partner.append(observation.last_step.actions[1 - self.seat])
        self._steps = done

    def update(self, utterance: Utterance) -> None:
        """Keep the partner's messages (the store's own are not needed)."""
        if not self.is_own(utterance.seat):
            self.heard.append(utterance)

    def context(self, observation: OvercookedObservation, author_seat: int) -> KitchenContext:
        return KitchenContext(author_seat, observation.players, observation.layout, observation.kitchen)
