"""Tests of the DialOp Planning planners: the assistant, the user simulator, the random sampler."""

from __future__ import annotations

import numpy as np
import pytest

from agent.arena import selfplay
from agent.registry import default_registry
from beliefs.base import Utterance
from beliefs.dialop_planning import AssistantBeliefs, UserBeliefs
from games.base import Turn
from games.dialop.base import Accept, Propose, Reject
from games.dialop.itinerary import solve_itinerary
from language.dialop_planning import (
    PlanAsk,
    PlanFeature,
    PlanNoPreference,
    PlanPropose,
    PlanSiteOpinion,
    PlanSiteScore,
    PlanTravel,
    PlanVerdict,
)
from planners.dialop_planning import AssistantPlanner, UserSimPlanner, sample_itinerary, topic_answers

FAMILY = "dialop_planning"


@pytest.fixture(scope="module")
def game():
    return default_registry().make_game(FAMILY)


def test_sample_itinerary(game) -> None:
    state = game.new_initial_state(0)
    rng = np.random.default_rng(0)
    names = sample_itinerary(state.observation(1), rng)
    assert len(set(names)) == 3 and all(n in state.instance.site_names for n in names)
    assert sample_itinerary(state.observation(0), rng) is None


def test_assistant_proposes_best_untried(game) -> None:
    state = game.new_initial_state(0)
    state.apply(Turn(message="Budget $50. Want views."))
    beliefs = AssistantBeliefs(state.observation(1))
    planner = AssistantPlanner(max_questions=0)
    first = planner.final_proposal(beliefs, state.observation(1))
    intent = planner.plan(beliefs, state.observation(1), np.random.default_rng(0))
    assert intent.actions == [Propose(proposal=list(first.slots))]
    assert intent.acts == [PlanPropose(sites=first.slots)]
    beliefs.proposed.append(first)
    assert planner.final_proposal(beliefs, state.observation(1)) != first
    with pytest.raises(ValueError):
        AssistantPlanner(ask_threshold=-1)


def test_assistant_asks_by_value_of_information(game) -> None:
    state = game.new_initial_state(0)
    beliefs = AssistantBeliefs(state.observation(1))
    topic = AssistantPlanner().question(beliefs)
    assert topic is not None and topic_answers(topic)
    beliefs.declined.add(topic)
    assert AssistantPlanner().question(beliefs) != topic


def test_no_question_once_all_preferences_are_heard(game) -> None:
    state = game.new_initial_state(0)
    beliefs = AssistantBeliefs(state.observation(1))
    user = UserBeliefs(state.observation(0))
    beliefs.update(Utterance(1 - beliefs.seat, [a for _, acts in user.preferences for a in acts]))
    assert beliefs.heard >= 10
    assert AssistantPlanner().question(beliefs) is None


def _pending(game, seed: int, slots: list[str | None]):
    state = game.new_initial_state(seed)
    state.apply(Turn(message="hi"))
    state.apply(Turn(message="", actions=(Propose(proposal=slots),)))
    observation = state.observation(0)
    beliefs = UserBeliefs(observation)
    beliefs.observe(observation)
    return state, observation, beliefs


def test_user_rejects_partial_and_reports_scores(game) -> None:
    names = game.new_initial_state(0).instance.site_names
    _, observation, beliefs = _pending(game, 0, [names[0], None, names[1]])
    intent = UserSimPlanner().plan(beliefs, observation, np.random.default_rng(0))
    assert intent.actions == [Reject()]
    assert [a for a in intent.acts if isinstance(a, PlanSiteScore)][0].site == names[0]
    assert any(isinstance(a, PlanTravel) and a.score is not None for a in intent.acts)


