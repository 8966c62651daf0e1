"""Plain-Python reference of the AISMCTS-F search core (``planners.aismcts``): the cross-check.

The same algorithm as the Numba core, written independently from the :class:`SearchProblem` in
plain Python lists: the same allowed-move rule, the same splitmix64 generator with the same draws
in the same order, the same UCB1 arithmetic and the same tie-breaking. For the same problem,
configuration and seed it builds the *identical* two trees (``tests/planners/test_aismcts.py``
compares them node by node). It is also the baseline of ``planners.aismcts_bench``. It is slow
(tens of thousands of iterations per second); use :func:`planners.aismcts.search` to plan.
"""

from __future__ import annotations

import bisect
import math
import time

import numpy as np

from planners.aismcts import (
    MAX_TREE_NODES,
    NUM_MOVES,
    TREASURE_REWARD,
    TURN_REWARD,
    SearchConfig,
    SearchError,
    SearchProblem,
    SearchResult,
    SearchTrees,
    seed_state,
)

__all__ = ["Rng", "grow_trees_reference", "search_reference"]

_MASK64 = (1 << 64) - 1
_INV_2_53 = 1.0 / 9007199254740992.0
_DELTAS = ((0, 0), (1, 0), (0, -1), (-1, 0), (0, 1))


class Rng:
    """splitmix64 (Steele et al. 2014) with the core's two derived draws."""

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def uniform(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next() >> 11) * _INV_2_53

    def below(self, n: int) -> int:
        """An int in [0, n) (the top 31 bits modulo n)."""
        return (self.next() >> 33) % n


def _allowed_lists(problem: SearchProblem) -> list[list[list[int]]]:
    """``allowed[p][cell]``: the moves the search allows perspective ``p`` at ``cell``, ascending."""
    n = problem.size
    ego_open = problem.ego_open.tolist()
    rejected = problem.partner_rejected.tolist()
    allowed: list[list[list[int]]] = [[], []]
    for y in range(n):
        for x in range(n):
            ego, partner = [0], [0]
            for m in range(1, NUM_MOVES):
                dx, dy = _DELTAS[m]
                inside = 0 <= x + dx < n and 0 <= y + dy < n
                if ego_open[y][x][m]:
                    ego.append(m)
                if inside and not rejected[y][x][m]:
                    partner.append(m)
            allowed[0].append(ego)
            allowed[1].append(partner)
    return allowed


