"""The DialOp Mediation belief stores (beliefs/dialop_mediation.py): the seat-dependent store, the
assistant's scaled reports, the user's questions and what it told."""

from __future__ import annotations

import numpy as np

from beliefs.base import Utterance
from beliefs.dialop_mediation import AssistantBeliefs, UserBeliefs, day_and_clock, make_beliefs
from games.dialop.mediation_game import MediationGame
from language.dialop_mediation import (
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MediationContext,
    MedPrice,
    MedWindow,
)


def _views(seed: int = 0):
    state = MediationGame().new_initial_state(seed)
    return state, state.observation(2), state.observation(0)


def test_seat_dependent_store():
    _, assistant, user = _views()
    assert isinstance(make_beliefs(assistant), AssistantBeliefs)
    assert isinstance(make_beliefs(user), UserBeliefs)
    # issue 17: the context carries the dialogue state; at the start no flight is on the table
    assert make_beliefs(assistant).context(assistant, 0) == MediationContext(author="user", offered=False)
    assert make_beliefs(user).context(user, 2) == MediationContext(author="assistant", offered=False)


def test_assistant_folds_in_scaled_reports():
    _, observation, _ = _views(1)
    beliefs = AssistantBeliefs(observation)
    model = beliefs.users[1]
    shared = model.shared[0]
    before = model.unary().copy()
    day, start = day_and_clock(shared.start)
    beliefs.apply(1, MedEvent(day=day, start=start, importance=10))
    assert model.importance[0] == 10
    hit = model.overlap[:, 0]
    assert np.allclose(model.unary()[hit], before[hit] - 4.5) and np.allclose(model.unary()[~hit], before[~hit])
    beliefs.apply(1, MedEvent(day=0, start="03:00", end="04:00", importance=7))  # unseen: a private event
    assert model.private and model.private[-1].importance == 7
    beliefs.apply(1, MedPrice(pref=20, mean=100))
    assert model.price_pref == 20 and model.mean_price == 100
    beliefs.apply(0, MedArrival(pref=9))
    assert beliefs.arrival_pref == 9
    flight = model.flights[0]
    day, start = day_and_clock(flight.start)
    beliefs.apply(1, MedFlight(carrier="Delta", day=day, start=start, good=False))
    assert model.bonus[0] <= -100
    beliefs.apply(1, MedWindow(day=None, good=True))
    assert np.all(model.bonus[1:] == 5.0)


def test_user_store_tracks_questions_and_what_was_told():
    _, _, observation = _views(2)
    beliefs = UserBeliefs(observation)
    beliefs.update(Utterance(2, [MedAsk(about="price")]))
    assert beliefs.questions == [MedAsk(about="price")]
    event = beliefs.events[-1][0]
    day, start = day_and_clock(event.start)
    beliefs.update(Utterance(beliefs.seat, [MedPrice(pref=1), MedEvent(day=day, start=start, importance=1)]))
    assert beliefs.questions == [] and beliefs.told_price and (event.start, event.end) in beliefs.told_events


# ---- issue 17: the dialogue state in the parse context ----------------------------------------------


def _recorded(index: int, turn: int):
    from agent.kits.dialop.recorded import recorded_context
    from agent.registry import default_registry

    registry = default_registry()
    agent = registry.build_agent(registry.preset("dialop_mediation", "solver"))
    return recorded_context("mediation", agent, {"recorded": str(index), "turn": str(turn)})


def test_the_context_carries_the_flight_under_discussion_and_the_verdict():
    # recorded game 86: user 1 was offered Delta Fri 11:16 and rejected it, then writes
    # "That conflicts with my highly important personal meeting that evening from 4:30 to 8:30 ..."
    context, message = _recorded(86, 8)
    assert "that evening" in message
    assert (context.author, context.day, context.start, context.carrier) == ("user", 2, "11:16", "Delta")
    assert context.accepted is False
    # recorded game 68: user 0 accepted the proposal, then writes "Looks good"
    context, _ = _recorded(68, 9)
    assert context.accepted is True


def test_the_context_carries_the_question_the_user_answers():
    # recorded game 12: "How important is the meeting on 6/2 at 3PM?" -> "it would be a medium"
    context, _ = _recorded(12, 6)
    assert context.asked == MedAsk(about="event", day=2, start="15:00")


def test_a_day_named_after_the_proposal_is_the_day_under_discussion():
    # recorded game 147: user 0 asked for "late evening 6/1, or early morning Friday"; the context of
    # user 1's message has no offer, and the last day user 1 itself named is none yet
    context, _ = _recorded(147, 1)
    assert context.day is None and context.start is None
    # recorded game 23: user 0 said "Friday after my meeting at 12:00 - 1:00PM", then "Or Thursday afternoon"
    context, _ = _recorded(23, 7)
    assert context.day == 2 and context.start is None


def test_live_turns_feed_the_discussion_of_each_room():
    from language.acts import Intent
    from language.dialop_mediation import MedOffer

    _, observation, _ = _views(3)
    beliefs = AssistantBeliefs(observation)
    ask = MedAsk(about="event", day=1, start="14:00")
    beliefs.record_own(Intent(acts=[ask], addressee=1))
    assert beliefs.context(observation, 1).asked == ask and beliefs.context(observation, 0).asked is None
    beliefs.record_own(Intent(acts=[MedOffer(carrier="Delta", day=2, start="09:05")], addressee=0))
    context = beliefs.context(observation, 0)
    assert (context.day, context.start, context.carrier, context.offered) == (2, "09:05", "Delta", True)
    # the user names another day: it is now the day under discussion, with no flight time to refer to
    beliefs.update(Utterance(0, (MedWindow(day=0, before="12:00"),)))
    context = beliefs.context(observation, 0)
    assert (context.day, context.start, context.offered) == (0, None, True)
    assert beliefs.context(observation, 1).asked == ask  # the other room is untouched
