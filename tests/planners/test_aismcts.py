"""AISMCTS-F search core: Numba versus the plain-Python reference, tree invariants, determinism."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from games.gnomes_at_night import MOVE_DELTAS, Maze, generate_maze, load_preset_maze
from planners import aismcts
from planners.aismcts import (
    NUM_MOVES,
    TREASURE_REWARD,
    TURN_REWARD,
    SearchConfig,
    SearchError,
    SearchProblem,
    SearchTrees,
    _below,
    _next,
    _uniform,
    grow_trees,
    search,
    warm_up,
)
from planners.aismcts_bench import run_bench
from planners.aismcts_reference import Rng, grow_trees_reference, search_reference

TREE_FIELDS = ("parent", "move", "cell", "player", "visits", "children")


def ego_problem(
    maze: Maze,
    ego_side: int,
    token: tuple[int, int],
    ego_to_move: bool,
    treasure_prob: np.ndarray,
    rejected: np.ndarray | None = None,
    turns_left: int = 100,
) -> SearchProblem:
    """A problem built only from what the ego may know: its side, the dictionary and a belief."""
    n = maze.size
    if rejected is None:
        rejected = np.zeros((n, n, NUM_MOVES), dtype=bool)
    return SearchProblem(maze.open[ego_side], rejected, token, ego_to_move, treasure_prob, turns_left)


def one_hot(n: int, cell: tuple[int, int]) -> np.ndarray:
    prob = np.zeros((n, n))
    prob[cell[1], cell[0]] = 1.0
    return prob


def uniform_off(n: int, token: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A random (uncertain) belief with no mass on the token."""
    prob = rng.random((n, n)) * (rng.random((n, n)) < 0.6)
    prob[token[1], token[0]] = 0.0
    if prob.sum() == 0:
        prob[(token[1] + 1) % n, token[0]] = 1.0
    return prob / prob.sum()


def random_rejected(n: int, rng: np.random.Generator, fraction: float = 0.2) -> np.ndarray:
    return rng.random((n, n, NUM_MOVES)) < fraction


def allowed_by_rule(problem: SearchProblem, player: int, cell: int, move: int) -> bool:
    """The allowed-move rule, restated from the brief (independent of the module's tables)."""
    n = problem.size
    y, x = divmod(cell, n)
    if move == 0:
        return True
    if player == 0:
        return bool(problem.ego_open[y, x, move])
    dx, dy = MOVE_DELTAS[move]
    return 0 <= x + dx < n and 0 <= y + dy < n and not bool(problem.partner_rejected[y, x, move])


def assert_same_trees(a: SearchTrees, b: SearchTrees) -> None:
    assert a.nodes == b.nodes
    assert a.iterations == b.iterations
    assert a.steps == b.steps
    for name in TREE_FIELDS:
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)
    np.testing.assert_allclose(a.total, b.total, rtol=0, atol=1e-9)


def cross_check_cases() -> list[tuple]:
    cases = []
    for size in range(3, 7):
        for ego_to_move in (True, False):
            for known in (True, False):
                k = len(cases)
                iterations = (200, 700, 2000)[k % 3]
                rollout = "guided" if k % 4 != 3 else "random"
                cases.append((size, ego_to_move, known, iterations, rollout))
    return cases


@pytest.fixture(scope="module", autouse=True)
def _compiled() -> None:
    warm_up()


# ---- the PRNG ---------------------------------------------------------------------------------


def test_rng_is_splitmix64() -> None:
    rng = Rng(0)
    assert [rng.next() for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]


@pytest.mark.parametrize("seed", [0, 1, 12345, -7, 2**64 + 3])
def test_numba_and_python_rngs_agree(seed: int) -> None:
    py = Rng(seed)
    state = np.uint64(py.state)
    for k in range(300):
        state = np.uint64(state)  # Numba hands the state back as a Python int
        if k % 3 == 0:
            state, z = _next(state)
            assert int(z) == py.next()
        elif k % 3 == 1:
            state, u = _uniform(state)
            assert u == py.uniform() and 0.0 <= u < 1.0
        else:
            n = 1 + k % 7
            state, j = _below(state, n)
            assert j == py.below(n) and 0 <= j < n


# ---- Numba == reference -----------------------------------------------------------------------


