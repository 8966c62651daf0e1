"""Rules, boards, generator and metrics of Traveling Adventurers."""

import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalTurnError, Turn, check_game
from games.traveling_adventurers import (
    BOT,
    MAX_ROOMS,
    MIN_ROOMS,
    USER,
    Submit,
    TravelingAdventurersGame,
    generate_board,
    generate_weights,
    load_preset_boards,
    preset_board,
    tour_problem,
)

TOUR = ["L", "E", "K", "C", "B", "A", "L"]


def brute_force_optimum(board):
    rest = board.rooms[1:]
    return max(board.joint_score([board.start, *p, board.start]) for p in itertools.permutations(rest))


def test_six_presets_with_the_papers_optima():
    boards = load_preset_boards()
    assert [b.optimum for b in boards] == [52, 52, 56, 56, 53, 53]
    for board in boards:
        assert board.optimum == brute_force_optimum(board)
        assert board.rooms == ("L", "E", "B", "K", "C", "A")


def test_preset_boards_match_the_shipped_data_and_provenance():
    from importlib import resources

    data = json.loads(resources.files("games").joinpath("data/traveling_adventurers_boards_6.json").read_text())
    assert "coli-saar/collaborative-problem-solving" in data["provenance"]
    for entry, board in zip(data["boards"], load_preset_boards(), strict=True):
        assert entry["optimum"] == board.optimum
        for player, key in ((USER, "USER"), (BOT, "BOT")):
            assert sorted(board.edges(player)) == sorted(tuple(e) for e in entry["weights"][key])


def test_unknown_preset_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown preset board 7"):
        preset_board(7)
    with pytest.raises(ValueError, match="rooms must be between"):
        TravelingAdventurersGame(rooms=3)
    with pytest.raises(ValueError, match="not both"):
        TravelingAdventurersGame(board=1, rooms=6)


@given(rooms=st.integers(2, MAX_ROOMS), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=80, deadline=None)
def test_generator_follows_appendix_b(rooms, seed):
    w = generate_weights(rooms, np.random.default_rng(seed))
    upper = w[np.triu_indices(rooms, 1)]
    assert upper.min() >= 1 and upper.max() <= 10
    assert upper.sum() == 11 * len(upper) // 2
    assert (w == w.T).all() and (np.diag(w) == 0).all()


def test_generator_paper_total_for_six_rooms_and_determinism():
    board = generate_board(6, 123)
    assert [int(w[np.triu_indices(6, 1)].sum()) for w in board.weights] == [82, 82]
    again = generate_board(6, 123)
    assert all((a == b).all() for a, b in zip(board.weights, again.weights, strict=True))
    assert not all((a == b).all() for a, b in zip(board.weights, generate_board(6, 124).weights, strict=True))
    big = generate_board(12, 0)
    assert big.rooms[0] == "L" and len(set(big.rooms)) == 12 and len(big.names) == 12


def play(state, *turns):
    for turn in turns:
        state.apply(turn)
    return state


def test_identical_correct_optimal_metrics():
    game = TravelingAdventurersGame(board=1)
    state = play(
        game.new_initial_state(0),
        Turn(message="let's go L E K C B A L", actions=(Submit(path=TOUR),)),
        Turn(message="ok", actions=(Submit(path=TOUR),)),
    )
    m = state.metrics()
    assert state.is_terminal() and state.current_player == -1
    assert (m.identical, m.correct, m.optimal) == (True, True, True)
    assert m.joint_score == 52 and m.score == 100.0
    assert m.turns == 2 and m.words == 9 + 1
    assert state.returns() == [52.0, 52.0]


def test_identical_but_not_a_tour_is_not_correct():
    game = TravelingAdventurersGame(board=1)
    bad = ["L", "E", "K", "E", "B", "A", "L"]
    state = play(game.new_initial_state(0), Turn(actions=(Submit(path=bad),)), Turn(actions=(Submit(path=bad),)))
    m = state.metrics()
    assert m.identical and not m.correct and not m.optimal
    assert state.returns() == [0.0, 0.0]


def test_different_submissions_are_not_identical_and_suboptimal_tours_score_below_100():
    game = TravelingAdventurersGame(board=3)
    other = ["L", "E", "B", "K", "C", "A", "L"]
    state = play(game.new_initial_state(0), Turn(actions=(Submit(path=TOUR),)), Turn(actions=(Submit(path=other),)))
    assert not state.metrics().identical
    state = play(game.new_initial_state(0), Turn(actions=(Submit(path=other),)), Turn(actions=(Submit(path=other),)))
    m = state.metrics()
    assert m.correct and not m.optimal and 0 <= m.score < 100


