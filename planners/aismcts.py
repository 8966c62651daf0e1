"""The search core of AISMCTS-F: asymmetric information-set MCTS with flag exchange, for Gnomes at Night.

Chen et al. (2024), Sec. 4.1 and Algorithm 1, lines 1-35 (the tree search; the flag exchange of
``SelectBestAction``, lines 36-53, is the planner wrapper's job and reads :class:`SearchResult`).
The search runs from the *ego* player's perspective and never sees the partner's walls or the true
treasure, only what :class:`SearchProblem` holds: the ego's own side, the hidden-information
dictionary (partner moves believed blocked) and a belief over the treasure cell.

| phase | what it does here |
| --- | --- |
| determinization | at the start of every iteration one treasure cell is sampled from ``treasure_prob`` (information-set MCTS, Cowling et al. 2012); the probability of the token's own cell is dropped (the round would be over) |
| selection | from the root, at a node whose player to move is ``p``, UCB1 on tree ``p``'s statistics: ``Q01 + c * sqrt(ln N_parent / N_child)``, where ``Q01`` is the child's mean return rescaled to [0, 1] by the return bounds (below); ties go to the lowest move index |
| expansion | at the first node with untried allowed moves, one untried move is chosen uniformly at random and its child is added to *both* trees; one expansion per iteration |
| simulation | from the new node, a rollout until the token lands on the sampled treasure or the horizon ``min(max_depth, turns_left)`` (turns from the root); ``"random"``: uniform allowed move, ``"guided"``: with probability ``epsilon`` a uniform allowed move, else an allowed move that minimises the Manhattan distance to the sampled treasure (uniform among ties) |
| backpropagation | every node of the iteration's path, in both trees, gets one visit and the iteration's return |

Allowed moves (the paper's ``Explore``): at an ego node, the moves open on the ego's side at the
token's cell (``ego_open``); at a partner node, every move that stays inside the grid except the ones
in the dictionary at that cell (``partner_rejected``): the ego assumes the partner can do anything it
has not refused. ``stay`` is always allowed for both. The same rule holds in rollouts.

Rewards follow the game: -0.1 per turn, +20 on the turn the token lands on the (sampled) treasure,
which ends the iteration. The return of an iteration is the undiscounted sum from the root:
``-0.1 * turns + 20 * found``; a node's value is the mean return of the iterations through it.
UCB1 (Kocsis and Szepesvari 2006) assumes rewards in [0, 1], and returns here span
``[-0.1 * H, 19.9]`` for the horizon ``H``: unscaled, ``c = 1.41`` would be swamped by differences
of several points and the search would commit to the first rollout that found the treasure. The
exploitation term is therefore ``(Q - low) / span`` (``return_bounds``); ``root_values`` stay
in raw returns.

Two trees. As in the paper, the search keeps one perspective tree per player (index 0: ego,
1: partner), each with its own node arrays and counter, and walks both in lockstep: the player to
move at a node selects on *its* tree, a new child goes into both trees, backpropagation updates the
path in both. The ego cannot model what the partner knows beyond the dictionary, so both trees see the
same allowed moves; and the reward is common, so in this game the two trees always hold identical
structure and statistics (the tests check it). The structure is kept because it is the paper's
algorithm and it is where a partner model with its own knowledge would plug in.

Determinism. One small PRNG (splitmix64, Steele et al. 2014) drives every random choice; the plain
Python reference ``planners.aismcts_reference`` uses the same generator, the same draws in the same
order and the same tie-breaking, so both build identical trees for the same seed (see the tests).
The draws per iteration: one uniform for the treasure; at an expansion, one ``below(k)`` if ``k > 1``
untried moves; per rollout turn, for ``"guided"`` one uniform, then ``below(n)`` for an epsilon move
(if ``n > 1`` allowed moves) or ``below(k)`` among ``k > 1`` tied greedy moves, and for ``"random"``
one ``below(n)`` if ``n > 1``. ``uniform = (z >> 11) * 2**-53`` and ``below(n) = (z >> 33) % n`` for
the next output ``z``.

Time budgets. With ``time_budget_s`` set, the Numba core runs in batches until the budget is spent
(at least one batch); node arrays double between batches as needed, up to ``MAX_TREE_NODES`` per
tree, after which iterations still run but no longer expand (selection ends at the capped leaf and
rolls out from there). The iteration count then depends on the machine; only fixed-iteration
searches are reproducible.

References:
    Chen, S., Fried, D. and Topcu, U. (2024). Human-agent cooperation in games under incomplete
        information through natural language communication. IJCAI 2024 (AISMCTS-F, Algorithm 1).
    Cowling, P. I., Powley, E. J. and Whitehouse, D. (2012). Information set Monte Carlo tree
        search. IEEE Trans. Computational Intelligence and AI in Games 4(2), 120-143.
    Kocsis, L. and Szepesvari, C. (2006). Bandit based Monte-Carlo planning. ECML 2006 (UCB1).
    Steele, G. L., Lea, D. and Flood, C. H. (2014). Fast splittable pseudorandom number
        generators. OOPSLA 2014 (splitmix64).
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

import numpy as np

from solvers.lazy_jit import njit_later

__all__ = [
    "MAX_TREE_NODES",
    "NUM_MOVES",
    "SearchConfig",
    "SearchError",
    "SearchProblem",
    "SearchResult",
    "SearchTrees",
    "allowed_masks",
    "grow_trees",
    "return_bounds",
    "search",
    "seed_state",
    "warm_up",
]

#: Moves per cell: 0 stay, 1 right, 2 up, 3 left, 4 down (as ``games.gnomes_at_night.MOVES``).
NUM_MOVES = 5

#: Largest number of nodes per tree (about 46 bytes per node and tree). A fixed-iteration search
#: allocates ``min(iterations + 1, MAX_TREE_NODES)``; a time-budgeted one grows up to it.
MAX_TREE_NODES = 1 << 22

TURN_REWARD = -0.1
TREASURE_REWARD = 20.0

# (dx, dy) per move; x grows right, y grows down (games.gnomes_at_night.MOVE_DELTAS).
_DELTAS = ((0, 0), (1, 0), (0, -1), (-1, 0), (0, 1))

# The first batch of a time-budgeted search, and the wall time later batches aim at.
_FIRST_BATCH = 64
_BATCH_TARGET_S = 0.005

# Visit counts whose logarithm the core looks up rather than computes (1 MiB of float64).
_TABLE_SIZE = 1 << 17

# The most memory for the guided rollout's greedy moves: one row of 2 * cells int32 per treasure cell
# sampled, for every cell up to 32x32 grids.
_GREEDY_BYTES = 1 << 23

# splitmix64 constants, as unsigned 64-bit integers for the Numba core.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S11 = np.uint64(11)
_S27 = np.uint64(27)
_S30 = np.uint64(30)
_S31 = np.uint64(31)
_S33 = np.uint64(33)
_INV_2_53 = 1.0 / 9007199254740992.0

_MASK64 = (1 << 64) - 1


class SearchError(ValueError):
    """A bad search problem or configuration; the message is one line a caller can act on."""


@dataclass(frozen=True)
class SearchConfig:
    """How to search.

    Attributes:
        iterations: Iterations per decision; ignored when ``time_budget_s`` is set.
        time_budget_s: If set, run batches of iterations until this many seconds have passed
            (at least one batch runs); the result is then not reproducible.
        exploration: The UCB1 constant ``c``.
        max_depth: Horizon in turns counted from the root (selection plus rollout).
        rollout: ``"random"`` (uniform allowed moves) or ``"guided"`` (epsilon-greedy towards the
            sampled treasure by Manhattan distance).
        epsilon: Guided rollouts: probability of a uniformly random allowed move.

    Raises:
        SearchError: A value is out of range.
    """

    iterations: int = 10_000
    time_budget_s: float | None = None
    exploration: float = 1.41
    max_depth: int = 60
    rollout: Literal["random", "guided"] = "guided"
    epsilon: float = 0.25

    def __post_init__(self) -> None:
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int | np.integer):
            raise SearchError(f"iterations must be an int, got {self.iterations!r}")
        if self.iterations < 1:
            raise SearchError(f"iterations must be >= 1, got {self.iterations}")
        if self.time_budget_s is not None and not (math.isfinite(self.time_budget_s) and self.time_budget_s > 0):
            raise SearchError(f"time_budget_s must be positive and finite, got {self.time_budget_s}")
        if not (math.isfinite(self.exploration) and self.exploration >= 0):
            raise SearchError(f"exploration must be finite and >= 0, got {self.exploration}")
        if isinstance(self.max_depth, bool) or not isinstance(self.max_depth, int | np.integer):
            raise SearchError(f"max_depth must be an int, got {self.max_depth!r}")
        if self.max_depth < 1:
            raise SearchError(f"max_depth must be >= 1, got {self.max_depth}")
        if self.rollout not in ("random", "guided"):
            raise SearchError(f"rollout must be 'random' or 'guided', got {self.rollout!r}")
        if not 0.0 <= self.epsilon <= 1.0:
            raise SearchError(f"epsilon must be in [0, 1], got {self.epsilon}")


@dataclass(frozen=True, eq=False)
class SearchProblem:
    """What the ego knows at a decision: its own side, the dictionary, the token and a treasure belief.

    There is deliberately no field for the partner's walls or the true treasure: the search cannot
    peek at hidden information. Arrays are copied and made read-only at construction.

    Attributes:
        ego_open: bool ``(size, size, 5)``, ``[y, x, move]``: moves open on the ego's side
            (``Maze.open[ego_side]``). ``stay`` counts as open whatever the array says; a move off
            the grid must not be open.
        partner_rejected: bool ``(size, size, 5)``, ``[y, x, move]``: the hidden-information
            dictionary, partner moves believed blocked at each cell (a rejected ``stay`` is ignored).
        token: The token's cell ``(x, y)``.
        ego_to_move: Whether the ego moves at the root.
        treasure_prob: float ``(size, size)``, ``[y, x]``: belief over the treasure cell (one-hot when
            the ego sees it), non-negative and summing to 1 (within 1e-6). The mass on the token's
            own cell is dropped (the round would be over if the treasure were there).
        turns_left: Turns left in the round; the search does not look further.

    Raises:
        SearchError: A shape, dtype or value is invalid, or the belief has no mass off the token.
    """

    ego_open: np.ndarray
    partner_rejected: np.ndarray
    token: tuple[int, int]
    ego_to_move: bool
    treasure_prob: np.ndarray
    turns_left: int

    size: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        prob = np.asarray(self.treasure_prob)
        if prob.ndim != 2 or prob.shape[0] != prob.shape[1] or prob.shape[0] < 1:
            raise SearchError(f"treasure_prob must be a square (size, size) array, got shape {prob.shape}")
        n = prob.shape[0]
        if prob.dtype.kind not in "iuf":
            raise SearchError(f"treasure_prob must hold numbers, got dtype {prob.dtype}")
        prob = np.array(prob, dtype=np.float64)
        if not np.all(np.isfinite(prob)) or np.any(prob < 0):
            raise SearchError("treasure_prob must be finite and non-negative")
        total = float(prob.sum())
        if abs(total - 1.0) > 1e-6:
            raise SearchError(f"treasure_prob must sum to 1, got {total:.9g}")
        arrays = {}
        for name in ("ego_open", "partner_rejected"):
            raw = np.asarray(getattr(self, name))
            if raw.shape != (n, n, NUM_MOVES):
                raise SearchError(f"{name} must have shape ({n}, {n}, {NUM_MOVES}), got {raw.shape}")
            if raw.dtype.kind not in "biu" or (raw.dtype.kind != "b" and not np.isin(raw, (0, 1)).all()):
                raise SearchError(f"{name} must be boolean (or 0/1), got dtype {raw.dtype}")
            arrays[name] = np.array(raw, dtype=bool)
        off_grid = arrays["ego_open"] & ~_inside(n)
        if off_grid.any():
            y, x, m = (int(v) for v in np.argwhere(off_grid)[0])
            raise SearchError(f"ego_open opens move {m} off the grid at cell ({x}, {y})")
        try:
            x, y = (int(v) for v in self.token)
        except (TypeError, ValueError):
            raise SearchError(f"token must be a cell (x, y), got {self.token!r}") from None
        if not (0 <= x < n and 0 <= y < n):
            raise SearchError(f"token {self.token} is outside the {n}x{n} grid")
        if prob.sum() - prob[y, x] <= 0.0:
            raise SearchError("treasure_prob has no mass outside the token's cell")
        if isinstance(self.turns_left, bool) or not isinstance(self.turns_left, int | np.integer):
            raise SearchError(f"turns_left must be an int, got {self.turns_left!r}")
        if self.turns_left < 1:
            raise SearchError(f"turns_left must be >= 1, got {self.turns_left}")
        for array in (*arrays.values(), prob):
            array.setflags(write=False)
        object.__setattr__(self, "ego_open", arrays["ego_open"])
        object.__setattr__(self, "partner_rejected", arrays["partner_rejected"])
        object.__setattr__(self, "treasure_prob", prob)
        object.__setattr__(self, "token", (x, y))
        object.__setattr__(self, "ego_to_move", bool(self.ego_to_move))
        object.__setattr__(self, "turns_left", int(self.turns_left))
        object.__setattr__(self, "size", n)


@dataclass(frozen=True)
class SearchResult:
    """The root statistics of a search, read from the ego's tree.

    Attributes:
        root_visits: int ``(5,)``: visits of the root's children per move (0 for moves not allowed
            at the root); they sum to ``iterations``.
        root_values: float ``(5,)``: mean return per root child (``nan`` if unvisited).
        reply_visits: int ``(5, 5)``: ``reply_visits[a, b]`` = visits of child ``b`` of root child
            ``a``, i.e. the next player's moves after ``a`` (for the output flag).
        iterations: Iterations run.
        nodes: Nodes in each of the two trees (they are the same size).
        elapsed_s: Wall time of the search, in seconds.
        steps: Simulated steps: the turns simulated from the root, summed over the iterations
            (selection and expansion in the tree plus the rollout; an iteration ends at the
            horizon or on the sampled treasure).
    """

    root_visits: np.ndarray
    root_values: np.ndarray
    reply_visits: np.ndarray
    iterations: int
    nodes: int
    elapsed_s: float
    steps: int


@dataclass(frozen=True, eq=False)
class SearchTrees:
    """Both perspective trees of a search (index 0: ego tree, 1: partner tree), trimmed to ``nodes``.

    Node 0 is the root. ``player`` is the perspective to move at the node (0 ego, 1 partner),
    ``cell`` the token's cell index ``y * size + x``, ``move`` the incoming move (-1 at the root),
    ``parent`` -1 at the root, ``children[t, i, m]`` -1 for none.

    Attributes:
        parent: int ``(2, nodes)``.
        move: int ``(2, nodes)``.
        cell: int ``(2, nodes)``.
        player: int ``(2, nodes)``.
        visits: int ``(2, nodes)``.
        total: float ``(2, nodes)``: summed returns.
        children: int ``(2, nodes, 5)``.
        iterations: Iterations run.
        elapsed_s: Wall time of the search, in seconds.
        steps: Simulated steps summed over the iterations (as :attr:`SearchResult.steps`).
    """

    parent: np.ndarray
    move: np.ndarray
    cell: np.ndarray
    player: np.ndarray
    visits: np.ndarray
    total: np.ndarray
    children: np.ndarray
    iterations: int
    elapsed_s: float
    steps: int

    @property
    def nodes(self) -> int:
        return int(self.parent.shape[1])

    def result(self) -> SearchResult:
        """The root statistics (:class:`SearchResult`) of the ego tree."""
        return _summarize(
            self.visits, self.total, self.children, self.iterations, self.nodes, self.elapsed_s, self.steps
        )


# ------------------------------------------------------------------------------------------------
# problem tables shared by the core and the reference


def _inside(n: int) -> np.ndarray:
    """``[y, x, move]``: whether the move stays on an ``n x n`` grid (stay always does)."""
    inside = np.ones((n, n, NUM_MOVES), dtype=bool)
    inside[:, n - 1, 1] = False
    inside[0, :, 2] = False
    inside[:, 0, 3] = False
    inside[n - 1, :, 4] = False
    return inside


def allowed_masks(problem: SearchProblem) -> np.ndarray:
    """bool ``(2, size, size, 5)``: the moves the search allows the ego (0) and the partner (1).

    Ego: ``ego_open`` plus stay. Partner: every move inside the grid not in ``partner_rejected``,
    plus stay.
    """
    n = problem.size
    masks = np.empty((2, n, n, NUM_MOVES), dtype=bool)
    masks[0] = problem.ego_open
    masks[1] = _inside(n) & ~problem.partner_rejected
    masks[..., 0] = True
    return masks


class _Tables(NamedTuple):
    """The core's tables (index ``k`` runs over the allowed moves of ``(p, cell)``, ascending)."""

    n_allowed: np.ndarray  # int64 (2, cells): allowed moves per perspective and cell
    allowed: np.ndarray  # int64 (2, cells, 5): the allowed moves, then -1 (never read)
    nbr: np.ndarray  # int64 (2, cells, 5): the cell each allowed move leads to, then -1
    nbr_x: np.ndarray  # int64 (2, cells, 5): its column
    nbr_y: np.ndarray  # int64 (2, cells, 5): its row
    xs: np.ndarray  # int64 (cells,): column of each cell
    ys: np.ndarray  # int64 (cells,): row of each cell
    cdf: np.ndarray  # float64 (cells,): the belief's running total, the token's cell at 0
    last: np.int64  # the last cell with mass (a draw past the total lands there)
    token: np.int64  # the root's cell


