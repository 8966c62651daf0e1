"""Hanabi: the deck, the rules on stacked decks, the end of the game, observations (a seat never
sees its own cards), re-dealing hidden hands, metrics and conformance."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalTurnError, Turn, check_game
from games.hanabi import (
    Card,
    Discard,
    HanabiGame,
    HanabiMetrics,
    HanabiObservation,
    HanabiState,
    Play,
    RevealColor,
    RevealRank,
    state_from_observation,
)
from games.hanabi.cards import COLOR_LETTERS, plausible, sample_hand


def card(short: str, ranks: int = 5) -> int:
    return COLOR_LETTERS.index(short[0]) * ranks + int(short[1]) - 1


def stacked(game: HanabiGame, first: list[str]) -> HanabiState:
    """A state whose deck starts with ``first`` (hands dealt seat by seat, then the draws); the rest
    of the deck follows in sorted order."""
    head = [card(s, game.ranks) for s in first]
    rest = Counter(game.cards)
    rest.subtract(head)
    assert min(rest.values()) >= 0, "more copies than the deck holds"
    return HanabiState(game, tuple(head) + tuple(sorted(rest.elements())))


def play(state: HanabiState, action, message: str = "") -> None:
    state.apply(Turn(message=message, actions=(action,)))


# ---- conformance and facts --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance(players):
    report = check_game(HanabiGame(players=players), seeds=range(4))
    assert report.games_played == 8 and report.illegal_turns_refused > 0


def test_conformance_small_variant():
    check_game(HanabiGame(players=3, colors=2, ranks=3, hand_size=3, max_information_tokens=3, max_life_tokens=1))


def test_facts_and_parameters():
    game = HanabiGame()
    assert game.facts.game_id == "hanabi_v0" and game.facts.num_players == 2
    assert game.facts.player_names == ("Alice", "Bob") and game.hand_size == 5
    assert HanabiGame(players=4).hand_size == 4 and HanabiGame(players=5).hand_size == 4
    assert HanabiGame(players=3).hand_size == 5
    assert game.num_moves == 20  # OpenSpiel's num_distinct_actions for 2 players
    assert HanabiGame(players=5).num_moves == 2 * 4 + 4 * 10
    for bad in (
        {"players": 1},
        {"players": 6},
        {"colors": 6},
        {"ranks": 0},
        {"hand_size": 0},
        {"max_life_tokens": 0},
        {"colors": 1, "ranks": 1, "hand_size": 5},
    ):
        with pytest.raises(ValueError):
            HanabiGame(**bad)


def test_deck():
    game = HanabiGame()
    assert len(game.cards) == 50
    per_kind = Counter(game.cards)
    for color in range(5):
        assert [per_kind[color * 5 + r] for r in range(5)] == [3, 2, 2, 2, 1]
    deck = game.deal(7)
    assert sorted(deck) == sorted(game.cards)
    assert deck == game.deal(7) and deck != game.deal(8)
    state = game.new_initial_state(7)
    assert state.hands == [list(deck[:5]), list(deck[5:10])] and state.deck_size == 40
    with pytest.raises(ValueError, match="permutation"):
        HanabiState(game, deck[1:])


# ---- rules --------------------------------------------------------------------------------------


def test_play_discard_and_draw():
    game = HanabiGame()
    state = stacked(game, ["R1", "Y1", "G2", "W3", "B5", "R2", "R3", "R4", "R5", "Y2", "G1", "G1"])
    play(state, Play(card=0))
    assert state.fireworks == [1, 0, 0, 0, 0] and state.score() == 1
    assert state.hands[0] == [card(s) for s in ("Y1", "G2", "W3", "B5", "G1")]  # drawn on the right
    assert state.information == 8 and state.lives == 3 and state.player == 1
    with pytest.raises(IllegalTurnError, match="discarding is not allowed"):
        play(state, Discard(card=0))
    play(state, RevealRank(target=0, rank=5))
    assert state.information == 7
    play(state, Play(card=1))  # G2 on an empty green stack: a misplay
    assert state.lives == 2 and state.discards == [card("G2")] and state.score() == 1
    play(state, Discard(card=4))  # Bob discards Y2
    assert state.information == 8 and state.discards[-1] == card("Y2")
    record = state.observation(0).chat[-1].action
    assert record is not None and record.kind == "discard" and record.revealed == Card(color="yellow", rank=2)


def test_completing_a_stack_returns_a_token_below_the_cap():
    game = HanabiGame(colors=1, ranks=2, hand_size=1)  # deck: R1 R1 R1 R2
    state = stacked(game, ["R1", "R2", "R1", "R1"])
    play(state, RevealRank(target=1, rank=2))
    assert state.information == 7
    play(state, Play(card=0))  # Bob: R2 on an empty stack: misplay
    play(state, Play(card=0))  # Alice: R1
    assert state.fireworks == [1] and state.information == 7
    game2 = HanabiGame(colors=1, ranks=2, hand_size=1)
    full = stacked(game2, ["R1", "R2"])
    play(full, Play(card=0))
    play(full, Play(card=0))  # completes the only stack: a perfect game, tokens stay at the cap
    assert full.is_terminal() and full.score() == 2 and full.information == 8
    assert full.metrics().perfect and full.returns() == [2.0, 2.0] and full.current_player == -1


def test_clues_and_knowledge():
    game = HanabiGame()
    state = stacked(game, ["R1", "Y1", "G2", "W3", "B5", "R2", "R1", "Y4", "R5", "Y2"])
    with pytest.raises(IllegalTurnError, match="touches no card"):
        play(state, RevealColor(target=1, color="green"))
    with pytest.raises(IllegalTurnError, match="itself"):
        play(state, RevealColor(target=0, color="red"))
    play(state, RevealColor(target=1, color="red"), message="look at your reds")
    bob = state.observation(0).hands[1]
    assert [k.colors for k in bob.knowledge] == [("red",), ("red",), ("yellow", "green", "white", "blue")] + [
        ("red",),
        ("yellow", "green", "white", "blue"),
    ]
    assert [k.color_clued for k in bob.knowledge] == [True, True, False, True, False]
    line = state.observation(1).chat[-1]
    assert line.message == "look at your reds" and line.speaker == "Alice"
    assert line.action is not None and line.action.touched == (0, 1, 3) and line.action.target == 1
    play(state, RevealRank(target=0, rank=1))
    alice = state.observation(0).hands[0].knowledge
    assert [k.ranks for k in alice] == [(1,), (1,), (2, 3, 4, 5), (2, 3, 4, 5), (2, 3, 4, 5)]
    assert state.observation(1).hands[0].knowledge == alice  # Bob sees Alice's knowledge


def test_clue_needs_a_token():
    game = HanabiGame(max_information_tokens=1)
    state = stacked(game, ["R1", "Y1", "G2", "W3", "B5", "R2", "R1", "Y4", "R5", "Y2"])
    play(state, RevealRank(target=1, rank=1))
    assert "reveal seat 0 rank 1" not in state.legal_actions(1)
    with pytest.raises(IllegalTurnError, match="no information token"):
        play(state, RevealRank(target=0, rank=1))
    assert state.legal_actions(1) == [f"{v} card {i}" for v in ("discard", "play") for i in range(5)]


def test_three_misplays_score_zero():
    game = HanabiGame()
    state = stacked(game, ["R1", "R1", "R1", "R2", "R3", "Y1", "Y2", "Y3", "Y4", "Y5"])
    play(state, Play(card=0))  # R1
    play(state, Play(card=1))  # Y2: miss
    play(state, Play(card=2))  # R2... Alice's hand is now R1 R1 R2 R3 <draw>: position 2 is R2
    assert state.score() == 2
    play(state, Play(card=1))  # Y3: miss
    play(state, Play(card=0))  # R1: miss
    assert state.is_terminal() and state.lives == 0 and state.score() == 0
    m = state.metrics()
    assert m.bombed and m.score == 0 and m.lives_lost == 3 and m.turns == 5 and not m.perfect
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_one_more_turn_each_after_the_last_draw(players):
    game = HanabiGame(players=players)
    state = game.new_initial_state(3)
    rng = np.random.default_rng(0)
    while state.deck_size > 0:  # clue and discard only: no life is lost
        uids = [u for u in state.legal_uids() if game.decode[u][0] != 1]
        state.apply_uid(uids[int(rng.integers(len(uids)))])
    drawer = state.records[-1][0]
    assert not state.is_terminal() and state.observation(0).final_turns_left == players
    seats = []
    while not state.is_terminal():
        seats.append(state.player)
        uids = [u for u in state.legal_uids() if game.decode[u][0] != 1]
        state.apply_uid(uids[0])
    assert seats == [(drawer + k) % players for k in range(1, players + 1)]  # the drawer moves last


def test_actions_as_dicts_and_names():
    game = HanabiGame()
    state = stacked(game, ["R1", "Y1", "G2", "W3", "B5", "R2", "R1", "Y4", "R5", "Y2"])
    state.apply(Turn(actions=({"kind": "reveal_rank", "target": 1, "rank": 1},)))
    state.apply(Turn(actions=("Reveal seat 0 red",)))
    assert state.information == 6
    assert state.legal_actions(1) == [] and state.legal_moves(1) == []
    for bad in ({"kind": "reveal_rank", "target": 1}, "reveal seat 1 purple", None):
        with pytest.raises(IllegalTurnError):
            state.apply(Turn(actions=(bad,)))


def test_legal_moves_are_typed_and_named():
    game = HanabiGame(players=3)
    state = game.new_initial_state(1)
    moves = state.legal_moves()
    assert [game.uid(0, m) for m in moves] == state.legal_uids()
    assert {type(m) for m in moves} == {Play, RevealColor, RevealRank}  # no discard at 8 tokens
    for move, name in zip(moves, state.legal_actions(0), strict=True):
        twin, by_name = state.clone(), state.clone()
        play(twin, move)
        by_name.apply(Turn(actions=(name,)))
        assert twin.observation(1) == by_name.observation(1)


def test_illegal_uid_leaves_the_state_unchanged():
    state = HanabiGame().new_initial_state(0)
    before = state.observation(1)
    for uid in (-1, 0, 99):  # out of range, a discard at 8 tokens, out of range
        with pytest.raises(IllegalTurnError):
            state.apply_uid(uid)
    with pytest.raises(IllegalTurnError, match="not seat 1's turn"):
        state.apply_uid(state.legal_uids()[0], player=1)
    assert state.observation(1) == before and state.records == []
    state.apply_uid(state.legal_uids()[0], message="go", player=0)
    assert state.observation(1).chat[-1].message == "go"


# ---- a seat never sees its own cards ------------------------------------------------------------


def live_states(players: int, seeds: range) -> list[HanabiState]:
    """States met along random games (every 3rd position of each)."""
    game = HanabiGame(players=players)
    out = []
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        step = 0
        while not state.is_terminal():
            if step % 3 == 0:
                out.append(state.clone())
            uids = state.legal_uids()
            # avoid most misplays so that games get long and clues accumulate
            safe = [u for u in uids if game.decode[u][0] != 1] or uids
            pool = uids if rng.random() < 0.1 else safe
            state.apply_uid(pool[int(rng.integers(len(pool)))])
            step += 1
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_observation_does_not_depend_on_own_cards(players):
    """Re-dealing a seat's own hand (any hand its knowledge allows) never changes what it observes."""
    states = live_states(players, range(12))
    assert len(states) > 100
    rng = np.random.default_rng(0)
    changed = 0
    for state in states:
        for seat in range(players):
            seen = state.observation(seat).model_dump_json()
            for _ in range(2):
                twin = state.resample_hand(seat, rng)
                changed += twin.hands[seat] != state.hands[seat]
                assert twin.observation(seat).model_dump_json() == seen
            assert seen.count('"cards":null') == 1  # its own hand, and only its own
    assert changed > len(states)  # the re-deals really did change hands


