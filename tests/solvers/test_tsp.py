"""Exact TSP solvers: known optima, invariants, property tests against brute force, errors."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.tsp import (
    MAX_DP_FREE_NODES,
    METHODS,
    TSPError,
    TSPSolution,
    TSPTooLargeError,
    solve_tsp,
    solve_tsp_brute_force,
    solve_tsp_cpsat,
    solve_tsp_dp,
    solve_tsp_dp_python,
    solve_tsp_scip,
    tour_value,
    warm_up,
)

SOLVERS = {
    "dp": solve_tsp_dp,
    "cpsat": solve_tsp_cpsat,
    "scip": solve_tsp_scip,
    "brute": solve_tsp_brute_force,
    "dp_python": solve_tsp_dp_python,
}

# ---------------------------------------------------------------------------------------------
# helpers


def symmetric(upper: dict[tuple[int, int], float], n: int) -> np.ndarray:
    w = np.zeros((n, n))
    for (i, j), value in upper.items():
        w[i, j] = w[j, i] = value
    return w


def assert_valid(solution: TSPSolution, weights, start: int = 0, prefix=()) -> None:
    """The solution is a closed Hamiltonian tour from start, begins with the prefix, and its
    value is the tour's value."""
    n = len(weights)
    tour = solution.tour
    assert len(tour) == n + 1
    assert tour[0] == start and tour[-1] == start
    assert sorted(tour[:-1]) == list(range(n))
    assert tuple(tour[: len(prefix)]) == tuple(prefix)
    assert solution.value == pytest.approx(tour_value(weights, tour), abs=1e-9)
    assert solution.method in METHODS


def assert_one_line(excinfo: pytest.ExceptionInfo) -> str:
    message = str(excinfo.value)
    assert message and "\n" not in message
    return message


# ---------------------------------------------------------------------------------------------
# known optima

# Traveling Adventurers preset boards: joint weights (USER + BOT) of the 15 edges over the rooms
# L, E, B, K, C, A, transcribed from shared/data/traveling_adventurers/boards_6.json.
ROOMS = ["L", "E", "B", "K", "C", "A"]
BOARDS = {
    1: {
        "edges": {
            "LE": 11,
            "LB": 7,
            "LK": 3,
            "LC": 7,
            "LA": 7,
            "EB": 7,
            "EK": 7,
            "EC": 3,
            "EA": 9,
            "BK": 7,
            "BC": 9,
            "BA": 9,
            "KC": 9,
            "KA": 6,
            "CA": 2,
        },
        "optimum": 52,
        "tours": {"LEKCBAL", "LEABKCL", "LCKBAEL", "LABCKEL"},
    },
    3: {
        "edges": {
            "LE": 5,
            "LB": 12,
            "LK": 6,
            "LC": 7,
            "LA": 8,
            "EB": 4,
            "EK": 9,
            "EC": 6,
            "EA": 11,
            "BK": 8,
            "BC": 3,
            "BA": 5,
            "KC": 7,
            "KA": 7,
            "CA": 9,
        },
        "optimum": 56,
        "tours": {"LBKEACL", "LCAEKBL"},
    },
    5: {
        "edges": {
            "LE": 5,
            "LB": 10,
            "LK": 9,
            "LC": 10,
            "LA": 3,
            "EB": 5,
            "EK": 8,
            "EC": 7,
            "EA": 9,
            "BK": 8,
            "BC": 2,
            "BA": 8,
            "KC": 8,
            "KA": 9,
            "CA": 7,
        },
        "optimum": 53,
        "tours": {"LBKAECL", "LBAEKCL", "LCEAKBL", "LCKEABL"},
    },
}
BOARDS_FILE = Path(__file__).parents[2].parent / "shared/data/traveling_adventurers/boards_6.json"


def board_weights(board_id: int) -> np.ndarray:
    edges = BOARDS[board_id]["edges"]
    return symmetric({(ROOMS.index(a), ROOMS.index(b)): w for (a, b), w in edges.items()}, 6)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("board_id", sorted(BOARDS))
def test_preset_boards_optimum(board_id, method):
    solution = solve_tsp(board_weights(board_id), start=0, maximize=True, method=method)
    assert solution.value == BOARDS[board_id]["optimum"]
    assert solution.optimal
    assert "".join(ROOMS[v] for v in solution.tour) in BOARDS[board_id]["tours"]


def test_preset_boards_match_shared_data():
    if not BOARDS_FILE.exists():
        pytest.skip(f"{BOARDS_FILE} is not checked out beside the repository")
    data = json.loads(BOARDS_FILE.read_text())
    assert data["start"] == "L"
    by_id = {board["id"]: board for board in data["boards"]}
    for board_id, expected in BOARDS.items():
        board = by_id[board_id]
        joint = {}
        for player in ("USER", "BOT"):
            for u, v, w in board["weights"][player]:
                key = "".join(sorted((u, v), key=ROOMS.index))
                joint[key] = joint.get(key, 0) + w
        assert joint == expected["edges"]
        assert board["optimum"] == expected["optimum"]
        assert set(board["optimal_tours"]) == expected["tours"]