def test_timeout_after_fifteen_turns_each():
    state = TravelingAdventurersGame(board=1).new_initial_state(0)
    for _ in range(29):
        state.apply(Turn(message="hmm"))
        assert not state.is_terminal()
    state.apply(Turn(message="hmm"))
    assert state.is_terminal() and state.metrics().timeout and not state.metrics().identical


def test_user_moves_first_and_turns_alternate():
    state = TravelingAdventurersGame(board=1).new_initial_state(0)
    assert state.current_player == USER
    state.apply(Turn(message="hi"))
    assert state.current_player == BOT


@pytest.mark.parametrize(
    "turn, message",
    [
        (Turn(actions=(Submit(path=["L", "Q", "L"]),)), "unknown room 'Q'"),
        (Turn(actions=("submit",)), "unknown action"),
        (Turn(actions=(Submit(path=TOUR), Submit(path=TOUR))), "at most one submission"),
        (Turn(message="x" * 5000), "message too long"),
    ],
)
def test_bad_turns_are_refused_and_leave_the_state_unchanged(turn, message):
    state = TravelingAdventurersGame(board=1).new_initial_state(0)
    before = state.observation(USER)
    with pytest.raises(IllegalTurnError, match=message):
        state.apply(turn)
    assert state.observation(USER) == before and state.history == []


def test_a_second_submission_is_refused():
    state = play(
        TravelingAdventurersGame(board=1).new_initial_state(0), Turn(actions=(Submit(path=TOUR),)), Turn(message="hm")
    )
    with pytest.raises(IllegalTurnError, match="already submitted"):
        state.apply(Turn(actions=(Submit(path=TOUR),)))


def test_observation_shows_own_coins_only():
    state = TravelingAdventurersGame(board=3).new_initial_state(0)
    user, bot = state.observation(USER), state.observation(BOT)
    assert user.own_coins == state.board.edges(USER) and bot.own_coins == state.board.edges(BOT)
    assert user.coin_kind == "light" and bot.coin_kind == "ghost"
    user_json, bot_json = json.dumps(user.model_dump()), json.dumps(bot.model_dump())
    assert json.dumps([list(e) for e in state.board.edges(BOT)]) not in user_json
    assert json.dumps([list(e) for e in state.board.edges(USER)]) not in bot_json
    # no single hallway of the partner's appears as a (room, room, coins) triple either
    own = {tuple(e) for e in user.model_dump()["own_coins"]}
    for edge in state.board.edges(BOT):
        if edge not in own:
            assert list(edge) not in user.model_dump()["own_coins"]


@pytest.mark.parametrize("options", [{}, {"board": 2}, {"rooms": MIN_ROOMS}, {"rooms": 8}, {"rooms": 11}])
def test_conformance(options):
    report = check_game(TravelingAdventurersGame(**options), seeds=range(4))
    assert report.games_played == 8 and report.illegal_turns_refused > 0


def test_default_game_draws_each_preset_board():
    game = TravelingAdventurersGame()
    drawn = {game.board_for_seed(s).board_id for s in range(200)}
    assert drawn == {f"preset-{i}" for i in range(1, 7)}


def test_percentile_on_generated_large_board_is_sampled_and_bounded():
    board = generate_board(11, 5)
    tour = list(board.rooms) + [board.start]
    assert 0.0 <= board.percentile(tour) <= 100.0


TOUR_ROOMS = ["L", "E", "B", "K", "C", "A"]


@pytest.mark.parametrize(
    "path, expected",
    [
        (["L", "E", "B", "K", "C", "A", "L"], None),
        (["L", "E", "B", "K", "C", "A"], "7 stops"),
        (["L", "E", "E", "K", "C", "A", "L"], "missing B"),
        (["L", "[/]", "L"], "unknown room '[/]'"),
        (["E", "L", "B", "K", "C", "A", "E"], "from L back to L"),
        (["L"] * 65, "not 65"),
        ([], "not 0"),
    ],
)
def test_tour_problem(path, expected):
    """Issue 12 #13: only a closed tour through every room once passes; the reason is one phrase."""
    problem = tour_problem(path, TOUR_ROOMS, "L")
    assert problem is None if expected is None else expected in problem
