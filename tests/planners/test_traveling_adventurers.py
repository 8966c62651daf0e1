"""Planners for Traveling Adventurers: IBP exactness, certificates, value of information, greedy."""

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from beliefs.base import Utterance
from beliefs.traveling_adventurers import AgreementTracker, PartnerModel, Pending, TravelingAdventurersBeliefs
from games.base import Turn
from games.traveling_adventurers import BOT, USER, Submit, TravelingAdventurersGame
from language.acts import Agree, Ask, End, Inform, Reject, Suggest
from planners.traveling_adventurers import Board, GreedyPlanner, IBPPlanner

RNG = np.random.default_rng(0)


def setup(game, seed=0, player=USER, known=(), agreed=("L",)):
    state = game.new_initial_state(seed)
    obs = state.observation(player)
    partner = PartnerModel()
    for u, v in known:
        partner.partner_coins[frozenset((u, v))] = int(
            state.board.weights[1 - player][state.board.index(u), state.board.index(v)]
        )
    beliefs = TravelingAdventurersBeliefs(partner, AgreementTracker(start="L", agreed=list(agreed)))
    return state, obs, beliefs


def all_edges(board):
    return list(itertools.combinations(board.rooms, 2))


def best_through(board, prefix):
    rest = [r for r in board.rooms if r not in prefix]
    return max(board.joint_score([*prefix, *p, board.start]) for p in itertools.permutations(rest))


def test_ibp_with_full_knowledge_is_the_true_optimum():
    for b in range(1, 7):
        state, obs, beliefs = setup(
            TravelingAdventurersGame(board=b), known=all_edges(TravelingAdventurersGame(board=b).board_for_seed(0))
        )
        planner = IBPPlanner()
        tour = planner.ibp(beliefs, Board.from_observation(obs), ["L"])
        assert state.board.joint_score(tour) == state.board.optimum


@given(
    seed=st.integers(0, 10_000),
    rooms=st.integers(4, 7),
    share=st.floats(0, 1),
    unknown=st.sampled_from(["zero", "expected"]),
)
@settings(max_examples=40, deadline=None)
def test_certified_moves_always_lie_on_an_optimal_tour(seed, rooms, share, unknown):
    game = TravelingAdventurersGame(rooms=rooms)
    board = game.board_for_seed(seed)
    rng = np.random.default_rng(seed)
    known = [e for e in all_edges(board) if rng.random() < share]
    state, obs, beliefs = setup(game, seed, known=known)
    chain = IBPPlanner(unknown=unknown).certified_moves(beliefs, Board.from_observation(obs), ["L"])
    if chain:
        assert best_through(state.board, ["L", *chain]) == state.board.optimum


def test_full_knowledge_certifies_a_whole_optimal_tour():
    game = TravelingAdventurersGame(board=3)
    state, obs, beliefs = setup(game, known=all_edges(game.board_for_seed(0)))
    chain = IBPPlanner().certified_moves(beliefs, Board.from_observation(obs), ["L"])
    assert len(chain) == 4 and best_through(state.board, ["L", *chain]) == 56


def test_unknown_coins_counted_as_zero_or_expected():
    game = TravelingAdventurersGame(board=1)
    _, obs, beliefs = setup(game)
    board = Board.from_observation(obs)
    zero, _, _ = IBPPlanner(unknown="zero")._matrices(beliefs, board)
    expected, lo, hi = IBPPlanner(unknown="expected")._matrices(beliefs, board)
    assert np.allclose(expected - zero, 5.5 * (1 - np.eye(6)))
    assert np.allclose(hi - lo, 9 * (1 - np.eye(6)))


def test_without_information_the_planner_asks_for_pivotal_coins_and_shares_its_own():
    game = TravelingAdventurersGame(board=1)
    _, obs, beliefs = setup(game)
    intent = IBPPlanner().plan(beliefs, obs, RNG)
    kinds = [a.act for a in intent.acts]
    assert kinds[0] == "suggest" and "inform" in kinds and "ask" in kinds
    assert sum(k == "ask" for k in kinds) <= 4 and sum(k == "inform" for k in kinds) <= 6
    asked = [frozenset(a.edge) for a in intent.acts if isinstance(a, Ask)]
    assert asked and len(set(asked)) == len(asked)
    assert all(beliefs.partner.known(*sorted(e)) is None for e in asked)


