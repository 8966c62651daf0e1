"""The rule parser of DialOp Optimization chat (see the package docstring for the conventions)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from language.dialop_optimization import lexicon as lx
from language.dialop_optimization.acts import (
    MAX_VALUE,
    OptAct,
    OptAsk,
    OptCell,
    OptimizationContext,
    OptNoneAbove,
    OptRate,
    OptUnseen,
)
from language.dialop_optimization.lexicon import Lexicon, Mention
from language.text import clean_message, straight_apostrophes

_SENTENCE = re.compile(r"(?<!\d)[.!?;\n]+|[.!?;\n]+(?!\d)|\s/\s|\s-\s")
_CLAUSE = re.compile(
    r",\s*|:\s+(?=[a-z]+\s+(?:is|are|would|has|can)\b)|\s+(?:but|however|though|although|whereas|while|yet|because|since|unless"
    r"|except(?:\s+that)?|besides|other\s+th[ae]n(?:\s+that)?|apart\s+from|aside\s+from|and)\s+"
    r"|\s+so\s+(?=(?:we|i|you|lets|let's|that|maybe|if|then|he|she|they|it|ill|i'll)\b)"
)
# a number is matched from its first digit only ((?<!\d)): trying every digit of a long number again
# would take quadratic time, and finds nothing the first digit does not
_RATING = re.compile(r"(?<!\d)\d+\s*(?:/|out of|of)\s*10\b|\b10\s*/\s*10")
_RANGE = re.compile(
    r"(?<!\d)\d+\s*(?:-|to|or)\s*\d+\s+(?:papers?|reviewers?|people|of|more|total|cells?)\b|\b\d+-\d+\b"
)
_NONE_ABOVE = re.compile(
    r"\b(?:nothing|none|no other|no more|nobody|no one|rest|everything else|all (?:of )?(?:my |the )?others?)\b"
    r"[^0-9]{0,40}?\b(?:above|over|higher than|more than|greater than|below|under|lower than|less than)\s+(\d+)\b"
)
_NONE_OF_MINE = re.compile(r"^(?:no|nope|none of (?:mine|them|my \w+)(?: are| is)?)\b")
_OVER = re.compile(r"\b(?:over|above|higher than|more than)\s+(\d+)\b")
_COUNT_NOUNS = frozenset(
    """
    papers reviewers people persons cells boxes locks unknowns options spots of more total dark
    greens turns minutes times points percent early shades sections choices scores columns rows
    picks slots names things
    """.split()
)
SMALL_COUNT = 10
"""Numbers below this are read as values only next to a name or a linking word."""
_LINKS = frozenset("for on in at and or but to with is".split())
_BEFORE_NOT_VALUE = frozenset(
    {"column", "row", "top", "bottom", "first", "last", "col", "the", "paper", "reviewer", "my", "your"}
)

Level = Literal["high", "low"]


@dataclass
class _Clause:
    """One clause as read: its names (pronouns and references resolved), numbers and cues."""

    reviewers: list[Mention]
    papers: list[Mention]
    numbers: list[Mention]
    refs: set[str]
    level: Level | None
    neutral: bool
    unseen: bool
    expand: bool
    proposal: bool
    first: str


@dataclass
class _Reading:
    """What one message has established so far (the names last named, the last level)."""

    context: OptimizationContext
    lex: Lexicon
    named_papers: set[int]
    named_reviewers: set[int]
    acts: list[OptAct] = field(default_factory=list)
    reviewer: int | None = None
    paper: int | None = None
    reviewers: list[int] = field(default_factory=list)
    level: Level | None = None
    carry: tuple[int | None, int | None] = (None, None)
    clauses: int = 0

    def add(self, act: OptAct) -> None:
        if act not in self.acts:
            self.acts.append(act)

    def question(self, kind: str) -> int | None:
        """The reviewer (``"R"``) or paper the other side's last question was about, if only one."""
        values = {a.reviewer if kind == "R" else a.paper for a in self.context.questions}
        values.discard(None)
        return next(iter(values)) if len(values) == 1 else None


def _number(token: str, previous: str | None, following: str | None, lex: Lexicon) -> int | None:
    """The value a number token stands for, or ``None`` for ordinals, counts, ids and decimals."""
    if not token[0].isdigit() or not token[-1].isdigit() or "." in token:
        return None
    if previous in _BEFORE_NOT_VALUE or following in _COUNT_NOUNS:
        return None
    value = int(token.replace(",", ""))
    if value < SMALL_COUNT and following is not None and following.isalpha() and following not in _LINKS:
        if following not in lex.words and following not in lex.first_words:
            return None
    return value if value <= MAX_VALUE else None


