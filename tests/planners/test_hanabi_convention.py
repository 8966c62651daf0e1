"""The Hanabi convention planner (and the random one): each convention on a hand-built position,
legality, determinism, no peeking at the own hand, no certain play that misplays."""

import numpy as np
import pytest

from beliefs.hanabi import HanabiBeliefs, Slot
from games.hanabi import Discard, HanabiGame, HanabiState, Play, RevealColor, RevealRank
from games.hanabi.cards import COLOR_LETTERS
from planners.hanabi_convention import ConventionPlanner
from planners.random_moves import UniformMovePlanner
from tests.beliefs.hanabi_positions import act, card, selfplay, stacked

RNG = np.random.default_rng(0)


def move(state: HanabiState, planner=None):
    obs = state.observation(state.current_player)
    return (planner or ConventionPlanner()).plan(HanabiBeliefs(obs), obs, RNG).actions[0]


def test_plays_a_play_clued_card():
    state = stacked(2, ["R4", "R4", "Y4", "Y4", "G4", "B4", "W3", "W3", "G3", "R1"])
    act(state, RevealRank(target=1, rank=1))
    assert move(state) == Play(card=4)


def test_gives_the_play_clue_and_prefers_the_one_that_makes_more_plays():
    # seat 1 holds R1 and Y1: the rank clue 1 makes both playable
    state = stacked(2, ["R4", "R4", "Y4", "Y4", "G4", "B4", "W3", "R1", "G3", "Y1"])
    assert move(state) == RevealRank(target=1, rank=1)


