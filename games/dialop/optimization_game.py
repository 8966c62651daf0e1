"""DialOp Optimization as a playable game, id ``dialop_optimization_v0`` (paper Appendix A).

Two players agree on a one-to-one assignment of ``k`` reviewers to ``k`` papers. The hidden value
table (see :mod:`games.dialop.optimization`) is seen by each player only through its own mask, each
visible cell shown as ``int(value * scale)`` with the player's own display scale. Turns alternate,
player 0 first; the formal moves and the 30-turn cap are the shared DialOp protocol
(:mod:`games.dialop.base`). The reward of an accepted proposal is ``score / best``.

New instances follow the original generator (``jlin816/dialop``, ``dialop/games/optimization.py``,
re-implemented here with a seeded numpy generator): values uniform in ``value_range`` (half-open,
as numpy's ``randint(0, 100)``), each player sees each cell independently with probability
``p_observed`` (0.4), display scales uniform in ``scale_range`` (1, 10), cells neither player sees
are overwritten with ``value_range[1] // 2`` (50), and a table is kept only if pooling the two
views is worth more than ``hardness`` (1.25) times what either player could achieve alone (the
optimum of its own expected table -- its cells, 50 elsewhere -- scored on the true table).

The condition is strict: with the defaults about 1 table in 3000 passes, and the original gives
up after ``max_tries`` (10000) tables and keeps the last one drawn (about 5% of the recorded games
fail the condition). Deviation: here the hardest table drawn is kept instead of the last. The
display scale itself is not shown to a player (only the scaled values), and no
observation carries the best score, which depends on the partner's hidden cells.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from pydantic import ConfigDict, Field

from games.base import Turn, metric
from games.dialop.base import Accept, DialopGame, DialopMetrics, DialopObservation, DialopState, Propose, Reject
from games.dialop.common import normalized
from games.dialop.data import recorded_game
from games.dialop.optimization import (
    MAX_VALUE,
    PAPERS,
    REVIEWERS,
    Assignment,
    OptimizationInstance,
    best_score,
    score,
    worst_score,
)

GAME_ID = "dialop_optimization_v0"
PLAYER_NAMES = ("player-0", "player-1")
TURN_CAP = 30
P_OBSERVED = 0.4
SCALE_RANGE = (1.0, 10.0)
VALUE_RANGE = (0, 100)
HARDNESS = 1.25
MAX_TRIES = 10000


def reviewer_names(k: int) -> list[str]:
    """Row names: the original roster, then ``Reviewer 9``, ..."""
    return [REVIEWERS[i] if i < len(REVIEWERS) else f"Reviewer {i + 1}" for i in range(k)]


def paper_names(k: int) -> list[str]:
    """Column names: the original short titles, then ``Paper 9``, ..."""
    return [PAPERS[j] if j < len(PAPERS) else f"Paper {j + 1}" for j in range(k)]


def solo_score(instance: OptimizationInstance, known: np.ndarray, unknown_value: float) -> int:
    """What a player knowing only the cells ``known`` achieves: the optimum of its expected table
    (known cells, ``unknown_value`` elsewhere) scored on the true table."""
    return _optimum(np.where(known, instance.table, unknown_value), instance.table)


def knowledge_scores(instance: OptimizationInstance, unknown_value: float = MAX_VALUE // 2) -> tuple[int, int, int]:
    """``(pooled, solo_0, solo_1)``: the best score with both views pooled (= :func:`best_score`, as
    cells nobody sees already hold the mean) and each player's solo score."""
    return (
        best_score(instance),
        solo_score(instance, instance.mask1, unknown_value),
        solo_score(instance, instance.mask2, unknown_value),
    )


def _check_params(k: int, p_observed: float, scale_range: Any, value_range: Any, hardness: float) -> None:
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a positive integer, got {k!r}")
    if not 0.0 <= p_observed <= 1.0:
        raise ValueError(f"p_observed must be in [0, 1], got {p_observed!r}")
    lo, hi = scale_range
    if not 0 < lo <= hi:
        raise ValueError(f"scale_range must satisfy 0 < low <= high, got {scale_range!r}")
    vlo, vhi = value_range
    if not (isinstance(vlo, int) and isinstance(vhi, int) and 0 <= vlo < vhi <= MAX_VALUE + 1):
        raise ValueError(f"value_range must be integers with 0 <= low < high <= {MAX_VALUE + 1}, got {value_range!r}")
    if not hardness > 0:
        raise ValueError(f"hardness must be positive, got {hardness!r}")


