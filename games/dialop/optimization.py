"""DialOp Optimization: scoring reviewer-paper assignments and re-scoring the recorded games.

The task (Lin et al., TACL 2024, Appendix A): a hidden ``k x k`` table gives the value (0..100) of
putting reviewer ``r`` (row) on paper ``p`` (column). Each player sees a random subset of the cells
(its mask), multiplied by its own display scale; together they must agree on a one-to-one
assignment of reviewers to papers. A proposal's reward is the sum of its table cells.

Facts established from the released data and the original environment (``jlin816/dialop``,
``dialop/games/optimization.py`` for the table, scoring and logging; ``dialop/envs/optimization.py``
for the normalisation ``score_norm = proposal_reward / best_assignment_reward``):

* The stored ``table`` is already the *expected* table: a cell neither player observes was
  overwritten with 50 (half the maximum value) when the game was generated, so the score of a
  proposal and the best score are computed on the stored table as is.
* ``best`` is the maximum-weight perfect matching of the table (equal to the recorded
  ``best_assignment_reward`` in all 134 games).
* ``worst`` is 0 in every record: the normalisation is ``score / best``, not a range normalisation
  by the minimum-weight matching (which is 85..241 on the recorded tables). :func:`worst_score`
  therefore returns 0.
* Proposals are logged as ``{"type": "proposal", "player": i, "proposal_ids": [[reviewer, paper],
  ...], "proposal": "<html text>"}``. ``proposal_ids`` is authoritative; the text is a display
  string whose roster and ordering changed during data collection (see :data:`LEGACY_REVIEWERS`).
  A ``proposal_response`` by the other player answers the pending proposal; chat messages may come
  in between, a new proposal replaces a pending one, and a rejection withdraws it. The game ends
  when a full proposal is accepted.

:class:`Assignment` is the unambiguous proposal type used here: ``papers[r]`` is the paper of
reviewer ``r``, always a permutation of ``range(k)`` (the original text environment instead parsed
indices out of shrinking name lists and stored them with the axes swapped).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any

import numpy as np

from games.dialop.common import normalized
from solvers.matching import solve_matching

MAX_VALUE = 100
"""Largest table value; cells unknown to both players hold ``MAX_VALUE // 2``."""

REVIEWERS: tuple[str, ...] = (
    "Ava Li",
    "Daniel Nguyen",
    "Sofia Patel",
    "Andrei Petrov",
    "Morgan Reed",
    "Joseph Santos",
    "Ethan Smith",
    "Noah Wilson",
)
"""Reviewer names in row order (the released environment's roster)."""

LEGACY_REVIEWERS: tuple[str, ...] = (
    "Olivia Anderson",
    "Lucas Brown",
    "Alexander Hill",
    "Noah Lee",
    "Mason Martin",
    "Ava Thompson",
    "Harper Walker",
    "Isabella Wright",
)
"""Row-order roster of an earlier version of the collection app. One recorded game uses it: its
proposal text names these reviewers and its ``proposal_ids`` are ordered by these names."""

PAPERS: tuple[str, ...] = ("BLEU", "Electra", "GloVe", "GLUE", "LLaMA", "RoBERTa", "QuAC", "SWAG")
"""Paper short titles in column order."""


