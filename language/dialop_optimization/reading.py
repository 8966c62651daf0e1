"""What one message's reading has established so far (:class:`Reading`) and one clause as read
(:class:`Clause`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from language.dialop_optimization import lexicon as lx
from language.dialop_optimization.acts import (
    OptAct,
    OptCell,
    OptimizationContext,
    OptRate,
    OptUnseen,
)
from language.dialop_optimization.lexicon import Lexicon, Mention

Level = Literal["high", "low"]


@dataclass
class Clause:
    """One clause as read: its names, numbers, references and cues."""

    reviewers: list[Mention]
    papers: list[Mention]
    numbers: list[Mention]
    refs: set[str]
    plural: bool
    gender: int  # of its first pronoun: 0 anyone, 1 "he", 2 "she"
    level: Level | None
    neutral: bool
    unseen: bool
    expand: bool
    proposal: bool
    conditional: bool
    first: str


@dataclass
class Reading:
    """What one message has established so far."""

    context: OptimizationContext
    lex: Lexicon
    acts: list[OptAct] = field(default_factory=list)
    kept: set[OptAct] = field(default_factory=set)  # the acts, for membership
    cells: set[tuple[int, int]] = field(default_factory=set)  # the cells rated or unseen so far
    reviewer: int | None = None  # named last in the message (for "he")
    paper: int | None = None  # named last (for "it")
    group: list[int] = field(default_factory=list)  # the reviewers of the last clause naming several ("they")
    subject: int | None = None  # the reviewer of the last statement about cells (for a clause without one)
    topic: int | None = None  # the paper of the last statement about cells
    subjects: set[int] = field(default_factory=set)  # every reviewer the message's statements are about
    level: Level | None = None
    carry: tuple[int | None, int | None] = (None, None)
    clauses: int = 0
    rows: list[int] = field(default_factory=list)  # reviewers the message does not see at all
    columns: list[int] = field(default_factory=list)  # papers it does not see at all
    named_papers: dict[int, set[int]] = field(default_factory=dict)  # reviewer -> papers named with it
    correcting: bool = False  # the message has corrected itself
    excepted: set[int] = field(default_factory=set)  # papers named after "except", "besides"
    recent: list[int] = field(default_factory=list)  # the reviewers named in the message, in order
    said: list[OptAct] = field(default_factory=list)  # the acts of the last statement (for "I meant ...")
    all_but: bool = False  # the sentence rates "all" but some names ("all green but Noah")
    said_ref: bool = False  # the last statement took its paper from a reference ("that paper")
    pair: tuple[int, int] | None = None  # the pair the last sentence offered ("Andrei for Roberta?")
    listed: list[tuple[int, int]] = field(default_factory=list)  # pairs listed without a level
    only_rows: set[int] = field(default_factory=set)  # rows blank but for what the message names at all
    papers_named: set[int] = field(default_factory=set)  # every paper the message writes out
    sentence_no: int = 0  # the sentence being read
    subject_at: int = -1  # the sentence that set ``subject``
    rest: list[tuple[int, Level]] = field(default_factory=list)  # rows rated on "everything else"

    def add(self, act: OptAct) -> None:
        """Keep ``act``; after a correction ("oh wait I misread") it replaces what the message said
        about the same cell."""
        cell = cell_of(act)
        if cell is not None and self.correcting and cell in self.cells:
            dropped = {a for a in self.acts if cell_of(a) == cell}
            self.acts = [a for a in self.acts if a not in dropped]
            self.kept -= dropped
        if act not in self.kept:
            self.acts.append(act)
            self.kept.add(act)
            if cell is not None:
                self.cells.add(cell)

    def pronoun(self, gender: int) -> int | None:
        """The reviewer "he" (``gender`` 1), "she" (2) or "they" (0) stands for: the last one named
        in the message that the pronoun fits, else the other side's question's, else the one
        named last in the dialogue."""
        names = self.context.reviewers

        def fits(r: int | None) -> bool:
            return r is not None and r < len(names) and (gender == 0 or lx.name_gender(names[r]) in (0, gender))

        found = self.subject if fits(self.subject) else next((r for r in reversed(self.recent) if fits(r)), None)
        later = (self.context.last_reviewer,) if self.context.named_after_question else ()
        for r in (*later, self.question("R"), self.context.last_reviewer):
            if found is None and fits(r):
                found = r
        return found

    def question(self, kind: str) -> int | None:
        """The reviewer (``"R"``) or paper the other side's last question was about, if only one."""
        values = {a.reviewer if kind == "R" else a.paper for a in self.context.questions}
        values.discard(None)
        return next(iter(values)) if len(values) == 1 else None


def cell_of(act: OptAct) -> tuple[int, int] | None:
    if isinstance(act, OptRate | OptUnseen | OptCell) and not isinstance(act, OptCell):
        return act.reviewer, act.paper
    return None