def meets_hardness(
    instance: OptimizationInstance, hardness: float = HARDNESS, unknown_value: float = MAX_VALUE // 2
) -> bool:
    """The original's filter: pooled knowledge beats ``hardness`` times each player's solo score."""
    best, solo1, solo2 = knowledge_scores(instance, unknown_value)
    return solo1 * hardness < best and solo2 * hardness < best


def _optimum(expected: np.ndarray, table: np.ndarray) -> int:
    """The true value (``table``) of the best assignment for the ``expected`` table.

    It calls scipy directly: :func:`solvers.matching.solve_matching` validates its input and builds
    a solution object, which triples the cost of a small table. (The generator's rejection loop
    runs the same decision in a Numba kernel, :mod:`games.dialop.optimization_sampler`.)
    """
    from scipy.optimize import linear_sum_assignment  # here: scipy.optimize takes 0.3 s to import

    rows, cols = linear_sum_assignment(expected, maximize=True)
    return int(table[rows, cols].sum())


def generate_instance(
    seed: int,
    k: int = 8,
    p_observed: float = P_OBSERVED,
    scale_range: tuple[float, float] = SCALE_RANGE,
    value_range: tuple[int, int] = VALUE_RANGE,
    hardness: float = HARDNESS,
    max_tries: int = MAX_TRIES,
) -> OptimizationInstance:
    """A random instance for ``seed`` by the original's rejection sampling (see the module doc).

    Deterministic per ``seed`` and parameters (results are cached). The first table meeting the
    pooled-vs-solo condition is returned; if none does in ``max_tries`` tables (about 1 seed in 20
    with the defaults, as in the recorded data), the hardest table drawn (highest
    ``pooled / max(solo)``) is returned instead.

    Raises:
        ValueError: bad parameters.
    """
    _check_params(k, p_observed, scale_range, value_range, hardness)
    if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
        raise ValueError(f"max_tries must be a positive integer, got {max_tries!r}")
    scales = (float(scale_range[0]), float(scale_range[1]))
    values = (int(value_range[0]), int(value_range[1]))
    return _generate(int(seed), k, float(p_observed), scales, values, float(hardness), max_tries)


_BATCH = 256


@lru_cache(maxsize=512)
def _generate(
    seed: int,
    k: int,
    p_observed: float,
    scale_range: tuple[float, float],
    value_range: tuple[int, int],
    hardness: float,
    max_tries: int,
) -> OptimizationInstance:
    from games.dialop.optimization_sampler import hardest, scan_batch  # Numba: loaded when first used

    rng = np.random.default_rng([seed, k, 0xD1A10])
    unknown_value = value_range[1] // 2
    batches: list[tuple[np.ndarray, ...]] = []
    tries = 0
    while tries < max_tries:
        n = min(_BATCH, max_tries - tries)
        tables = rng.integers(value_range[0], value_range[1], size=(n, k, k))
        known1 = rng.random((n, k, k)) < p_observed
        known2 = rng.random((n, k, k)) < p_observed
        scales = rng.uniform(scale_range[0], scale_range[1], size=(n, 2))
        ratio_bounds = np.empty(n)
        accepted = scan_batch(tables, known1, known2, unknown_value, hardness, ratio_bounds)
        if accepted >= 0:
            return _instance(tables, known1, known2, scales, accepted)
        batches.append((tables, known1, known2, scales, ratio_bounds))
        tries += n
    tables, known1, known2, scales, ratio_bounds = (np.concatenate(parts) for parts in zip(*batches, strict=True))
    return _instance(tables, known1, known2, scales, hardest(tables, known1, known2, unknown_value, ratio_bounds))


