"""The Gnomes at Night planners: AISMCTS-F's flags and information boundary, and the proxy partner."""

import numpy as np
import pytest

from beliefs.base import Utterance
from beliefs.gnomes_at_night import GnomesBeliefs
from games.base import Turn
from games.gnomes_at_night import MOVES, GnomesAtNightGame, Maze, MoveAction
from language.acts import Intent
from language.flags import Direction, Flag
from planners.gnomes_at_night import AISMCTSPlanner, ProxyPlanner, answer_inquiry


def setup(player: int = 0, seed: int = 0, maze: Maze | None = None):
    game = GnomesAtNightGame(maze=maze) if maze is not None else GnomesAtNightGame()
    state = game.new_initial_state(seed)
    if player == 1:
        state.apply(Turn(actions=(MoveAction(move="stay"),)))
    observation = state.observation(player)
    beliefs = GnomesBeliefs(observation)
    beliefs.observe(observation)
    return state, observation, beliefs


def test_the_planner_cannot_see_the_partners_walls_or_hidden_treasure():
    """Two worlds that differ only in the partner's side and the treasure it hides give the ego the
    same observation, so the planner (which gets only that and the belief store) decides the same."""
    state, observation, beliefs = setup(player=1)  # round 1: the treasure is on player 0's side
    assert observation.treasure is None
    other = state.with_private_data_resampled(0, np.random.default_rng(5))
    assert other.maze.vertical[0].tolist() != state.maze.vertical[0].tolist()
    assert other.observation(1) == observation
    intents = []
    for obs in (observation, other.observation(1)):
        b = GnomesBeliefs(obs)
        b.observe(obs)
        intents.append(AISMCTSPlanner(iterations=2000).plan(b, obs, np.random.default_rng(0)))
    assert intents[0] == intents[1]


def test_a_request_blocked_on_the_ego_side_is_refused_with_its_move():
    state, observation, beliefs = setup(player=0)
    blocked = next(m for m in MOVES[1:] if m not in state.legal_actions(0))
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag=blocked)]))
    intent = AISMCTSPlanner(iterations=1000).plan(beliefs, observation, np.random.default_rng(0))
    assert intent.acts == [Flag(flag="reject", move=blocked)]
    assert intent.actions[0].move in state.legal_actions(0)


def test_a_question_is_answered_with_what_the_ego_knows():
    state, observation, beliefs = setup(player=0)  # player 0 sees the treasure (4, 0) from (0, 0)
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="inquiry")]))
    intent = AISMCTSPlanner(iterations=1000).plan(beliefs, observation, np.random.default_rng(0))
    answer = intent.acts[0]
    assert answer.flag == "inquiry" and answer.treasure == Direction(dx=1, dy=0)
    assert set(answer.blocked) == {m for m in MOVES[1:] if m not in state.legal_actions(0)}
    _, unseen, other = setup(player=1)
    assert answer_inquiry(other, unseen).treasure is None


def test_ties_break_toward_the_partners_request():
    visits = np.array([10, 10, 3, 0, 10])
    rng = np.random.default_rng(0)
    assert AISMCTSPlanner._best_move(visits, Flag(flag="down"), rng) == 4
    assert AISMCTSPlanner._best_move(visits, Flag(flag="up"), rng) in (0, 1, 4)
    assert AISMCTSPlanner._best_move(np.array([1, 9, 0, 0, 0]), Flag(flag="stay"), rng) == 1


def test_the_output_flag_is_the_best_reply_not_ruled_out_by_the_dictionary():
    _, _, beliefs = setup(player=0)
    replies = np.array([5, 40, 3, 0, 20])
    assert AISMCTSPlanner._request(replies, (2, 2), beliefs) == Flag(flag="right")
    assert beliefs.last_request is None  # planners only read beliefs: record_own notes the request
    beliefs.record_rejection((2, 2), 1)
    assert AISMCTSPlanner._request(replies, (2, 2), beliefs) == Flag(flag="down")


def test_the_mute_agent_sends_no_flags():
    _, observation, beliefs = setup(player=0)
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="inquiry")]))
    intent = AISMCTSPlanner(iterations=500, communicate=False).plan(beliefs, observation, np.random.default_rng(0))
    assert intent.acts == [] and len(intent.actions) == 1


def test_with_the_treasure_in_sight_and_open_the_agent_takes_it():
    state, observation, beliefs = setup(player=0)
    state.token = (3, 0)  # the treasure (4, 0) is one step right; side 0 has no wall there
    assert "right" in state.legal_actions(0)
    intent = AISMCTSPlanner(iterations=3000).plan(beliefs, state.observation(0), np.random.default_rng(1))
    assert intent.actions[0].move == "right"


@pytest.mark.parametrize("seed", range(3))
def test_the_proxy_follows_open_requests_and_refuses_blocked_ones(seed):
    state, observation, beliefs = setup(player=1, seed=seed)  # the proxy does not see the treasure
    legal = state.legal_actions(1)
    ok = next(m for m in MOVES[1:] if m in legal)
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag=ok)]))
    intent = ProxyPlanner().plan(beliefs, observation, np.random.default_rng(0))
    assert intent.actions[0].move == ok and intent.acts == [Flag(flag="accept")]
    blocked = next(m for m in MOVES[1:] if m not in legal)
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag=blocked)]))
    intent = ProxyPlanner().plan(beliefs, observation, np.random.default_rng(0))
    assert intent.acts == [Flag(flag="reject", move=blocked)]


def test_the_proxy_asks_once_a_round_and_leads_when_it_sees_the_treasure():
    _, observation, beliefs = setup(player=1)
    first = ProxyPlanner().plan(beliefs, observation, np.random.default_rng(0))
    beliefs.record_own(first)
    assert first.acts == [Flag(flag="inquiry")] and first.actions[0].move == "stay"
    again = ProxyPlanner().plan(beliefs, observation, np.random.default_rng(0))
    assert again.acts == []
    state, seen, sees = setup(player=0)
    lead = ProxyPlanner().plan(sees, seen, np.random.default_rng(0))
    assert lead.actions[0].move in state.legal_actions(0) and lead.actions[0].move != "stay"


def test_the_mute_proxy_says_nothing():
    _, observation, beliefs = setup(player=1)
    assert ProxyPlanner(communicate=False).plan(beliefs, observation, np.random.default_rng(0)).acts == []


def test_record_own_notes_the_request_and_clears_the_answered_flag():
    """The planner only reads beliefs; the agent's own turn records its request at the cell its own
    move reaches and clears the partner's flag it answered."""
    _, observation, beliefs = setup(player=0)
    beliefs.update(Utterance(1 - beliefs.seat, [Flag(flag="up")]))
    assert beliefs.partner_flag == Flag(flag="up")
    x, y = beliefs.token
    beliefs.record_own(Intent(acts=[Flag(flag="right")], actions=[MoveAction(move="right")]))
    assert beliefs.partner_flag is None and beliefs.last_request == ((x + 1, y), 1)
