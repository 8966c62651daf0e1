"""Tests of the DialOp Planning belief stores (beliefs/dialop_planning.py)."""

from __future__ import annotations

import pytest

from beliefs.base import Utterance
from beliefs.dialop_planning import PRIOR_WEIGHT, AssistantBeliefs, UserBeliefs, make_beliefs
from games.base import Turn
from games.dialop.base import Propose
from games.dialop.planning import FeaturePreference, Itinerary, score_breakdown
from games.dialop.planning_game import PlanningGame
from language.dialop_planning import (
    PlanAsk,
    PlanBudget,
    PlanCategory,
    PlanFeature,
    PlanSiteScore,
    PlanTravel,
)


@pytest.fixture(scope="module")
def game():
    return PlanningGame()


def _observations(game, seed: int = 0):
    state = game.new_initial_state(seed)
    return state, state.observation(0), state.observation(1)


def test_make_beliefs_by_role(game) -> None:
    _, user, assistant = _observations(game)
    assert isinstance(make_beliefs(user), UserBeliefs)
    assert isinstance(make_beliefs(assistant), AssistantBeliefs)


def test_user_beliefs_read_own_descriptions(game) -> None:
    state, user, _ = _observations(game, 1)
    beliefs = UserBeliefs(user)
    assert len(beliefs.preferences) == len(state.instance.preferences)
    assert all(len(acts) == 1 for _, acts in beliefs.preferences)
    beliefs.update(Utterance(1 - beliefs.seat, [PlanAsk(topic="budget")]))
    assert beliefs.questions == ["budget"]
    said = beliefs.acts_on("budget")
    beliefs.update(Utterance(beliefs.seat, said))
    assert beliefs.questions == [] and beliefs.told


def test_assistant_feedback_converts_to_weights(game) -> None:
    state, _, assistant = _observations(game, 2)
    beliefs = AssistantBeliefs(assistant)
    names = state.instance.site_names
    state.apply(Turn(message="hi"))
    state.apply(Turn(message="", actions=(Propose(proposal=list(names[:3])),)))
    beliefs.observe(state.observation(1))
    assert beliefs.proposed == [Itinerary(tuple(names[:3]))]
    truth = score_breakdown(state.instance, beliefs.proposed[-1])
    beliefs.update(
        Utterance(1 - beliefs.seat, [PlanFeature(feature="good for kids", liked=(True,), disliked=(False,))])
    )
    beliefs.update(Utterance(1 - beliefs.seat, [PlanBudget(amount=50), PlanCategory(category="cafe")]))
    kids_pref = FeaturePreference("kids", "good for kids", 1, (False,), (True,))
    coefficient = kids_pref.site_score(beliefs.by_name[names[0]])
    beliefs.update(
        Utterance(
            1 - beliefs.seat,
            [
                PlanSiteScore(site=names[0], score=4 * coefficient),
                PlanTravel(score=truth.travel),
                PlanBudget(score=-7),
                PlanCategory(category="cafe", score=-3),
            ],
        )
    )
    assert beliefs.weights["budget"] == 7 and beliefs.budget == 50
    assert beliefs.weights["category:cafe"] == 3 and beliefs.penalizes["category:cafe"]
    assert 1 <= beliefs.weights["travel"] <= 10
    kids = beliefs.feature_weights["good for kids"]
    if coefficient:
        assert abs(kids - 4) < 0.5  # one equation, one unknown: the fit meets it
    else:
        assert kids == pytest.approx(PRIOR_WEIGHT)
    instance = beliefs.instance()
    assert len(instance.preferences) == 4  # kids, budget, cafe, travel