@pytest.mark.parametrize(("size", "ego_to_move", "known", "iterations", "rollout"), cross_check_cases())
def test_numba_matches_reference(size: int, ego_to_move: bool, known: bool, iterations: int, rollout: str) -> None:
    maze = generate_maze(size, seed=size * 10 + int(ego_to_move))
    rng = np.random.default_rng([size, int(ego_to_move), int(known)])
    token = (int(rng.integers(size)), int(rng.integers(size)))
    if known:
        treasure = next(t for t in maze.treasures if t != token)
        prob = one_hot(size, treasure)
    else:
        prob = uniform_off(size, token, rng)
    problem = ego_problem(
        maze, size % 2, token, ego_to_move, prob, random_rejected(size, rng), turns_left=int(rng.integers(8, 40))
    )
    config = SearchConfig(iterations=iterations, rollout=rollout, max_depth=int(rng.integers(5, 30)))
    seed = int(rng.integers(1 << 31))
    fast, slow = grow_trees(problem, config, seed), grow_trees_reference(problem, config, seed)
    assert_same_trees(fast, slow)
    a, b = search(problem, config, seed), search_reference(problem, config, seed)
    np.testing.assert_array_equal(a.root_visits, b.root_visits)
    np.testing.assert_allclose(a.root_values, b.root_values, equal_nan=True)
    np.testing.assert_array_equal(a.reply_visits, b.reply_visits)
    assert (a.iterations, a.nodes) == (b.iterations, b.nodes) == (iterations, fast.nodes)
    assert a.steps == b.steps == fast.steps


@pytest.mark.parametrize(
    "config",
    [
        SearchConfig(iterations=1500, epsilon=0.0),
        SearchConfig(iterations=1500, epsilon=1.0),
        SearchConfig(iterations=1500, exploration=0.0),
        SearchConfig(iterations=1500, exploration=5.0, max_depth=3),
    ],
)
def test_numba_matches_reference_on_the_preset_maze(config: SearchConfig) -> None:
    maze = load_preset_maze()
    rng = np.random.default_rng(3)
    problem = ego_problem(maze, 1, (4, 4), False, uniform_off(9, (4, 4), rng), random_rejected(9, rng, 0.3))
    assert_same_trees(grow_trees(problem, config, 99), grow_trees_reference(problem, config, 99))


def test_numba_matches_reference_when_greedy_rows_are_evicted() -> None:
    # 40x40 (larger than any maze the game makes): more treasure cells than slots for the guided
    # rollout's greedy rows, so rows are refilled
    size = 40
    assert size**2 > aismcts._GREEDY_BYTES // (8 * size**2)
    rng = np.random.default_rng(40)
    ego_open = aismcts._inside(size) & (rng.random((size, size, NUM_MOVES)) < 0.7)
    prob = uniform_off(size, (20, 20), rng)
    problem = SearchProblem(ego_open, random_rejected(size, rng), (20, 20), True, prob, 100)
    config = SearchConfig(iterations=1500, max_depth=80)
    assert_same_trees(grow_trees(problem, config, 8), grow_trees_reference(problem, config, 8))


def test_node_limit_caps_expansion_in_both_cores() -> None:
    maze = generate_maze(5, seed=2)
    problem = ego_problem(maze, 0, (2, 2), True, uniform_off(5, (2, 2), np.random.default_rng(0)))
    config = SearchConfig(iterations=600)
    fast = grow_trees(problem, config, 5, node_limit=40)
    assert_same_trees(fast, grow_trees_reference(problem, config, 5, node_limit=40))
    assert fast.nodes == 40
    assert fast.result().root_visits.sum() == 600 == fast.visits[0, 0]


# ---- tree invariants --------------------------------------------------------------------------


def invariant_cases() -> list[tuple[SearchProblem, SearchConfig]]:
    cases = []
    for size, seed in ((3, 1), (5, 2), (7, 3), (9, 4)):
        maze = generate_maze(size, seed)
        rng = np.random.default_rng(seed)
        for ego_to_move in (True, False):
            token = (int(rng.integers(size)), int(rng.integers(size)))
            problem = ego_problem(
                maze, seed % 2, token, ego_to_move, uniform_off(size, token, rng), random_rejected(size, rng, 0.35)
            )
            cases.append((problem, SearchConfig(iterations=3000, rollout="guided" if seed % 2 else "random")))
    return cases


@pytest.mark.parametrize(("problem", "config"), invariant_cases())
def test_children_only_for_allowed_moves(problem: SearchProblem, config: SearchConfig) -> None:
    trees = grow_trees(problem, config, seed=11)
    n = problem.size
    for t in range(2):
        for node in range(trees.nodes):
            player, cell = int(trees.player[t, node]), int(trees.cell[t, node])
            for move in range(NUM_MOVES):
                child = int(trees.children[t, node, move])
                if child < 0:
                    continue
                assert allowed_by_rule(problem, player, cell, move), (t, node, player, cell, move)
                assert trees.parent[t, child] == node and trees.move[t, child] == move
                assert trees.player[t, child] == 1 - player
                y, x = divmod(cell, n)
                dx, dy = MOVE_DELTAS[move]
                assert trees.cell[t, child] == (y + dy) * n + (x + dx)