def mentions(text: str, lex: Lexicon) -> list[Mention]:
    """The reviewer, paper, number and reference mentions of ``text``, in order."""
    tokens = lx.TOKEN.findall(text)
    out: list[Mention] = []
    i = 0
    while i < len(tokens):
        match = next(
            (
                (len(p), kind, index)
                for p, kind, index in lex.by_first.get(tokens[i], ())
                if tuple(tokens[i : i + len(p)]) == p
            ),
            None,
        )
        if match is not None:
            out.append(Mention(match[1], match[2], len(out)))  # type: ignore[arg-type]
            i += match[0]
            continue
        token = tokens[i]
        previous = tokens[i - 1] if i else None
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if (ordinal := lx.ordinal_paper(tokens, i, lex)) is not None:
            out.append(Mention("P", ordinal[0], len(out)))
            i += ordinal[1]
            continue
        if (ref := lx.reference(tokens, i)) is not None:
            out.append(Mention(ref[0], -1, len(out)))
            i += ref[1]
            continue
        if token[0].isdigit():
            value = _number(token, previous, following, lex)
            if value is not None:
                out.append(Mention("N", value, len(out)))
        elif (fuzzy := lx.fuzzy(token, lex)) is not None:
            out.append(Mention(fuzzy[0], fuzzy[1], len(out)))  # type: ignore[arg-type]
        i += 1
    return out


def _attach(number: Mention, names: Sequence[Mention]) -> int | None:
    """The index of the name of ``names`` a value belongs to: the one right before it (within two
    mentions), else the nearest one after it, else the nearest one before it."""
    before = [m for m in names if m.position < number.position]
    after = [m for m in names if m.position > number.position]
    if before and number.position - before[-1].position <= 2:
        return before[-1].index
    if after:
        return after[0].index
    return before[-1].index if before else None


def _dangling(text: str, lex: Lexicon) -> bool:
    """Whether a clause ends on an unknown word after "on", "at", "for": a paper the parser cannot read."""
    match = lx.DANGLING.search(text)
    if match is None:
        return False
    word = match.group(1)
    return word not in lex.words and word not in lex.first_words and lx.fuzzy(word, lex) is None


def _has_cue(text: str) -> bool:
    return lx.SAME.search(text.strip()) is not None or any(
        p.search(text) is not None
        for p in (lx.HIGH, lx.LOW, lx.OTHER_NEUTRAL, lx.UNSEEN, lx.PROPOSAL, lx.AGREEMENT, lx.NEUTRAL)
    )


def _clauses(sentence: str, lex: Lexicon) -> list[str]:
    """``sentence`` cut at commas and conjunctions into clauses that each carry a cue: a piece
    without one joins its neighbour (a list of reviewers the clause after it, else the clause before)."""
    parts = _CLAUSE.split(sentence)
    delimiters = ["", *(m.group() for m in _CLAUSE.finditer(sentence))]
    kept = [(d, p) for d, p in zip(delimiters, parts, strict=False) if p and p.strip()]
    pieces = [p for _, p in kept]
    out: list[str] = []
    waiting = ""
    for index, piece in enumerate(pieces):
        after_exception = (kept[index][0].split() or [""])[0] in lx.EXCEPTIONS
        if after_exception and not _has_cue(piece):
            out.append(piece)  # "blank everywhere besides GLUE": GLUE is left out, not rated
            continue
        if _has_cue(piece):
            out.append(f"{waiting} {piece}".strip())
            waiting = ""
            continue
        kinds = {m.kind for m in mentions(piece, lex) if m.kind in ("R", "P")}
        if out and (kinds != {"R"} or index == len(pieces) - 1):
            out[-1] = f"{out[-1]} , {piece}"
        else:
            waiting = f"{waiting} {piece}"
    if waiting.strip():
        if out:
            out[-1] = f"{out[-1]} , {waiting}"
        else:
            out.append(waiting.strip())
    return out


def _level(text: str) -> tuple[Level | None, bool]:
    """The rating a clause gives without numbers (a low cue beats a high one) and whether it has a
    cue that rates nothing ("ok", "average", a comparison)."""
    neutral = lx.OTHER_NEUTRAL.search(text) is not None or "so-so" in text
    if lx.LOW.search(text):
        return "low", neutral
    return ("high" if lx.HIGH.search(text) else None), neutral


