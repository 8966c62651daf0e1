"""What the Traveling Adventurers page shows a seat: its observation, plus the dialogue as the game's
own rule parser and agreement tracker read it from that seat's chat (the path the two have agreed so
far, and the suggestions waiting for an answer). Everything here is computed from the seat's own
observation, so a seat's view holds nothing its observation does not."""

from __future__ import annotations

import functools
from typing import Any

from games.base import State
from games.traveling_adventurers import TravelingAdventurersObservation


class TravelingAdventurersView(TravelingAdventurersObservation):
    """One seat's view: its observation and the dialogue's state as the rule parser reads the chat."""

    agreed: list[str]
    """The path agreed so far, from the start room (the start alone before any agreement)."""
    partner_proposal: list[str] | None
    """The partner's suggestion waiting for an answer, as a whole path from the start room."""
    own_proposal: list[str] | None
    """This seat's own suggestion waiting for the partner's answer, from the start room."""


@functools.lru_cache(maxsize=8192)
def _read(message: str, context: str) -> tuple[Any, ...]:
    """The rule parser's acts of ``message`` in the context ``context`` (JSON): every view re-reads
    its whole chat, and each line in the same context again, so the reading is kept."""
    from language.traveling_adventurers import TravelingAdventurersParser
    from language.traveling_adventurers.context import DialogueContext

    return tuple(TravelingAdventurersParser().parse(message, DialogueContext.model_validate_json(context)))


def dialogue_view(state: State, seat: int) -> TravelingAdventurersView:
    """Seat ``seat``'s observation of ``state`` with the agreed path and the pending suggestions,
    read from its chat by the rules parser into the agreement tracker (the ``state-tracking``
    agents' belief store, so the page and an agent read the dialogue alike)."""
    from beliefs.base import Utterance
    from beliefs.traveling_adventurers import AgreementTracker, NullPartnerModel, Pending, TravelingAdventurersBeliefs

    observation = state.observation(seat)
    assert isinstance(observation, TravelingAdventurersObservation)
    tracker = AgreementTracker(start=observation.start)
    beliefs = TravelingAdventurersBeliefs(NullPartnerModel(), tracker, seat=seat)
    for line in observation.chat:
        acts = _read(line.message, beliefs.context(observation, line.seat).model_dump_json())
        beliefs.update(Utterance(line.seat, acts, line.message, line.action))

    def whole(pending: Pending | None) -> list[str] | None:
        return None if pending is None else tracker.agreed[: pending.base] + list(pending.path)

    return TravelingAdventurersView(
        **dict(observation),
        agreed=list(tracker.agreed),
        partner_proposal=whole(tracker.partner_pending),
        own_proposal=whole(tracker.own_pending),
    )