@pytest.mark.parametrize(("problem", "config"), invariant_cases())
def test_visits_add_up(problem: SearchProblem, config: SearchConfig) -> None:
    trees = grow_trees(problem, config, seed=12)
    result = search(problem, config, seed=12)
    assert result.root_visits.sum() == config.iterations == result.iterations == trees.visits[0, 0]
    assert result.nodes == trees.nodes <= config.iterations + 1
    children = trees.children[0]
    below = np.where(children >= 0, trees.visits[0][np.maximum(children, 0)], 0).sum(axis=1)
    assert np.all(trees.visits[0] >= below)  # an iteration stops at most once per node
    assert np.all(trees.visits[0] >= 1)
    moves = np.flatnonzero(result.root_visits)
    assert np.all(np.isfinite(result.root_values[moves]))
    assert np.all(np.isnan(result.root_values[result.root_visits == 0]))
    for a in moves:  # the replies of a root child are the visits that went deeper
        assert result.reply_visits[a].sum() <= result.root_visits[a]
    # the root's summed return is -0.1 per simulated step plus 20 per iteration that found the treasure
    assert result.steps == trees.steps >= config.iterations
    found = (trees.total[0, 0] - TURN_REWARD * trees.steps) / TREASURE_REWARD
    assert found == pytest.approx(round(found), abs=1e-6) and 0 <= round(found) <= config.iterations


@pytest.mark.parametrize(("problem", "config"), invariant_cases()[:4])
def test_the_two_perspective_trees_coincide(problem: SearchProblem, config: SearchConfig) -> None:
    trees = grow_trees(problem, config, seed=13)
    for name in (*TREE_FIELDS, "total"):
        array = getattr(trees, name)
        np.testing.assert_array_equal(array[0], array[1], err_msg=name)


def test_depth_never_exceeds_the_horizon() -> None:
    maze = generate_maze(6, seed=4)
    problem = ego_problem(maze, 0, (0, 0), True, uniform_off(6, (0, 0), np.random.default_rng(1)), turns_left=4)
    trees = grow_trees(problem, SearchConfig(iterations=2000, max_depth=10), seed=0)
    depth = np.zeros(trees.nodes, dtype=int)
    for node in range(1, trees.nodes):
        depth[node] = depth[trees.parent[0, node]] + 1
    assert depth.max() == 4
    assert trees.iterations <= trees.steps <= 4 * trees.iterations
    assert np.all(trees.total[0] >= -0.1 * 4 * trees.visits[0] - 1e-9)


def test_one_turn_left_gives_exact_values() -> None:
    maze = load_preset_maze()
    token = (4, 4)
    move = next(m for m in range(1, NUM_MOVES) if maze.open[0, 4, 4, m])
    treasure = (4 + MOVE_DELTAS[move][0], 4 + MOVE_DELTAS[move][1])
    problem = ego_problem(maze, 0, token, True, one_hot(9, treasure), turns_left=1)
    result = search(problem, SearchConfig(iterations=500), seed=0)
    allowed = [m for m in range(NUM_MOVES) if m == 0 or maze.open[0, 4, 4, m]]
    assert set(np.flatnonzero(result.root_visits)) == set(allowed)
    for m in allowed:
        assert result.root_values[m] == pytest.approx(19.9 if m == move else -0.1)
    assert result.reply_visits.sum() == 0
    assert result.steps == result.iterations == 500  # one simulated turn per iteration


# ---- behaviour --------------------------------------------------------------------------------


def adjacent_cases() -> list[tuple[int, int, bool]]:
    return [(size, seed, ego) for size, seed in ((4, 1), (6, 2), (9, 3)) for ego in (True, False)]


@pytest.mark.parametrize(("size", "seed", "ego_to_move"), adjacent_cases())
def test_open_adjacent_treasure_is_the_most_visited_move(size: int, seed: int, ego_to_move: bool) -> None:
    maze = generate_maze(size, seed)
    rng = np.random.default_rng(seed)
    rejected = random_rejected(size, rng, 0.3)
    player = 0 if ego_to_move else 1
    found = 0
    for y in range(size):
        for x in range(size):
            for move in range(1, NUM_MOVES):
                dx, dy = MOVE_DELTAS[move]
                if not (0 <= x + dx < size and 0 <= y + dy < size):
                    continue
                if (maze.open[0, y, x, move] if ego_to_move else not rejected[y, x, move]) and rng.random() < 0.25:
                    problem = ego_problem(maze, 0, (x, y), ego_to_move, one_hot(size, (x + dx, y + dy)), rejected)
                    assert allowed_by_rule(problem, player, y * size + x, move)
                    result = search(problem, SearchConfig(iterations=2000), seed=found)
                    assert int(np.argmax(result.root_visits)) == move, (x, y, move, result.root_visits)
                    assert result.root_values[move] == pytest.approx(19.9)
                    found += 1
    assert found >= 3