def test_user_accepts_without_hurting_terms_or_when_out_of_patience(game) -> None:
    top = solve_itinerary(game.new_initial_state(0).instance).itinerary
    _, observation, beliefs = _pending(game, 0, list(top.slots))
    planner = UserSimPlanner(accept_tolerance=100)
    intent = planner.plan(beliefs, observation, np.random.default_rng(0))
    assert planner.hurts(beliefs.breakdowns[-1]) or intent.actions == [Accept()]
    patient = UserSimPlanner(patience=1)
    assert patient.plan(beliefs, observation, np.random.default_rng(0)).actions == [Accept()]
    assert PlanVerdict(accept=True) in patient.plan(beliefs, observation, np.random.default_rng(0)).acts
    with pytest.raises(ValueError):
        UserSimPlanner(patience=0)


def test_user_answers_questions_truthfully(game) -> None:
    state = game.new_initial_state(0)
    beliefs = UserBeliefs(state.observation(0))
    beliefs.told.add(0)  # the opening is over
    beliefs.update(Utterance(1 - beliefs.seat, [PlanAsk(topic="budget"), PlanAsk(topic="has wifi")]))
    acts = UserSimPlanner().plan(beliefs, state.observation(0), np.random.default_rng(0)).acts
    assert acts[0] == beliefs.acts_on("budget")[0] if beliefs.acts_on("budget") else PlanNoPreference(topic="budget")
    wifi = beliefs.acts_on("has wifi")
    assert (wifi[0] if wifi else PlanNoPreference(topic="has wifi")) in acts


def test_question_driven_game_has_no_refusals() -> None:
    registry = default_registry()
    spec = registry.preset(FAMILY, "solver").with_options("planner", volunteer=0)
    (record,) = selfplay(registry.make_game(FAMILY), spec, seeds=[3], registry=registry)
    assert record.refused == [] and record.metrics["agreed"]
    assert any("?" in line["message"] for line in record.transcript if line["player"] == "assistant")


def _breakdown(total: int, sites: list[int], legs: list[int], terms: list[int], full: bool = True) -> dict:
    names = ["A", "B", None if not full else "C"]
    return {
        "proposal": names,
        "by_slot": [sites[0], legs[0], sites[1], legs[1], sites[2]],
        "itinerary_terms": [{"description": f"t{i}", "score": t} for i, t in enumerate(terms)],
        "travel_score": sum(legs),
        "total": total,
    }


def test_accept_rule() -> None:
    user = UserSimPlanner(accept_tolerance=10, patience=3)
    fine = _breakdown(10, [2, 3, 4], [-5, -5], [6])
    assert not user.hurts(fine) and user.accepts([fine])
    assert user.hurts(_breakdown(0, [2, -1, 4], [-5, -5], [6]))
    assert user.hurts(_breakdown(0, [2, 1, 4], [-5, -11], [6]))
    assert user.hurts(_breakdown(0, [2, 1, 4], [-5, -5], [-6]))
    assert not user.accepts([_breakdown(10, [2, 3, 4], [-5, -5], [6], full=False)])
    hurt_low, hurt_high = _breakdown(5, [-1, 3, 4], [0, 0], []), _breakdown(7, [-1, 4, 4], [0, 0], [])
    assert not user.accepts([hurt_low])
    assert user.accepts([hurt_low, hurt_high])  # settles: the assistant found nothing better
    assert not user.accepts([hurt_high, hurt_low])
    assert user.accepts([hurt_high, hurt_low, hurt_low])  # out of patience
    assert not UserSimPlanner(settle=False).accepts([hurt_low, hurt_high])


def test_refused_sites_are_left_out(game) -> None:
    state = game.new_initial_state(0)
    state.apply(Turn(message="Want views. Budget $40."))
    beliefs = AssistantBeliefs(state.observation(1))
    beliefs.update(Utterance(1 - beliefs.seat, [PlanFeature(feature="viewpoint", liked=(True,), disliked=(False,))]))
    planner = AssistantPlanner(max_questions=0)
    first = planner.final_proposal(beliefs, None)
    beliefs.update(Utterance(1 - beliefs.seat, [PlanSiteOpinion(site=first.slots[0], liked=False)]))
    assert beliefs.excluded_sites() == [first.slots[0]]
    assert first.slots[0] not in planner.final_proposal(beliefs, None).slots