def _index(value: Any, what: str) -> int:
    """``value`` as a plain int; bools, floats and strings are refused."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{what} must be an integer, got {value!r}")
    return int(value)


@dataclass(frozen=True)
class Assignment:
    """A full one-to-one assignment: reviewer ``r`` reviews paper ``papers[r]``.

    ``papers`` must be a permutation of ``range(k)`` with ``k >= 1``; anything else raises
    ``ValueError``.
    """

    papers: tuple[int, ...]

    def to_json(self) -> list[int]:
        """The assignment's public JSON form, the one the game parses back: its paper indices."""
        return list(self.papers)

    def __post_init__(self) -> None:
        if isinstance(self.papers, str | bytes) or not isinstance(self.papers, Sequence | np.ndarray):
            raise ValueError(f"an assignment is a sequence of paper indices, got {type(self.papers).__name__}")
        papers = tuple(_index(p, "paper index") for p in self.papers)
        k = len(papers)
        if k == 0:
            raise ValueError("an assignment needs at least one reviewer")
        seen: set[int] = set()
        for reviewer, paper in enumerate(papers):
            if not 0 <= paper < k:
                raise ValueError(f"reviewer {reviewer} has paper {paper}, outside 0..{k - 1}")
            if paper in seen:
                raise ValueError(f"paper {paper} is assigned to more than one reviewer")
            seen.add(paper)
        object.__setattr__(self, "papers", papers)

    @property
    def k(self) -> int:
        """Number of reviewers (= papers)."""
        return len(self.papers)

    def pairs(self) -> tuple[tuple[int, int], ...]:
        """``(reviewer, paper)`` pairs in reviewer order."""
        return tuple(enumerate(self.papers))

    def reviewer_of(self, paper: int) -> int:
        """The reviewer assigned to ``paper``."""
        paper = _index(paper, "paper index")
        if not 0 <= paper < self.k:
            raise ValueError(f"paper {paper} is outside 0..{self.k - 1}")
        return self.papers.index(paper)

    @classmethod
    def from_pairs(cls, pairs: Sequence[Sequence[int]] | Mapping[int, int]) -> Assignment:
        """From ``(reviewer, paper)`` pairs in any order, or a ``{reviewer: paper}`` mapping.

        Every reviewer ``0..k-1`` must appear exactly once and the papers must be distinct and in
        ``0..k-1``, where ``k`` is the number of pairs.
        """
        if isinstance(pairs, Mapping):
            items: list[Any] = list(pairs.items())
        elif isinstance(pairs, str | bytes) or not isinstance(pairs, Sequence):
            raise ValueError(f"expected a sequence of (reviewer, paper) pairs, got {type(pairs).__name__}")
        else:
            items = list(pairs)
        k = len(items)
        if k == 0:
            raise ValueError("an assignment needs at least one reviewer")
        papers: list[int | None] = [None] * k
        for item in items:
            if isinstance(item, str | bytes) or not isinstance(item, Sequence) or len(item) != 2:
                raise ValueError(f"each proposal entry must be a [reviewer, paper] pair, got {item!r}")
            reviewer = _index(item[0], "reviewer index")
            paper = _index(item[1], "paper index")
            if not 0 <= reviewer < k:
                raise ValueError(f"reviewer {reviewer} is outside 0..{k - 1}")
            if papers[reviewer] is not None:
                raise ValueError(f"reviewer {reviewer} is assigned more than once")
            papers[reviewer] = paper
        return cls(tuple(p for p in papers if p is not None))

    @classmethod
    def from_recorded(cls, proposal_ids: Sequence[Sequence[int]]) -> Assignment:
        """From a recorded ``proposal_ids`` list of ``[reviewer, paper]`` pairs (any order)."""
        return cls.from_pairs(proposal_ids)

    def to_recorded(self, reviewer_names: Sequence[str] = REVIEWERS) -> list[list[int]]:
        """The recorded ``proposal_ids`` form: ``[reviewer, paper]`` pairs sorted by reviewer name.

        The original app sorts a proposal alphabetically by the full name of the reviewer
        (``reviewer_names[r]``, first name first); pass :data:`LEGACY_REVIEWERS` for the game
        recorded with the earlier roster.
        """
        if len(reviewer_names) < self.k:
            raise ValueError(f"{len(reviewer_names)} reviewer names for an assignment of {self.k} reviewers")
        names = list(reviewer_names[: self.k])
        if len(set(names)) != self.k:
            raise ValueError("reviewer names must be distinct")
        order = sorted(range(self.k), key=lambda r: names[r])
        return [[r, self.papers[r]] for r in order]


def _matrix(value: Any, what: str) -> np.ndarray:
    try:
        array = np.asarray(value)
    except (TypeError, ValueError) as exc:  # ragged nested lists
        raise ValueError(f"{what} is not a rectangular matrix") from exc
    if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] == 0:
        raise ValueError(f"{what} must be a non-empty square matrix, got shape {array.shape}")
    if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
        raise ValueError(f"{what} must hold numbers, got dtype {array.dtype}")
    return array


@dataclass(frozen=True, eq=False)
class OptimizationInstance:
    """One Optimization game: the value table, each player's mask and display scale.

    ``table[r, p]`` (ints in ``0..MAX_VALUE``) is the value of reviewer ``r`` on paper ``p``;
    ``masks[i][r, p]`` tells whether player ``i`` (0 or 1) sees that cell, shown to it as
    ``int(table[r, p] * scales[i])``. Arrays are stored read-only.
    """

    table: np.ndarray
    mask1: np.ndarray
    mask2: np.ndarray
    scale1: float
    scale2: float

    def __post_init__(self) -> None:
        table = _matrix(self.table, "table")
        if not np.all(np.equal(np.mod(table, 1), 0)):
            raise ValueError("table values must be whole numbers")
        table = table.astype(np.int64)
        if table.min() < 0 or table.max() > MAX_VALUE:
            raise ValueError(f"table values must lie in 0..{MAX_VALUE}, got {table.min()}..{table.max()}")
        table.setflags(write=False)
        object.__setattr__(self, "table", table)
        for name in ("mask1", "mask2"):
            mask = _matrix(getattr(self, name), name)
            if mask.shape != table.shape:
                raise ValueError(f"{name} has shape {mask.shape}, table has {table.shape}")
            if not np.all((mask == 0) | (mask == 1)):
                raise ValueError(f"{name} must hold only 0/1")
            mask = mask.astype(bool)
            mask.setflags(write=False)
            object.__setattr__(self, name, mask)
        for name in ("scale1", "scale2"):
            scale = getattr(self, name)
            if isinstance(scale, bool) or not isinstance(scale, int | float | np.number) or not math.isfinite(scale):
                raise ValueError(f"{name} must be a finite number, got {scale!r}")
            if scale <= 0:
                raise ValueError(f"{name} must be positive, got {scale!r}")
            object.__setattr__(self, name, float(scale))

    @property
    def k(self) -> int:
        """Number of reviewers (= papers)."""
        return int(self.table.shape[0])

    @property
    def masks(self) -> tuple[np.ndarray, np.ndarray]:
        """The two players' masks (player 0 first)."""
        return self.mask1, self.mask2

    @property
    def scales(self) -> tuple[float, float]:
        """The two players' display scales (player 0 first)."""
        return self.scale1, self.scale2

    @classmethod
    def from_record(cls, game: Mapping[str, Any]) -> OptimizationInstance:
        """The instance of a recorded game dict (keys ``table``, ``mask1``, ``mask2``, ``scale1``, ``scale2``)."""
        missing = [key for key in ("table", "mask1", "mask2", "scale1", "scale2") if key not in game]
        if missing:
            raise ValueError(f"game record lacks {', '.join(missing)}")
        return cls(game["table"], game["mask1"], game["mask2"], game["scale1"], game["scale2"])