def test_saves_a_5_on_chop_when_the_partner_would_discard():
    state = stacked(2, ["R4", "R4", "Y4", "Y4", "G4", "B5", "W3", "W3", "G3", "G3"])
    act(state, RevealRank(target=1, rank=3))  # a clue that plays nothing (the 3s are saved)
    act(state, RevealRank(target=0, rank=4))
    action = move(state)
    assert isinstance(action, RevealRank | RevealColor) and action.target == 1
    touched = [
        i
        for i, c in enumerate(state.hands[1])
        if (c % 5 + 1 == getattr(action, "rank", 0))
        or (isinstance(action, RevealColor) and COLOR_LETTERS[c // 5] == action.color[0].upper())
    ]
    assert 0 in touched


def test_discards_chop_with_nothing_to_do():
    # seat 1 holds nothing playable and nothing to save; tokens below the cap
    state = stacked(2, ["R4", "Y3", "G4", "B3", "W4", "B4", "W3", "W3", "G3", "G3"])
    act(state, RevealRank(target=1, rank=3))  # no 3 is playable: the 3s are only saved
    assert move(state) == Discard(card=0)


def test_discards_known_trash_before_chop():
    state = stacked(2, ["R1", "G4", "Y4", "Y4", "G4", "B4", "W3", "W3", "G3", "R1"])
    act(state, RevealRank(target=1, rank=1))
    act(state, Play(card=4))  # R1 played; seat 1 draws
    act(state, RevealColor(target=1, color="white"))
    act(state, RevealRank(target=0, rank=4))
    obs = state.observation(0)
    store = HanabiBeliefs(obs)
    # seat 0's R1 known by its clues (red, then 1; hand-set here): after seat 1's R1, it is trash
    store.slots[0][0] = Slot(known=1 << card("R1"), mask=store.tables.full, clued=True)
    assert not store.private_belief(0) & ~store.public.trash
    assert ConventionPlanner().plan(store, obs, RNG).actions[0] == Discard(card=0)


def score(players: int, seed: int, check=None) -> int:
    return selfplay(players, seed, ConventionPlanner(), check).score()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_moves_are_legal_and_certain_plays_never_misplay(players):
    def check(state, store, obs, intent):
        action = intent.actions[0]
        assert action in state.legal_moves()
        if intent.message == "play":
            c = state.hands[obs.seat][action.card]
            assert state.fireworks[c // 5] == c % 5, "a play the belief called certain misplayed"

    scores = [score(players, seed, check) for seed in range(12)]
    assert np.mean(scores) > 15


def test_deterministic_per_seed():
    assert [score(2, s) for s in range(5)] == [score(2, s) for s in range(5)]


@pytest.mark.parametrize("players", [2, 3])
def test_move_does_not_depend_on_the_own_hidden_hand(players):
    game = HanabiGame(players=players)
    rng = np.random.default_rng(7)
    redealt = 0
    for seed in range(12):
        state = game.new_initial_state(seed)
        for _ in range(int(rng.integers(0, 40))):
            if state.is_terminal():
                break
            act(state, move(state))
        if state.is_terminal():
            continue
        p = state.current_player
        for _ in range(3):
            twin = state.resample_hand(p, rng)
            redealt += twin.hands[p] != state.hands[p]
            assert move(state) == move(twin)
    assert redealt > 10


@pytest.mark.parametrize("players", [2, 4])
def test_random_planner_is_legal(players):
    game = HanabiGame(players=players)
    for seed in range(5):
        state = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            obs = state.observation(state.current_player)
            assert sorted(map(str, obs.legal_moves())) == sorted(map(str, state.legal_moves()))
            act(state, UniformMovePlanner().plan(None, obs, rng).actions[0])


def knowing(state: HanabiState, facts: dict[int, str]) -> tuple[HanabiBeliefs, object]:
    """The mover's store with its cards at the given positions known exactly (as if clued twice)."""
    obs = state.observation(state.current_player)
    store = HanabiBeliefs(obs)
    for position, short in facts.items():
        store.slots[obs.seat][position] = Slot(known=1 << card(short), mask=store.tables.full, clued=True)
    return store, obs


def test_plays_first_the_card_that_unlocks_a_clued_card_elsewhere():
    state = stacked(2, ["R1", "Y1", "Y4", "Y4", "W4", "B4", "W3", "Y2", "G3", "G3"])
    act(state, RevealColor(target=1, color="white"))  # seat 0 -> seat 1 (nothing to play: W3 saved)
    act(state, RevealRank(target=0, rank=4))  # seat 1 -> seat 0 (4s saved, none playable)
    store, obs = knowing(state, {0: "R1", 1: "Y1"})
    store.slots[1][2] = Slot(known=1 << card("Y2"), mask=store.tables.full, clued=True)  # Y2 clued
    assert ConventionPlanner().plan(store, obs, RNG).actions[0] == Play(card=1)


@pytest.mark.parametrize(("players", "clue_first"), [(2, True), (3, False)])
def test_with_two_players_a_play_clue_for_an_idle_partner_goes_before_ones_own_play(players, clue_first):
    hands = ["G1", "R4", "Y4", "Y4", "W4", "B4", "W3", "W3", "G3", "R1"]
    if players == 3:
        hands += ["B3", "B3", "W4", "Y3", "Y3"]
    state = stacked(players, hands)
    store, obs = knowing(state, {0: "G1"})
    action = ConventionPlanner().plan(store, obs, RNG).actions[0]
    assert isinstance(action, RevealRank | RevealColor) if clue_first else action == Play(card=0)


def test_discards_a_duplicate_of_a_card_another_hand_holds_clued():
    state = stacked(2, ["G4", "R2", "Y4", "Y4", "W4", "B4", "W3", "R2", "G3", "Y3"])
    act(state, RevealColor(target=1, color="red"))  # seat 1's R2 clued (saved)
    act(state, RevealRank(target=0, rank=4))
    store, obs = knowing(state, {1: "R2"})
    assert ConventionPlanner().plan(store, obs, RNG).actions[0] == Discard(card=1)


def test_a_locked_hand_clues_rather_than_discard():
    state = stacked(2, ["G4", "R2", "Y4", "Y3", "W4", "B4", "W3", "W2", "G3", "Y3"])
    act(state, RevealRank(target=1, rank=3))
    act(state, RevealColor(target=0, color="white"))
    store, obs = knowing(state, {0: "G4", 1: "R2", 2: "Y4", 3: "Y3", 4: "W4"})
    action = ConventionPlanner().plan(store, obs, RNG).actions[0]
    assert isinstance(action, RevealRank | RevealColor)


def test_late_game_play_takes_the_card_most_likely_playable():
    state = stacked(2, ["G4", "R2", "Y4", "Y3", "W4", "B4", "W3", "W2", "G3", "Y3"])
    store, obs = knowing(state, {})
    store.slots[0][3] = Slot(known=(1 << card("R1")) | (1 << card("R5")), mask=store.tables.full, clued=True)
    beliefs = [store.private_belief(i) for i in range(5)]
    assert ConventionPlanner().likely_play(store, beliefs) == 3  # 3 R1s against one R5


def test_planning_only_reads_the_store():
    import pickle

    def check(state, store, obs, intent):
        fresh = HanabiBeliefs(obs)  # the store in play has already been planned from
        before = pickle.dumps(fresh)
        assert ConventionPlanner().plan(fresh, obs, RNG) == intent
        assert pickle.dumps(fresh) == before

    selfplay(2, 3, ConventionPlanner(), check)
    selfplay(3, 4, ConventionPlanner(), check)