def _pairs(reviewers: Sequence[Mention], papers: Sequence[Mention]) -> list[tuple[int, int]]:
    """The cells a clause is about: one reviewer with every paper; one paper with every reviewer
    (only those before it when some come after it); else each reviewer with the first paper after
    it (and the last reviewer with the papers after it)."""
    rs = _unique(reviewers)
    ps = _unique(papers)
    if len(rs) == 1:
        return [(rs[0].index, p.index) for p in ps]
    if len(ps) == 1:
        before = [r for r in rs if r.position < ps[0].position]
        return [(r.index, ps[0].index) for r in (before if 0 < len(before) < len(rs) else rs)]
    pairs = []
    for i, reviewer in enumerate(rs):
        end = rs[i + 1].position if i + 1 < len(rs) else 10**9
        owned = [p for p in ps if reviewer.position < p.position < end]
        pairs += [(reviewer.index, p.index) for p in (owned if i + 1 == len(rs) else owned[:1])]
    if not pairs:  # every paper before every reviewer: "BLEU and GloVe: Ava and Noah"
        pairs = [(r.index, p.index) for r, p in zip(rs, ps, strict=False)]
    return pairs


def _unique(names: Sequence[Mention]) -> list[Mention]:
    seen: set[int] = set()
    out = []
    for m in names:
        if m.index not in seen:
            seen.add(m.index)
            out.append(m)
    return out


def sentences(text: str) -> list[tuple[str, bool]]:
    """The sentences of ``text`` with whether each is a question."""
    out: list[tuple[str, bool]] = []
    start = 0
    for match in _SENTENCE.finditer(text):
        piece = text[start : match.start()].strip()
        if piece:
            out.append((piece, "?" in match.group() or _opens_question(piece)))
        start = match.end()
    tail = text[start:].strip()
    if tail:
        out.append((tail, _opens_question(tail)))
    return out


def _opens_question(piece: str) -> bool:
    words = piece.split()
    return (
        bool(words)
        and words[0] in lx.QUESTION_OPENERS
        and not (len(words) > 1 and words[1] in ("it", "that") and words[0] == "is" and False)
    )


_QUESTION_START = re.compile(
    r"\b(?:do|does|did|can|could|would|what|which|who|where|how|is|are|any|anyone)\s+(?:you|there|anyone|we|your|u)\b"
)