def test_board_with_agreed_prefix():
    # After agreeing on L -> K the best completion is worse than the free optimum of 52.
    w = board_weights(1)
    values = {m: solve_tsp(w, prefix=[0, 3], maximize=True, method=m).value for m in METHODS}
    assert len(set(values.values())) == 1
    assert values["dp"] == max(tour_value(w, [0, 3, *p, 0]) for p in itertools.permutations([1, 2, 4, 5]))
    assert values["dp"] < 52


@pytest.mark.parametrize("method", METHODS)
def test_points_on_a_line(method):
    # Nodes on a line: the shortest tour sweeps out and back, 2 * (max - min).
    x = np.array([0.0, 7.0, 1.0, 3.0, 12.0, 5.0, 2.0])
    w = np.abs(x[:, None] - x[None, :])
    solution = solve_tsp(w, method=method)
    assert solution.value == 24
    assert_valid(solution, w)


@pytest.mark.parametrize("method", METHODS)
def test_unit_square(method):
    # Corners 0,1,2,3 of a unit square in order; diagonals are sqrt(2).
    d = np.sqrt(2.0)
    w = np.array([[0, 1, d, 1], [1, 0, 1, d], [d, 1, 0, 1], [1, d, 1, 0]])
    assert solve_tsp(w, method=method).value == pytest.approx(4.0)
    assert solve_tsp(w, method=method, maximize=True).value == pytest.approx(2 + 2 * d)


@pytest.mark.parametrize("method", METHODS)
def test_fractional_weights(method):
    # Expected values such as 5.5 are allowed; CP-SAT scales them to integers internally.
    w = symmetric({(0, 1): 5.5, (0, 2): 1.25, (0, 3): 3.0, (1, 2): 2.75, (1, 3): 0.5, (2, 3): 4.125}, 4)
    best = solve_tsp_brute_force(w, maximize=True)
    solution = solve_tsp(w, method=method, maximize=True)
    assert solution.value == pytest.approx(best.value)
    assert best.value == 5.5 + 2.75 + 4.125 + 3.0
    assert_valid(solution, w)


@pytest.mark.parametrize("method", METHODS)
def test_two_nodes_and_forced_tours(method):
    w2 = np.array([[0, 4], [4, 0]])
    solution = solve_tsp(w2, start=1, method=method)
    assert solution.tour == [1, 0, 1] and solution.value == 8 and solution.optimal

    w = board_weights(1)
    full = [0, 5, 4, 3, 2, 1]
    solution = solve_tsp(w, prefix=full, method=method)
    assert solution.tour == [*full, 0] and solution.optimal
    assert solution.value == tour_value(w, [*full, 0])
    # one free node left is forced as well
    solution = solve_tsp(w, prefix=full[:5], method=method, maximize=True)
    assert solution.tour == [*full, 0]


def test_diagonal_is_ignored():
    w = board_weights(3)
    noisy = w.copy()
    np.fill_diagonal(noisy, [np.nan, np.inf, -5, 100, 0, 1e9])
    for method in METHODS:
        assert solve_tsp(noisy, maximize=True, method=method).value == 56


def test_dp_is_deterministic_and_matches_python_reference():
    w = np.ones((9, 9))  # every tour ties
    first = solve_tsp_dp(w, start=4)
    assert first.tour == solve_tsp_dp(w, start=4).tour
    assert first.tour == solve_tsp_dp_python(w, start=4).tour


def test_warm_up_and_solution_type():
    warm_up()
    solution = solve_tsp_dp(board_weights(1), maximize=True)
    assert isinstance(solution, TSPSolution)
    assert isinstance(solution.value, float)
    assert all(isinstance(v, int) for v in solution.tour)
    assert solution.method == "dp"


@pytest.mark.slow
def test_dp_at_its_size_limit():
    # 21 nodes on a line, prefix of one: exactly MAX_DP_FREE_NODES free nodes.
    n = MAX_DP_FREE_NODES + 1
    perm = np.random.default_rng(5).permutation(n)
    x = perm.astype(float) * 1.5
    w = np.abs(x[:, None] - x[None, :])
    solution = solve_tsp_dp(w, start=3)
    assert solution.value == 2 * 1.5 * (n - 1)
    assert_valid(solution, w, start=3)


# ---------------------------------------------------------------------------------------------
# property tests against brute force


