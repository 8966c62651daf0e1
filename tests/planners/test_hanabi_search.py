"""The Hanabi search planner and what it stands on: worlds dealt from a seat's belief, the reference
rollout of the convention blueprint, and SPARTA's rule for changing the blueprint's move."""

import numpy as np
import pytest

from beliefs.hanabi import HanabiBeliefs
from games.hanabi import HanabiGame
from planners.hanabi_convention import ConventionPlanner
from planners.hanabi_rollout import PythonRollouts, sample_worlds
from planners.hanabi_search import SearchPlanner
from tests.beliefs.hanabi_positions import selfplay


def positions(players: int, seed: int, at: tuple[int, ...]):
    """Convention self-play of deal ``seed``; at each move count in ``at``: the true state, the
    mover's store and observation, the blueprint's move id; and the final score."""
    game = HanabiGame(players=players)
    state = game.new_initial_state(seed)
    stores = [HanabiBeliefs(state.observation(p)) for p in range(players)]
    planner, found = ConventionPlanner(), []
    while not state.is_terminal():
        seat = state.current_player
        obs = state.observation(seat)
        stores[seat].observe(obs)
        action, _ = planner.choose(stores[seat], obs)
        uid = game.uid(seat, action)
        if len(state.records) in at:
            found.append((state.clone(), stores[seat].for_seat(obs), obs, uid))
        state.apply_uid(uid)
    return game, found, state.score()


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 7), (3, 1), (4, 2), (5, 3)])
def test_the_blueprint_rolled_out_in_the_true_world_replays_the_game(players, seed):
    game, found, final = positions(players, seed, (6, 25))
    rollouts = PythonRollouts(game)
    for state, store, _, uid in found:
        assert rollouts.values([state], store, [uid])[0, 0] == final


@pytest.mark.parametrize("players", [2, 3, 5])
def test_worlds_look_the_same_to_the_seat_and_deal_from_its_belief(players):
    game, found, _ = positions(players, 11, (5, 20, 40))
    for _, store, obs, _ in found:
        seat = obs.seat
        for world in sample_worlds(game, store, obs, 6, np.random.default_rng(0)):
            assert world.observation(seat) == obs
            assert sorted(world.deck) == game.cards
            assert world.deck_size == obs.deck_size
            for i, held in enumerate(world.hands[seat]):
                assert store.private_belief(i) >> held & 1


def test_worlds_fall_back_to_clue_knowledge_when_the_conventions_allow_no_hand():
    game, found, _ = positions(2, 3, (30,))
    _, store, obs, _ = found[0]
    seat = obs.seat
    for slot in store.slots[seat]:
        slot.mask = 0  # the conventions now allow nothing: the clues' knowledge must deal
    for world in sample_worlds(game, store, obs, 4, np.random.default_rng(1)):
        assert world.observation(seat) == obs


def test_for_seat_refuses_an_observation_of_another_history():
    _, found, _ = positions(2, 0, (10, 11))
    (_, store, _, _), (state, _, _, _) = found
    with pytest.raises(ValueError, match="moves"):
        store.for_seat(state.observation(0))


def test_a_challenger_needs_a_better_mean_and_a_confident_gain_on_fresh_worlds():
    planner = SearchPlanner(threshold=0.05, z=2.0, backend="python")
    values = np.array([[20.0, 20, 20, 20], [21.0, 21, 21, 21], [20.5, 20.5, 20.5, 20.5]])
    assert planner.challenger(values, planned=0) == 1
    assert planner.challenger(values, planned=1) is None
    assert planner.challenger(values[[0, 0]] + [[0], [0.04]], planned=0) is None  # under the threshold
    assert planner.confident_gain(np.array([1.0, 1, 1, 1])) == 1.0
    assert planner.confident_gain(np.array([5.0, -5, 5, -4])) is None  # noisy
    assert planner.confident_gain(np.array([0.04, 0.04, 0.04])) is None  # sure but small


def test_a_search_that_never_trusts_itself_plays_the_blueprint():
    never = SearchPlanner(samples=4, confirm=4, horizon=3, threshold=float("inf"), backend="python")
    assert selfplay(2, 5, never).records == selfplay(2, 5, ConventionPlanner()).records
    assert never.searched > 0 and never.changed == 0


def test_search_is_legal_deterministic_and_changes_moves_only_for_a_measured_gain():
    planner = SearchPlanner(samples=8, confirm=8, horizon=3, backend="python")
    reasons: list[str] = []

    def check(state, store, obs, intent):
        assert state.illegal_reason(state.game.uid(obs.seat, intent.actions[0])) is None
        reasons.append(intent.message)

    first = selfplay(2, 4, planner, check)
    again = selfplay(2, 4, SearchPlanner(samples=8, confirm=8, horizon=3, backend="python"))
    assert first.records == again.records
    assert planner.searched > 0
    changed = [r for r in reasons if r.startswith("search: +")]
    assert len(changed) == planner.changed


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="samples"):
        SearchPlanner(samples=0)
    with pytest.raises(ValueError, match="confirm"):
        SearchPlanner(confirm=1)
    with pytest.raises(ValueError, match="backend"):
        SearchPlanner(backend="fortran")  # type: ignore[arg-type]
    assert SearchPlanner(blueprint={"fear_play": 0}).blueprint.fear_play == 0


def test_the_numba_and_the_python_search_choose_the_same_moves():
    game, found, _ = positions(2, 9, tuple(range(40, 70)))
    searched = [(store, obs) for _, store, obs, _ in found if obs.deck_size <= 4]
    assert len(searched) >= 5
    fast, slow = (SearchPlanner(samples=6, confirm=6, horizon=4, backend=b) for b in ("numba", "python"))
    assert [fast.choose(*p) for p in searched] == [slow.choose(*p) for p in searched]
    assert fast.searched == slow.searched == len(searched)


def test_a_searched_decision_leaves_the_store_as_it_was():
    _, found, _ = positions(2, 12, tuple(range(45, 60)))
    planner = SearchPlanner(samples=4, confirm=4, horizon=None)
    for _, store, obs, _ in found:
        before = ([[(s.known, s.mask, s.clued, s.focus) for s in hand] for hand in store.slots], store.read)
        facts = (list(store.fireworks), list(store.discarded), store.deck_size, store.hands, store.seat)
        planner.choose(store, obs)
        assert ([[(s.known, s.mask, s.clued, s.focus) for s in hand] for hand in store.slots], store.read) == before
        assert (list(store.fireworks), list(store.discarded), store.deck_size, store.hands, store.seat) == facts
    assert planner.searched == len(found)