def test_blocked_or_rejected_moves_are_never_expanded() -> None:
    maze = load_preset_maze()
    # the ego's side blocks some move at the token; put the treasure right behind that wall
    x, y, move = next(
        (x, y, m) for y in range(1, 8) for x in range(1, 8) for m in range(1, NUM_MOVES) if not maze.open[0, y, x, m]
    )
    dx, dy = MOVE_DELTAS[move]
    prob = one_hot(9, (x + dx, y + dy))
    ego = search(ego_problem(maze, 0, (x, y), True, prob), SearchConfig(iterations=2000), seed=0)
    assert ego.root_visits[move] == 0 and np.isnan(ego.root_values[move])
    # the partner's move onto the treasure is in the dictionary: the partner never tries it
    rejected = np.zeros((9, 9, NUM_MOVES), dtype=bool)
    rejected[y, x, move] = True
    partner = search(ego_problem(maze, 0, (x, y), False, prob, rejected), SearchConfig(iterations=2000), seed=0)
    assert partner.root_visits[move] == 0
    assert partner.root_visits.sum() == 2000
    free = search(ego_problem(maze, 0, (x, y), False, prob), SearchConfig(iterations=2000), seed=0)
    assert int(np.argmax(free.root_visits)) == move  # without the rejection, it is the best move


def test_search_problem_has_no_access_to_hidden_information() -> None:
    names = {f.name for f in dataclasses.fields(SearchProblem)}
    assert names == {"ego_open", "partner_rejected", "token", "ego_to_move", "treasure_prob", "turns_left", "size"}
    # two mazes that share the ego's side but differ on the partner's side (and in the true
    # treasures): the same ego view, dictionary and belief give the same search, node by node
    a = generate_maze(6, seed=1)
    other = generate_maze(6, seed=2)
    b = a.with_side(1, other.vertical[1], other.horizontal[1])
    assert not np.array_equal(a.open[1], b.open[1])
    b = Maze(b.size, b.vertical, b.horizontal, b.start, other.treasures, "other")
    rng = np.random.default_rng(0)
    rejected = random_rejected(6, rng)
    config = SearchConfig(iterations=1500)
    for prob in (one_hot(6, a.treasures[0]), uniform_off(6, (0, 0), rng)):
        for ego_to_move in (True, False):
            pa = ego_problem(a, 0, (0, 0), ego_to_move, prob, rejected)
            pb = ego_problem(b, 0, (0, 0), ego_to_move, prob, rejected)
            assert_same_trees(grow_trees(pa, config, 3), grow_trees(pb, config, 3))


def test_belief_mass_on_the_token_is_dropped() -> None:
    maze = generate_maze(5, seed=3)
    target = one_hot(5, (3, 3))
    mixed = 0.5 * target + 0.5 * one_hot(5, (1, 1))
    config = SearchConfig(iterations=800)
    a = grow_trees(ego_problem(maze, 0, (1, 1), True, target), config, 4)
    b = grow_trees(ego_problem(maze, 0, (1, 1), True, mixed), config, 4)
    assert_same_trees(a, b)


# ---- determinism and time budgets -------------------------------------------------------------


def test_same_seed_same_result_and_other_seeds_valid() -> None:
    maze = load_preset_maze()
    problem = ego_problem(maze, 0, (2, 6), True, uniform_off(9, (2, 6), np.random.default_rng(5)))
    config = SearchConfig(iterations=3000)
    first, again = search(problem, config, 7), search(problem, config, 7)
    np.testing.assert_array_equal(first.root_visits, again.root_visits)
    np.testing.assert_array_equal(first.root_values, again.root_values)
    np.testing.assert_array_equal(first.reply_visits, again.reply_visits)
    assert first.nodes == again.nodes
    others = [search(problem, config, seed) for seed in (8, 9, 10)]
    for other in others:
        assert other.root_visits.sum() == 3000
        assert set(np.flatnonzero(other.root_visits)) == set(np.flatnonzero(first.root_visits))
    assert any(not np.array_equal(o.root_visits, first.root_visits) for o in others)


