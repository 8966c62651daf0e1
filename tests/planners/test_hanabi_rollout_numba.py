"""NumbaRollouts plays the same games as the Python reference (PythonRollouts): whole convention
self-play games from the deal, and every legal move in worlds sampled at mid-game positions, to the
same final score and (the debug path) the same move sequence."""

from __future__ import annotations

import numpy as np
import pytest

from agent.kits.hanabi.bench import convention_games
from beliefs.hanabi import HanabiBeliefs
from games.hanabi import HanabiGame, HanabiState
from planners.hanabi_convention import ConventionPlanner
from planners.hanabi_rollout import PythonRollouts, sample_worlds
from planners.hanabi_rollout_numba import NumbaRollouts

_ROLLOUTS: dict[tuple[int, ...], NumbaRollouts] = {}


def rollouts(game: HanabiGame, blueprint: ConventionPlanner | None = None) -> NumbaRollouts:
    """One NumbaRollouts per game shape and blueprint (the warm-up runs once)."""
    shape = (game.num_players, game.colors, game.ranks, game.hand_size, game.max_information_tokens)
    key = (*shape, game.max_life_tokens, id(blueprint))
    if key not in _ROLLOUTS:
        _ROLLOUTS[key] = NumbaRollouts(game, blueprint)
    return _ROLLOUTS[key]


def position(
    game: HanabiGame, seed: int, moves: int, prompts: bool = True, blueprint: ConventionPlanner | None = None
) -> tuple[HanabiState, HanabiBeliefs]:
    """The convention self-play game of deal ``seed`` after ``moves`` moves (or its last position
    before the end) and the belief store of the seat to move there."""
    planner = blueprint or ConventionPlanner()
    state = game.new_initial_state(seed)
    stores = [HanabiBeliefs(state.observation(p), prompts=prompts) for p in range(game.num_players)]
    for _ in range(moves):
        seat = state.current_player
        observation = state.observation(seat)
        stores[seat].observe(observation)
        action, _ = planner.choose(stores[seat], observation)
        nxt = state.clone()
        nxt.apply_uid(game.uid(seat, action))
        if nxt.is_terminal():
            break
        state = nxt
    seat = state.current_player
    stores[seat].observe(state.observation(seat))
    return state, stores[seat]


def python_moves(
    game: HanabiGame, world: HanabiState, store: HanabiBeliefs, uid: int, blueprint: ConventionPlanner
) -> tuple[int, list[int]]:
    """PythonRollouts' rollout of ``uid`` in ``world``: its score and the move ids played."""
    stores = [store.for_seat(world.observation(p)) for p in range(game.num_players)]
    moves: list[int] = []
    score = PythonRollouts(game, blueprint).play_out(world, stores, uid, moves)
    return score, moves


def compare_selfplay(players: int, games: int, seed: int) -> None:
    """Whole self-play games: the blueprint's first move from the deal, then the rollout."""
    game = HanabiGame(players=players)
    planner = ConventionPlanner()
    numba = rollouts(game)
    _, _, scores = convention_games(games, players, seed)
    got = []
    for i in range(games):
        state = game.new_initial_state(seed + i)
        store = HanabiBeliefs(state.observation(0))
        action, _ = planner.choose(store, state.observation(0))
        got.append(int(numba.values([state], store, [game.uid(0, action)])[0, 0]))
    diverged = [seed + i for i in range(games) if got[i] != scores[i]]
    assert not diverged, f"{players}p self-play scores differ on deals {diverged}"


