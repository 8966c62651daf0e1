"""The Collab games' belief store: what the partner said it will do, and what it asked of us.

Both games are perfect-information apart from the partner's pending move, so the store keeps only
the dialogue: the partner's latest stated plan and its latest suggestion for this seat, each with
the joint turn it was said in (a plan from an earlier turn is stale and is not returned). A
partner's message is data: a suggestion is a belief about what the partner wants, never an order.
"""

from __future__ import annotations

from typing import Any

from beliefs.base import SeatedBeliefs, Utterance
from games.collab import CollabAction
from language.collab import CollabContext, CollabPlan, CollabSuggest


class CollabBeliefs(SeatedBeliefs):
    """Belief store of one Collab seat (see the module docstring).

    Args:
        observation: the seat's first observation.
    """

    def __init__(self, observation: Any) -> None:
        self.take_seat(observation)
        self.turn = int(observation.turn)
        self.partner_plans: dict[int, CollabAction] = {}
        self.suggestions: dict[int, CollabAction] = {}
        self.own_plans: dict[int, CollabAction] = {}

    def observe(self, observation: Any) -> None:
        """Note the joint turn now being played (messages heard next belong to it)."""
        self.turn = int(observation.turn)

    def context(self, observation: Any, author_seat: int) -> CollabContext:
        """The language context of a message by ``author_seat``."""
        return CollabContext.of(observation, author_seat)

    def update(self, utterance: Utterance) -> None:
        """Take in a message's acts: the partner's plan and suggestion, or our own plan. A line that
        resolved a joint turn (Bob's, its ``action`` the turn's record) states a plan of that turn; its
        suggestions are for the turn that follows."""
        turn = self.turn - 1 if utterance.action is not None else self.turn
        for act in utterance.acts:
            if isinstance(act, CollabPlan):
                (self.own_plans if self.is_own(utterance.seat) else self.partner_plans)[turn] = act.action
            elif isinstance(act, CollabSuggest) and not self.is_own(utterance.seat):
                self.suggestions[self.turn] = act.action

    def partner_plan(self) -> CollabAction | None:
        """What the partner said it will do this joint turn, if it said so."""
        return self.partner_plans.get(self.turn)

    def suggestion(self) -> CollabAction | None:
        """What the partner suggested this seat do this joint turn, if anything."""
        return self.suggestions.get(self.turn)
