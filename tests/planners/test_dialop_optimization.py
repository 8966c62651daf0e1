"""The DialOp Optimization planners: opening share, proposals, accept / reject, the sampler."""

from __future__ import annotations

import numpy as np
import pytest

from beliefs.base import Utterance
from beliefs.dialop_optimization import OptimizationBeliefs
from games.base import Turn
from games.dialop.base import Accept, Propose, Reject
from games.dialop.optimization import Assignment, OptimizationInstance
from games.dialop.optimization_game import OptimizationGame
from language.dialop_optimization import OptAsk, OptCell, OptNoneAbove, OptUnseen
from planners.base import RolePlanner
from planners.dialop_optimization import OptimizationPlanner, random_assignment, solver_planner

RNG = np.random.default_rng(0)


def state_and_beliefs(player: int = 0):
    table = np.array([[90, 10, 20], [30, 80, 40], [50, 60, 70]])
    mask1 = np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]])
    mask2 = np.array([[1, 0, 0], [1, 0, 1], [0, 1, 1]])
    state = OptimizationGame(instance=OptimizationInstance(table, mask1, mask2, 2.0, 5.0)).new_initial_state(0)
    return state, OptimizationBeliefs(state.observation(player))


def test_opening_shares_high_cells_and_a_bound() -> None:
    state, beliefs = state_and_beliefs()
    intent = OptimizationPlanner(share_fraction=0.8).plan(beliefs, state.observation(0), RNG)
    assert intent.actions == []  # the partner has not spoken yet: no proposal
    assert intent.acts == [
        OptCell(reviewer=0, paper=0, value=180),
        OptCell(reviewer=1, paper=1, value=160),
        OptNoneAbove(value=141),
    ]
    beliefs.record_own(intent)
    assert beliefs.told[0, 0] and beliefs.told[1, 1]


def test_opening_includes_the_bound_below_the_shared_cells() -> None:
    state, beliefs = state_and_beliefs()
    intent = OptimizationPlanner(share_fraction=0.95).plan(beliefs, state.observation(0), RNG)
    assert intent.acts == [OptCell(reviewer=0, paper=0, value=180), OptNoneAbove(value=161)]


def test_proposes_once_the_partner_spoke() -> None:
    state, beliefs = state_and_beliefs()
    beliefs.update(Utterance(1 - beliefs.seat, [OptCell(reviewer=2, paper=1, value=300), OptNoneAbove(value=250)]))
    planner = OptimizationPlanner()
    intent = planner.plan(beliefs, state.observation(0), RNG)
    (action,) = intent.actions
    assert isinstance(action, Propose) and action.proposal == planner.final_proposal(beliefs, None)


def test_accepts_a_good_proposal_and_rejects_a_bad_one_with_reasons() -> None:
    state, beliefs = state_and_beliefs(player=1)
    planner = OptimizationPlanner()
    state.apply(Turn(message="", actions=(Propose(proposal=Assignment((0, 1, 2))),)))
    assert planner.plan(beliefs, state.observation(1), RNG).actions == [Accept()]
    state.apply(Turn(message="", actions=(Reject(),)))
    state.apply(Turn(message="", actions=(Propose(proposal=Assignment((2, 1, 0))),)))  # player 1 proposes
    state.apply(Turn(message="", actions=(Reject(),)))
    state.apply(Turn(message="", actions=(Propose(proposal=Assignment((1, 0, 2))),)))  # player 0: a bad one
    intent = planner.plan(beliefs, state.observation(1), RNG)
    assert intent.actions == [Reject()]
    assert OptCell(reviewer=0, paper=0, value=450) in intent.acts  # the cell that makes the difference


def test_accepts_anything_at_the_end() -> None:
    state, beliefs = state_and_beliefs(player=1)
    state.turns = state.turn_cap - 2
    state.apply(Turn(message="", actions=(Propose(proposal=Assignment((1, 0, 2))),)))
    assert OptimizationPlanner().plan(beliefs, state.observation(1), RNG).actions == [Accept()]


def test_answers_questions_from_own_cells() -> None:
    state, beliefs = state_and_beliefs(player=1)
    beliefs.update(Utterance(1 - beliefs.seat, [OptAsk(paper=0)]))
    intent = OptimizationPlanner().plan(beliefs, state.observation(1), RNG)
    assert intent.acts[:2] == [OptCell(reviewer=0, paper=0, value=450), OptCell(reviewer=1, paper=0, value=150)]
    beliefs.record_own(intent)
    assert beliefs.questions == []


def test_bad_parameters() -> None:
    with pytest.raises(ValueError):
        OptimizationPlanner(accept_threshold=1.5)
    with pytest.raises(ValueError):
        OptimizationPlanner(max_share=-1)


def test_solver_planner_plays_both_seats() -> None:
    planner = solver_planner(accept_threshold=0.9)
    assert isinstance(planner, RolePlanner) and set(planner.by_role) == {"player-0", "player-1"}


def test_random_assignment_is_a_permutation() -> None:
    state, _ = state_and_beliefs()
    rng = np.random.default_rng(1)
    drawn = {random_assignment(state.observation(0), rng).papers for _ in range(200)}
    assert len(drawn) == 6 and all(sorted(p) == [0, 1, 2] for p in drawn)


def test_asks_about_the_most_valuable_unknown_cell_within_its_budget() -> None:
    state, beliefs = state_and_beliefs()
    beliefs.update(Utterance(1 - beliefs.seat, [OptCell(reviewer=2, paper=1, value=100)]))
    planner = OptimizationPlanner(ask_threshold=0.0, max_questions=1)
    intent = planner.plan(beliefs, state.observation(0), RNG)
    (question,) = [a for a in intent.acts if isinstance(a, OptAsk)]
    assert intent.actions == [] and beliefs.unknown_cells()[question.reviewer, question.paper]
    beliefs.record_own(intent)
    assert isinstance(planner.plan(beliefs, state.observation(0), RNG).actions[0], Propose)


def test_no_question_when_nothing_is_worth_asking() -> None:
    state, beliefs = state_and_beliefs()
    beliefs.update(Utterance(1 - beliefs.seat, [OptCell(reviewer=2, paper=1, value=100)]))
    intent = OptimizationPlanner(ask_threshold=1.0).plan(beliefs, state.observation(0), RNG)
    assert not any(isinstance(a, OptAsk) for a in intent.acts) and intent.actions


def test_a_question_about_an_unseen_cell_is_answered_as_such() -> None:
    state, beliefs = state_and_beliefs(player=1)
    beliefs.update(Utterance(1 - beliefs.seat, [OptAsk(reviewer=0, paper=1)]))
    intent = OptimizationPlanner().plan(beliefs, state.observation(1), RNG)
    assert intent.acts[0] == OptUnseen(reviewer=0, paper=1)