def _check_size(instance: OptimizationInstance, assignment: Assignment) -> None:
    if not isinstance(assignment, Assignment):
        raise ValueError(f"expected an Assignment, got {type(assignment).__name__}")
    if assignment.k != instance.k:
        raise ValueError(f"assignment has {assignment.k} reviewers, table has {instance.k}")


def score(instance: OptimizationInstance, assignment: Assignment) -> int:
    """Sum of the table values of the assigned (reviewer, paper) cells."""
    _check_size(instance, assignment)
    return int(instance.table[np.arange(instance.k), list(assignment.papers)].sum())


def best_assignment(instance: OptimizationInstance) -> Assignment:
    """A maximum-value assignment (:func:`solvers.matching.solve_matching`)."""
    return Assignment.from_pairs(solve_matching(instance.table).pairs)


def best_score(instance: OptimizationInstance) -> int:
    """The maximum score over all assignments."""
    return score(instance, best_assignment(instance))


def worst_score(instance: OptimizationInstance) -> int:
    """The lower end of the normalisation range, as the original defines it: always 0.

    The original environment normalises Optimization rewards as ``score / best`` (every recorded
    ``result`` has ``worst == 0``), not by the minimum-value assignment. ``instance`` is taken for
    symmetry with :func:`best_score` and validated only by type.
    """
    if not isinstance(instance, OptimizationInstance):
        raise ValueError(f"expected an OptimizationInstance, got {type(instance).__name__}")
    return 0


def final_proposal(action_log: Sequence[Mapping[str, Any]]) -> Assignment:
    """The proposal accepted last in a recorded action log.

    A ``proposal`` entry becomes pending (replacing any pending one); a ``proposal_response`` by
    the other player answers it: ``accept`` true settles it, false withdraws it. Messages between
    a proposal and its response are allowed.
    """
    pending: Mapping[str, Any] | None = None
    accepted: Mapping[str, Any] | None = None
    for step, entry in enumerate(action_log):
        kind = entry.get("type") if isinstance(entry, Mapping) else None
        if kind == "proposal":
            if "proposal_ids" not in entry:
                raise ValueError(f"action {step}: proposal without proposal_ids")
            pending = entry
        elif kind == "proposal_response":
            response = entry.get("response")
            if not isinstance(response, Mapping) or not isinstance(response.get("accept"), bool):
                raise ValueError(f"action {step}: proposal_response without a boolean response.accept")
            if pending is None:
                raise ValueError(f"action {step}: proposal_response with no pending proposal")
            if entry.get("player") == pending.get("player"):
                raise ValueError(f"action {step}: player {entry.get('player')} answered its own proposal")
            if response["accept"]:
                accepted = pending
            pending = None
        elif kind != "message":
            raise ValueError(f"action {step}: unknown action type {kind!r}")
    if accepted is None:
        raise ValueError("action log has no accepted proposal")
    return Assignment.from_recorded(accepted["proposal_ids"])


def rescore(game: Mapping[str, Any]) -> dict[str, float | int]:
    """Recompute a recorded game's ``result``: ``score``, ``best``, ``worst`` and ``norm``."""
    instance = OptimizationInstance.from_record(game)
    if "action_log" not in game:
        raise ValueError("game record lacks action_log")
    assignment = final_proposal(game["action_log"])
    got, best, worst = score(instance, assignment), best_score(instance), worst_score(instance)
    return {"score": got, "best": best, "worst": worst, "norm": normalized(got, best, worst)}
