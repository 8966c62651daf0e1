"""The protocol every belief store offers the pipeline, and what it is fed.

A :class:`BeliefStore` takes in every message as an :class:`Utterance` (the seat that wrote it, its
parsed acts and its text), records the agent's own turn through :meth:`BeliefStore.record_own`, and
answers the planner's queries; planners only read it. A store knows its own seat from the first
observation (the one it is built from), so a message is told apart as its own or another seat's by
the seat it carries, in a game of any number of players. Each game's store lives in its own module
of this package; :class:`SeatedBeliefs` is the base most of them share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from language.act_base import ActBase
from language.acts import Intent


@dataclass(frozen=True)
class Utterance:
    """One chat message as a belief store receives it.

    Attributes:
        seat: the seat that wrote it.
        acts: its acts (parsed, for another seat's message; as planned, for the agent's own).
        text: the message as written (empty where the acts were never rendered).
        action: the public formal move its chat line shows (the line's ``action``: a game's own
            model), if any.
    """

    seat: int
    acts: Sequence[ActBase] = field(default_factory=tuple)
    text: str = ""
    action: Any = None


@runtime_checkable
class BeliefStore(Protocol):
    """What every belief store offers the pipeline."""

    seat: int

    def update(self, utterance: Utterance) -> None:
        """Take in one message, the agent's own or another seat's."""

    def record_own(self, intent: Intent) -> None:
        """Take in the agent's own turn as planned (the one way the agent's intent is recorded)."""

    def context(self, observation: Any, author_seat: int) -> object:
        """The language-layer context for a message written by the seat ``author_seat``."""

    def observe(self, observation: Any) -> None:
        """Take in what the observation shows publicly before the other seats' messages are read."""


class SeatedBeliefs:
    """The seat bookkeeping every store shares: its own seat (from the first observation), telling
    its own messages from the others', and :meth:`record_own` as an utterance of its own seat."""

    seat: int

    def take_seat(self, observation: Any) -> None:
        """Learn the store's own seat from ``observation`` (the first one, which builds the store)."""
        self.seat = int(observation.seat)

    def is_own(self, seat: int) -> bool:
        """Whether ``seat`` is the store's own seat."""
        return seat == self.seat

    def update(self, utterance: Utterance) -> None:
        """Take in one message (every store defines it)."""
        raise NotImplementedError(f"{type(self).__name__} does not take in messages")

    def record_own(self, intent: Intent) -> None:
        """Take in the agent's own turn: its acts as an utterance of the store's own seat."""
        self.update(Utterance(self.seat, tuple(intent.acts), intent.message or ""))