def _instance(
    tables: np.ndarray, known1: np.ndarray, known2: np.ndarray, scales: np.ndarray, i: int
) -> OptimizationInstance:
    return OptimizationInstance(tables[i], known1[i].astype(int), known2[i].astype(int), *map(float, scales[i]))


def player_view(instance: OptimizationInstance, player: int) -> list[list[int | None]]:
    """``player``'s table: ``int(value * scale)`` on its cells, ``None`` elsewhere."""
    mask, scale = instance.masks[player], instance.scales[player]
    return [
        [int(instance.table[r, p] * scale) if mask[r, p] else None for p in range(instance.k)]
        for r in range(instance.k)
    ]


class OptimizationObservation(DialopObservation):
    """A player's view: its own masked, scaled table plus the public chat and proposal state."""

    model_config = ConfigDict(frozen=True)

    k: int
    reviewers: list[str]
    papers: list[str]
    table: list[list[int | None]]  # table[r][p]: reviewer r on paper p, None if hidden from you


class OptimizationMetrics(DialopMetrics):
    """The per-game metrics of DialOp Optimization: the protocol's, then the assignment's score."""

    score: int | None = metric("count", "the agreed assignment's score (agreed games only)")
    best: int = Field(description="the best assignment's score (record only)")
    worst: int = Field(description="the lower end of the normalization, 0 (record only)")


class OptimizationGame(DialopGame):
    """DialOp Optimization.

    Args:
        k: reviewers (= papers) of generated instances.
        instance: ``None`` to generate an instance per seed, an index into the recorded games
            (``load_recorded("optimization")``) or an :class:`OptimizationInstance` to play on every seed.
        p_observed, scale_range, value_range, hardness, max_tries: the generator's parameters.
        turn_cap: total turns before the game ends without agreement (30 in the paper).

    Raises:
        ValueError: bad parameters or recorded index.
    """

    def __init__(
        self,
        k: int = 8,
        instance: int | OptimizationInstance | None = None,
        p_observed: float = P_OBSERVED,
        scale_range: tuple[float, float] = SCALE_RANGE,
        value_range: tuple[int, int] = VALUE_RANGE,
        hardness: float = HARDNESS,
        max_tries: int = MAX_TRIES,
        turn_cap: int = TURN_CAP,
    ) -> None:
        _check_params(k, p_observed, scale_range, value_range, hardness)
        super().__init__(
            game_id=GAME_ID,
            player_names=PLAYER_NAMES,
            turn_cap=turn_cap,
            information="asymmetric: each player sees its own random subset of the value table, scaled by its own factor",
            description="agree on a reviewer-paper assignment maximizing the hidden table's total value",
        )
        self.p_observed = p_observed
        self.scale_range = (float(scale_range[0]), float(scale_range[1]))
        self.value_range = (int(value_range[0]), int(value_range[1]))
        self.hardness = hardness
        self.max_tries = max_tries
        self.unknown_value = self.value_range[1] // 2
        if isinstance(instance, OptimizationInstance):
            self.fixed: OptimizationInstance | None = instance
        elif instance is None:
            self.fixed = None
        elif isinstance(instance, bool) or not isinstance(instance, int):
            raise ValueError(f"instance must be None, a recorded index or an OptimizationInstance, got {instance!r}")
        else:
            self.fixed = OptimizationInstance.from_record(recorded_game("optimization", instance))
            self.unknown_value = MAX_VALUE // 2
        self.k = self.fixed.k if self.fixed is not None else k
        if self.fixed is not None and not best_score(self.fixed) > worst_score(self.fixed):
            raise ValueError("the instance's best score is 0; scores cannot be normalized")

    def instance_for(self, seed: int) -> OptimizationInstance:
        """The instance played with ``seed``."""
        if self.fixed is not None:
            return self.fixed
        return generate_instance(
            seed, self.k, self.p_observed, self.scale_range, self.value_range, self.hardness, self.max_tries
        )

    def new_initial_state(self, seed: int) -> OptimizationState:
        return OptimizationState(self, self.instance_for(seed))