@st.composite
def instances(draw, min_n: int = 2, max_n: int = 8, low: int = -20, high: int = 20):
    """A random symmetric integer instance with a random start, a random valid prefix (possibly
    empty or complete) and a random sense."""
    n = draw(st.integers(min_n, max_n))
    values = draw(st.lists(st.integers(low, high), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2))
    w = symmetric(dict(zip(itertools.combinations(range(n), 2), values, strict=True)), n)
    start = draw(st.integers(0, n - 1))
    others = draw(st.permutations([v for v in range(n) if v != start]))
    length = draw(st.one_of(st.integers(0, 2), st.integers(0, n)))  # favour short prefixes
    prefix = () if length == 0 else (start, *others[: length - 1])
    maximize = draw(st.booleans())
    return w, start, prefix, maximize


def check_against_brute_force(method: str, instance) -> None:
    w, start, prefix, maximize = instance
    expected = solve_tsp_brute_force(w, start=start, prefix=prefix, maximize=maximize)
    solution = SOLVERS[method](w, start=start, prefix=prefix, maximize=maximize)
    assert solution.value == expected.value
    assert solution.optimal
    assert solution.method == method
    assert_valid(solution, w, start, prefix)


def examples(count: int) -> settings:
    """Modest example counts and no deadline: the ILP solvers take tens of milliseconds."""
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@examples(60)
@given(instances())
def test_dp_equals_brute_force(instance):
    check_against_brute_force("dp", instance)


@examples(60)
@given(instances())
def test_dp_python_equals_brute_force_and_dp(instance):
    check_against_brute_force("dp_python", instance)
    w, start, prefix, maximize = instance
    # same recurrence and tie-breaking: the very same tour
    assert (
        solve_tsp_dp_python(w, start=start, prefix=prefix, maximize=maximize).tour
        == solve_tsp_dp(w, start=start, prefix=prefix, maximize=maximize).tour
    )


@examples(25)
@given(instances())
def test_cpsat_equals_brute_force(instance):
    check_against_brute_force("cpsat", instance)


@examples(25)
@given(instances())
def test_scip_equals_brute_force(instance):
    check_against_brute_force("scip", instance)


# ---------------------------------------------------------------------------------------------
# invariants


@examples(40)
@given(instances(), st.integers(-50, 50))
def test_invariants(instance, c):
    w, start, prefix, maximize = instance
    n = len(w)
    kw = {"start": start, "prefix": prefix}
    # minimising w is maximising -w
    assert solve_tsp_dp(w, **kw).value == -solve_tsp_dp(-w, maximize=True, **kw).value
    # adding c to every edge adds n * c to every tour, so to the optimum
    base = solve_tsp_dp(w, maximize=maximize, **kw).value
    assert solve_tsp_dp(w + c, maximize=maximize, **kw).value == base + n * c
    # renaming the nodes does not change the optimum
    perm = np.random.default_rng(n + c + 50).permutation(n)
    inverse = np.argsort(perm)  # node v is called inverse[v] after renaming
    renamed = w[np.ix_(perm, perm)]
    kw_renamed = {"start": int(inverse[start]), "prefix": [int(inverse[v]) for v in prefix]}
    assert solve_tsp_dp(renamed, maximize=maximize, **kw_renamed).value == base


@examples(15)
@given(instances(min_n=3, max_n=6), st.integers(1, 4))
def test_fractional_weights_against_brute_force(instance, quarters):
    # CP-SAT scales non-integral weights by 10**6; quarter-steps survive the rounding exactly.
    w, start, prefix, maximize = instance
    w = w + quarters / 4 * (w > 0)
    expected = solve_tsp_brute_force(w, start=start, prefix=prefix, maximize=maximize).value
    for method in ("dp", "cpsat", "scip"):
        solution = SOLVERS[method](w, start=start, prefix=prefix, maximize=maximize)
        assert solution.value == pytest.approx(expected, abs=1e-9)
        assert_valid(solution, w, start, prefix)


# ---------------------------------------------------------------------------------------------
# errors


@pytest.mark.parametrize(
    ("weights", "phrase"),
    [
        ([[0, 1, 2], [1, 0, 3]], "square"),
        (np.zeros((2, 2, 2)), "square"),
        ([[0, 1], [1]], "matrix of numbers"),
        ([["0", "1"], ["1", "0"]], "matrix of numbers"),
        ([[0]], "at least 2 nodes"),
        ([[0, np.nan], [np.nan, 0]], "finite"),
        ([[0, 1, np.inf], [1, 0, 1], [np.inf, 1, 0]], "finite"),
        ([[0, 1, 2], [1, 0, 3], [2, 4, 0]], "symmetric"),
        ([[0, 1e300], [1e300, 0]], "too large"),
    ],
)
@pytest.mark.parametrize("method", METHODS)
def test_bad_weights(weights, phrase, method):
    with pytest.raises(TSPError) as excinfo:
        solve_tsp(weights, method=method)
    assert phrase in assert_one_line(excinfo)


