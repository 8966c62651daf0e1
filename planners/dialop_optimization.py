"""Planners of DialOp Optimization: the neurosymbolic solver agent and the random sampler.

Both seats are symmetric (either may propose), so one :class:`OptimizationPlanner` plays each of
them (:func:`solver_planner` wraps it in a :class:`~planners.base.RolePlanner`). Each turn it
solves the maximum-weight matching of the belief store's expected table
(:func:`solvers.matching.solve_matching`) and:

* **responds** to a pending proposal: accept when its expected value is at least
  ``accept_threshold`` times the best expected value (or when the game is about to run out of
  turns, or after ``max_rejections`` rejections); otherwise reject and report the own cells that
  make the difference (the cells of either assignment the partner has not heard about, the largest
  differences first);
* **shares** first, by value of information: its high cells (at least ``share_fraction`` of its
  largest value, at most ``max_share`` of them) with a "nothing else above" claim, which lets the
  partner bound every unmentioned cell; it answers the partner's questions from its own cells;
* **asks** about the unknown cell whose value of information is largest (the expected gain of the
  best assignment from learning the cell's value, over the cell's possible values given what the
  partner said), when that gain is at least ``ask_threshold`` of the best value;
* **proposes** the optimum of its expected table once the partner has spoken, together with its
  own cells in the proposal that the partner has not heard about, which the partner's decision
  needs.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from games.dialop.base import Accept, Propose, Reject
from games.dialop.optimization import Assignment
from language.acts import Intent
from language.dialop_optimization import OptAsk, OptCell, OptNoneAbove, OptUnseen
from planners.base import RolePlanner
from solvers.matching import solve_matching

ROLES = ("player-0", "player-1")


class OptimizationPlanner:
    """The solver agent of one Optimization seat (see the module docstring).

    Args:
        accept_threshold: accept a proposal worth at least this share of the best expected value.
        share_fraction: opening share: own cells at least this share of the own largest value.
        max_share: at most this many cells in the opening share.
        max_reasons: at most this many cells reported with a rejection.
        max_rejections: after this many own rejections, accept whatever is proposed.
        endgame_turns: with this many turns left or fewer, accept / propose at once.
        ask_threshold: ask about a cell when learning it is expected to gain at least this share of
            the best expected value.
        max_questions: at most this many questions per game.

    Raises:
        ValueError: a parameter outside its range.
    """

    def __init__(
        self,
        accept_threshold: float = 0.95,
        share_fraction: float = 0.7,
        max_share: int = 12,
        max_reasons: int = 4,
        max_rejections: int = 4,
        endgame_turns: int = 3,
        ask_threshold: float = 0.02,
        max_questions: int = 2,
    ) -> None:
        if not 0.0 <= accept_threshold <= 1.0:
            raise ValueError(f"accept_threshold must be in [0, 1], got {accept_threshold}")
        if not 0.0 <= share_fraction <= 1.0:
            raise ValueError(f"share_fraction must be in [0, 1], got {share_fraction}")
        if min(max_share, max_reasons, max_rejections, endgame_turns, max_questions, ask_threshold) < 0:
            raise ValueError("counts and ask_threshold must be non-negative")
        self.accept_threshold = accept_threshold
        self.share_fraction = share_fraction
        self.max_share = max_share
        self.max_reasons = max_reasons
        self.max_rejections = max_rejections
        self.endgame_turns = endgame_turns
        self.ask_threshold = ask_threshold
        self.max_questions = max_questions

    def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Intent:
        """This seat's intent for the turn.

        Args:
            beliefs: the seat's ``OptimizationBeliefs``.
            observation: its ``OptimizationObservation``.
            rng: unused (the planner is deterministic); kept for the planner protocol.

        Returns:
            The acts to say and at most one formal action.
        """
        if observation.must_respond:
            return self._respond(beliefs, observation)
        acts: list[Any] = list(self._answers(beliefs))
        if beliefs.told_cap is None:
            acts += self._opening(beliefs)
        ready = beliefs.partner_spoke or observation.turns_taken >= 2
        if ready and observation.turns_left > self.endgame_turns and (question := self._question(beliefs)):
            return Intent(acts=[*acts, question])
        if observation.pending_proposal is None and ready:
            proposal = self.final_proposal(beliefs, observation)
            acts += self._cells(beliefs, _pairs(proposal), exclude=acts)
            return Intent(acts=acts, actions=[Propose(proposal=proposal)])
        return Intent(acts=acts)

    def final_proposal(self, beliefs: Any, observation: Any) -> Assignment:
        """The best assignment under the current beliefs.

        Args:
            beliefs: the seat's ``OptimizationBeliefs``.
            observation: its observation (unused: everything needed is in the beliefs).

        Returns:
            The maximum expected-value assignment.
        """
        return Assignment(solve_matching(beliefs.expected_table()).columns())

    # ---- the parts of a turn ----------------------------------------------------------------------
    def _respond(self, beliefs: Any, observation: Any) -> Intent:
        table = beliefs.expected_table()
        proposal = tuple(int(p) for p in observation.pending_proposal)
        value = float(table[np.arange(beliefs.k), list(proposal)].sum())
        best = solve_matching(table)
        late = observation.turns_left <= self.endgame_turns or beliefs.rejections_by_self >= self.max_rejections
        if late or value >= self.accept_threshold * best.value:
            return Intent(actions=[Accept()])
        reasons = self._reasons(beliefs, table, proposal, best.columns())
        if not reasons:  # nothing left to tell: the gap is only our guesses about unknown cells
            return Intent(actions=[Accept()])
        return Intent(acts=list(reasons), actions=[Reject()])

    def _reasons(
        self, beliefs: Any, table: np.ndarray, proposal: tuple[int, ...], best: tuple[int, ...]
    ) -> list[OptCell]:
        """Own cells of either assignment the partner has not heard, by how far they are from what
        the partner presumably assumes (its expectation of an unknown cell)."""
        pairs = set(_pairs(proposal)) | set(_pairs(best))
        guess = beliefs.unknown_value()
        candidates = [
            (abs(table[r, p] - guess), r, p)
            for r, p in pairs
            if beliefs.seen[r, p] and not beliefs.partner_view()[r, p]
        ]
        chosen = sorted(candidates, reverse=True)[: self.max_reasons]
        return self._cells(beliefs, [(r, p) for _, r, p in chosen], exclude=[])

    def _question(self, beliefs: Any) -> OptAsk | None:
        """A question about the unknown cell of largest value of information, if it is worth asking."""
        if len(beliefs.asked) >= self.max_questions:
            return None
        table = beliefs.expected_table()
        best = solve_matching(table).value
        outcomes = beliefs.unknown_outcomes()
        gains = np.zeros((beliefs.k, beliefs.k))
        for r, p in zip(*np.nonzero(beliefs.unknown_cells()), strict=True):
            if (int(r), int(p)) in beliefs.asked:
                continue
            probe = table.copy()
            expected = 0.0
            for value, prob in outcomes:
                probe[r, p] = value
                expected += prob * solve_matching(probe).value
            gains[r, p] = expected - best
        r, p = np.unravel_index(int(np.argmax(gains)), gains.shape)
        if best <= 0 or gains[r, p] < self.ask_threshold * best:
            return None
        return OptAsk(reviewer=int(r), paper=int(p))

    def _opening(self, beliefs: Any) -> list[Any]:
        """The high own cells and the "nothing else above" claim."""
        if not beliefs.seen.any():
            return [OptNoneAbove(value=0)]
        top = float(np.nanmax(beliefs.own))
        values = np.where(beliefs.seen, beliefs.own, -1.0)
        order = np.argsort(-values, axis=None, kind="stable")[: self.max_share]
        cells = [divmod(int(i), beliefs.k) for i in order if values.flat[i] >= self.share_fraction * top]
        acts: list[Any] = self._cells(beliefs, cells, exclude=[])
        rest = [v for v in values.flat if v >= 0]
        rest = sorted(rest, reverse=True)[len(cells) :]
        cap = int(rest[0]) + 1 if rest else 0
        acts.append(OptNoneAbove(value=cap))
        return acts

    def _answers(self, beliefs: Any) -> list[OptCell | OptUnseen]:
        """Own cells that answer the partner's open questions (its best ones first); a question
        about a single cell this player does not see is answered with :class:`OptUnseen`."""
        cells: list[tuple[int, int]] = []
        unseen: list[OptUnseen] = []
        for question in beliefs.questions:
            rows = range(beliefs.k) if question.reviewer is None else [question.reviewer]
            cols = range(beliefs.k) if question.paper is None else [question.paper]
            found = [(beliefs.own[r, p], r, p) for r in rows for p in cols if beliefs.seen[r, p]]
            cells += [(r, p) for _, r, p in sorted(found, reverse=True)[:3]]
            if not found and question.reviewer is not None and question.paper is not None:
                unseen.append(OptUnseen(reviewer=question.reviewer, paper=question.paper))
        return [*self._cells(beliefs, cells, exclude=[]), *unseen]

    @staticmethod
    def _cells(beliefs: Any, cells: list[tuple[int, int]], exclude: list[Any]) -> list[OptCell]:
        """Reports of the own cells among ``cells`` not yet told (nor in ``exclude``)."""
        said = {(a.reviewer, a.paper) for a in exclude if isinstance(a, OptCell)}
        out: list[OptCell] = []
        for r, p in cells:
            if beliefs.seen[r, p] and not beliefs.told[r, p] and (r, p) not in said:
                said.add((r, p))
                out.append(OptCell(reviewer=r, paper=p, value=int(beliefs.own[r, p])))
        return out


def _pairs(papers: tuple[int, ...] | Assignment) -> list[tuple[int, int]]:
    columns = papers.papers if isinstance(papers, Assignment) else papers
    return [(r, int(p)) for r, p in enumerate(columns)]


def solver_planner(**options: Any) -> RolePlanner:
    """The solver agent for both seats (``options`` go to :class:`OptimizationPlanner`)."""
    planner = OptimizationPlanner(**options)
    return RolePlanner({role: planner for role in ROLES})


def random_assignment(observation: Any, rng: np.random.Generator) -> Assignment:
    """A uniformly random assignment (the random-proposal baseline's sampler).

    Args:
        observation: the proposer's observation (only its ``k`` is used).
        rng: the source of randomness.

    Returns:
        A uniform random permutation of the papers.
    """
    return Assignment(tuple(int(p) for p in rng.permutation(observation.k)))


__all__ = ["ROLES", "OptimizationPlanner", "random_assignment", "solver_planner"]
