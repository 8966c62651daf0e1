"""Mediation planners: value-of-information questions, exact proposals, the user simulator."""

from __future__ import annotations

import numpy as np

from beliefs.base import Utterance
from beliefs.dialop_mediation import AssistantBeliefs, UserBeliefs, day_and_clock
from games.base import Turn
from games.dialop.base import Accept, Propose, Reject
from games.dialop.mediation import FlightPair, score_breakdown
from games.dialop.mediation_game import MediationGame, To
from language.dialop_mediation import MedArrival, MedAsk, MedEvent, MedPrice, MedReject
from planners.dialop_mediation import (
    AssistantPlanner,
    UserPlanner,
    expected_values,
    make_random_planner,
    sample_pair,
)

RNG = np.random.default_rng(0)


def opening(seed: int = 0):
    state = MediationGame().new_initial_state(seed)
    observation = state.observation(2)
    beliefs = AssistantBeliefs(observation)
    beliefs.observe(observation)
    return state, observation, beliefs


def user_view(state, user: int):
    observation = state.observation(user)
    beliefs = UserBeliefs(observation)
    beliefs.observe(observation)
    return observation, beliefs


def test_the_assistant_first_asks_user_0_then_user_1():
    state, observation, beliefs = opening()
    planner = AssistantPlanner()
    intent = planner.plan(beliefs, observation, RNG)
    assert intent.actions == [To(user=0)] and intent.acts and all(isinstance(a, MedAsk) for a in intent.acts)
    assert intent.addressee == 0
    beliefs.record_own(intent)
    beliefs.answered[0] = True
    intent = planner.plan(beliefs, observation, RNG)
    assert intent.actions == [To(user=1)] and intent.addressee == 1


def test_values_of_information_are_non_negative_and_known_facts_are_not_asked():
    _, _, beliefs = opening(3)
    values = expected_values(beliefs, 0)
    assert values and all(v >= 0 for v in values.values())
    assert ("arrival",) in values and ("price",) in values
    beliefs.arrival_pref = 4
    beliefs.users[0].price_pref, beliefs.users[0].mean_price = 5, 300
    values = expected_values(beliefs, 0)
    assert ("arrival",) not in values and ("price",) not in values


def test_an_event_on_no_flight_has_no_value():
    _, _, beliefs = opening(1)
    model = beliefs.users[0]
    values = expected_values(beliefs, 0)
    for k in range(len(model.shared)):
        if not model.overlap[:, k].any():
            assert ("event", k) not in values


def test_with_the_true_facts_the_assistant_proposes_the_best_pair():
    state, observation, beliefs = opening(5)
    instance = state.instance
    for user, data in enumerate(instance.users):
        beliefs.apply(user, MedPrice(pref=data.price_pref, mean=data.mean_price))
        for event in data.calendar:
            day, start = day_and_clock(event.start)
            beliefs.apply(user, MedEvent(day=day, start=start, importance=event.importance))
    beliefs.apply(0, MedArrival(pref=instance.arrival_time_pref))
    beliefs.asked = [{("schedule",)}, {("schedule",)}]
    beliefs.followups = 99
    pair = AssistantPlanner().final_proposal(beliefs, observation)
    best = max(instance.pairs(), key=lambda p: score_breakdown(instance, p).total)
    assert score_breakdown(instance, pair).total == score_breakdown(instance, best).total
    intent = AssistantPlanner().plan(beliefs, observation, RNG)
    assert isinstance(intent.actions[1], Propose) and intent.actions[0] == To(user=0)


def test_a_rejected_pair_is_not_proposed_again():
    _, observation, beliefs = opening(2)
    first = AssistantPlanner().final_proposal(beliefs, observation)
    beliefs.rejected.add(first.flights)
    assert AssistantPlanner().final_proposal(beliefs, observation) != first


def test_user_answers_questions_truthfully():
    state, _, _ = opening(4)
    observation, beliefs = user_view(state, 0)
    data = state.instance.users[0]
    shared = data.shared_calendar[-1]
    day, start = day_and_clock(shared.start)
    beliefs.update(
        Utterance(2, [MedAsk(about="price"), MedAsk(about="arrival"), MedAsk(about="event", day=day, start=start)])
    )
    acts = UserPlanner(tolerance=1000).answer(beliefs)
    assert MedPrice(pref=data.price_pref, mean=data.mean_price) in acts
    assert MedArrival(pref=data.arrival_time_pref) in acts
    assert any(isinstance(a, MedEvent) and a.importance == shared.importance for a in acts)


def _proposal_state(seed: int, pair: FlightPair):
    state = MediationGame().new_initial_state(seed)
    state.apply(Turn(message="How about this?", actions=(To(user=0), Propose(proposal=pair))))
    return state


def test_user_accepts_its_own_best_response_and_rejects_a_bad_flight_with_reasons():
    seed, planner = 6, UserPlanner()
    observation, beliefs = user_view(_proposal_state(seed, FlightPair.of(0, 0)), 0)
    gain, best = planner.switch_gain(beliefs, 0, observation.pending_breakdown.arrival_hours_apart)
    assert gain >= 0
    observation, beliefs = user_view(_proposal_state(seed, FlightPair.of(best, 0)), 0)
    assert planner.plan(beliefs, observation, RNG).actions == [Accept()]
    gains = []
    for flight in range(len(beliefs.data.flights)):
        view, own = user_view(_proposal_state(seed, FlightPair.of(flight, 0)), 0)
        gains.append(planner.switch_gain(own, flight, view.pending_breakdown.arrival_hours_apart)[0])
    worst = int(np.argmax(gains))
    assert gains[worst] > planner.accept_margin
    observation, beliefs = user_view(_proposal_state(seed, FlightPair.of(worst, 0)), 0)
    intent = planner.plan(beliefs, observation, RNG)
    assert intent.actions == [Reject()]
    assert isinstance(intent.acts[0], MedReject) and len(intent.acts) > 1


def test_random_baseline_addresses_a_user_and_samples_in_range():
    state = MediationGame().new_initial_state(0)
    observation = state.observation(2)
    rng = np.random.default_rng(1)
    for _ in range(20):
        pair = sample_pair(observation, rng)
        state.instance.check(pair)
    intent = make_random_planner().plan(None, observation, rng)
    assert isinstance(intent.actions[0], To) and isinstance(intent.actions[1], Propose)