def compare_positions(
    game: HanabiGame,
    seeds: range,
    moves: tuple[int, ...],
    worlds: int,
    prompts: bool = True,
    blueprint: ConventionPlanner | None = None,
) -> int:
    """Every legal move in sampled worlds at mid-game positions: NumbaRollouts.values ==
    PythonRollouts.values; the number of positions compared."""
    players = game.num_players
    python = PythonRollouts(game, blueprint)
    numba = rollouts(game, blueprint)
    compared = 0
    for seed in seeds:
        for m in moves:
            state, store = position(game, seed, m, prompts, blueprint)
            rng = np.random.default_rng(1000 * seed + m)
            sampled = sample_worlds(game, store, state.observation(state.current_player), worlds, rng)
            uids = state.legal_uids()
            want = python.values(sampled, store, uids)
            got = numba.values(sampled, store, uids)
            assert got.shape == want.shape == (len(uids), worlds)
            bad = np.argwhere(got != want)
            if bad.size:
                c, k = bad[0]
                _, expected = python_moves(game, sampled[k], store, uids[c], python.blueprint)
                _, actual = numba.play_out_moves(sampled[k], store, uids[c])
                first = next((i for i, (x, y) in enumerate(zip(expected, actual, strict=False)) if x != y), None)
                pytest.fail(
                    f"{players}p seed {seed} move {m}: uid {uids[c]} in world {k}: numba {got[c, k]}, "
                    f"python {want[c, k]}; first diverging move {first}: python {expected[first:][:3]}, "
                    f"numba {actual[first:][:3] if first is not None else actual}"
                )
            compared += 1
    return compared


@pytest.mark.parametrize(("players", "games"), [(2, 200), (3, 50), (4, 50), (5, 50)])
def test_selfplay_games_score_as_the_python_blueprint(players: int, games: int) -> None:
    compare_selfplay(players, games, seed=0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_move_in_sampled_worlds_scores_as_python(players: int) -> None:
    assert compare_positions(HanabiGame(players=players), range(3), (8, 25, 45), worlds=2) == 9


@pytest.mark.parametrize(
    "shape",
    [
        {"players": 2, "colors": 3, "ranks": 5},
        {"players": 3, "colors": 4, "ranks": 4, "max_information_tokens": 6, "max_life_tokens": 2},
        {"players": 4, "colors": 5, "ranks": 3, "hand_size": 3},
    ],
)
def test_other_game_shapes_score_as_python(shape: dict[str, int]) -> None:
    assert compare_positions(HanabiGame(**shape), range(2), (6, 20), worlds=2) == 4


def test_other_blueprint_options_and_no_prompts_score_as_python() -> None:
    blueprint = ConventionPlanner(
        fear_play=3,
        play_first=True,
        save_value=0.3,
        locked_clue=False,
        info_clue_tokens=5,
        stall_deck=0,
        gamble_deck=4,
        unlock_first=False,
        duplicates_trash=False,
        play_over_save=False,
    )
    compare_positions(HanabiGame(players=2), range(2), (10, 35), worlds=2, blueprint=blueprint)
    compare_positions(HanabiGame(players=3), range(1), (10, 35), worlds=2, prompts=False)


def test_the_debug_path_plays_the_python_move_sequence() -> None:
    for players in (2, 4):
        game = HanabiGame(players=players)
        blueprint = ConventionPlanner()
        state, store = position(game, 7, 20)
        world = sample_worlds(game, store, state.observation(state.current_player), 1, np.random.default_rng(7))[0]
        for uid in state.legal_uids():
            want = python_moves(game, world, store, uid, blueprint)
            assert rollouts(game).play_out_moves(world, store, uid) == want


def test_rejects_an_illegal_move_and_a_foreign_store() -> None:
    game = HanabiGame(players=2)
    state, store = position(game, 3, 12)
    numba = rollouts(game)
    assert numba.values([], store, [0]).shape == (1, 0)
    illegal = [uid for uid in range(game.num_moves) if uid not in state.legal_uids()]
    with pytest.raises(ValueError, match="illegal"):
        numba.values([state], store, illegal[:1])
    other, _ = position(game, 3, 13)
    with pytest.raises(ValueError):
        numba.values([other], store, other.legal_uids()[:1])


@pytest.mark.slow
@pytest.mark.parametrize(("players", "games"), [(2, 2000), (3, 500), (4, 500), (5, 500)])
def test_many_selfplay_games_score_as_the_python_blueprint(players: int, games: int) -> None:
    compare_selfplay(players, games, seed=10_000)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_positions_every_legal_move_scores_as_python(players: int) -> None:
    assert compare_positions(HanabiGame(players=players), range(10, 16), (3, 10, 20, 30, 40, 50), worlds=4) == 36
