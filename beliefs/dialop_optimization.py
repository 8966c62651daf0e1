"""DialOp Optimization: the belief store of a player.

:class:`OptimizationBeliefs` is the whole belief store (as in Gnomes at Night, one game-specific
object). It holds, for one player:

* its own cells (its display units, ``nan`` where hidden);
* the partner's reported cells (the partner's units), its "nothing else above X" claim and its
  ratings without numbers ("Ava is great on SWAG": a value of 85; "bad": 15) and the cells it
  says it does not see (which then hold 50 when this player does not see them either);
* the scale ratio between the two players' units: least squares through the origin on the cells
  both report or see (``ratio = sum(own * theirs) / sum(theirs^2)``), else the ratio of the two
  maxima (values are uniform on 0..99, so a player's largest visible value estimates 99 times its
  scale: ``E[max of n] = 99 n / (n + 1)``);
* the expected table in its own units: own cells, then the partner's reports converted, then for a
  cell nobody reported its expected value given what was said: a cell neither player sees holds 50,
  a cell the partner sees is uniform, and below the partner's "nothing else above" threshold once
  it made that claim;
* what it has itself told and asked, the partner's open questions, and its own rejections so far;
* the dialogue state the parser reads the next message in (:meth:`OptimizationBeliefs.context`):
  the reviewer and paper named last by either side, the latest group of two or more reviewers or
  papers named (for "those"), the questions of the latest message, who asked them and what a yes-no
  question asked of its cell (for "yes" / "no"), whether that message named a cell after its
  question (for "there"), and the latest proposal.

It reads only the player's own observation and the partner's parsed messages.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

from beliefs.base import SeatedBeliefs, Utterance
from games.dialop.base import Propose, PublicAction, kind_of
from language.acts import Intent
from language.dialop_optimization import (
    OptAsk,
    OptCell,
    OptimizationContext,
    OptNoneAbove,
    OptRate,
    OptUnseen,
    dialogue_names,
    last_names,
    requested_level,
)

P_PARTNER_SEES = 0.4
"""Prior probability that the partner sees a given cell (the generator's ``p_observed``)."""
TOP_VALUE = 99.0
"""Largest table value a player can see (values are drawn from 0..99)."""
UNSEEN_VALUE = 50.0
"""The value of a cell neither player sees."""
RATED_VALUES = {"high": 85.0, "low": 15.0}
"""Table value assumed for a cell the partner rated without a number."""


class OptimizationBeliefs(SeatedBeliefs):
    """What one Optimization player knows and has been told (see the module docstring).

    Args:
        observation: the player's first observation (an ``OptimizationObservation``).
    """

    def __init__(self, observation: Any) -> None:
        self.take_seat(observation)
        self.k: int = observation.k
        self.player: int = observation.seat
        self.names = OptimizationContext(reviewers=tuple(observation.reviewers), papers=tuple(observation.papers))
        self.own = np.array(
            [[np.nan if v is None else float(v) for v in row] for row in observation.table], dtype=float
        )
        self.seen = ~np.isnan(self.own)
        self.partner = np.full((self.k, self.k), np.nan)  # the partner's reports, its units
        self.partner_cap: float | None = None  # "nothing else above" (partner's units)
        self.partner_rated = np.full((self.k, self.k), np.nan)  # table values of its ratings
        self.partner_unseen = np.zeros((self.k, self.k), dtype=bool)  # cells it says it does not see
        self.told = np.zeros((self.k, self.k), dtype=bool)
        self.told_cap: float | None = None
        self.questions: list[OptAsk] = []  # the partner's open questions
        self.asked: set[tuple[int | None, int | None]] = set()  # our own questions
        self.rejections_by_self = 0
        self.partner_spoke = False
        self._lines = 0
        self.last_reviewer: int | None = None  # named last by either side
        self.last_paper: int | None = None
        self.last_asks: tuple[OptAsk, ...] = ()  # the questions of the latest message ...
        self.last_asker: int | None = None  # ... and its seat
        self.last_request: Literal["high", "low"] | None = None  # the level the latest message asked listed
        self.latest_proposal: tuple[int, ...] | None = None
        self.last_cue: Literal["high", "low", "unseen"] | None = None  # what the latest question asked
        self.after_question = False  # the latest message named a cell after its last question
        self.group_reviewers: tuple[int, ...] = ()  # the latest group of two or more named ...
        self.group_papers: tuple[int, ...] = ()
        self.group_latest: Literal["R", "P"] | None = None  # ... and which kind came last

    # ---- the belief store protocol --------------------------------------------------------------
    def observe(self, observation: Any) -> None:
        """Count our own rejections (the planner gives in after a few)."""
        chat = observation.chat
        for line in chat[self._lines :]:
            if kind_of(line) == "reject" and self.is_own(line.seat):
                self.rejections_by_self += 1
        self._lines = len(chat)

    def update(self, utterance: Utterance) -> None:
        """Take in the acts of one message: the partner's (parsed) or our own (as planned).

        Args:
            utterance: the message: its seat and acts (acts of other games are ignored).
        """
        acts, mine = list(utterance.acts), self.is_own(utterance.seat)
        self._follow(utterance)
        if mine:
            self.questions.clear()  # this turn answered them (or had nothing to say)
        for act in acts:
            if not self._valid(act):
                continue
            if mine:
                if isinstance(act, OptCell | OptRate | OptUnseen):
                    self.told[act.reviewer, act.paper] = True
                elif isinstance(act, OptNoneAbove):
                    self.told_cap = float(act.value)
                elif isinstance(act, OptAsk):
                    self.asked.add((act.reviewer, act.paper))
                continue
            self.partner_spoke = True
            if isinstance(act, OptCell):
                self.partner[act.reviewer, act.paper] = float(act.value)
            elif isinstance(act, OptNoneAbove):
                self.partner_cap = float(act.value)
            elif isinstance(act, OptRate):
                self.partner_rated[act.reviewer, act.paper] = RATED_VALUES[act.level]
            elif isinstance(act, OptUnseen):
                self.partner_unseen[act.reviewer, act.paper] = True
            elif isinstance(act, OptAsk):
                self.questions.append(act)

    def record_own(self, intent: Intent) -> None:
        """Take in the agent's own turn: its acts, and its proposal as the latest one."""
        for action in intent.actions:
            if isinstance(action, Propose):
                self.latest_proposal = tuple(int(p) for p in getattr(action.proposal, "papers", ()))
        super().record_own(intent)

    def _follow(self, utterance: Utterance) -> None:
        """Keep the dialogue state: the names last said, the latest questions, the latest proposal."""
        action = utterance.action
        if isinstance(action, PublicAction) and action.kind == "propose" and isinstance(action.proposal, list):
            papers = tuple(int(p) for p in action.proposal if isinstance(p, int))
            if len(papers) == self.k:
                self.latest_proposal = papers
        asks = tuple(a for a in utterance.acts if isinstance(a, OptAsk) and self._valid(a))
        if utterance.text.strip() or asks:
            request = requested_level(utterance.text) if utterance.text else None
            if utterance.seat == self.last_asker:
                self.last_asks += tuple(a for a in asks if a not in self.last_asks)
                self.last_request = request or self.last_request
            else:
                self.last_asks, self.last_asker, self.last_request = asks, utterance.seat, request
        if utterance.text.strip():
            reviewers, papers, cue, after = dialogue_names(utterance.text, self.names)
            self.last_cue, self.after_question = cue, after
            reviewers = tuple(r for r in reviewers if r < self.k)
            papers = tuple(p for p in papers if p < self.k)
            if len(reviewers) > 1:
                self.group_reviewers, self.group_latest = reviewers, "R"
            if len(papers) > 1:  # papers win a tie: "Ava at Electra, RoBERTa or SWAG?" then "those"
                self.group_papers, self.group_latest = papers, "P"
        reviewer, paper = last_names(utterance.text, self.names) if utterance.text else (None, None)
        if reviewer is None and paper is None:  # our own acts as planned (no text): their last cell
            for act in utterance.acts:
                if isinstance(act, OptCell | OptRate | OptUnseen | OptAsk) and self._valid(act):
                    reviewer = act.reviewer if act.reviewer is not None else reviewer
                    paper = act.paper if act.paper is not None else paper
        if reviewer is not None and reviewer < self.k:
            self.last_reviewer = reviewer
        if paper is not None and paper < self.k:
            self.last_paper = paper

    def _valid(self, act: Any) -> bool:
        if isinstance(act, OptCell | OptRate | OptUnseen):
            return act.reviewer < self.k and act.paper < self.k
        if isinstance(act, OptAsk):
            return (act.reviewer is None or act.reviewer < self.k) and (act.paper is None or act.paper < self.k)
        return isinstance(act, OptNoneAbove)

    def context(self, observation: Any, author_seat: int) -> OptimizationContext:
        """The language-layer context of a message by ``author_seat``: the names, the reviewer and
        paper named last, the questions of the latest message when another seat asked them (the
        message may answer them) and the latest proposal."""
        return self.names.model_copy(
            update={
                "last_reviewer": self.last_reviewer,
                "last_paper": self.last_paper,
                "questions": self.last_asks if self.last_asker != author_seat else (),
                "proposal": self.latest_proposal,
                "requested": self.last_request if self.last_asker != author_seat else None,
                "asked_cue": self.last_cue if self.last_asker != author_seat else None,
                "named_after_question": self.after_question and self.last_asker != author_seat,
                "group_reviewers": self.group_reviewers,
                "group_papers": self.group_papers,
                "group_latest": self.group_latest,
            }
        )

    # ---- estimates ------------------------------------------------------------------------------
    def own_scale(self) -> float:
        """Estimate of this player's display scale from its largest visible value."""
        n = int(self.seen.sum())
        if n == 0 or np.nanmax(self.own) <= 0:
            return 1.0
        return float(np.nanmax(self.own)) / (TOP_VALUE * n / (n + 1))

    def ratio(self) -> float:
        """Own units per partner unit: least squares on shared cells, else the ratio of maxima."""
        reported = ~np.isnan(self.partner)
        both = reported & self.seen
        theirs = self.partner[both]
        if theirs.size and float(theirs @ theirs) > 0:
            return float(self.own[both] @ theirs) / float(theirs @ theirs)
        if reported.any() and np.nanmax(self.partner) > 0:
            n = P_PARTNER_SEES * self.k * self.k
            partner_scale = float(np.nanmax(self.partner)) / (TOP_VALUE * n / (n + 1))
            return self.own_scale() / partner_scale
        return 1.0

    def unknown_outcomes(self, quantiles: int = 5) -> list[tuple[float, float]]:
        """The possible values (own units) of a cell nobody reported, with their probabilities.

        The partner sees the cell with prior probability 0.4; its value is then uniform below the
        partner's "nothing else above" bound (or on 0..99), represented by ``quantiles`` midpoints.
        Otherwise nobody sees it and it holds 50.

        Args:
            quantiles: how many equally likely values represent the uniform part.

        Returns:
            ``(value, probability)`` pairs whose probabilities sum to 1.
        """
        scale = self.own_scale()
        cap = TOP_VALUE + 1
        if self.partner_cap is not None:
            cap = min(self.partner_cap * self.ratio() / scale, cap)
        seen = P_PARTNER_SEES * cap / (TOP_VALUE + 1)
        unseen = 1.0 - P_PARTNER_SEES
        total = seen + unseen
        points = [(scale * cap * (i + 0.5) / quantiles, seen / total / quantiles) for i in range(quantiles)]
        return [*points, (scale * UNSEEN_VALUE, unseen / total)]

    def unknown_value(self) -> float:
        """Expected value (own units) of a cell nobody reported, given the partner's claims."""
        return float(sum(value * prob for value, prob in self.unknown_outcomes()))

    def unknown_cells(self) -> np.ndarray:
        """Cells this player neither sees nor has heard anything about."""
        return ~self.seen & np.isnan(self.partner) & np.isnan(self.partner_rated) & ~self.partner_unseen

    def expected_table(self) -> np.ndarray:
        """The expected value table in own units (own cells, converted reports, expectations)."""
        guess = np.where(self.partner_unseen, UNSEEN_VALUE * self.own_scale(), self.unknown_value())
        rated = np.where(np.isnan(self.partner_rated), guess, self.partner_rated * self.own_scale())
        converted = self.partner * self.ratio()
        table = np.where(np.isnan(converted), rated, converted)
        return np.where(self.seen, self.own, table)

    def partner_view(self) -> np.ndarray:
        """Cells the partner has heard about or reported (it can evaluate them without guessing)."""
        return self.told | ~np.isnan(self.partner) | ~np.isnan(self.partner_rated)
