"""The Hanabi belief store: history replay, clue knowledge, card counting and the convention reading."""

import pytest

from beliefs.hanabi import HanabiBeliefs, Tables, bits
from games.hanabi import Discard, Play, RevealColor, RevealRank
from planners.random_moves import UniformMovePlanner
from tests.beliefs.hanabi_positions import act, card, selfplay, stacked


def known_mask(knowledge, colors) -> int:
    return sum(1 << (colors.index(c) * 5 + r - 1) for c in knowledge.colors for r in knowledge.ranks)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_replay_matches_the_engine_knowledge_stacks_and_deck(players):
    def check(state, store, obs, intent):
        assert store.fireworks == list(obs.fireworks) and store.deck_size == obs.deck_size
        for view in obs.hands:
            slots = store.slots[view.seat]
            assert [s.known for s in slots] == [known_mask(k, obs.colors) for k in view.knowledge]
            assert [s.clued for s in slots] == [k.color_clued or k.rank_clued for k in view.knowledge]

    for seed in range(15):
        selfplay(players, seed, UniformMovePlanner(), check)


def test_private_belief_counts_the_copies_in_sight():
    # seat 0 holds the only blue 5 and both red 2s: seat 1 cannot hold them
    state = stacked(2, ["B5", "R2", "R2", "G1", "Y1", "W3", "W3", "W4", "G4", "G2"])
    store = HanabiBeliefs(state.observation(1))
    for i in range(5):
        belief = store.private_belief(i)
        assert not belief >> card("B5") & 1 and not belief >> card("R2") & 1
        assert belief >> card("R1") & 1
    assert store.hidden_left()[card("R2")] == 0 and store.hidden_left()[card("R1")] == 3


def test_a_rank_clue_on_a_new_card_is_a_play_clue():
    state = stacked(2, ["B5", "R2", "R2", "G1", "Y1", "W3", "W3", "W4", "G4", "R1"])
    act(state, RevealRank(target=1, rank=1))
    store = HanabiBeliefs(state.observation(1))
    pub = store.public
    assert store.slots[1][4].clued and store.slots[1][4].focus
    assert not store.private_belief(4) & ~pub.playable  # known playable
    assert store.known_playable(1) == [4] and store.saved(1) == [] and store.known_trash(1) == []
    seen_by_seat_0 = HanabiBeliefs(state.observation(0))
    assert seen_by_seat_0.known_playable(1) == [4]  # the partner's view of seat 1's card
    assert store.chop(1) == 0


def test_a_color_clue_names_the_next_card_of_the_colour_with_delayed_plays():
    # seat 1 learns (red, focus new) = R1; then seat 0 clues red on R2 of seat 1: delayed play R2
    state = stacked(2, ["B5", "G2", "G2", "G3", "Y1", "W3", "W3", "W4", "R2", "R1"])
    act(state, RevealRank(target=1, rank=1))  # R1 at 4: play
    act(state, RevealColor(target=0, color="yellow"))  # Y1 at 4 of seat 0
    store = HanabiBeliefs(state.observation(1))
    slots = store.read_clue(1, "color", 0, (3, 4))  # red touches R2 (3) and R1 (4)
    belief = store.public_belief(slots[3])
    assert bits(belief) == [card("R2")]


def test_a_rank_5_clue_on_chop_saves_it():
    state = stacked(2, ["R4", "R4", "Y4", "Y4", "G4", "B5", "W3", "W3", "G3", "Y3"])
    act(state, RevealRank(target=1, rank=5))
    store = HanabiBeliefs(state.observation(1))
    belief = store.private_belief(0)
    assert store.slots[1][0].clued and belief & ~store.public.playable  # saved, not played
    assert store.saved(1) == [0] and store.known_playable(1) == []
    assert store.chop(1) == 1


def test_good_touch_excludes_trash_from_touched_cards():
    state = stacked(2, ["R1", "G4", "Y4", "Y4", "G4", "B2", "W3", "W3", "G3", "R1"])
    act(state, RevealRank(target=1, rank=1))  # R1 at 4: play
    act(state, RevealRank(target=0, rank=1))  # R1 at 0 of seat 0
    store = HanabiBeliefs(state.observation(0))
    assert store.public_belief(store.slots[0][0]) == store.public_belief(store.slots[1][4])


def test_tables_count_the_deck():
    t = Tables(5, 5)
    assert sum(t.copies) == 50 and len(bits(t.full)) == 25 and bits(t.color_mask[1]) == list(range(5, 10))


def test_a_play_clue_on_the_card_after_a_clued_one_prompts_it():
    # seat 1's 2s are saved; once R1 is played, a 3 clue on its new R3 says the oldest 2 is R2
    state = stacked(2, ["R1", "Y4", "Y4", "G4", "W4", "B4", "R2", "W2", "B2", "Y2", "G5", "R3"])
    act(state, RevealRank(target=1, rank=2))  # the 2s clued (none playable yet)
    act(state, RevealRank(target=0, rank=1))  # R1 on seat 0's chop: play
    act(state, Play(card=0))
    act(state, Discard(card=0))  # seat 1 discards B4 and draws R3 at position 4
    store = HanabiBeliefs(state.observation(0))
    slots = store.read_clue(1, "rank", 2, (4,))
    assert bits(store.public_belief(slots[4])) == [card("R3")]
    assert bits(store.public_belief(slots[0])) == [card("R2")]
    plain = HanabiBeliefs(state.observation(0), prompts=False).read_clue(1, "rank", 2, (4,))
    assert len(bits(store.public_belief(plain[4]))) > 1  # without prompts: no convention reading