def test_answers_questions_first_and_does_not_repeat_itself():
    game = TravelingAdventurersGame(board=1)
    state, obs, beliefs = setup(game)
    beliefs.update(Utterance(1 - beliefs.seat, [Ask(edge=("K", "A"))]))
    intent = IBPPlanner().plan(beliefs, obs, RNG)
    informs = [a for a in intent.acts if isinstance(a, Inform)]
    assert informs[0].edge == ("K", "A") and informs[0].coins == state.board.weights[USER][3, 5]
    beliefs.record_own(intent)
    again = IBPPlanner().plan(beliefs, obs, RNG)
    told = {frozenset(a.edge) for a in informs}
    assert not any(isinstance(a, Inform) and frozenset(a.edge) in told for a in again.acts)


def test_rejects_a_certified_bad_suggestion_with_a_counter_proposal():
    game = TravelingAdventurersGame(board=3)
    state, obs, beliefs = setup(game, known=all_edges(game.board_for_seed(0)))
    beliefs.tracker.partner_pending = Pending(["L", "E"], 0)
    best_first = {"B", "C"}  # the optimal tours of board 3 start L-B or L-C
    intent = IBPPlanner().plan(beliefs, obs, RNG)
    assert isinstance(intent.acts[0], Reject)
    assert isinstance(intent.acts[1], Suggest) and intent.acts[1].path[1] in best_first


def test_accepts_the_partners_final_tour_only_if_it_is_certified():
    game = TravelingAdventurersGame(board=3)
    _, obs, beliefs = setup(game, known=all_edges(game.board_for_seed(0)))
    good, bad = ["L", "B", "K", "E", "A", "C", "L"], ["L", "E", "B", "K", "C", "A", "L"]
    beliefs.tracker.partner_final = good
    intent = IBPPlanner().plan(beliefs, obs, RNG)
    assert intent.actions == [Submit(path=good)] and intent.acts == [End(path=good)]
    beliefs.tracker.partner_final = bad
    intent = IBPPlanner().plan(beliefs, obs, RNG)
    assert intent.actions == [] and intent.acts[0] == Reject(path=bad)


def test_forced_last_room_ends_the_game():
    game = TravelingAdventurersGame(board=1)
    _, obs, beliefs = setup(game, agreed=("L", "E", "K", "C", "B"))
    intent = IBPPlanner().plan(beliefs, obs, RNG)
    assert intent.actions == [Submit(path=["L", "E", "K", "C", "B", "A", "L"])]


def test_greedy_counters_once_then_concedes():
    game = TravelingAdventurersGame(board=1)
    state, obs, beliefs = setup(game, player=BOT)
    planner = GreedyPlanner()
    own = dict(((u, v), c) for u, v, c in obs.own_coins if u == "L")
    worst = min(own, key=own.get)[1]
    beliefs.update(Utterance(1 - beliefs.seat, [Suggest(path=["L", worst])]))
    first = planner.plan(beliefs, obs, RNG)
    assert isinstance(first.acts[0], Reject) and isinstance(first.acts[1], Suggest)
    beliefs.record_own(first)
    beliefs.update(Utterance(1 - beliefs.seat, [Reject(), Suggest(path=["L", worst])]))
    second = planner.plan(beliefs, obs, RNG)
    assert isinstance(second.acts[0], Agree)