def test_time_budget_runs_batches_and_grows_the_trees() -> None:
    maze = load_preset_maze()
    problem = ego_problem(maze, 0, (4, 4), False, uniform_off(9, (4, 4), np.random.default_rng(6)))
    config = SearchConfig(iterations=10, time_budget_s=0.05)
    result = search(problem, config, 0)
    assert result.elapsed_s >= 0.05
    assert result.iterations > 10 + 1  # past the first capacity: the arrays grew
    assert result.root_visits.sum() == result.iterations
    assert result.nodes <= result.iterations + 1
    trees = grow_trees(problem, config, 0)
    for name in (*TREE_FIELDS, "total"):
        array = getattr(trees, name)
        np.testing.assert_array_equal(array[0], array[1], err_msg=name)


def test_reference_time_budget_runs_at_least_once() -> None:
    maze = generate_maze(4, seed=1)
    problem = ego_problem(maze, 0, (0, 0), True, uniform_off(4, (0, 0), np.random.default_rng(0)))
    result = search_reference(problem, SearchConfig(time_budget_s=1e-9), 0)
    assert result.iterations >= 1 and result.root_visits.sum() == result.iterations


# ---- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"iterations": 2.5},
        {"time_budget_s": 0.0},
        {"time_budget_s": float("inf")},
        {"exploration": -1.0},
        {"max_depth": 0},
        {"rollout": "greedy"},
        {"epsilon": 1.5},
    ],
)
def test_bad_config_is_rejected(kwargs: dict) -> None:
    with pytest.raises(SearchError):
        SearchConfig(**kwargs)


def test_bad_problem_is_rejected() -> None:
    maze = generate_maze(4, seed=0)
    ok = {
        "ego_open": maze.open[0],
        "partner_rejected": np.zeros((4, 4, 5), dtype=bool),
        "token": (0, 0),
        "ego_to_move": True,
        "treasure_prob": one_hot(4, (2, 2)),
        "turns_left": 10,
    }
    SearchProblem(**ok)
    off_grid = maze.open[0].copy()
    off_grid[0, 0, 2] = True  # up from the top row
    bad = [
        {"ego_open": maze.open[0][:3]},
        {"ego_open": off_grid},
        {"partner_rejected": np.full((4, 4, 5), 0.5)},
        {"token": (4, 0)},
        {"token": "a1"},
        {"treasure_prob": one_hot(4, (2, 2)) * 0.5},
        {"treasure_prob": -one_hot(4, (2, 2)) + 2 * one_hot(4, (1, 1))},
        {"treasure_prob": one_hot(4, (0, 0))},  # all the mass on the token
        {"treasure_prob": np.ones((4, 5)) / 20},
        {"turns_left": 0},
    ]
    for change in bad:
        with pytest.raises(SearchError):
            SearchProblem(**{**ok, **change})
    problem = SearchProblem(**ok)
    assert not problem.ego_open.flags.writeable
    with pytest.raises(SearchError):
        search(problem, "fast", 0)  # type: ignore[arg-type]
    with pytest.raises(SearchError):
        grow_trees(problem, SearchConfig(), 0, node_limit=0)


# ---- bench ------------------------------------------------------------------------------------


def test_bench_reports_both_cores_and_agrees() -> None:
    result = run_bench(
        iterations=(200, 400), positions=[((0, 0), True), ((4, 4), False)], reference_iterations=(200,), repeats=1
    )
    cores = {(row["core"], row["iterations"]) for row in result["results"]}
    assert cores == {("numba", 200), ("numba", 400), ("python", 200)}
    assert result["mismatches"] == []
    assert [row["iterations"] for row in result["ratios"]] == [200]
    assert result["ratios"][0]["numba_over_python"] > 1
    assert result["targets"]["it_per_s_10k"] is None and result["targets"]["met"] is False
    assert result["targets"]["steps_per_s_10k"] is None
    rows = {(row["core"], row["iterations"]): row for row in result["results"]}
    for row in rows.values():  # at least one simulated step per iteration, at most the horizon (60)
        assert 1 <= row["steps_per_iteration"] <= 60
        assert row["steps_per_s"] == pytest.approx(row["steps_per_iteration"] * row["it_per_s"])
    # the same searches (seed 0) simulate the same steps in both cores
    assert rows["numba", 200]["runs"] == rows["python", 200]["runs"] == 2
    assert rows["numba", 200]["steps_per_iteration"] == rows["python", 200]["steps_per_iteration"]
    with pytest.raises(ValueError):
        run_bench(iterations=(0,))