def test_unique_own_cards_appear_nowhere_in_the_observation():
    """A 5 is unique: while a seat holds it, it occurs nowhere in that seat's observation."""
    hits = 0
    for state in live_states(2, range(20)):
        for seat in range(2):
            fives = [c for c in state.hands[seat] if c % 5 == 4]
            obs = state.observation(seat)
            shown = [c for h in obs.hands if h.cards for c in h.cards] + list(obs.discards)
            shown += [line.action.revealed for line in obs.chat if line.action and line.action.revealed]
            for five in fives:
                hits += 1
                assert state.game.card_models[five] not in shown
    assert hits > 20


def test_observation_survives_its_json_round_trip():
    """A browser or a log reads an observation back from JSON into the same models."""
    for state in live_states(3, range(2))[::5]:
        obs = state.observation(1)
        assert HanabiObservation.model_validate_json(obs.model_dump_json()) == obs


def test_the_shared_leak_check_hides_a_hand_from_its_holder_only():
    """The conformance checker redraws a seat's hand (its private data) and checks that seat's own
    observation: unchanged, and never holding the hand; the others see the hand, as in the game."""
    state = live_states(2, range(1))[3]
    assert [state.private_data_hidden_from(seat) for seat in (0, 1)] == [[0], [1]]
    assert state.private_data(0) == [state.game.card_models[c].model_dump(mode="json") for c in state.hands[0]]
    twins = [state.with_private_data_resampled(0, np.random.default_rng(k)) for k in range(20)]
    assert any(twin.hands[0] != state.hands[0] for twin in twins)
    for twin in twins:
        assert twin.hands[1] == state.hands[1] and twin.deck[: state.drawn] == state.deck[: state.drawn]
        assert twin.observation(0) == state.observation(0)


