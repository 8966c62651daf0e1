"""The parse context the DialOp Planning belief stores hand the parser (issue 17)."""

from __future__ import annotations

import pytest

from beliefs.base import Utterance
from beliefs.dialop_planning import AssistantBeliefs, UserBeliefs
from games.base import Turn
from games.dialop.base import Propose
from games.dialop.planning_game import PlanningGame
from language.dialop_planning import PlanAsk, PlanFeature, PlanPropose

XFAIL = pytest.mark.xfail(strict=True, reason="issue 17: the context names the author and the pending question")


@pytest.fixture(scope="module")
def game():
    return PlanningGame()


def test_assistant_store_context_names_the_user_and_our_question(game) -> None:
    state = game.new_initial_state(3)
    beliefs = AssistantBeliefs(state.observation(1))
    user = 1 - beliefs.seat
    assert beliefs.context(state.observation(1), user).author == "user"
    beliefs.update(Utterance(beliefs.seat, (PlanAsk(topic="has wifi"),)))
    assert beliefs.context(state.observation(1), user).last_question == "has wifi"
    beliefs.update(Utterance(user, (PlanFeature(feature="has wifi", liked=(True,), disliked=(False,)),)))
    assert beliefs.context(state.observation(1), user).last_question is None  # answered


def test_assistant_store_context_has_our_suggestion_and_proposal(game) -> None:
    state = game.new_initial_state(3)
    names = state.instance.site_names
    beliefs = AssistantBeliefs(state.observation(1))
    user = 1 - beliefs.seat
    beliefs.update(Utterance(beliefs.seat, (PlanPropose(sites=(names[4],)),)))
    assert beliefs.context(state.observation(1), user).suggested == (names[4],)
    state.apply(Turn(message="hi"))
    state.apply(Turn(message="", actions=(Propose(proposal=list(names[:3])),)))
    beliefs.observe(state.observation(1))
    context = beliefs.context(state.observation(1), user)
    assert context.last_proposal == tuple(names[:3])
    assert context.suggested == ()  # the formal proposal is the newer reference


def test_user_store_context_names_the_assistant(game) -> None:
    state = game.new_initial_state(3)
    beliefs = UserBeliefs(state.observation(0))
    assert beliefs.context(state.observation(0), 1 - beliefs.seat).author == "assistant"
