"""The Gnomes at Night belief store: the hidden-information dictionary and the treasure belief."""

import numpy as np
import pytest

from beliefs.base import Utterance
from beliefs.gnomes_at_night import GnomesBeliefs
from games.base import Turn
from games.gnomes_at_night import MOVES, GnomesAtNightGame, MoveAction
from language.flags import Direction, Flag


def fresh(player: int = 1, seed: int = 0):
    state = GnomesAtNightGame().new_initial_state(seed)
    if player == 1:
        state.apply(Turn(message="hi", actions=(MoveAction(move="stay"),)))
    observation = state.observation(player)
    beliefs = GnomesBeliefs(observation)
    beliefs.observe(observation)
    return state, beliefs


def test_a_rejection_is_recorded_with_its_mirror():
    _, beliefs = fresh()
    beliefs.last_request = ((2, 2), MOVES.index("right"))
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="reject")]))
    assert beliefs.rejected[2, 2, MOVES.index("right")] and beliefs.rejected[2, 3, MOVES.index("left")]
    assert beliefs.rejected.sum() == 2 and beliefs.last_request is None


def test_a_rejection_naming_another_move_is_not_about_our_request():
    _, beliefs = fresh()
    beliefs.last_request = ((2, 2), MOVES.index("down"))
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="reject", move="left")]))
    assert beliefs.rejected.sum() == 0


def test_the_partners_moves_are_open_and_never_rejected():
    state, beliefs = fresh(player=0)
    state.apply(Turn(actions=(MoveAction(move="down"),)))  # player 0 moves down from (0, 0)
    legal = state.legal_actions(1)
    partner_move = next(m for m in legal if m != "stay")
    state.apply(Turn(actions=(MoveAction(move=partner_move),)))
    beliefs.observe(state.observation(0))
    cell = (0, 1)
    m = MOVES.index(partner_move)
    assert beliefs.partner_moved[cell[1], cell[0], m]
    beliefs.record_rejection(cell, m)  # a refusal of a move we saw it make is a mistake: ignored
    assert not beliefs.rejected[cell[1], cell[0], m]


def test_the_treasure_belief_is_one_hot_when_seen_and_never_on_visited_cells():
    state = GnomesAtNightGame().new_initial_state(0)
    seen = state.observation(0)
    beliefs = GnomesBeliefs(seen)
    beliefs.observe(seen)
    belief = beliefs.treasure_belief(seen)
    assert belief[0, 4] == 1.0 and belief.sum() == 1.0
    unseen = state.observation(1)
    other = GnomesBeliefs(unseen)
    other.observe(unseen)
    belief = other.treasure_belief(unseen)
    assert belief[0, 0] == 0 and belief.sum() == pytest.approx(1.0)
    assert np.allclose(belief[belief > 0], belief[belief > 0].max())  # uniform elsewhere


def test_hints_and_requests_sharpen_the_belief():
    state = GnomesAtNightGame().new_initial_state(0)
    observation = state.observation(1)  # round 1: player 0 sees the treasure at (4, 0)
    beliefs = GnomesBeliefs(observation)
    beliefs.observe(observation)
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="none", treasure=Direction(dx=1, dy=0))]))
    belief = beliefs.treasure_belief(observation)
    right_of_token = belief[:, 1:].sum()
    assert right_of_token > 0.9
    before = beliefs.treasure_belief(observation)[1:, :].sum()
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="down")]))
    assert beliefs.treasure_belief(observation)[1:, :].sum() > before


def test_a_new_round_keeps_the_dictionary_and_forgets_the_round():
    state, beliefs = fresh(player=0)
    beliefs.record_rejection((3, 3), MOVES.index("up"))
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="none", treasure=Direction(dx=1, dy=1))]))
    state.round_index = 1
    state.chat = []
    beliefs.observe(state.observation(0))
    assert beliefs.round == 2 and beliefs.rejected[3, 3, MOVES.index("up")]
    assert np.all(beliefs.weights == 1.0) and beliefs.partner_flag is None


def test_the_store_sees_only_the_ego_observation():
    state, beliefs = fresh(player=1)
    assert beliefs.own_open.shape == (9, 9, 5)
    expected = state.maze.open[1]
    assert np.array_equal(beliefs.own_open, expected)
    assert not hasattr(beliefs, "maze")


def test_a_treasure_hint_answers_our_question():
    """Issue 17: a hint now carries no ``blocked`` unless walls are described; it still answers."""
    state, beliefs = fresh(player=0)
    beliefs.update(Utterance(beliefs.seat, [Flag(flag="inquiry")]))
    assert beliefs.question_open
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="inquiry", treasure=Direction(dx=0, dy=1))]))
    assert not beliefs.question_open and beliefs.hinted


def test_an_objection_with_our_request_records_the_wall():
    """Issue 17: "nope" to our request is a reject of the requested move; the store learns the wall."""
    state, beliefs = fresh(player=0)
    beliefs.last_request = ((3, 3), MOVES.index("left"))
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="reject", move="left")]))
    assert beliefs.rejected[3, 3, MOVES.index("left")] and beliefs.last_request is None