# ---- re-dealing hidden hands for search ---------------------------------------------------------


@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60), players=st.integers(2, 5), seat=st.integers(0, 4))
@settings(max_examples=80, deadline=None)
def test_resample_hand_is_consistent(seed, moves, players, seat):
    game = HanabiGame(players=players)
    seat %= players
    state = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        uids = state.legal_uids()
        safe = [u for u in uids if game.decode[u][0] != 1] or uids
        state.apply_uid(safe[int(rng.integers(len(safe)))])
        if state.is_terminal():
            break
    before = state.observation(seat)
    hidden = sorted(state.hands[seat] + list(state.deck[state.drawn :]))
    assert state.unseen_cards(seat) == hidden  # derived from public facts alone
    twin = state.resample_hand(seat, np.random.default_rng(seed + 1))
    assert all(plausible(k, c, game.ranks) for k, c in zip(state.knowledge[seat], twin.hands[seat], strict=True))
    assert sorted(twin.hands[seat] + list(twin.deck[twin.drawn :])) == hidden  # the multiset is conserved
    assert twin.observation(seat) == before
    assert all(twin.hands[s] == state.hands[s] for s in range(players) if s != seat)
    assert state.observation(seat) == before  # the original is untouched
    if not twin.is_terminal():  # the clone plays on
        twin.apply_uid(twin.legal_uids()[0])