@pytest.mark.parametrize(
    ("kwargs", "phrase"),
    [
        ({"start": 6}, "start = 6 is out of range"),
        ({"start": -1}, "start = -1 is out of range"),
        ({"start": "L"}, "start must be a node index"),
        ({"start": True}, "start must be a node index"),
        ({"prefix": [1, 2]}, "prefix must begin with start 0"),
        ({"prefix": [0, 2, 2]}, "prefix repeats node 2"),
        ({"prefix": [0, 9]}, "prefix[1] = 9 is out of range"),
        ({"prefix": [0, 1.5]}, "prefix[1] must be a node index"),
        ({"prefix": "012"}, "prefix must be a sequence"),
        ({"prefix": 0}, "prefix must be a sequence"),
        ({"method": "lkh"}, "unknown method 'lkh'; valid methods: dp, cpsat, scip, brute"),
        ({"method": "cpsat", "time_limit": 0}, "time_limit must be a positive number"),
        ({"method": "scip", "time_limit": -1.0}, "time_limit must be a positive number"),
        ({"method": "dp", "time_limit": "soon"}, "time_limit must be a positive number"),
    ],
)
def test_bad_arguments(kwargs, phrase):
    with pytest.raises(TSPError) as excinfo:
        solve_tsp(board_weights(1), **kwargs)
    assert phrase in assert_one_line(excinfo)


def test_numpy_integer_indices_are_accepted():
    solution = solve_tsp(board_weights(1), start=np.int64(0), prefix=np.array([0, 1]))
    assert solution.tour[:2] == [0, 1]


@pytest.mark.parametrize("solver", [solve_tsp_dp, solve_tsp_dp_python])
def test_dp_too_large(solver):
    # Rejected before any table is allocated.
    with pytest.raises(TSPTooLargeError) as excinfo:
        solver(np.zeros((22, 22)))
    message = assert_one_line(excinfo)
    assert "at most 20 free nodes, got 21" in message
    assert "cpsat" in message and "scip" in message
    assert isinstance(excinfo.value, TSPError)


def test_brute_force_too_large():
    with pytest.raises(TSPTooLargeError) as excinfo:
        solve_tsp_brute_force(np.zeros((12, 12)))
    assert 'method="dp"' in assert_one_line(excinfo)


def test_tour_value():
    w = board_weights(1)
    assert tour_value(w, [0, 1, 3, 4, 2, 5, 0]) == 52
    assert tour_value(w, [0, 5, 2, 4, 3, 1, 0]) == 52
    with pytest.raises(TSPError):
        tour_value(w, [0, 6, 0])
    with pytest.raises(TSPError):
        tour_value([[0, 1, 2]], [0, 1])


# ---------------------------------------------------------------------------------------------
# time limits


def random_weights(n: int, seed: int) -> np.ndarray:
    upper = np.triu(np.random.default_rng(seed).integers(1, 100, size=(n, n)), 1)
    return (upper + upper.T).astype(float)


@pytest.mark.parametrize("time_limit", [0.01, 0.15])
@pytest.mark.parametrize("solver", [solve_tsp_cpsat, solve_tsp_scip])
def test_time_limit_returns_a_valid_tour_or_a_clean_error(solver, time_limit):
    # On this machine 0.01 s finds no tour (clean error) and CP-SAT stops at 0.15 s with a
    # tour it has not proven optimal; both outcomes are acceptable on a faster machine.
    w = random_weights(30, seed=1)
    try:
        solution = solver(w, prefix=[0, 7], maximize=True, time_limit=time_limit)
    except TSPTooLargeError:  # pragma: no cover - not a size problem
        raise
    except TSPError as exc:
        message = str(exc)
        assert "no tour within the time limit" in message and "\n" not in message
    else:
        assert_valid(solution, w, 0, [0, 7])
        assert isinstance(solution.optimal, bool)


def test_time_limit_generous_is_optimal():
    w = random_weights(12, seed=2)
    expected = solve_tsp_dp(w, prefix=[0, 1]).value
    for method in ("cpsat", "scip"):
        solution = solve_tsp(w, prefix=[0, 1], method=method, time_limit=30)
        assert solution.optimal and solution.value == expected


def test_clustered_instance_needs_subtour_cuts():
    # Three far-apart clusters: the degree-2 relaxation prefers one cycle per cluster, so SCIP
    # must add subtour cuts; all exact methods agree on the optimum.
    rng = np.random.default_rng(0)
    points = np.vstack([rng.random((6, 2)) + offset for offset in ([0, 0], [10, 0], [0, 20])])
    w = np.round(np.linalg.norm(points[:, None] - points[None], axis=2) * 100)
    values = {m: solve_tsp(w, method=m).value for m in ("dp", "cpsat", "scip")}
    assert values == {"dp": 5715.0, "cpsat": 5715.0, "scip": 5715.0}
