"""AISMCTS-F gives the results recorded from the base commit: speed work must not change a decision.

``data/aismcts_recorded.json`` froze, for a fixed set of (problem, configuration, seed) searches,
the root statistics and a digest of both whole trees, and the metrics of a few Gnomes at Night
self-play games (comm with the proxy, default search), all produced by the search core of commit
5d07e71 (before the speed work of issue 18). A faster core must reproduce them exactly: the same
nodes, visits, summed returns (bit for bit), root moves and games. Regenerate it only for an
intended change of the search's behaviour::

    PYTHONPATH=. python -m tests.planners.test_aismcts_recorded
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.gnomes_at_night import generate_maze, load_preset_maze
from planners.aismcts import NUM_MOVES, SearchConfig, SearchProblem, SearchTrees, grow_trees, search, warm_up

RECORDED = Path(__file__).parent / "data" / "aismcts_recorded.json"
SELFPLAY_SEEDS = range(4)
BENCH_TOKENS = ((0, 0), (4, 4), (8, 8), (2, 6))


def _problem(size: int, case: int) -> SearchProblem:
    """A random problem on a generated maze: ego side, token, dictionary, belief, turns left."""
    rng = np.random.default_rng([size, case])
    maze = generate_maze(size, seed=100 + case)
    token = (int(rng.integers(size)), int(rng.integers(size)))
    if case % 3 == 0:  # the ego sees the treasure
        prob = np.zeros((size, size))
        x, y = next(t for t in (*maze.treasures, (0, 0), (size - 1, size - 1)) if t != token)
        prob[y, x] = 1.0
    else:
        prob = rng.random((size, size)) * (rng.random((size, size)) < 0.5 + 0.1 * (case % 4))
        prob[token[1], token[0]] = 0.0
        if prob.sum() == 0:
            prob[(token[1] + 1) % size, token[0]] = 1.0
        prob /= prob.sum()
    rejected = rng.random((size, size, NUM_MOVES)) < (0.0, 0.15, 0.4)[case % 3]
    turns_left = int(rng.integers(2, 100))
    return SearchProblem(maze.open[case % 2], rejected, token, bool(case % 2), prob, turns_left)


def _config(case: int) -> SearchConfig:
    rng = np.random.default_rng([7, case])
    return SearchConfig(
        iterations=(500, 3000, 10_000)[case % 3],
        exploration=(1.41, 0.0, 5.0, 0.7)[case % 4],
        max_depth=int(rng.integers(1, 80)),
        rollout="random" if case % 5 == 4 else "guided",
        epsilon=(0.25, 0.0, 1.0, 0.6)[(case // 2) % 4],
    )


def _uniform_off(n: int, token: tuple[int, int]) -> np.ndarray:
    prob = np.ones((n, n))
    prob[token[1], token[0]] = 0.0
    return prob / prob.sum()


def search_cases() -> dict[str, tuple[SearchProblem, SearchConfig, int, int | None]]:
    """``name -> (problem, config, seed, node_limit)``: the bench positions at 10k iterations, random
    problems on generated mazes of sizes 3 to 12, and a search capped by ``node_limit``."""
    maze = load_preset_maze()
    rejected = np.zeros((9, 9, NUM_MOVES), dtype=bool)
    cases: dict[str, tuple[SearchProblem, SearchConfig, int, int | None]] = {}
    for token in BENCH_TOKENS:
        for ego in (True, False):
            problem = SearchProblem(maze.open[0], rejected, token, ego, _uniform_off(9, token), 100)
            cases[f"bench/{token[0]},{token[1]}/{'ego' if ego else 'partner'}"] = (problem, SearchConfig(), 0, None)
    for case in range(30):
        size = 3 + case % 10
        cases[f"random/{size}/{case}"] = (_problem(size, case), _config(case), 1000 + case, None)
    cases["node_limit"] = (_problem(8, 1), SearchConfig(iterations=5000), 5, 300)
    return cases


def digest(trees: SearchTrees) -> str:
    """SHA-256 of both trees' arrays, each as int64 (float64 for the summed returns)."""
    h = hashlib.sha256()
    for name in ("parent", "move", "cell", "player", "visits", "children"):
        h.update(np.ascontiguousarray(getattr(trees, name), dtype=np.int64).tobytes())
    h.update(np.ascontiguousarray(trees.total, dtype=np.float64).tobytes())
    return h.hexdigest()


def run_search_case(problem: SearchProblem, config: SearchConfig, seed: int, node_limit: int | None) -> dict[str, Any]:
    """The recorded outcome of one search: root statistics, tree size and the trees' digest."""
    trees = grow_trees(problem, config, seed, node_limit=node_limit)
    result = trees.result() if node_limit is not None else search(problem, config, seed)
    return {
        "iterations": result.iterations,
        "nodes": result.nodes,
        "root_visits": result.root_visits.tolist(),
        "root_values": [None if np.isnan(v) else float(v) for v in result.root_values],
        "reply_visits": result.reply_visits.tolist(),
        "trees": digest(trees),
    }


def selfplay_metrics(seed: int) -> dict[str, Any]:
    """The metrics of one comm-with-proxy game on the preset maze (default search)."""
    from agent.arena import play_game
    from agent.registry import default_registry

    registry = default_registry()
    game = registry.make_game("gnomes_at_night")
    comm = registry.build_agent(registry.preset("gnomes_at_night", "comm"))
    proxy = registry.build_agent(registry.preset("gnomes_at_night", "proxy"))
    return json.loads(json.dumps(play_game(game, [comm, proxy], seed).metrics))


def record() -> dict[str, Any]:
    """Everything the fixture holds, computed by the search core on the import path."""
    warm_up()
    return {
        "search": {name: run_search_case(*case) for name, case in search_cases().items()},
        "selfplay": {str(seed): selfplay_metrics(seed) for seed in SELFPLAY_SEEDS},
    }


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    warm_up()
    return json.loads(RECORDED.read_text())


@pytest.mark.parametrize("name", list(search_cases()))
def test_search_gives_the_recorded_trees(recorded: dict[str, Any], name: str) -> None:
    assert run_search_case(*search_cases()[name]) == recorded["search"][name]


def test_the_cases_cover_every_rollout_and_both_movers() -> None:
    cases = search_cases().values()
    assert {config.rollout for _, config, _, _ in cases} == {"random", "guided"}
    assert {problem.ego_to_move for problem, _, _, _ in cases} == {True, False}
    assert {problem.size for problem, _, _, _ in cases} == set(range(3, 13))
    assert any(problem.partner_rejected.any() for problem, _, _, _ in cases)


@pytest.mark.parametrize("seed", SELFPLAY_SEEDS)
def test_selfplay_gives_the_recorded_games(recorded: dict[str, Any], seed: int) -> None:
    assert selfplay_metrics(seed) == recorded["selfplay"][str(seed)]


def dump(data: dict[str, dict[str, Any]]) -> str:
    """The fixture's JSON with one line per search or game."""
    sections = []
    for section, entries in data.items():
        lines = ",\n".join(f"  {json.dumps(name)}: {json.dumps(entry)}" for name, entry in entries.items())
        sections.append(f" {json.dumps(section)}: {{\n{lines}\n }}")
    return "{\n" + ",\n".join(sections) + "\n}\n"


if __name__ == "__main__":
    RECORDED.parent.mkdir(exist_ok=True)
    RECORDED.write_text(dump(record()))
    print(f"wrote {RECORDED}")
