"""The dialogue state the DialOp Optimization belief store hands its parser (issue 17)."""

from __future__ import annotations

import numpy as np

from beliefs.base import Utterance
from beliefs.dialop_optimization import OptimizationBeliefs
from games.dialop.base import Propose, PublicAction
from games.dialop.optimization import Assignment, OptimizationInstance
from games.dialop.optimization_game import OptimizationGame
from language.acts import Intent
from language.dialop_optimization import OptAsk, OptRate


def beliefs_and_observation(player: int) -> tuple[OptimizationBeliefs, object]:
    table = np.array([[90, 10, 20], [30, 80, 40], [50, 60, 70]])
    mask1 = np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]])
    mask2 = np.array([[1, 0, 0], [1, 0, 1], [0, 1, 1]])
    state = OptimizationGame(instance=OptimizationInstance(table, mask1, mask2, 2.0, 5.0)).new_initial_state(0)
    observation = state.observation(player)
    return OptimizationBeliefs(observation), observation


def test_names_last_mentioned_by_either_side() -> None:
    beliefs, observation = beliefs_and_observation(0)
    partner = 1 - beliefs.seat
    beliefs.update(Utterance(partner, (OptRate(reviewer=2, paper=1, level="high"),), "Sofia is great on Electra"))
    ctx = beliefs.context(observation, partner)
    assert (ctx.last_reviewer, ctx.last_paper) == (2, 1)
    beliefs.update(Utterance(beliefs.seat, (), "Let's put Daniel there then"))  # no acts: the text still names Daniel
    ctx = beliefs.context(observation, partner)
    assert (ctx.last_reviewer, ctx.last_paper) == (1, 1)


def test_the_question_a_message_answers() -> None:
    beliefs, observation = beliefs_and_observation(0)
    partner = 1 - beliefs.seat
    beliefs.update(Utterance(beliefs.seat, (OptAsk(paper=2),), "Who is good for GloVe?"))
    assert beliefs.context(observation, partner).questions == (OptAsk(paper=2),)
    assert beliefs.context(observation, beliefs.seat).questions == ()  # our own message answers none of ours
    beliefs.update(Utterance(partner, (), "Ava, I think"))
    assert beliefs.context(observation, partner).questions == ()  # answered


def test_the_latest_proposal() -> None:
    beliefs, observation = beliefs_and_observation(0)
    partner = 1 - beliefs.seat
    beliefs.update(Utterance(partner, (), "", PublicAction(kind="propose", proposal=[2, 0, 1])))
    assert beliefs.context(observation, partner).proposal == (2, 0, 1)
    beliefs.record_own(Intent(actions=[Propose(proposal=Assignment((1, 2, 0)))]))
    assert beliefs.context(observation, partner).proposal == (1, 2, 0)


def test_the_level_a_message_asked_listed() -> None:
    beliefs, observation = beliefs_and_observation(0)
    partner = 1 - beliefs.seat
    beliefs.update(Utterance(beliefs.seat, (), "Please share your dark greens"))
    assert beliefs.context(observation, partner).requested == "high"  # "Ava, BLEU." answers it
    assert beliefs.context(observation, beliefs.seat).requested is None  # not our own request
    beliefs.update(Utterance(partner, (), "Ava, BLEU."))
    assert beliefs.context(observation, partner).requested is None  # answered


def test_the_group_the_cue_and_the_names_after_a_question() -> None:
    beliefs, observation = beliefs_and_observation(0)
    partner = 1 - beliefs.seat
    beliefs.update(Utterance(beliefs.seat, (), "Not GloVe for Ava, maybe Electra or BLEU?"))
    ctx = beliefs.context(observation, partner)
    assert (ctx.group_papers, ctx.group_latest, ctx.asked_cue) == ((2, 1, 0), "P", None)
    beliefs.update(
        Utterance(beliefs.seat, (OptAsk(reviewer=1, paper=2),), "Is Daniel unknown on GloVe? / Sofia is great")
    )
    ctx = beliefs.context(observation, partner)
    assert (ctx.asked_cue, ctx.named_after_question) == ("unseen", True)
    assert beliefs.context(observation, beliefs.seat).asked_cue is None  # not our own question
    assert ctx.group_papers == (2, 1, 0)  # the last message naming two or more papers
