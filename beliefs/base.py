"""The protocol every belief store offers the pipeline.

A :class:`BeliefStore` is updated with the acts of every message (the partner's, parsed; and the
agent's own, as planned) and answers the planner's queries; each game's store lives in its own
module of this package.
"""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from language.acts import Act

Speaker = Literal["self", "partner"]


@runtime_checkable
class BeliefStore(Protocol):
    """What every belief store offers the pipeline."""

    def update(self, acts: list[Act], speaker: Speaker) -> None:
        """Take in the acts of one message, by ``speaker``."""

    def context(self, observation: object, author: Speaker) -> object:
        """The language-layer context for a message written by ``author``."""

    def observe(self, observation: object) -> None:
        """Take in what the observation shows publicly before the partner's messages are read."""