@njit_later(cache=True)
def _move_lists(masks, step):  # pragma: no cover - compiled by Numba
    """Per perspective and cell: the number of allowed moves, the moves ascending (then -1) and the
    cells they lead to (then -1)."""
    n_allowed = np.zeros(masks.shape[:2], dtype=np.int64)
    allowed = np.full(masks.shape, -1, dtype=np.int64)
    nbr = np.full(masks.shape, -1, dtype=np.int64)
    for p in range(masks.shape[0]):
        for cell in range(masks.shape[1]):
            k = 0
            for m in range(masks.shape[2]):
                if masks[p, cell, m]:
                    allowed[p, cell, k] = m
                    nbr[p, cell, k] = step[cell, m]
                    k += 1
            n_allowed[p, cell] = k
    return n_allowed, allowed, nbr


@functools.cache
def _grid(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Column and row of each cell of an ``n x n`` grid, and the cell each move leads to (read-only)."""
    ys, xs = np.divmod(np.arange(n * n, dtype=np.int64), n)
    step = np.empty((n * n, NUM_MOVES), dtype=np.int64)
    for m, (dx, dy) in enumerate(_DELTAS):
        step[:, m] = np.minimum(np.maximum(ys + dy, 0), n - 1) * n + np.minimum(np.maximum(xs + dx, 0), n - 1)
    for array in (xs, ys, step):
        array.setflags(write=False)
    return xs, ys, step


def _tables(problem: SearchProblem) -> _Tables:
    """The core's tables: allowed-move lists and where they lead, coordinates, belief CDF."""
    n = problem.size
    cells = n * n
    xs, ys, step = _grid(n)
    n_allowed, allowed, nbr = _move_lists(allowed_masks(problem).reshape(2, cells, NUM_MOVES), step)
    prob = problem.treasure_prob.reshape(-1).copy()
    token = problem.token[1] * n + problem.token[0]
    prob[token] = 0.0
    cdf = np.cumsum(prob)  # sequential sums, as the reference's running total
    last = int(np.flatnonzero(prob > 0.0)[-1])
    return _Tables(n_allowed, allowed, nbr, xs[nbr], ys[nbr], xs, ys, cdf, np.int64(last), np.int64(token))


# ------------------------------------------------------------------------------------------------
# the Numba core


@njit_later(cache=True, inline="always")
def _next(state):  # pragma: no cover - compiled by Numba
    """splitmix64: the next state and output."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return state, z ^ (z >> _S31)


@njit_later(cache=True, inline="always")
def _uniform(state):  # pragma: no cover - compiled by Numba
    state, z = _next(state)
    return state, float(np.int64(z >> _S11)) * _INV_2_53  # < 2**53: exact as a signed int


@njit_later(cache=True, inline="always")
def _below(state, n):  # pragma: no cover - compiled by Numba
    state, z = _next(state)
    x = np.uint32(z >> _S33)  # 31 bits: the same remainder in 32-bit unsigned arithmetic
    if n == 2:
        r = x & np.uint32(1)
    elif n == 3:
        r = x % np.uint32(3)
    elif n == 4:
        r = x & np.uint32(3)
    elif n == 5:
        r = x % np.uint32(5)
    else:
        r = x % np.uint32(n)
    return state, np.int64(r)


@njit_later(cache=True)
def _log_table(size):  # pragma: no cover - compiled by Numba
    """``math.log(k)`` for ``k < size``, computed by the same ``log`` the core calls beyond it."""
    table = np.empty(size)
    table[0] = -np.inf
    for k in range(1, size):
        table[k] = math.log(k)
    return table


@njit_later(cache=True)
def _fill_greedy(row, n_allowed, nbr_x, nbr_y, tx, ty):  # pragma: no cover - compiled by Numba
    """``row[p, cell]``: the allowed-move indices ``k`` whose cell is nearest (Manhattan) to the
    treasure at ``(tx, ty)``: their count in bits 0-2, then each index in 3 bits, ascending."""
    for p in range(2):
        for cell in range(row.shape[1]):
            best_d = 1 << 30
            ties = 0
            packed = 0
            for k in range(n_allowed[p, cell]):
                d = abs(nbr_x[p, cell, k] - tx) + abs(nbr_y[p, cell, k] - ty)
                if d < best_d:
                    best_d = d
                    ties = 1
                    packed = k
                elif d == best_d:
                    packed |= k << (3 * ties)
                    ties += 1
            row[p, cell] = ties | (packed << 3)


@njit_later(cache=True)
def _run_batch(
    n_iter,
    limit,
    rng,
    counts,
    parent,
    move,
    cell,
    player,
    visits,
    total,
    children,
    expanded,
    n_allowed,
    allowed,
    nbr,
    nbr_x,
    nbr_y,
    xs,
    ys,
    cdf,
    last,
    root_cell,
    root_player,
    horizon,
    low,
    span,
    c,
    guided,
    epsilon,
    path,
    logs,
    q01,
    greedy,
    tag,
):  # pragma: no cover - compiled by Numba
    """Run ``n_iter`` iterations on the two trees in place; ``rng[0]`` and ``counts`` (nodes per
    tree, simulated steps) carry over. ``expanded[t, node]`` counts the node's children and
    ``q01[t, node]`` is its mean return rescaled by the return bounds (UCB1's exploitation term).
    ``greedy[slot, p, cell]`` holds the guided rollout's greedy moves towards the treasure cell
    ``tag[slot]`` (see :func:`_fill_greedy`; slot = treasure modulo the slots, filled on demand)."""
    s = rng[0]
    ncell = cdf.shape[0]
    mass = cdf[ncell - 1]
    ntab = logs.shape[0]
    top = 1
    while top * 2 <= ncell:
        top *= 2
    for _ in range(n_iter):
        # determinization: one treasure cell from the belief (smallest i with cdf[i] > r)
        s, u = _uniform(s)
        r = u * mass
        lo = 0  # cdf[i] <= r for every i < lo (cdf is non-decreasing)
        half = top
        while half > 0:
            if lo + half <= ncell and cdf[lo + half - 1] <= r:
                lo += half
            half >>= 1
        treasure = lo if lo < ncell else last
        tx = xs[treasure]
        ty = ys[treasure]
        slot = treasure % greedy.shape[0]
        if guided and tag[slot] != treasure:
            _fill_greedy(greedy[slot], n_allowed, nbr_x, nbr_y, tx, ty)
            tag[slot] = treasure

        # selection and expansion, walking both trees in lockstep
        e_node = 0  # node in the ego tree
        q_node = 0  # node in the partner tree
        path[0, 0] = 0
        path[1, 0] = 0
        plen = 1
        cur = root_cell
        p = root_player
        depth = 0
        found = False
        while depth < horizon:
            here = e_node if p == 0 else q_node
            nal = n_allowed[p, cur]
            untried = nal - expanded[p, here]
            if untried > 0:
                j = 0
                if untried > 1:
                    s, j = _below(s, untried)
                m = -1
                nxt = cur
                for k in range(nal):
                    mk = allowed[p, cur, k]
                    if children[p, here, mk] < 0:
                        if j == 0:
                            m = mk
                            nxt = nbr[p, cur, k]
                            break
                        j -= 1
                if counts[0] < limit and counts[1] < limit:
                    for t in range(2):
                        at = e_node if t == 0 else q_node
                        new = counts[t]
                        counts[t] = new + 1
                        parent[t, new] = at
                        move[t, new] = m
                        cell[t, new] = nxt
                        player[t, new] = 1 - p
                        visits[t, new] = 0
                        total[t, new] = 0.0
                        expanded[t, new] = 0
                        for mm in range(5):
                            children[t, new, mm] = -1
                        children[t, at, m] = new
                        expanded[t, at] += 1
                        path[t, plen] = new
                    plen += 1
                cur = nxt
                p = 1 - p
                depth += 1
                found = cur == treasure
                break
            # every allowed move is expanded: UCB1 on the mover's tree (q01 holds each node's
            # exploitation term, updated by backpropagation)
            n_here = visits[p, here]
            log_n = logs[n_here] if n_here < ntab else math.log(n_here)
            best = -np.inf
            kbest = 0
            for k in range(nal):
                ch = children[p, here, allowed[p, cur, k]]
                value = q01[p, ch] + c * math.sqrt(log_n / visits[p, ch])
                if value > best:
                    best = value
                    kbest = k
            m = allowed[p, cur, kbest]
            e_node = children[0, e_node, m]
            q_node = children[1, q_node, m]
            path[0, plen] = e_node
            path[1, plen] = q_node
            plen += 1
            cur = nbr[p, cur, kbest]
            p = 1 - p
            depth += 1
            if cur == treasure:
                found = True
                break

        # simulation: pick the index k of an allowed move
        while not found and depth < horizon:
            nal = n_allowed[p, cur]
            k = 0
            if guided:
                s, u = _uniform(s)
                if u < epsilon:
                    if nal > 1:
                        s, k = _below(s, nal)
                else:
                    g = greedy[slot, p, cur]
                    ties = g & 7
                    j = 0
                    if ties > 1:
                        s, j = _below(s, ties)
                    k = (g >> (3 + 3 * j)) & 7
            elif nal > 1:
                s, k = _below(s, nal)
            cur = nbr[p, cur, k]
            p = 1 - p
            depth += 1
            found = cur == treasure

        # backpropagation in both trees
        counts[2] += depth
        ret = TURN_REWARD * depth
        if found:
            ret += TREASURE_REWARD
        for t in range(2):
            for i in range(plen):
                nd = path[t, i]
                v = visits[t, nd] + 1
                tot = total[t, nd] + ret
                visits[t, nd] = v
                total[t, nd] = tot
                q01[t, nd] = (tot / v - low) / span
    rng[0] = s


# ------------------------------------------------------------------------------------------------
# the Python driver


class _Arrays:
    """The two trees' node arrays, with room for ``capacity`` nodes each."""

    def __init__(self, capacity: int) -> None:
        self.parent = np.empty((2, capacity), dtype=np.int32)
        self.move = np.empty((2, capacity), dtype=np.int8)
        self.cell = np.empty((2, capacity), dtype=np.int32)
        self.player = np.empty((2, capacity), dtype=np.int8)
        self.visits = np.empty((2, capacity), dtype=np.int64)
        self.total = np.empty((2, capacity), dtype=np.float64)
        self.children = np.empty((2, capacity, NUM_MOVES), dtype=np.int32)
        self.expanded = np.empty((2, capacity), dtype=np.int8)
        self.q01 = np.empty((2, capacity), dtype=np.float64)

    @property
    def capacity(self) -> int:
        return int(self.parent.shape[1])

    def grown(self, capacity: int, used: int) -> _Arrays:
        bigger = _Arrays(capacity)
        for name in ("parent", "move", "cell", "player", "visits", "total", "children", "expanded", "q01"):
            getattr(bigger, name)[:, :used] = getattr(self, name)[:, :used]
        return bigger

    def init_root(self, cell: int, player: int) -> None:
        self.parent[:, 0] = -1
        self.move[:, 0] = -1
        self.cell[:, 0] = cell
        self.player[:, 0] = player
        self.visits[:, 0] = 0
        self.total[:, 0] = 0.0
        self.children[:, 0] = -1
        self.expanded[:, 0] = 0


@functools.cache
def _logs() -> np.ndarray:
    """The core's table of ``log(visits)`` (built once per process)."""
    return _log_table(_TABLE_SIZE)


def return_bounds(horizon: int) -> tuple[float, float]:
    """The lowest return and the width of the return range at ``horizon`` turns (for UCB1).

    Returns lie in ``[TURN_REWARD * horizon, TREASURE_REWARD + TURN_REWARD]``: every turn to the
    horizon without the treasure, or the treasure on the first turn.
    """
    low = TURN_REWARD * horizon
    return low, (TREASURE_REWARD + TURN_REWARD) - low


def seed_state(seed: int) -> int:
    """The initial splitmix64 state for ``seed`` (any Python int; taken modulo 2**64)."""
    return int(seed) & _MASK64


def _grow(
    problem: SearchProblem, config: SearchConfig, seed: int, node_limit: int | None = None
) -> tuple[_Arrays, int, int, float, int]:
    """Run the search; returns the (untrimmed) arrays, the node count, the iterations, the time and
    the simulated steps."""
    if not isinstance(problem, SearchProblem):
        raise SearchError(f"problem must be a SearchProblem, got {type(problem).__name__}")
    if not isinstance(config, SearchConfig):
        raise SearchError(f"config must be a SearchConfig, got {type(config).__name__}")
    t0 = time.perf_counter()
    tab = _tables(problem)
    root_cell = tab.token
    root_player = 0 if problem.ego_to_move else 1
    horizon = min(config.max_depth, problem.turns_left)
    low, span = return_bounds(horizon)
    budget = config.time_budget_s
    limit = MAX_TREE_NODES if node_limit is None else int(node_limit)
    if limit < 1:
        raise SearchError(f"node_limit must be >= 1, got {limit}")
    if budget is None:
        limit = min(limit, config.iterations + 1)
    capacity = limit if budget is None else min(limit, config.iterations + 1, 1 << 16)
    arrays = _Arrays(capacity)
    arrays.init_root(int(root_cell), root_player)
    rng = np.array([seed_state(seed)], dtype=np.uint64)
    counts = np.array([1, 1, 0], dtype=np.int64)
    path = np.empty((2, horizon + 1), dtype=np.int64)
    guided = config.rollout == "guided"
    logs = _logs()
    cells = problem.size**2
    slots = max(1, min(cells, _GREEDY_BYTES // (8 * cells)))
    greedy = np.empty((slots, 2, cells), dtype=np.int32)
    tag = np.full(slots, -1, dtype=np.int64)

    def run(n_iter: int) -> None:
        _run_batch(
            n_iter, limit, rng, counts,
            arrays.parent, arrays.move, arrays.cell, arrays.player, arrays.visits, arrays.total,
            arrays.children, arrays.expanded, tab.n_allowed, tab.allowed, tab.nbr, tab.nbr_x, tab.nbr_y,
            tab.xs, tab.ys, tab.cdf, tab.last, root_cell, root_player, horizon, low, span,
            float(config.exploration), guided, float(config.epsilon), path, logs, arrays.q01, greedy, tag,
        )  # fmt: skip

    if budget is None:
        run(config.iterations)
        done = config.iterations
    else:
        deadline = t0 + budget
        batch, done = _FIRST_BATCH, 0
        while True:
            need = min(limit, int(counts[0]) + batch)
            if need > arrays.capacity:
                arrays = arrays.grown(min(limit, max(need, 2 * arrays.capacity)), int(counts[0]))
            run(batch)
            done += batch
            now = time.perf_counter()
            if now >= deadline:
                break
            rate = done / max(now - t0, 1e-9)
            batch = max(1, min(int(rate * min(deadline - now, _BATCH_TARGET_S)), 1 << 20))
    return arrays, int(counts[0]), done, time.perf_counter() - t0, int(counts[2])


def _summarize(
    visits: np.ndarray,
    total: np.ndarray,
    children: np.ndarray,
    iterations: int,
    nodes: int,
    elapsed: float,
    steps: int,
) -> SearchResult:
    """Root and reply statistics of the ego tree (index 0)."""
    root_visits = np.zeros(NUM_MOVES, dtype=np.int64)
    root_values = np.full(NUM_MOVES, np.nan)
    reply_visits = np.zeros((NUM_MOVES, NUM_MOVES), dtype=np.int64)
    for a in range(NUM_MOVES):
        child = int(children[0, 0, a])
        if child < 0:
            continue
        root_visits[a] = visits[0, child]
        if root_visits[a] > 0:
            root_values[a] = total[0, child] / visits[0, child]
        for b in range(NUM_MOVES):
            grandchild = int(children[0, child, b])
            if grandchild >= 0:
                reply_visits[a, b] = visits[0, grandchild]
    return SearchResult(root_visits, root_values, reply_visits, int(iterations), int(nodes), float(elapsed), int(steps))


def search(problem: SearchProblem, config: SearchConfig, seed: int) -> SearchResult:
    """Run AISMCTS-F's tree search (Numba core) and return the root statistics of the ego tree.

    The first call compiles the core (or loads it from the on-disk cache); call ``warm_up()``
    before timing.

    Args:
        problem: What the ego knows (its side, the dictionary, token, mover, belief, turns left).
        config: Iterations or time budget, UCB constant, horizon and rollout policy.
        seed: Seed of the search's PRNG: the same seed and problem give the same result (for a
            fixed iteration count).

    Returns:
        The :class:`SearchResult`; the wrapper picks the most-visited root move (ties and flags
        are its business) and reads the output flag from ``reply_visits``.

    Raises:
        SearchError: ``problem`` or ``config`` is not of the expected type.
    """
    arrays, nodes, iterations, elapsed, steps = _grow(problem, config, seed)
    return _summarize(arrays.visits, arrays.total, arrays.children, iterations, nodes, elapsed, steps)


def grow_trees(
    problem: SearchProblem, config: SearchConfig, seed: int, *, node_limit: int | None = None
) -> SearchTrees:
    """Run the same search as :func:`search` but return both whole trees (for tests and analysis).

    Args:
        problem: What the ego knows.
        config: How to search.
        seed: PRNG seed.
        node_limit: Cap on the nodes per tree (default ``MAX_TREE_NODES``); once reached,
            iterations stop expanding.

    Returns:
        The trimmed :class:`SearchTrees`.

    Raises:
        SearchError: Bad argument types or ``node_limit < 1``.
    """
    arrays, nodes, iterations, elapsed, steps = _grow(problem, config, seed, node_limit)
    return SearchTrees(
        parent=arrays.parent[:, :nodes].copy(),
        move=arrays.move[:, :nodes].copy(),
        cell=arrays.cell[:, :nodes].copy(),
        player=arrays.player[:, :nodes].copy(),
        visits=arrays.visits[:, :nodes].copy(),
        total=arrays.total[:, :nodes].copy(),
        children=arrays.children[:, :nodes].copy(),
        iterations=iterations,
        elapsed_s=elapsed,
        steps=steps,
    )


def warm_up() -> None:
    """Compile (or load from cache) the Numba core by searching a tiny 3x3 problem.

    Call it once before timing ``search``; later calls are cheap.
    """
    n = 3
    ego_open = _inside(n)
    prob = np.full((n, n), 1.0 / (n * n - 1))
    prob[0, 0] = 0.0
    problem = SearchProblem(ego_open, np.zeros((n, n, NUM_MOVES), dtype=bool), (0, 0), True, prob, 10)
    search(problem, SearchConfig(iterations=50), seed=0)
    search(problem, SearchConfig(iterations=50, rollout="random"), seed=0)