@pytest.mark.parametrize("attempts", [64, 0])
def test_sampler_is_uniform(attempts):
    """Rejection and the enumeration fallback (tight knowledge) both draw each assignment of
    physical cards equally often."""
    ranks = 5
    pool = [card(s) for s in ("R1", "R1", "R2", "Y1")]
    only_red = 1 | (0b11111 << 8)
    ones_or_twos = 0b11111 | (0b11 << 8)
    knowledge = [only_red, only_red, ones_or_twos]
    rng = np.random.default_rng(0)
    allows = [tuple(plausible(k, c, ranks) for c in range(25)) for k in knowledge]
    seen = Counter(tuple(pool[i] for i in sample_hand(allows, pool, rng, attempts)) for _ in range(6000))
    # physical assignments: slots 0, 1 take two of the three reds (6 ordered ways), slot 2 the rest
    # of the pool that is a 1 or a 2 (any of the two left): 12 in all, by kind:
    r1, r2, y1 = card("R1"), card("R2"), card("Y1")
    expected = {(r1, r1, r2): 2, (r1, r1, y1): 2, (r1, r2, r1): 2, (r2, r1, r1): 2, (r1, r2, y1): 2, (r2, r1, y1): 2}
    assert set(seen) == set(expected)
    for kinds, weight in expected.items():
        assert abs(seen[kinds] / 6000 - weight / 12) < 0.03


@pytest.mark.parametrize("players", [2, 3, 5])
def test_state_from_observation(players):
    """A state rebuilt from a seat's observation looks the same to that seat and plays on."""
    rng = np.random.default_rng(1)
    game = HanabiGame(players=players)
    states = live_states(players, range(6))
    for state in states[::2] + [s for s in states if s.deck_size == 0][:5]:
        for seat in range(players):
            obs = state.observation(seat)
            rebuilt = state_from_observation(game, obs, rng)
            assert rebuilt.observation(seat) == obs
            assert all(rebuilt.hands[s] == state.hands[s] for s in range(players) if s != seat)
            unseen = sorted(state.hands[seat] + list(state.deck[state.drawn :]))
            assert sorted(rebuilt.hands[seat] + list(rebuilt.deck[rebuilt.drawn :])) == unseen
            assert rebuilt.player == state.player and rebuilt.turns_to_play == state.turns_to_play
            if state.player == seat:  # others' clue options depend on the seat's (re-dealt) cards
                assert rebuilt.legal_uids() == state.legal_uids()
            assert [r.turn.message for r in rebuilt.history] == [r.turn.message for r in state.history]
            while not rebuilt.is_terminal():
                rebuilt.apply_uid(rebuilt.legal_uids()[-1])
            final = rebuilt.observation(seat)  # a finished game rebuilds too
            assert state_from_observation(game, final, rng).observation(seat) == final
    with pytest.raises(ValueError, match="does not fit"):
        state_from_observation(HanabiGame(players=2, colors=4), HanabiGame().new_initial_state(0).observation(0), rng)


# ---- metrics ------------------------------------------------------------------------------------


def test_metrics_schema_and_values():
    kinds = {m.name: m.kind for m in HanabiMetrics.describe()}
    assert kinds == {
        "score": "count",
        "perfect": "binary",
        "bombed": "binary",
        "lives_lost": "count",
        "turns": "count",
        "clues": "count",
        "discards": "count",
    }
    state = live_states(3, range(1))[-1]
    while not state.is_terminal():
        state.apply_uid(state.legal_uids()[-1])
    m = state.metrics()
    assert HanabiMetrics.model_validate_json(m.model_dump_json()) == m
    assert m.turns == len(state.history) and m.score == state.returns()[0]


@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
@settings(max_examples=40, deadline=None)
def test_a_seat_knows_its_legal_moves_from_its_observation_alone(seed: int, players: int) -> None:
    state = HanabiGame(players=players).new_initial_state(seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        for seat in range(players):
            expected = state.legal_moves(seat) if seat == state.current_player else []
            assert state.observation(seat).legal_moves() == expected
        state.apply(state.random_turn(rng))
