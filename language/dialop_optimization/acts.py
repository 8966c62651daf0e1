"""The acts of DialOp Optimization chat and the context a message is read in."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from language.act_base import ActBase

MAX_VALUE = 100_000
"""Largest number read as a value (display values are at most 100 x the largest scale)."""


class OptCell(ActBase):
    """The speaker sees ``value`` (in its own display units) for ``reviewer`` on ``paper``."""

    act: Literal["opt_cell"] = "opt_cell"
    reviewer: int = Field(ge=0)
    paper: int = Field(ge=0)
    value: int = Field(ge=0, le=MAX_VALUE)


class OptNoneAbove(ActBase):
    """Every cell the speaker sees and has not reported is below ``value`` (speaker's units)."""

    act: Literal["opt_none_above"] = "opt_none_above"
    value: int = Field(ge=0, le=MAX_VALUE)


class OptAsk(ActBase):
    """Ask the partner's values for a reviewer, a paper, or one cell (at least one is set)."""

    act: Literal["opt_ask"] = "opt_ask"
    reviewer: int | None = Field(default=None, ge=0)
    paper: int | None = Field(default=None, ge=0)

    def model_post_init(self, __context: object) -> None:
        if self.reviewer is None and self.paper is None:
            raise ValueError("opt_ask names a reviewer, a paper or both")


class OptRate(ActBase):
    """The speaker rates ``reviewer`` on ``paper`` without a number: ``high`` or ``low``."""

    act: Literal["opt_rate"] = "opt_rate"
    reviewer: int = Field(ge=0)
    paper: int = Field(ge=0)
    level: Literal["high", "low"]


class OptUnseen(ActBase):
    """The speaker does not see ``reviewer`` on ``paper`` (it has no value for that cell)."""

    act: Literal["opt_unseen"] = "opt_unseen"
    reviewer: int = Field(ge=0)
    paper: int = Field(ge=0)


OptAct = OptCell | OptNoneAbove | OptAsk | OptRate | OptUnseen


class OptimizationContext(BaseModel):
    """What the language layer needs: the row (reviewer) and column (paper) names, in order, and
    the dialogue so far as the reader's belief store knows it.

    Attributes:
        reviewers: the reviewer names (rows).
        papers: the paper names (columns).
        last_reviewer: the reviewer named last in the dialogue (by either side), for "he", "her".
        last_paper: the paper named last, for "it", "there", "that paper".
        questions: the questions of the other side's latest message, which this message may answer
            ("I believe Sofia would be a good fit" after "Who is good for Electra?").
        proposal: the latest proposal (reviewer ``r`` gets paper ``proposal[r]``), for "this proposal".
        requested: the level the other side's latest message asked to have listed ("share your dark
            greens": ``high``), so a bare list answering it ("Daniel, GloVe. Ava SWAG.") rates.
        asked_cue: what the other side's latest question asked of its cell ("Is Ava unknown on
            GloVe?": ``unseen``; "is Noah good at BLEU?": ``high``), so "yes" / "no" answers it.
        group_reviewers: the reviewers of the latest message (by either side) that named two or
            more, in the order named, for "those" in a later turn.
        group_papers: the papers of the latest message that named two or more, in order.
        group_latest: which of the two groups was named more recently (``"R"`` or ``"P"``).
        named_after_question: the other side's latest message named a reviewer or paper after its
            last question ("What about BLEU? / I think Ethan would be great for SWAG"), so "there"
            is the paper named last, not the question's.
    """

    model_config = ConfigDict(frozen=True)

    reviewers: tuple[str, ...]
    papers: tuple[str, ...]
    last_reviewer: int | None = None
    last_paper: int | None = None
    questions: tuple[OptAsk, ...] = ()
    proposal: tuple[int, ...] | None = None
    requested: Literal["high", "low"] | None = None
    asked_cue: Literal["high", "low", "unseen"] | None = None
    group_reviewers: tuple[int, ...] = ()
    group_papers: tuple[int, ...] = ()
    group_latest: Literal["R", "P"] | None = None
    named_after_question: bool = False