def grow_trees_reference(
    problem: SearchProblem, config: SearchConfig, seed: int, *, node_limit: int | None = None
) -> SearchTrees:
    """Run the search in plain Python and return both trees (same layout as ``grow_trees``).

    A time budget is checked after every iteration (the core checks between batches), so timed
    runs are not comparable node by node; fixed-iteration runs are.

    Args:
        problem: What the ego knows.
        config: How to search.
        seed: PRNG seed.
        node_limit: Cap on the nodes per tree (default ``MAX_TREE_NODES``).

    Returns:
        The :class:`SearchTrees`.

    Raises:
        SearchError: Bad argument types or ``node_limit < 1``.
    """
    if not isinstance(problem, SearchProblem) or not isinstance(config, SearchConfig):
        raise SearchError("grow_trees_reference needs a SearchProblem and a SearchConfig")
    t0 = time.perf_counter()
    n = problem.size
    allowed = _allowed_lists(problem)
    step = [[(y + dy) * n + (x + dx) for dx, dy in _DELTAS] for y in range(n) for x in range(n)]
    token = problem.token[1] * n + problem.token[0]
    prob = problem.treasure_prob.reshape(-1).tolist()
    prob[token] = 0.0
    cdf, acc = [], 0.0
    for value in prob:
        acc += value
        cdf.append(acc)
    last = max(i for i, value in enumerate(prob) if value > 0.0)
    mass = cdf[-1]
    horizon = min(config.max_depth, problem.turns_left)
    low = TURN_REWARD * horizon
    span = (TREASURE_REWARD + TURN_REWARD) - low
    c = float(config.exploration)
    guided = config.rollout == "guided"
    epsilon = float(config.epsilon)
    limit = MAX_TREE_NODES if node_limit is None else int(node_limit)
    if limit < 1:
        raise SearchError(f"node_limit must be >= 1, got {limit}")
    budget = config.time_budget_s
    if budget is None:
        limit = min(limit, config.iterations + 1)
    rng = Rng(seed)

    root_player = 0 if problem.ego_to_move else 1
    # per tree t: parallel lists of node fields
    parent = [[-1], [-1]]
    move = [[-1], [-1]]
    cell = [[token], [token]]
    player = [[root_player], [root_player]]
    visits = [[0], [0]]
    total = [[0.0], [0.0]]
    children = [[[-1] * NUM_MOVES], [[-1] * NUM_MOVES]]

    iterations = steps = 0
    while True:
        if budget is None:
            if iterations >= config.iterations:
                break
        elif iterations > 0 and time.perf_counter() - t0 >= budget:
            break
        iterations += 1

        # determinization
        treasure = bisect.bisect_right(cdf, rng.uniform() * mass)
        if treasure >= len(cdf):
            treasure = last
        tx, ty = treasure % n, treasure // n

        # selection and expansion in both trees
        nodes = [0, 0]
        paths: list[list[int]] = [[0], [0]]
        cur, p, depth, found = token, root_player, 0, False
        while depth < horizon:
            here = nodes[p]
            moves = allowed[p][cur]
            untried = [m for m in moves if children[p][here][m] < 0]
            if untried:
                m = untried[rng.below(len(untried)) if len(untried) > 1 else 0]
                nxt = step[cur][m]
                if len(parent[0]) < limit and len(parent[1]) < limit:
                    for t in range(2):
                        new = len(parent[t])
                        parent[t].append(nodes[t])
                        move[t].append(m)
                        cell[t].append(nxt)
                        player[t].append(1 - p)
                        visits[t].append(0)
                        total[t].append(0.0)
                        children[t].append([-1] * NUM_MOVES)
                        children[t][nodes[t]][m] = new
                        paths[t].append(new)
                cur, p, depth = nxt, 1 - p, depth + 1
                found = cur == treasure
                break
            log_n = math.log(visits[p][here])
            best, best_move = -math.inf, -1
            for m in moves:
                child = children[p][here][m]
                v = visits[p][child]
                value = (total[p][child] / v - low) / span + c * math.sqrt(log_n / v)
                if value > best:
                    best, best_move = value, m
            for t in range(2):
                nodes[t] = children[t][nodes[t]][best_move]
                paths[t].append(nodes[t])
            cur, p, depth = step[cur][best_move], 1 - p, depth + 1
            if cur == treasure:
                found = True
                break

        # simulation
        while not found and depth < horizon:
            moves = allowed[p][cur]
            m = moves[0]
            if guided:
                if rng.uniform() < epsilon:
                    if len(moves) > 1:
                        m = moves[rng.below(len(moves))]
                else:
                    dist = [abs(step[cur][mk] % n - tx) + abs(step[cur][mk] // n - ty) for mk in moves]
                    best_d = min(dist)
                    ties = [mk for mk, d in zip(moves, dist, strict=True) if d == best_d]
                    m = ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]
            elif len(moves) > 1:
                m = moves[rng.below(len(moves))]
            cur, p, depth = step[cur][m], 1 - p, depth + 1
            found = cur == treasure

        # backpropagation in both trees
        steps += depth
        ret = TURN_REWARD * depth
        if found:
            ret += TREASURE_REWARD
        for t in range(2):
            for node in paths[t]:
                visits[t][node] += 1
                total[t][node] += ret

    return SearchTrees(
        parent=np.array(parent, dtype=np.int32),
        move=np.array(move, dtype=np.int8),
        cell=np.array(cell, dtype=np.int32),
        player=np.array(player, dtype=np.int8),
        visits=np.array(visits, dtype=np.int64),
        total=np.array(total, dtype=np.float64),
        children=np.array(children, dtype=np.int32).reshape(2, -1, NUM_MOVES),
        iterations=iterations,
        elapsed_s=time.perf_counter() - t0,
        steps=steps,
    )


def search_reference(problem: SearchProblem, config: SearchConfig, seed: int) -> SearchResult:
    """The plain-Python twin of :func:`planners.aismcts.search` (same result for the same seed).

    Args:
        problem: What the ego knows.
        config: How to search.
        seed: PRNG seed.

    Returns:
        The :class:`SearchResult` of the ego tree.

    Raises:
        SearchError: Bad argument types.
    """
    return grow_trees_reference(problem, config, seed).result()
