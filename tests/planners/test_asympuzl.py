"""AsymPuzl planners: what each variant says and writes."""

import numpy as np
import pytest

from beliefs.asympuzl import AsympuzlBeliefs
from beliefs.base import Utterance
from games.asympuzl import AsympuzlGame, Piece, Replace
from games.base import Turn
from language.asympuzl import PuzlAsk, PuzlOrder, PuzlPair, PuzlPlace, PuzlSolved
from planners.asympuzl import OneAtATimePlanner, OverCorrectPlanner, ShareAllPlanner, answers, fix_actions

RNG = np.random.default_rng(0)


def setup(size=4, mode="none", seed=0):
    state = AsympuzlGame(size=size, feedback=mode).new_initial_state(seed)
    return state, AsympuzlBeliefs(state.observation(0)), AsympuzlBeliefs(state.observation(1))


def test_share_all_alice_opens_with_the_order():
    state, alice, _ = setup()
    intent = ShareAllPlanner().plan(alice, state.observation(0), RNG)
    assert intent.acts == [PuzlOrder(shapes=[p.shape for p in state.truth])] and intent.actions == []


def test_share_all_bob_fixes_everything_and_tells_all_pairs():
    state, _, bob = setup()
    bob.update(Utterance(1 - bob.seat, [PuzlOrder(shapes=[p.shape for p in state.truth])]))
    intent = ShareAllPlanner().plan(bob, state.observation(1), RNG)
    pairs = [a for a in intent.acts if isinstance(a, PuzlPair)]
    assert {(a.shape, a.color) for a in pairs} == {(p.shape, p.color) for p in state.truth}
    assert isinstance(intent.acts[-1], PuzlSolved)
    hypothesis = list(state.observation(1).hypothesis)
    for action in intent.actions:
        hypothesis[action.replace - 1] = action.by
    assert tuple(hypothesis) == state.truth
    # positions already right are left alone
    assert len(intent.actions) == sum(h != t for h, t in zip(state.observation(1).hypothesis, state.truth, strict=True))


def test_share_all_answers_questions_without_repeating():
    state, alice, bob = setup()
    bob.update(
        Utterance(1 - bob.seat, [PuzlAsk(about="colors"), PuzlAsk(about="position", shape=state.truth[0].shape)])
    )
    intent = ShareAllPlanner().plan(bob, state.observation(1), RNG)
    assert sum(isinstance(a, PuzlPair) for a in intent.acts) == 4  # the colors once
    bob.record_own(intent)
    bob.update(Utterance(1 - bob.seat, [PuzlAsk(about="color", shape=state.truth[2].shape)]))
    again = ShareAllPlanner().plan(bob, state.observation(1), RNG)
    assert again.acts == [PuzlPair(shape=state.truth[2].shape, color=state.truth[2].color)]
    alice.update(Utterance(1 - alice.seat, [PuzlAsk(about="position", shape=state.truth[1].shape)]))
    assert answers(alice) == [PuzlPlace(position=2, shape=state.truth[1].shape)]


def test_one_at_a_time_tells_one_fact_per_move():
    state, alice, bob = setup()
    planner = OneAtATimePlanner()
    first = planner.plan(alice, state.observation(0), RNG)
    assert first.acts == [PuzlPlace(position=1, shape=state.truth[0].shape)]
    alice.record_own(first)
    assert planner.plan(alice, state.observation(0), RNG).acts == [PuzlPlace(position=2, shape=state.truth[1].shape)]
    bob.update(Utterance(1 - bob.seat, [PuzlPlace(position=3, shape=state.truth[2].shape)]))
    reply = planner.plan(bob, state.observation(1), RNG)
    assert reply.acts == [PuzlPair(shape=state.truth[2].shape, color=state.truth[2].color)]
    assert reply.actions in ([], [Replace(replace=3, by=state.truth[2])])


def test_over_correct_rewrites_everything_without_feedback():
    state, alice, _ = setup(size=5)
    intent = OverCorrectPlanner(doubt=0.0).plan(alice, state.observation(0), np.random.default_rng(1))
    assert [a.replace for a in intent.actions] == [1, 2, 3, 4, 5]
    assert all(a.by.shape == state.truth[a.replace - 1].shape for a in intent.actions)


def test_over_correct_listens_to_feedback():
    state, alice, _ = setup(size=4, mode="own_detailed")
    truth = state.truth
    state.apply(Turn(actions=(Replace(replace=1, by=truth[0]), Replace(replace=2, by=truth[1]))))
    state.apply(Turn())
    obs = state.observation(0)
    intent = OverCorrectPlanner().plan(alice, obs, np.random.default_rng(0))
    assert sorted(a.replace for a in intent.actions) == [3, 4]  # only the reported wrong positions
    # both_detailed: the partner's wrong positions are rewritten too (information overload)
    state, alice, _ = setup(size=4, mode="both_detailed")
    state.apply(Turn(actions=tuple(Replace(replace=i + 1, by=p) for i, p in enumerate(state.truth) if i != 2)))
    state.apply(Turn())
    obs = state.observation(0)
    assert obs.feedback.own_wrong == (3,) and obs.feedback.partner_wrong
    rewritten = {a.replace for a in OverCorrectPlanner().plan(alice, obs, np.random.default_rng(0)).actions}
    assert rewritten == {3, *obs.feedback.partner_wrong}
    state, alice, _ = setup(size=4, mode="both_detailed")
    state.apply(Turn(actions=tuple(Replace(replace=i + 1, by=p) for i, p in enumerate(state.truth))))
    state.apply(Turn())
    obs = state.observation(0)
    assert obs.feedback.own_wrong == ()
    assert OverCorrectPlanner().plan(alice, obs, np.random.default_rng(0)).actions == []  # own part solved


def test_over_correct_validates_doubt():
    with pytest.raises(ValueError):
        OverCorrectPlanner(doubt=1.5)


def test_fix_actions_writes_only_differences():
    state, alice, _ = setup()
    alice.update(Utterance(1 - alice.seat, [PuzlPair(shape=p.shape, color=p.color) for p in state.truth]))
    actions = fix_actions(alice, state.observation(0))
    assert [a.by for a in actions] == list(state.truth)
    assert all(isinstance(a.by, Piece) for a in actions)
