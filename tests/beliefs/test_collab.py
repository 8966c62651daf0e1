"""Tests of beliefs.collab: the partner's stated plan and suggestion, per joint turn."""

from __future__ import annotations

from beliefs.base import Utterance
from beliefs.collab import CollabBeliefs
from games.collab import CollabCaptureGame, Move, Press, Stay
from language.collab import CollabPlan, CollabSuggest


def test_plans_and_suggestions_belong_to_their_turn() -> None:
    state = CollabCaptureGame().new_initial_state(0)
    store = CollabBeliefs(state.observation(1))
    store.update(Utterance(0, (CollabPlan(action=Stay()), CollabSuggest(action=Move(room=5)))))
    assert store.partner_plan() == Stay() and store.suggestion() == Move(room=5)
    state.submit(Stay())
    state.submit(Move(room=5))
    store.observe(state.observation(1))
    assert store.partner_plan() is None and store.suggestion() is None


def test_a_resolving_line_states_a_plan_of_the_turn_it_resolved() -> None:
    state = CollabCaptureGame().new_initial_state(0)
    alice = CollabBeliefs(state.observation(0))
    state.submit(Stay())
    state.submit(Move(room=5), "I'll move to room 5. Alice, please press the button")
    alice.observe(state.observation(0))
    record = state.observation(0).chat[-1].action
    alice.update(Utterance(1, (CollabPlan(action=Move(room=5)), CollabSuggest(action=Press())), action=record))
    assert alice.partner_plan() is None and alice.partner_plans[1] == Move(room=5)
    assert alice.suggestion() == Press()
    alice.update(Utterance(0, (CollabPlan(action=Stay()),)))
    assert alice.own_plans[2] == Stay() and alice.partner_plan() is None