def test_agrees_to_a_partner_backtrack_that_leads_to_a_better_tour():
    game = TravelingAdventurersGame(board=3)
    _, obs, beliefs = setup(game, known=all_edges(game.board_for_seed(0)), agreed=("L", "E"))
    beliefs.update(Utterance(1 - beliefs.seat, [Suggest(path=["L", "C", "A"])]))  # back to L, then the optimal opening
    assert beliefs.tracker.partner_pending.base == 0
    intent = IBPPlanner().plan(beliefs, obs, RNG)
    assert intent.acts[0] == Agree(path=["L", "C", "A"])
    beliefs.record_own(intent)
    assert beliefs.visited[:3] == ["L", "C", "A"]


def test_board_continues_refuses_repeats_and_early_returns():
    game = TravelingAdventurersGame(board=1)
    _, obs, _ = setup(game)
    board = Board.from_observation(obs)
    assert board.continues(["L", "E"], ["E", "K", "C"])
    assert not board.continues(["L", "E"], ["E", "L"])  # home before every room is visited
    assert not board.continues(["L", "E", "K"], ["K", "E"])
    assert not board.continues(["L"], ["L", "Q"])
    assert board.continues(["L", "E", "K", "C", "B", "A"], ["A", "L"])


def test_greedy_rejects_going_home_early():
    game = TravelingAdventurersGame(board=1)
    _, obs, beliefs = setup(game, player=BOT, agreed=("L", "E"))
    beliefs.update(Utterance(1 - beliefs.seat, [Suggest(path=["E", "L"])]))
    assert isinstance(GreedyPlanner().plan(beliefs, obs, RNG).acts[0], Reject)


def test_a_binding_partner_submission_of_a_valid_tour_is_matched():
    game = TravelingAdventurersGame(board=1)
    state = game.new_initial_state(0)
    tour = ["L", "A", "B", "C", "K", "E", "L"]  # a valid but uncertifiable tour (nothing is known)
    state.apply(Turn(actions=(Submit(path=tour),)))
    obs = state.observation(BOT)
    beliefs = TravelingAdventurersBeliefs(PartnerModel(), AgreementTracker(start="L"))
    beliefs.update(Utterance(1 - beliefs.seat, [End(path=tour)]))
    intent = IBPPlanner().plan(beliefs, obs, RNG)
    assert intent.actions == [Submit(path=tour)]


@pytest.fixture(scope="module")
def partner_off_records() -> list[Any]:
    """Twelve self-play games of problem-solving with the partner model off (both tests below)."""
    from agent.arena import paper_seeds, selfplay
    from agent.registry import default_registry

    registry = default_registry()
    spec = registry.preset("traveling_adventurers", "problem-solving").with_options("beliefs", partner="off")
    return selfplay(registry.make_game("traveling_adventurers"), spec, paper_seeds(1, 12), registry)


def test_ibp_without_a_partner_model_settles_once_nothing_is_left_to_ask(partner_off_records):
    """Grounding off: the coins IBP asks for never arrive. Once every coin that could decide a
    suggestion has been asked, it decides on what it knows instead of waiting to the cap."""

    from agent.summaries import summary_of
    from games.traveling_adventurers import TravelingAdventurersMetrics

    records = partner_off_records
    summary = summary_of(records, TravelingAdventurersMetrics)
    assert summary["identical"]["mean"] > 0 and not any(r.refused for r in records)
    assert any(act["act"] == "agree" for r in records for turn in r.transcript for act in turn.get("acts", []))


def test_an_intent_never_refuses_a_hop_and_suggests_it_again(partner_off_records):
    """IBP without a partner model once answered "not K-C. How about K-C?": its verdict (the coin
    bounds) refused the hop its suggestion (the point estimate) then chose. A refused next room is
    avoided like a rejected one, and after a rejection either way at a decision point the agent
    concedes, so two agents that cannot learn each other's coins still agree on a tour."""

    for record in partner_off_records:
        for turn in record.transcript:
            acts = turn.get("acts", [])
            refused = {tuple(a["path"][:2]) for a in acts if a["act"] == "reject" and a.get("path")}
            suggested = {tuple(a["path"][:2]) for a in acts if a["act"] == "suggest"}
            assert not refused & suggested, turn.get("message")
    assert not any(r.metrics["timeout"] for r in partner_off_records)