class OptimizationState(DialopState):
    """A position of DialOp Optimization."""

    game: OptimizationGame

    def __init__(self, game: OptimizationGame, instance: OptimizationInstance) -> None:
        super().__init__(game)
        self.instance = instance
        self.best = best_score(instance)

    # ---- protocol hooks ------------------------------------------------------------------------
    def _parse_proposal(self, raw: Any) -> Assignment:
        assignment = raw if isinstance(raw, Assignment) else Assignment(raw)
        if assignment.k != self.instance.k:
            raise ValueError(f"the assignment has {assignment.k} reviewers, the table has {self.instance.k}")
        return assignment

    def _proposal_json(self, proposal: Assignment) -> list[int]:
        return list(proposal.papers)

    def _normalized_score(self, proposal: Assignment) -> float:
        return normalized(score(self.instance, proposal), self.best, worst_score(self.instance))

    # ---- State API -----------------------------------------------------------------------------
    def random_proposal_score(self) -> float:
        # each cell lies on (k-1)! of the k! assignments: the mean assignment scores sum / k
        return float(self.instance.table.sum() / self.instance.k / self.best)

    def observation(self, player: int) -> OptimizationObservation:
        k = self.instance.k
        return OptimizationObservation(
            **self.public_fields(player),
            k=k,
            reviewers=reviewer_names(k),
            papers=paper_names(k),
            table=player_view(self.instance, player),
        )

    def metrics(self) -> OptimizationMetrics:
        got = score(self.instance, self.agreement) if self.agreement is not None else None
        return OptimizationMetrics(
            **self.protocol_metrics(), score=got, best=self.best, worst=worst_score(self.instance)
        )

    def clone(self) -> OptimizationState:
        twin = super().clone()
        assert isinstance(twin, OptimizationState)
        return twin

    # ---- conformance hooks -----------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        words = ["I", "see", "Ava", "on", "BLEU", "high", "low", "value", "propose", "ok", "what", "about"]
        message = " ".join(rng.choice(words, size=int(rng.integers(0, 8))))
        if self.must_respond:
            action: Any = Accept() if rng.random() < 0.3 else Reject()
            return Turn(message=message, actions=(action,))
        if self.pending is None and rng.random() < 0.4:
            papers = tuple(int(p) for p in rng.permutation(self.instance.k))
            return Turn(message=message, actions=(Propose(proposal=Assignment(papers)),))
        return Turn(message=message)

    def illegal_turns(self) -> list[Turn]:
        k = self.instance.k
        good = Propose(proposal=Assignment(tuple(range(k))))
        bad = [
            Turn(message="two", actions=(Accept(), Reject())),
            Turn(message="text", actions=("accept",)),
            Turn(actions=(Propose(proposal=[0] * (k + 1)),)),
            Turn(actions=(Propose(proposal="all of them"),)),
            Turn(actions=(Propose(proposal=list(range(k + 1))),)),
        ]
        if k > 1:
            bad.append(Turn(actions=(Propose(proposal=[0] * k),)))
        if self.must_respond:
            bad += [Turn(message="just chatting"), Turn(actions=(good,))]
        else:
            bad += [Turn(actions=(Accept(),)), Turn(actions=(Reject(),))]
            if self.pending is not None:
                bad.append(Turn(actions=(good,)))
        return bad

    def private_data(self, player: int) -> Any:
        return {
            "mask": self.instance.masks[player].astype(int).tolist(),
            "scale": self.instance.scales[player],
            "table": player_view(self.instance, player),
        }

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> OptimizationState:
        """Redraw ``player``'s mask, scale and the values only it sees; the partner's cells are kept,
        so the partner's view (and the public history) is unchanged."""
        inst, game = self.instance, self.game
        k = inst.k
        other = inst.masks[1 - player]
        mask = rng.random((k, k)) < game.p_observed
        scale = float(rng.uniform(*game.scale_range))
        fresh = rng.integers(game.value_range[0], game.value_range[1], size=(k, k))
        table = np.where(other, inst.table, np.where(mask, fresh, game.unknown_value))
        masks, scales = list(inst.masks), list(inst.scales)
        masks[player], scales[player] = mask, scale
        twin = self.clone()
        twin.instance = OptimizationInstance(table, masks[0].astype(int), masks[1].astype(int), scales[0], scales[1])
        twin.best = best_score(twin.instance)
        return twin