class OptimizationParser:
    """Rule parser for DialOp Optimization chat (see the package docstring)."""

    def parse(self, message: str, context: OptimizationContext) -> list[OptAct]:
        """Read a partner's message into cell reports, ratings, unseen cells, "nothing else above"
        claims and questions.

        Args:
            message: the partner's text (any string; non-strings yield ``[]``).
            context: the reviewer and paper names, and the dialogue state (last names, the other
                side's last question, the latest proposal).

        Returns:
            The acts, in message order (duplicates removed); ``[]`` for anything unreadable.
        """
        text = straight_apostrophes(clean_message(message)).lower()  # cut first: nothing reads more
        if not text.strip():
            return []
        lex = lx.lexicon(tuple(context.reviewers), tuple(context.papers))
        everything = mentions(text, lex)
        reading = _Reading(
            context,
            lex,
            {m.index for m in everything if m.kind == "P"},
            {m.index for m in everything if m.kind == "R"},
        )
        for sentence, is_question in sentences(text):
            self._sentence(sentence, is_question, reading)
        return reading.acts

    def _sentence(self, sentence: str, is_question: bool, reading: _Reading) -> None:
        none_above = _NONE_ABOVE.search(sentence)
        if none_above is not None:
            reading.add(OptNoneAbove(value=min(int(none_above.group(1)), MAX_VALUE)))
            sentence = sentence[: none_above.start()] + sentence[none_above.end() :]
        elif reading.clauses == 0 and _NONE_OF_MINE.search(sentence):
            asked = [q for q in reading.context.questions if q.reviewer is None and q.paper is None]
            del asked  # (questions always name something; the threshold comes from the question text)
        if is_question and lx.STATEMENT_OPENERS.search(sentence) is None:
            start = _QUESTION_START.search(sentence)
            if start is not None and start.start() > 0:
                self._statement(sentence[: start.start()], reading)
                sentence = sentence[start.start() :]
            self._question(sentence, reading)
            return
        self._statement(sentence, reading)

    # ---- statements -----------------------------------------------------------------------------
    def _statement(self, sentence: str, reading: _Reading) -> None:
        text = lx.NEUTRAL.sub(" so-so ", sentence)
        text = lx.AGREEMENT.sub(" agreed ", text)
        text = _RANGE.sub(" ", text)
        previous_level = reading.level
        for number, clause_text in enumerate(_clauses(text, reading.lex)):
            clause = self._read(clause_text, reading)
            bare = clause.level is None and not clause.neutral and not clause.unseen and not clause.proposal
            if number == 0 and bare and previous_level is not None and self._only_names(clause_text, reading.lex):
                clause.level = previous_level  # "Andrei is good for BLEU. Ethan Smith Electra."
            if lx.SAME.search(clause_text) and reading.level is not None and not clause.unseen:
                clause.level, clause.proposal = reading.level, False
            self._clause(clause, clause_text, reading)
            reading.clauses += 1

    @staticmethod
    def _only_names(text: str, lex: Lexicon) -> bool:
        """Whether a clause holds names (a reviewer and a paper) and little else."""
        found = mentions(text, lex)
        kinds = {m.kind for m in found}
        others = [t for t in lx.TOKEN.findall(text) if t in lx.BARE_PAIR_WORDS or t.isdigit()]
        return kinds == {"R", "P"} and len(lx.TOKEN.findall(text)) <= 2 * len(found) + len(others)

    def _read(self, text: str, reading: _Reading) -> _Clause:
        rating = _RATING.sub(" ", text)
        found = mentions(rating, reading.lex)
        level, neutral = _level(text)
        unseen = lx.UNSEEN.search(text) is not None
        proposal = lx.PROPOSAL.search(text) is not None and lx.RATING_FRAME.search(text) is None
        words = text.split()
        return _Clause(
            [m for m in found if m.kind == "R"],
            [m for m in found if m.kind == "P"],
            [m for m in found if m.kind == "N"],
            {m.kind for m in found if m.kind in ("RR", "PR", "PROP")},
            level,
            neutral,
            unseen,
            unseen and lx.EXPAND.search(text) is not None,
            proposal,
            words[0] if words else "",
        )

    def _clause(self, clause: _Clause, text: str, reading: _Reading) -> None:
        context = reading.context
        reviewers, papers = list(clause.reviewers), list(clause.papers)
        numbers = clause.numbers
        explicit = bool(reviewers or papers)
        if numbers and not explicit:
            numbers = [n for n in numbers if n.index >= SMALL_COUNT]  # "at all 4" is no value
            reviewers = [Mention("R", reading.carry[0], -1)] if reading.carry[0] is not None else []
            papers = [Mention("P", reading.carry[1], -1)] if reading.carry[1] is not None else []
        for number in numbers:
            reviewer, paper = _attach(number, reviewers), _attach(number, papers)
            if reviewer is not None and paper is not None:
                reading.add(OptCell(reviewer=reviewer, paper=paper, value=number.index))
        says = clause.unseen or (clause.level is not None and not clause.proposal)
        if not numbers and says:
            reviewers, papers = self._resolve(clause, text, reviewers, papers, reading)
            if clause.unseen:
                self._unseen(clause, reviewers, papers, reading)
            else:
                assert clause.level is not None
                for r, p in _pairs(reviewers, papers):
                    reading.add(OptRate(reviewer=r, paper=p, level=clause.level))
                reading.level = clause.level
        elif clause.level is None and clause.neutral:
            reading.level = None
        if clause.proposal and context.proposal is None:
            pass
        self._remember(reviewers if reviewers else clause.reviewers, papers if papers else clause.papers, reading)

    def _resolve(
        self, clause: _Clause, text: str, reviewers: list[Mention], papers: list[Mention], reading: _Reading
    ) -> tuple[list[Mention], list[Mention]]:
        """Fill a clause's missing reviewer or paper from its pronouns and references, the message
        so far, the other side's question and the dialogue (see the package docstring)."""
        context = reading.context
        continues = clause.first in lx.CONTINUATION
        if not reviewers:
            r = None
            if "RR" in clause.refs:
                r = reading.reviewer if reading.reviewer is not None else reading.question("R")
                if r is None:
                    r = context.last_reviewer
            elif "PROP" in clause.refs and context.proposal is not None and papers:
                r = next((i for i, p in enumerate(context.proposal) if p == papers[0].index), None)
            elif papers or continues or "PR" in clause.refs or clause.expand:
                r = reading.reviewer if reading.reviewer is not None else reading.question("R")
                if r is None and "PR" in clause.refs and not papers:
                    r = context.last_reviewer
                if r is None and clause.unseen and papers and clause.first not in ("i", "we", "my"):
                    r = None
            if r is not None:
                reviewers = [Mention("R", r, -1)]
        if not papers and reviewers:
            p = None
            if "PROP" in clause.refs and context.proposal is not None:
                props = context.proposal
                for m in reviewers:
                    if m.index < len(props):
                        papers.append(Mention("P", props[m.index], m.position + 1))
                return reviewers, papers
            if "PR" in clause.refs:
                p = reading.paper if reading.paper is not None else reading.question("P")
                if p is None:
                    p = context.last_paper
            elif not clause.expand and not _dangling(text, reading.lex):
                p = reading.paper if reading.paper is not None else reading.question("P")
                if p is None and clause.unseen:
                    p = context.last_paper
            if p is not None:
                papers = [Mention("P", p, 10**6)]
        return reviewers, papers

    def _unseen(self, clause: _Clause, reviewers: list[Mention], papers: list[Mention], reading: _Reading) -> None:
        k_r, k_p = len(reading.context.reviewers), len(reading.context.papers)
        if clause.expand and reviewers and not clause.papers:
            for m in _unique(reviewers):
                for p in range(k_p):
                    if p not in reading.named_papers:
                        reading.add(OptUnseen(reviewer=m.index, paper=p))
            return
        if clause.expand and papers and not clause.reviewers and not reviewers:
            for m in _unique(papers):
                for r in range(k_r):
                    if r not in reading.named_reviewers:
                        reading.add(OptUnseen(reviewer=r, paper=m.index))
            return
        for r, p in _pairs(reviewers, papers):
            reading.add(OptUnseen(reviewer=r, paper=p))

    @staticmethod
    def _remember(reviewers: Sequence[Mention], papers: Sequence[Mention], reading: _Reading) -> None:
        if reviewers:
            reading.reviewer = reviewers[-1].index
            reading.reviewers = [m.index for m in reviewers]
        if papers:
            reading.paper = papers[-1].index
        if reviewers or papers:
            reading.carry = (
                reviewers[-1].index if reviewers else reading.carry[0],
                papers[-1].index if papers else reading.carry[1],
            )

    # ---- questions ------------------------------------------------------------------------------
    def _question(self, sentence: str, reading: _Reading) -> None:
        text = _RANGE.sub(" ", _RATING.sub(" ", sentence)).strip(" ?!.,")
        found = mentions(text, reading.lex)
        reviewers = [m for m in found if m.kind == "R"]
        papers = [m for m in found if m.kind == "P"]
        refs = {m.kind for m in found if m.kind in ("RR", "PR", "PROP")}
        tokens = lx.TOKEN.findall(text)
        if lx.ECHO.search(text) and not reviewers and not papers:
            for ask in reading.context.questions:
                reading.add(ask)
            return
        if reviewers and papers:
            if lx.AGREEMENT_QUESTION.search(text) or all(
                t in lx.BARE_PAIR_WORDS or t in reading.lex.first_words or lx.fuzzy(t, reading.lex) for t in tokens
            ):
                self._remember(reviewers, papers, reading)
                return
        wh = any(t in lx.WH_WORDS for t in tokens)
        cue = _has_cue(text) and not wh
        if not reviewers and ("RR" in refs or (cue and papers)):
            r = reading.reviewer if reading.reviewer is not None else reading.context.last_reviewer
            if r is not None and ("RR" in refs or len(tokens) <= 6):
                reviewers = [Mention("R", r, -1)]
        if not papers and reviewers and ("PR" in refs or "PROP" in refs or (cue and len(tokens) <= 6)):
            if "PROP" in refs and reading.context.proposal is not None:
                props = reading.context.proposal
                papers = [Mention("P", props[m.index], m.position + 1) for m in reviewers if m.index < len(props)]
            else:
                p = reading.paper if reading.paper is not None else reading.context.last_paper
                if p is not None:
                    papers = [Mention("P", p, 10**6)]
        if not reviewers and not papers:
            if lx.COMPARE_ASK.search(text) and reading.paper is not None and reading.clauses > 0:
                reading.add(OptAsk(paper=reading.paper))
            return
        if reviewers and papers:
            for r, p in _pairs(reviewers, papers):
                reading.add(OptAsk(reviewer=r, paper=p))
        elif reviewers:
            for m in _unique(reviewers):
                reading.add(OptAsk(reviewer=m.index))
        else:
            for m in _unique(papers):
                reading.add(OptAsk(paper=m.index))
        self._remember(reviewers, papers, reading)


def last_names(message: str, context: OptimizationContext) -> tuple[int | None, int | None]:
    """The reviewer and the paper ``message`` names last (``None`` where it names none): what the
    belief store keeps for the next message's "he" and "it".

    Args:
        message: any text.
        context: the names.

    Returns:
        ``(reviewer, paper)``.
    """
    text = straight_apostrophes(clean_message(message)).lower()
    lex = lx.lexicon(tuple(context.reviewers), tuple(context.papers))
    found = mentions(text, lex)
    reviewer = next((m.index for m in reversed(found) if m.kind == "R"), None)
    paper = next((m.index for m in reversed(found) if m.kind == "P"), None)
    return reviewer, paper
