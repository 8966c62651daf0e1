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
    r",\s*|\s*--+\s*|\s*[\u2013\u2014]\s*|:\s+(?=[a-z]+\s+(?:is|are|would|has|can)\b)|\s+(?:but|however|though|although|whereas|while|yet|because|since"
    r"|except(?:\s+that)?|besides|other\s+th[ae]n(?:\s+that)?|apart\s+from|aside\s+from|and)\s+"
    r"|(?<!\bnot)(?<!\bnot\s)\s+so\s+(?!(?:good|great|bad|much|many|far|well|dark|high|low|strong|solid|not|sure|i\s+guess)\b)"
    r"|\s+as\s+(?=(?:it|he|she|they|that)\b)|\s+(?=(?:if|unless)\s)"
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
class _Reading:
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
        cell = _cell_of(act)
        if cell is not None and self.correcting and cell in self.cells:
            dropped = {a for a in self.acts if _cell_of(a) == cell}
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


def _cell_of(act: OptAct) -> tuple[int, int] | None:
    if isinstance(act, OptRate | OptUnseen | OptCell) and not isinstance(act, OptCell):
        return act.reviewer, act.paper
    return None


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
    """The reviewer, paper, number and reference mentions of ``text``, in order (remembered per
    lexicon: a clause is looked at more than once)."""
    found = lex.mention_cache.get(text)
    if found is None:
        if len(lex.mention_cache) >= lx.FUZZY_CACHE_SIZE:
            lex.mention_cache.clear()
        found = lex.mention_cache[text] = _mentions(text, lex)
    return list(found)


def _mentions(text: str, lex: Lexicon) -> list[Mention]:
    tokens = [_stem(t, lex) for t in lx.TOKEN.findall(text)]
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
            out.append(Mention(ref[0], lx.pronoun_gender(token) if ref[0] == "RR" else -1, len(out)))
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


def _stem(token: str, lex: Lexicon) -> str:
    """A name's possessive without its "'s" ("Andrei's" -> "andrei"); other tokens as they are."""
    if token.endswith("'s") and len(token) > 4:
        stem = token[:-2]
        if stem in lex.by_first or lx.fuzzy(stem, lex) is not None:
            return stem
    return token


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


def _names_only(text: str, lex: Lexicon) -> bool:
    """Whether a clause is names and linking words only ("Sofia", "Daniel at RoBERTa")."""
    tokens = lx.TOKEN.findall(text)
    found = [m for m in mentions(text, lex) if m.kind in ("R", "P")]
    return bool(found) and len(tokens) <= 2 * len(found) + sum(t in lx.BARE_PAIR_WORDS for t in tokens)


def _dangling(text: str, lex: Lexicon) -> bool:
    """Whether a clause ends on an unknown word after "on", "at", "for": a paper the parser cannot read."""
    match = lx.DANGLING.search(text)
    if match is None:
        return False
    word = match.group(1)
    return word not in lex.words and word not in lex.first_words and lx.fuzzy(word, lex) is None


def _unless_paper(match: re.Match[str], lex: Lexicon) -> str:
    """An excepted name in a question: dropped when it is a paper ("anywhere outside of BLEU?")."""
    found = mentions(match.group(1), lex)
    return " " if found and found[0].kind == "P" else match.group()


def _topic_only(text: str, lex: Lexicon) -> bool:
    """Whether a statement part only names papers or reviewers ("Regarding SWAG", "Morgan or Andrei")."""
    found = mentions(text, lex)
    kinds = {m.kind for m in found}
    return bool(found) and len(kinds) == 1 and kinds <= {"P", "R"} and not _has_cue(text) and len(text.split()) <= 4


def _has_cue(text: str) -> bool:
    return lx.SAME.search(text.strip()) is not None or any(
        p.search(text) is not None
        for p in (lx.HIGH, lx.LOW, lx.OTHER_NEUTRAL, lx.UNSEEN, lx.PROPOSAL, lx.AGREEMENT, lx.NEUTRAL)
    )


def _clauses(sentence: str, lex: Lexicon) -> list[tuple[str, bool]]:
    """``sentence`` cut at commas and conjunctions into clauses that each carry a cue: a piece
    without one joins its neighbour (a list of reviewers the clause after it, else the clause before)."""
    parts = _CLAUSE.split(sentence)
    delimiters = ["", *(m.group() for m in _CLAUSE.finditer(sentence))]
    kept = [(d, p) for d, p in zip(delimiters, parts, strict=False) if p and p.strip()]
    pieces = [p for _, p in kept]
    out: list[tuple[str, bool]] = []
    waiting = ""
    for index, piece in enumerate(pieces):
        after_exception = (kept[index][0].split() or [""])[0] in lx.EXCEPTIONS
        cue = _has_cue(piece)
        found = {m.kind for m in mentions(piece, lex) if m.kind in ("R", "P")}
        if not cue and (after_exception or (out and out[-1][1] and found == {"P"})):
            out.append((piece, True))  # "blank everywhere besides GLUE (and GloVe)": left out, not rated
            continue
        if not cue and not found and index + 1 < len(pieces) and (piece.split() or [""])[0] in ("if", "unless"):
            out.append((piece, False))  # "If that falls through for some reason, he'd also be good for BLEU"
            continue
        leading = (kept[index][0].strip(" ,").split() or (piece.split() if index else []) or [""])[0]
        if leading in ("so", "because", "since") and not cue:
            out.append((piece, False))  # a consequence stands alone: "... blank for me so I will choose that one"
            continue
        if cue:
            out.append((f"{waiting} {piece}".strip(), False))
            waiting = ""
            continue
        kinds = found
        following = mentions(pieces[index + 1], lex) if index + 1 < len(pieces) else []
        if kinds == {"R", "P"} and not waiting and any(m.kind == "R" for m in following):
            out.append((piece, False))  # a pair of its own: "Daniel is locked on Electra, but Morgan ... 4/10"
            continue
        if out and not out[-1][1] and (kinds != {"R"} or index == len(pieces) - 1):
            out[-1] = (f"{out[-1][0]} , {piece}", False)
        else:
            waiting = f"{waiting} {piece}"
    if waiting.strip():
        if out and not out[-1][1]:
            out[-1] = (f"{out[-1][0]} , {waiting}", False)
        else:
            out.append((waiting.strip(), False))
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
    if len(rs) > 1 and len(ps) > 1 and ps[0].position < rs[0].position:  # "BLEU (Noah) Electra (Joseph)"
        return [(r.index, max((p for p in ps if p.position < r.position), key=lambda p: p.position).index) for r in rs]
    if len(rs) == 1:
        return [(rs[0].index, p.index) for p in ps]
    if len(rs) > 1 and len(ps) > 1 and rs[-1].position < ps[0].position:  # "Daniel and Noah are blank in QuAC and SWAG"
        return [(r.index, p.index) for r in rs for p in ps]
    if len(ps) == 1:
        before = [r for r in rs if r.position < ps[0].position]
        return [(r.index, ps[0].index) for r in (before if 0 < len(before) < len(rs) else rs)]
    pairs = []
    for i, reviewer in enumerate(rs):
        end = rs[i + 1].position if i + 1 < len(rs) else 10**9
        owned = _unique([p for p in papers if reviewer.position < p.position < end])  # a paper may serve two
        pairs += [(reviewer.index, p.index) for p in owned]  # "Noah on Quac and swag, Morgan on llama"
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


def sentences(text: str, lex: Lexicon | None = None) -> list[tuple[str, bool]]:
    """The sentences of ``text`` with whether each is a question (with ``lex``, also a yes/no
    question about a named reviewer without a question mark: "Is Sofia better than Morgan on Llama")."""
    out: list[tuple[str, bool]] = []
    start = 0
    for match in _SENTENCE.finditer(text):
        piece = text[start : match.start()].strip()
        if piece and out and _continues(out[-1], piece, lex):
            out[-1] = (f"{out[-1][0]} {piece}", out[-1][1] or "?" in match.group())  # "... being placed / in GLUE?"
        elif piece:
            out.append((piece, "?" in match.group() or _opens_question(piece, lex)))
        start = match.end()
    tail = text[start:].strip()
    if tail and out and _continues(out[-1], tail, lex):
        out[-1] = (f"{out[-1][0]} {tail}", out[-1][1] or _opens_question(out[-1][0], lex))
    elif tail:
        out.append((tail, _opens_question(tail, lex)))
    return out


_ASKING = re.compile(
    r"^(?:what|who|whom|whose|how|where|wha|whats|what's|who's|hows|how's|any|anyone|anybody|anything)\b"
    r"|^(?:do|does|did|can|could|would|is|are|was|were)\s+(?:you|u|they|he|she|it|there|anyone|anybody|we)\b"
)


def _opens_question(piece: str, lex: Lexicon | None = None) -> bool:
    """Whether a sentence without a question mark asks ("do you see Andrei's BLEU", "what about GLUE",
    with ``lex`` "is Noah good at BLEU")."""
    bare = _without_interjections(piece)
    if _ASKING.search(bare) is not None:
        return True
    match = _YES_NO_NAME.match(bare)
    if match is None or lex is None:
        return False
    first = mentions(match.group(1), lex)
    return bool(first) and first[0].kind == "R"


_GOES_ON = re.compile(r"(?:in|on|at|for|with)\s")


def _continues(previous: tuple[str, bool], piece: str, lex: Lexicon | None) -> bool:
    """Whether a line only continues the sentence before it: a question's "/ in GLUE?", or a
    statement's "/ for Roberta" (a preposition and one paper)."""
    if _GOES_ON.match(piece) is None:
        return False
    if previous[1]:
        return len(piece.split()) <= 6
    if lex is None or len(piece.split()) > 3:
        return False
    found = mentions(piece, lex)
    return len(found) == 1 and found[0].kind == "P"


_YES_NO_NAME = re.compile(r"(?:is|are|was|does|did)\s+([a-z']+)\b")


def _without_interjections(text: str) -> str:
    words = text.split()
    i = 0
    while i < len(words) - 1 and words[i].strip(",") in lx.INTERJECTIONS:
        i += 1
    return " ".join(words[i:])


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
        text = _SEMICOLON_S.sub("'", text)
        reading = _Reading(context, lx.lexicon(tuple(context.reviewers), tuple(context.papers)))
        text = _earlier_group(text, reading)
        for sentence, is_question in sentences(text, reading.lex):
            pair = reading.pair
            reading.sentence_no += 1
            self._sentence(sentence, is_question, reading)
            if reading.pair is pair:
                reading.pair = None  # only the next sentence answers it
        self._rows_and_columns(reading)
        _answer_polar(text, reading)
        return reading.acts

    def _sentence(self, sentence: str, is_question: bool, reading: _Reading) -> None:
        retraction = _RETRACTION.search(sentence)
        if retraction is not None and _PLACING.search(sentence, retraction.end()):
            retraction = None  # "nevermind, I cant do the swap I was thinking of": a plan is withdrawn
        if retraction is not None:  # "ignore that": the last statement is withdrawn
            reading.acts = [a for a in reading.acts if a not in reading.said]
            reading.kept -= set(reading.said)
            reading.said = []
            sentence = (sentence[: retraction.start()] + " " + sentence[retraction.end() :]).strip(" ,.!")
            if not sentence:
                return
        if _CORRECTION.search(sentence):
            reading.correcting = True
            if self._renamed(sentence, reading):
                return
        elif reading.said_ref and self._renamed(sentence, reading, bare=True):
            return  # "I don't have anything for Daniel for that paper / electra"
        none_above = _NONE_ABOVE.search(sentence)
        if none_above is not None:
            reading.add(OptNoneAbove(value=min(int(none_above.group(1)), MAX_VALUE)))
            sentence = sentence[: none_above.start()] + sentence[none_above.end() :]
        if is_question:
            statement, question = _split_question(sentence, reading.lex)
            if question is not None:
                if statement and _topic_only(statement, reading.lex):
                    statement, question = "", f"{question} {statement}"  # "Regarding SWAG, is there someone ...?"
                if statement and sentence.find(statement) > sentence.find(question):
                    self._question(question, reading)  # "How does Noah sound for SWAG, he seem highly competent ..."
                    self._statement(statement, reading)
                    return
                if statement:
                    self._statement(statement, reading)
                self._question(question, reading)
                return
        self._statement(sentence, reading)

    @staticmethod
    def _renamed(sentence: str, reading: _Reading, bare: bool = False) -> bool:
        """ "Sorry, I meant BLEU": the last statement's cells move to the name the correction gives;
        with ``bare``, a sentence of one paper name after a statement about "that paper" names it."""
        if (_RENAMING.search(sentence) is None and not bare) or len(sentence.split()) > 8:
            return False
        rest = _CORRECTION.sub(" ", sentence)
        found = [m for m in mentions(rest, reading.lex) if m.kind in ("R", "P")]
        kinds = {m.kind for m in found}
        if len(found) != 1 or _has_cue(rest) or not reading.said:
            return False
        if bare and (kinds != {"P"} or len(lx.TOKEN.findall(rest)) > 2):
            return False
        new = found[0]
        moved: list[OptAct] = []
        for act in reading.said:
            if isinstance(act, OptRate | OptUnseen):
                update = {"paper": new.index} if kinds == {"P"} else {"reviewer": new.index}
                moved.append(act.model_copy(update=update))
        if not moved:
            return False
        reading.acts = [a for a in reading.acts if a not in reading.said]
        reading.kept -= set(reading.said)
        for act in moved:
            reading.add(act)
        reading.said = moved
        return True

    # ---- statements -----------------------------------------------------------------------------
    def _statement(self, sentence: str, reading: _Reading) -> None:
        if reading.listed and lx.ALL_ARE.search(sentence):
            level = _level(lx.NEUTRAL.sub(" so-so ", sentence))[0]
            if level is not None:  # "Daniel for LLaMA, Joseph for SWAG / All 4 are green."
                for r, p in reading.listed:
                    reading.add(OptRate(reviewer=r, paper=p, level=level))
                reading.listed = []
                return
        seen = lx.SEE_ALL_BUT.search(sentence)
        if seen is not None:  # "I can see everyone on Roberta except Daniel and Noah"
            columns = [m for m in mentions(seen.group("paper"), reading.lex) if m.kind == "P"]
            missing = [m for m in mentions(seen.group("rest"), reading.lex) if m.kind == "R"]
            if len(_unique(columns)) == 1:
                for m in _unique(missing):
                    reading.add(OptUnseen(reviewer=m.index, paper=columns[0].index))
                sentence = sentence[: seen.start()]
        text = _LUKEWARM.sub(_lukewarm, sentence)
        text = _LUKECOLD.sub(_lukewarm, text)
        text = _NOT_SAY.sub(lambda m: f" so-so {m.group(1)}", text)  # "I wouldn't say Ava is a bad choice"
        text = _TOP_BUT.sub(_lukewarm, text)  # "the highest score I see for GloVe, but it is not extremely high"
        if _NO_GREEN.search(text):
            text = _TOP.sub(" so-so ", text)  # "No green for Sofia, I have her best as Bleu"
        if "green" in text:
            text = _DARKER.sub(" dark green ", text)  # "light green on BLEU and darker on Electra"
        text = lx.NEUTRAL.sub(" so-so ", text)
        if not self._answers_who(text, reading):  # "Andrei on RoBERTa is good for me" after "who is best for RoBERTa?"
            text = lx.AGREEMENT.sub(" okay ", text)
        text = _RANGE.sub(" ", text)
        text = lx.COUNTED.sub(" ", text)  # "in between two green squares"
        text = lx.FEW.sub(" so-so ", text)  # "I don't have that many indicating high expertise"
        text = lx.NOTHING_GOOD.sub(" so-so ", text)  # "I don't have any good scores for QuAC"
        text = _ASIDE.sub(", ", text)  # "He's good for Electra but, like Sofia, might ..."
        previous_level = reading.level
        exception = _EXCEPTION.search(text) is not None
        every = lx.EVERY.search(text)
        but = _BUT.search(text, every.end()) if every is not None else None
        reading.all_but = but is not None and not _has_cue(text[but.end() :])  # not "... but Ethan is great"
        topic = reading.topic
        for number, (clause_text, excepted) in enumerate(_clauses(text, reading.lex)):
            clause = self._read(clause_text, reading)
            if clause.expand and reading.topic != topic and _WHOLE_ROW.search(clause_text) is None:
                clause.expand = False  # "My best SWAG is Santos -- no info on Daniel": on SWAG
            if excepted:
                reading.excepted.update(m.index for m in clause.papers)
                continue
            clause.expand = clause.expand or (clause.unseen and exception and not clause.papers)
            clause.expand = (
                clause.expand
                and _PARTIAL.search(clause_text) is None  # "unknown most everywhere"
                and "PR" not in clause.refs  # "no information on him there"
                and _DEMONSTRATIVE.search(clause_text) is None  # "no info in these areas"
            )
            bare = clause.level is None and not clause.neutral and not clause.unseen and not clause.proposal
            inherited = previous_level if number == 0 else reading.level
            if number == 0 and _FOR_PAIR.search(clause_text):
                inherited = None  # "I have only low scores for Joseph / Andrei for Glove": a proposal
            if inherited is None and not reading.acts:
                inherited = reading.context.requested  # "Daniel, Glove. Ava Swag." after "share your greens"
            if bare and inherited is not None and self._only_names(clause_text, reading.lex):
                clause.level = inherited  # "Andrei is good for BLEU. Ethan Smith Electra.", "..., Andrei on GloVe"
            same = lx.SAME.search(clause_text.strip()) is not None and clause.level is None
            if same and reading.level is not None and not clause.unseen and not clause.neutral:
                clause.level, clause.proposal = reading.level, False
            self._clause(clause, clause_text, reading)
            reading.clauses += 1

    @staticmethod
    def _answers_who(text: str, reading: _Reading) -> bool:
        """Whether a sentence naming one reviewer on a paper the other side asked "who" for is good
        "for me" (a rating that answers, not an agreement): no proposal or agreement word besides."""
        asked = {a.paper for a in reading.context.questions if a.reviewer is None and a.paper is not None}
        if not asked or _GOOD_FOR_ME.search(text) is None or lx.PROPOSAL.search(text) is not None:
            return False
        found = mentions(text, reading.lex)
        reviewers = {m.index for m in found if m.kind == "R"}
        papers = {m.index for m in found if m.kind == "P"}
        return len(reviewers) == 1 and len(papers) == 1 and papers <= asked

    @staticmethod
    def _only_names(text: str, lex: Lexicon) -> bool:
        """Whether a clause holds a reviewer and a paper and nothing but names and linking words."""
        kinds = {m.kind for m in mentions(text, lex)}
        return kinds == {"R", "P"} and all(
            t in lex.name_tokens or t in lx.BARE_PAIR_WORDS or lx.fuzzy(_stem(t, lex), lex) is not None
            for t in lx.TOKEN.findall(text)
        )

    def _read(self, text: str, reading: _Reading) -> _Clause:
        found = mentions(_RATING.sub(" ", text), reading.lex)
        level, neutral = _level(text)
        unseen = lx.UNSEEN.search(text) is not None and _OPINION.search(text) is None
        unseen = unseen and lx.VAGUE_UNSEEN.search(text) is None  # "pretty unknown": nothing
        proposal = lx.PROPOSAL.search(text) is not None and lx.RATING_FRAME.search(text) is None
        words = _without_interjections(text).split()
        plural = any(t in _PLURAL for t in lx.TOKEN.findall(text))
        return _Clause(
            [m for m in found if m.kind == "R"],
            [m for m in found if m.kind == "P"],
            [m for m in found if m.kind == "N"],
            {m.kind for m in found if m.kind in ("RR", "PR", "PROP")},
            plural,
            next((m.index for m in found if m.kind == "RR"), 0),
            level,
            neutral,
            unseen,
            unseen and lx.EXPAND.search(text) is not None,
            proposal,
            lx.CONDITIONAL.search(text) is not None,
            words[0] if words else "",
        )

    def _clause(self, clause: _Clause, text: str, reading: _Reading) -> None:
        reviewers, papers = list(clause.reviewers), list(clause.papers)
        if lx.ONLY_ONE.search(text) and len(_unique(reviewers)) == 1:
            reading.rows.append(reviewers[0].index)  # "Morgan only has 1 score for me": the rest is blank
        only = lx.ONLY_INFO.search(text)
        if only is not None and only.group(
            "name"
        ):  # "the only info I have for Glue is that Ethan is not so good at it"
            named = [m for m in mentions(only.group("name"), reading.lex) if m.kind in ("R", "P")]
            if len(named) == 1:
                (reading.rows if named[0].kind == "R" else reading.columns).append(named[0].index)
        numbers = clause.numbers
        if numbers and not reviewers and not papers:
            numbers = [n for n in numbers if n.index >= SMALL_COUNT]  # "at all 4" is no value
            reviewers = [Mention("R", reading.carry[0], -1)] if reading.carry[0] is not None else []
            papers = [Mention("P", reading.carry[1], -1)] if reading.carry[1] is not None else []
        for number in numbers:
            reviewer, paper = _attach(number, reviewers), _attach(number, papers)
            if reviewer is not None and paper is not None:
                reading.add(OptCell(reviewer=reviewer, paper=paper, value=number.index))
                reading.pair = (reviewer, paper) if len(numbers) == 1 else None  # "Ava in QuAC at 265 / prob the best"
        says = clause.unseen or (clause.level is not None and not clause.proposal)
        before = len(reading.acts)
        kept_before = set(reading.kept)
        rest = not clause.unseen and not clause.papers and lx.REST.search(text) is not None
        if rest and _MY_BOARD.search(text):
            return  # "All the rest of mine are red scores": the speaker's other cells, no row
        if not numbers and says and not clause.conditional:
            if rest:  # "grey on GLUE, everything else red"
                reviewers, papers = self._rest_of(clause, reading), []
            else:
                reviewers, papers = self._resolve(clause, text, reviewers, papers, reading)
            if only is not None and not only.group("name") and len(_unique(reviewers)) == 1:
                reading.rows.append(reviewers[0].index)  # "The only information I have is she is capable in ..."
                reading.only_rows.add(reviewers[0].index)
            if clause.unseen:
                self._unseen(clause, text, reviewers, papers, reading)
            elif rest:
                assert clause.level is not None
                if reviewers:
                    reading.rest.append((reviewers[0].index, clause.level))
            elif reviewers and not papers and lx.EVERY.search(text):
                # "all green but Noah and Ethan": the names after "but" are the exceptions, no row
                if not reading.all_but:
                    assert clause.level is not None
                    for m in _unique(reviewers):
                        for p in range(len(reading.context.papers)):
                            reading.add(OptRate(reviewer=m.index, paper=p, level=clause.level))
            else:
                assert clause.level is not None
                for r, p in _pairs(reviewers, papers):
                    reading.add(OptRate(reviewer=r, paper=p, level=clause.level))
            if clause.level is not None:
                header = not clause.reviewers and not clause.papers and not clause.refs  # "I have these in green:"
                reading.level = clause.level if len(reading.acts) > before or header else None
            if reviewers and papers or clause.unseen:
                self._about(reviewers, papers, reading)
            elif len(_unique(clause.reviewers)) == 1:
                reading.subject = clause.reviewers[0].index  # "Morgan has some pretty bad options, but is ..."
            new_acts = [a for a in reading.acts if a not in kept_before]
            if new_acts:
                reading.said = new_acts
                reading.said_ref = "PR" in clause.refs and not clause.papers
        elif clause.level is None and clause.neutral:
            reading.level = None
            if not clause.proposal:
                self._about(reviewers, papers, reading)  # "Joseph is average on BLEU, below average on GLUE"
        elif not says and not clause.proposal and (reviewers or papers) and _names_only(text, reading.lex):
            self._about(reviewers, papers, reading)  # bare names: "Daniel at RoBERTa / is unknown to me"
        if (
            not says
            and not clause.proposal
            and not clause.neutral
            and not numbers
            and clause.reviewers
            and clause.papers
        ):
            reading.listed += _pairs(clause.reviewers, clause.papers)  # for "All 4 are green." after the list
        placed = not says and _ALREADY_PLACED.search(text) is not None
        if clause.reviewers and reading.subject not in {m.index for m in clause.reviewers} and not placed:
            reading.subject = None  # "Let's put Morgan on RoBERTa! She ...": she is Morgan, not the earlier subject
        earlier_reviewer, earlier_recent = reading.reviewer, list(reading.recent)
        self._remember(reviewers, papers, reading, (clause.reviewers, clause.papers))
        if placed and earlier_reviewer is not None:  # "Noah ..., but we already have Andrei there ... he'd also": Noah
            moved = [r for r in reading.recent if r not in earlier_recent]
            reading.reviewer, reading.recent = earlier_reviewer, moved + [r for r in reading.recent if r not in moved]

    @staticmethod
    def _rest_of(clause: _Clause, reading: _Reading) -> list[Mention]:
        """The one reviewer whose row "everything else" rates: the clause's, else the message's only
        subject, else the other side's question's (none when the message spoke of several)."""
        named = _unique(clause.reviewers)
        if named:
            return named if len(named) == 1 else []
        if clause.refs & {"RR"} and clause.plural:
            return []
        r = reading.subject if len(reading.subjects) <= 1 and reading.subject_at == reading.sentence_no else None
        if r is None and not reading.subjects:
            r = reading.question("R")
        return [Mention("R", r, -1)] if r is not None else []

    def _resolve(
        self, clause: _Clause, text: str, reviewers: list[Mention], papers: list[Mention], reading: _Reading
    ) -> tuple[list[Mention], list[Mention]]:
        """Fill a clause's missing reviewer or paper from its pronouns and references, the message
        so far, the other side's question and the dialogue (see the package docstring)."""
        context = reading.context
        unnamed = lx.UNNAMED.search(text) is not None
        subject_clause = lx.SUBJECT.search(text) is not None
        if not reviewers:
            r: int | None = None
            if "RR" in clause.refs:
                if clause.plural and len(reading.group) > 1:
                    return self._resolve_papers(
                        clause, text, [Mention("R", i, -1) for i in reading.group], papers, reading
                    )
                if clause.plural and clause.expand:
                    return reviewers, papers  # "no values for either of them": whose row?
                r = reading.pronoun(clause.gender)
            elif "PROP" in clause.refs and context.proposal is not None and papers:
                r = next((i for i, p in enumerate(context.proposal) if p == papers[0].index), None)
            elif clause.expand and papers:
                pass  # "no scores for RoBERTa": a column, nobody's row
            elif not unnamed and (papers or clause.first in lx.CONTINUATION or clause.expand):
                r = reading.subject if reading.subject is not None else reading.question("R")
                if r is None and clause.expand:
                    r = reading.reviewer
                if clause.expand and not papers and len(reading.subjects | ({r} if r is not None else set())) > 1:
                    r = None  # "everything else is empty": about which row?
            elif not unnamed and (subject_clause or "PR" in clause.refs) and not papers:
                # "it's red": the cell under discussion; the dialogue's only for a reference or an answer
                known = clause.unseen or bool(context.questions) or _EXPLICIT_REF.search(text) is not None
                dialogue = (context.last_reviewer,) if known else ()
                from_question = (reading.question("R"),)
                order = (*dialogue, *from_question) if context.named_after_question else (*from_question, *dialogue)
                r = next((x for x in (reading.subject, reading.reviewer, *order) if x is not None), None)
            elif not clause.refs and reading.pair is not None and len(lx.TOKEN.findall(text)) <= 5:
                return [Mention("R", reading.pair[0], -1)], [
                    Mention("P", reading.pair[1], 10**6)
                ]  # "Andrei for Roberta? Green."
            elif (
                not unnamed
                and not papers
                and (reading.clauses == 0 or (not reading.acts and reading.subject is None))
                and len(context.questions) == 1
            ):
                asked = context.questions[0]  # "Nope, red" answers "Is Daniel good on RoBERTa?"
                if asked.reviewer is not None and asked.paper is not None:
                    return [Mention("R", asked.reviewer, -1)], [Mention("P", asked.paper, 10**6)]
            if r is not None:
                reviewers = [Mention("R", r, -1)]
        return self._resolve_papers(clause, text, reviewers, papers, reading)

    def _resolve_papers(
        self, clause: _Clause, text: str, reviewers: list[Mention], papers: list[Mention], reading: _Reading
    ) -> tuple[list[Mention], list[Mention]]:
        context = reading.context
        if papers or not reviewers:
            return reviewers, papers
        if "PROP" in clause.refs and context.proposal is not None:
            props = context.proposal
            return reviewers, [Mention("P", props[m.index], m.position + 1) for m in reviewers if m.index < len(props)]
        p: int | None = None
        if "RR" in clause.refs and "PR" not in clause.refs and reading.paper is not None and not clause.expand:
            p = reading.paper  # "Let's add Ava for RoBERTa. She has a great score."
        elif "PR" in clause.refs or lx.SUBJECT.search(text):
            p = reading.paper
            if p is None and context.named_after_question:
                p = context.last_paper  # "What about BLEU? / Ethan would be great for SWAG" then "... there"
            if p is None:
                p = reading.question("P")
            if p is None:
                p = context.last_paper
        elif (
            not clause.expand
            and not _dangling(text, reading.lex)
            and not lx.EVERY.search(text)
            and not _PARTIAL.search(text)
            and not lx.PLURAL_LEVEL.search(text)
        ):
            p = reading.topic if reading.topic is not None else reading.question("P")
            if p is None and (clause.unseen or _ALSO.search(text) is not None):
                p = context.last_paper  # "I think Daniel might also be a good fit": the paper under discussion
        return reviewers, ([Mention("P", p, 10**6)] if p is not None else [])

    def _unseen(
        self, clause: _Clause, text: str, reviewers: list[Mention], papers: list[Mention], reading: _Reading
    ) -> None:
        """Unseen cells; a row or a column is kept for the end of the message (what the message
        rates or leaves out after "except" is not unseen)."""
        weak = lx.WEAK_ANYTHING.search(text) is not None and lx.UNSEEN.search(lx.WEAK_ANYTHING.sub(" ", text)) is None
        if clause.expand and weak and not _AT_ALL.search(text):
            return  # "I dont see really anything for Joseph": nothing good, not nothing at all
        if clause.expand and reviewers and not clause.papers:
            for m in _unique(reviewers):
                reading.rows.append(m.index)
            return
        column = not clause.refs & {"RR"} and (
            lx.UNSEEN.search(lx.WEAK_UNSEEN.sub(" ", text)) is not None or _AT_ALL.search(text) is not None
        )
        if clause.expand and papers and not clause.reviewers and not reviewers:
            if not column or _SUBSET.search(text):
                return  # "and both blank for BLEU" (both unknown), "nothing for GLUE" (no good option), "for any unselected person"
            for m in _unique(papers):
                reading.columns.append(m.index)
            return
        for r, p in _pairs(reviewers, papers):
            reading.add(OptUnseen(reviewer=r, paper=p))

    @staticmethod
    def _rows_and_columns(reading: _Reading) -> None:
        """Every cell of the unseen rows and columns but those the message names or rates otherwise."""
        k_r, k_p = len(reading.context.reviewers), len(reading.context.papers)
        rated = {c for a in reading.acts if (c := _cell_of(a)) is not None}
        cells = {(a.reviewer, a.paper) for a in reading.acts if isinstance(a, OptCell)}
        for reviewer in reading.rows:
            named = reading.named_papers.get(reviewer, set())
            if reviewer in reading.only_rows:
                named = named | reading.papers_named
            for paper in range(k_p):
                left_out = paper in named or paper in reading.excepted
                if (reviewer, paper) not in rated and (reviewer, paper) not in cells and not left_out:
                    reading.add(OptUnseen(reviewer=reviewer, paper=paper))
        for reviewer, level in reading.rest:
            named = reading.named_papers.get(reviewer, set()) | reading.excepted | set(reading.columns)
            taken = {c for a in reading.acts if (c := _cell_of(a)) is not None}
            for paper in range(k_p):
                if paper not in named and (reviewer, paper) not in taken and (reviewer, paper) not in cells:
                    reading.add(OptRate(reviewer=reviewer, paper=paper, level=level))
        for paper in reading.columns:
            for reviewer in range(k_r):
                if (reviewer, paper) not in rated and (reviewer, paper) not in cells:
                    reading.add(OptUnseen(reviewer=reviewer, paper=paper))

    @staticmethod
    def _about(reviewers: Sequence[Mention], papers: Sequence[Mention], reading: _Reading) -> None:
        """Remember the reviewer and paper a statement was about (for the clauses after it)."""
        if reviewers:
            reading.subject = reviewers[0].index
            reading.subject_at = reading.sentence_no
            reading.subjects.update(m.index for m in reviewers)
        if papers:
            reading.topic = papers[-1].index

    @staticmethod
    def _remember(
        reviewers: Sequence[Mention],
        papers: Sequence[Mention],
        reading: _Reading,
        explicit: tuple[Sequence[Mention], Sequence[Mention]] | None = None,
    ) -> None:
        """Remember the names a clause spoke of (for pronouns and values after it); the names it
        wrote out (``explicit``, default: all) are left out of its unseen rows."""
        if reviewers:
            reading.reviewer = reviewers[-1].index
            reading.recent = [r for r in reading.recent if r not in {m.index for m in reviewers}]
            reading.recent += list(dict.fromkeys(m.index for m in reviewers))
            distinct = list(dict.fromkeys(m.index for m in reviewers))
            if len(distinct) > 1:
                reading.group = distinct
        if papers:
            reading.paper = papers[-1].index
        written_reviewers, written_papers = explicit if explicit is not None else (reviewers, papers)
        reading.papers_named.update(p.index for p in written_papers)
        for m in written_reviewers:
            reading.named_papers.setdefault(m.index, set()).update(p.index for p in written_papers)
        if reviewers or papers:
            reading.carry = (
                reviewers[-1].index if reviewers else reading.carry[0],
                papers[-1].index if papers else reading.carry[1],
            )

    # ---- questions ------------------------------------------------------------------------------
    @staticmethod
    def _proposes(bare: str, papers: Sequence[Mention], reading: _Reading) -> bool:
        """Whether a question offers a placement ("can Ethan Llama?", "could Noah take SWAG?"): a
        modal, a reviewer and a paper without a rating cue."""
        match = _MODAL_REVIEWER.match(bare)
        if match is None or not papers or _rates(bare) or _WH_START & set(bare.split()):
            return False
        if match.group(1) in lx.REVIEWER_PRONOUNS:
            return match.group(2) in _MOVES  # "can he go on GLOVE or SWAG?" (not "can they be on LLaMA?")
        first = mentions(match.group(1), reading.lex)
        return bool(first) and first[0].kind == "R"

    def _question(self, sentence: str, reading: _Reading) -> None:
        text = _RANGE.sub(" ", _RATING.sub(" ", sentence)).strip(" ?!.,")
        text = _EXCEPTED_NAME.sub(lambda m: _unless_paper(m, reading.lex), text)  # "good outside of Bleu?"
        found = mentions(text, reading.lex)
        reviewers = [m for m in found if m.kind == "R"]
        papers = [m for m in found if m.kind == "P"]
        refs = {m.kind for m in found if m.kind in ("RR", "PR", "PROP")}
        tokens = lx.TOKEN.findall(text)
        bare = _without_interjections(text)
        if lx.ECHO.search(bare) and not reviewers and not papers:
            if reading.context.questions:
                for ask in reading.context.questions:
                    reading.add(ask)
            elif not reading.acts:  # "not much on Morgan or Ethan, how about you?"
                for r in sorted(reading.named_papers, key=list(reading.named_papers).index):
                    reading.add(OptAsk(reviewer=r))
            return
        if lx.AGREEMENT_QUESTION.search(bare) or self._proposes(bare, papers, reading):
            self._remember(reviewers, papers, reading)
            return
        if reviewers and not papers and lx.PAIR_QUESTION.search(text) and _dangling(text, reading.lex):
            self._remember(reviewers, papers, reading)  # "how about Joseph Santos for third?"
            return
        if reviewers and papers and _WE_PLACE.search(bare):
            self._remember(reviewers, papers, reading)  # "Is there a possibility we can go with Sofia for BLEU?"
            return
        if reviewers and not papers and "PR" in refs and _PLACING.search(text):
            self._remember(reviewers, papers, reading)  # "might put andrei there?"
            return
        opener = (bare.split() or [""])[0] in _OPENERS
        if not opener and not reviewers and "RR" in refs and _rates(text):
            self._statement(sentence, reading)  # "I think he would be great at GloVe?"
            return
        if not opener and reviewers and papers:  # "Daniel for BLEU?", "Glue I have Ethan, I guess?"
            self._remember(reviewers, papers, reading)
            if len(_unique(reviewers)) == 1 and len(_unique(papers)) == 1:
                reading.pair = (reviewers[0].index, papers[0].index)
            return
        if (
            reviewers
            and papers
            and (
                lx.PAIR_QUESTION.search(text)
                or all(
                    t in lx.BARE_PAIR_WORDS or t in reading.lex.first_words or lx.fuzzy(t, reading.lex) for t in tokens
                )
            )
        ):
            self._remember(reviewers, papers, reading)
            return
        wh = any(t in lx.WH_WORDS for t in tokens)
        cue = not wh and any(p.search(text) for p in (lx.HIGH, lx.LOW, lx.UNSEEN, lx.OTHER_NEUTRAL))
        if papers and any(t in lx.SEEKING_REVIEWERS for t in tokens):
            reviewers = []  # "any good options for QuAC that aren't Morgan?"
        elif not reviewers and ("RR" in refs or (cue and papers and len(tokens) <= 6)):
            if any(t in _PLURAL for t in tokens) and len(reading.group) > 1:
                reviewers = [Mention("R", i, -1) for i in reading.group]
            else:
                gender = next((m.index for m in found if m.kind == "RR"), 0)
                who = reading.pronoun(gender)
                if who is not None:
                    reviewers = [Mention("R", who, -1)]
        if not papers and reviewers and ("PR" in refs or "PROP" in refs or (cue and len(tokens) <= 6)):
            if "PROP" in refs and reading.context.proposal is not None:
                props = reading.context.proposal
                papers = [Mention("P", props[m.index], m.position + 1) for m in reviewers if m.index < len(props)]
            else:
                p = reading.paper if reading.paper is not None else reading.context.last_paper
                if p is not None:
                    papers = [Mention("P", p, 10**6)]
        if (
            not reviewers
            and not papers
            and "PR" in refs
            and reading.paper is not None
            and reading.clauses > 0
            and _BOARD_ASK.search(text) is not None
            and len(tokens) <= 10
        ):
            papers = [Mention("P", reading.paper, 10**6)]  # "Andrei is blank on GLUE, what do you have there?"
            if reading.subject is not None and not _INDEFINITE.search(text):  # "a dark green for that paper?"
                reviewers = [Mention("R", reading.subject, -1)]
        if not reviewers and not papers and "PR" in refs and cue and len(tokens) <= 10:
            candidates = (reading.subject, reading.reviewer, reading.context.last_reviewer)
            cell_r = next((x for x in candidates if x is not None), None)
            cell_p = reading.paper if reading.paper is not None else reading.context.last_paper
            if cell_r is not None and cell_p is not None:  # "Is it dark green?" after "Daniel is best for LLaMA"
                reviewers, papers = [Mention("R", cell_r, -1)], [Mention("P", cell_p, 10**6)]
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
        if len(_unique(reviewers)) == 1:
            reading.subject = reviewers[0].index  # "What about Joseph? He is green on Electra": he is Joseph
        self._remember(reviewers, papers, reading)


_LUKEWARM = re.compile(
    r"\b(?:decent|good|ok|okay|fine|solid|alright|average)\b[^.,;!?]{0,40}?\bbut\s+not\s+(?:that\s+|very\s+|super\s+|so\s+)?"
    r"(?:great|amazing|the\s+best|super|ideal|excellent|good|outstanding|stellar)\b"
)


_LUKECOLD = re.compile(
    r"\b(?:red|bad|low|pink|weak|poor)\b[^.;!?]{0,40}?\bbut\s+not\s+(?:terrible|horrible|awful|that\s+bad|too\s+bad|so\s+bad"
    r"|the\s+worst)\b"
)
"""A low cue taken back ("it's red but not terrible"): no rating, as "decent but not great"."""


_TOP_BUT = re.compile(
    r"\b(?:highest|best?|top|strongest)\b[^.;!?]{0,60}?\bbut\s+(?:it'?s\s+|its\s+|it\s+is\s+|that'?s\s+|s?he'?s\s+|s?he\s+is\s+)?"
    r"(?:still\s+)?not\s+(?:an?\s+)?(?:(?:extremely|very|super|that|really|too|so|particularly)\s+)?(?:high|great|good|amazing|strong|green|dark)\b"
)
"""The top of a column taken back ("the highest I see, but it is not extremely high"): no rating."""
_NO_GREEN = re.compile(r"\bno\s+(?:(?:dark|light|real)\s+)?greens?\b")
_TOP = re.compile(r"\b(?:best|highest|top)\b")
_DARKER = re.compile(r"\b(?:even\s+)?darker\b(?!\s+than)")


def _lukewarm(match: re.Match[str]) -> str:
    """ "decent at BLEU but not great" rates nothing: its cue words become "so-so", its names stay."""
    words = match.group().split()
    cut = len(words) - 1 - words[::-1].index("but")
    return " ".join(["so-so", *words[1:cut]])


_CORRECTION = re.compile(
    r"\b(?:actually|wait|misread|mistake|my\s+bad|scratch|correction|i\s+meant?|oops|sorry|rather|instead|typo)\b"
)
_BUT = re.compile(r"\b(?:but|except|besides|other\s+than|apart\s+from|aside\s+from)\b")
_RETRACTION = re.compile(
    r"\b(?:ignore\s+(?:that|this|it|what\s+i\s+(?:just\s+)?said|me|my\s+last)|never\s*mind|nvm|scratch\s+that"
    r"|disregard(?:\s+(?:that|this|it|my\s+last))?|forget\s+(?:that|it|what\s+i\s+(?:just\s+)?said))\b"
)
_OPINION = re.compile(r"\bsee\s+\w+(?:\s+\w+)?\s+(?:handling|doing|working|being|reviewing|fitting|going|taking|as)\b")
_OPENERS = lx.QUESTION_OPENERS | {"would", "should", "will", "have", "has", "had", "why", "when"}


def _rates(text: str) -> bool:
    """Whether ``text`` has a rating or unseen cue."""
    return any(p.search(text) for p in (lx.HIGH, lx.LOW, lx.UNSEEN))


_ALREADY_PLACED = re.compile(r"\b(?:already|currently)\b")
"""A reviewer said to be placed already ("since we already have Andrei there") is not the next "he"."""
_PLACING = re.compile(r"\b(?:put|place|move|assign|switch|swap|lock|keep|stick|throw|toss)\b")
_WE_PLACE = re.compile(r"\b(?:we|i)\s+(?:can|could|should)\s+(?:go|put|do|try|move|swap|assign|lock|use|place)\b")
_INDEFINITE = re.compile(r"\b(?:a|an|any|anyone|anybody|someone|somebody)\b")
_BOARD_ASK = re.compile(r"\b(?:have|has|see|seeing|got|show|showing|know)\b")
"""A question about what the other side's board holds ("what do you have there?"), not its opinion."""
_MODAL_REVIEWER = re.compile(r"(?:so\s+|and\s+|then\s+)?(?:can|could|should)\s+([a-z']+)\b(?:\s+([a-z']+))?")
_MOVES = frozenset({"go", "take", "move", "switch", "swap", "slide", "shift"})
_WH_START = frozenset({"what", "where", "who", "which", "how", "why", "when", "whom"})
_EXPLICIT_REF = re.compile(
    r"\bthere\b|\bthat\s+(?:paper|one|area|category|field|column|subject|topic|square|spot|slot|cell)\b"
)
_ALSO = re.compile(r"(?<!\bi\s)(?<!\bwe\s)(?<!\bi'd\s)(?<!\bi'll\s)\b(?:also|too|as\s+well)\b")
"""A reviewer "also" good (not the speaker: "I also have Ava as a bright green")."""
_WHOLE_ROW = re.compile(
    r"\b(?:at\s+all|any(?:thing|\s+papers?|\s+of\s+them)?|every\w*|all|complete(?:ly)?|total(?:ly)?|entire(?:ly)?|whole|rest|others?|else)\b"
)
"""Words that keep an unseen claim about a reviewer a whole row after a statement set the paper."""
_AT_ALL = re.compile(r"\b(?:at\s+all|whatsoever|completely|totally|entirely|everywhere|any\s+(?:papers?|of\s+them))\b")
_SUBSET = re.compile(
    r"\b(?:unselected|unassigned|remaining|available|left|open|free|untaken|unpicked|other|else|any\s+(?:\w+\s+)?(?:person|one|reviewer))\b"
)
"""Words that narrow a column to some of its reviewers ("no info on GLUE for any unselected person")."""
_NOT_SAY = re.compile(
    r"\b(?:wouldn'?t|would\s+not|won'?t)\s+say\s+((?:[a-z']+\s+){0,4}?)(?:a\s+|an\s+)?(?:bad|terrible|poor|awful)\b"
)
_FOR_PAIR = re.compile(r"^(?!(?:and|also|plus|then|or)\b)[a-z']+(?:\s+[a-z']+)?\s+for\s+[a-z']+$")
_MY_BOARD = re.compile(r"\b(?:of\s+mine|(?:on|in|of)\s+my\s+(?:board|end|side|table|chart|grid|cells|squares|list))\b")
_EXCEPTED_NAME = re.compile(
    r"\b(?:outside\s+of|besides|except(?:\s+for)?|other\s+than|apart\s+from|aside\s+from)\s+([a-z']+)"
)
_ASIDE = re.compile(r",\s*(?:just\s+)?(?:like|unlike)\s+[a-z']+(?:\s+[a-z']+)?\s*,")
_DEMONSTRATIVE = re.compile(r"\b(?:these|those)\b")
_PARTIAL = re.compile(r"\b(?:most|some|many|several|few|half|almost|nearly|mostly)\b")
_RENAMING = re.compile(r"\b(?:i\s+meant?|sorry|typo|oops|my\s+bad|correction|misread|misspoke)\b")
_PLURAL = frozenset({"they", "them", "their", "they're", "they'd", "both", "those", "these"})
_SEMICOLON_S = re.compile(r"(?<=[a-z]);(?=s\b)")
_EXCEPTION = re.compile(r"\b(?:except|besides|other\s+th[ae]n|apart\s+from|aside\s+from|but\s+for)\b")


_DID_I_MENTION = re.compile(r"(?:did|have)\s+i\s+(?:mention(?:ed)?|say|said|tell\s+you|told\s+you)\s+(?:that\s+)?")
_INNER_QUESTION = re.compile(r"\b(?:how\s+(?:is|are|about)|what\s+about|is|are|was|does|did|can|could)\s+([a-z']+)")


def _split_question(sentence: str, lex: Lexicon | None = None) -> tuple[str, str | None]:
    """A question sentence as its statement part and its question part ("I have Morgan green on
    BLEU, do you have better?"); ``(sentence, None)`` when it is a statement after all ("I think he
    would be great at GloVe?")."""
    start = _QUESTION_START.search(sentence)
    if start is not None and start.start() > 0:
        cut = start.start()
        before = sentence[:cut].split()
        if before and before[-1] in _WH_START:  # "Where do you think Ava would excel?"
            cut = sentence.rfind(before[-1], 0, cut)
        return sentence[:cut].strip(" ,"), sentence[cut:]
    comma = sentence.rfind(",")
    if comma > 0:
        tail = _without_interjections(sentence[comma + 1 :].strip())
        if _ASKING.search(tail) or lx.ECHO.search(tail):
            return sentence[:comma], tail
        head = sentence[:comma]
        if lex is not None and _rates(head) and {m.kind for m in mentions(head, lex)} >= {"R", "P"}:
            return head, tail  # "Ethan is very good at Glove, you said joseph was unknown at glove right?"
        if lex is not None and _rates(tail) and any(m.kind in ("R", "RR") for m in mentions(tail, lex)):
            return tail, head  # "How does Noah sound for SWAG, he seem highly competent in that area."
    mention = _DID_I_MENTION.match(sentence)
    if mention is not None:
        return sentence[mention.end() :], None  # "Did i mention I have no data on Andrei?"
    if lex is not None:
        for tries, match in enumerate(_INNER_QUESTION.finditer(sentence)):
            if tries >= 4:
                break
            word = match.group(1)
            named = word in lx.REVIEWER_PRONOUNS or any(m.kind == "R" for m in mentions(word, lex))
            head = sentence[: match.start()]
            if match.start() > 0 and named and _rates(head):
                return head.strip(" ,"), sentence[match.start() :]  # "Ava is bad at GLUE is Joseph unknown?"
    if lx.STATEMENT_OPENERS.search(sentence) is not None:
        return sentence, None
    return "", sentence


def requested_level(message: str) -> Level | None:
    """The level a message asks the other side to list ("share your dark greens": ``high``), if any."""
    text = clean_message(message).lower()
    if lx.REQUEST_HIGH.search(text):
        return "high"
    return "low" if lx.REQUEST_LOW.search(text) else None


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


_GROUP_REF = re.compile(
    r"(?<!\bone\sof\s)\bthose(?:\s+(?P<count>[2-8]|two|three|four|five))?"
    r"(?:\s+(?P<noun>papers?|columns?|ones|areas|topics|reviewers|people|guys|names|folks))?"
    r"(?=\s*(?:$|[?.!,/;:)]|(?:are|were|r|is|for|on|in|at|to|too|as|with|all|both|either|then|though|and|or|but|"
    r"please|right|i|you|we)\b))"
)
"""A group named in an earlier turn: "those", "those 3", "those papers" (not "those numbers")."""
_GOOD_FOR_ME = re.compile(
    r"\b(?:is|are|looks?|seems?)\s+(?:really\s+|very\s+|pretty\s+)?(?:good|great)\s+(?:for|to|with)\s+me\b"
)
"""A cell "good for me" (a rating when it answers "who is best for X?")."""
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}
_PAPER_NOUNS = frozenset({"paper", "papers", "column", "columns", "areas", "topics"})
_REVIEWER_NOUNS = frozenset({"reviewers", "people", "guys", "names", "folks"})
_YES = frozenset({"yes", "yeah", "yep", "yup", "yea", "ya", "yws", "yess", "correct", "affirmative", "exactly"})
_NO = frozenset({"no", "nope", "nah", "negative"})
_POLAR = frozenset({"is", "are", "was", "were", "does", "do", "did", "has", "have"})


def _earlier_group(text: str, reading: _Reading) -> str:
    """``text`` with its first "those" written out as the group of an earlier turn it stands for,
    when the message names no such group before it: papers when the message names a reviewer ("He is
    bad on those"), reviewers when it names a paper ("those are red on QuAC"), else the group named
    last; "those 2" is the last two of the group."""
    context = reading.context
    match = _GROUP_REF.search(text) if context.group_reviewers or context.group_papers else None
    if match is None:
        return text
    before = {m.kind for m in mentions(text[: match.start()], reading.lex)}
    kinds = before | {m.kind for m in mentions(text[match.end() :], reading.lex)}
    noun = match.group("noun")
    has_r, has_p = bool(kinds & {"R", "RR"}), "P" in kinds
    kind: str | None
    if noun in _PAPER_NOUNS:
        kind = "P"
    elif noun in _REVIEWER_NOUNS:
        kind = "R"
    elif has_r != has_p:
        kind = "P" if has_r else "R"
    else:
        kind = None if has_r else context.group_latest
    if kind is None or kind in before:
        return text  # the group is in the message itself ("bad at BLEU and Electra, those are my reds")
    group = context.group_papers if kind == "P" else context.group_reviewers
    count = match.group("count")
    wanted = (_COUNT_WORDS.get(count) or int(count)) if count else len(group)
    if wanted < 2 or wanted > len(group):
        return text
    names = [(context.papers if kind == "P" else context.reviewers)[i].lower() for i in group[-wanted:]]
    return f"{text[: match.start()]}{', '.join(names[:-1])} and {names[-1]}{text[match.end() :]}"


def _answer_polar(text: str, reading: _Reading) -> None:
    """A "yes" / "correct" opening the message answers the other side's yes-no question about one
    cell with its cue ("Is Ava unknown on GloVe?" "Yes": a blank); a "no" answers "is X good at
    Y?" with low ("not good"), and "is X unknown / bad ...?" with nothing."""
    context = reading.context
    cells = {(a.reviewer, a.paper) for a in context.questions if a.reviewer is not None and a.paper is not None}
    if context.asked_cue is None or len(cells) != 1:
        return
    head = lx.TOKEN.findall(text[:40])[:2]
    yes, no = any(t in _YES for t in head), any(t in _NO for t in head)
    r, p = next(iter(cells))
    if yes == no or r is None or p is None or any(_cell_of(a) == (r, p) for a in reading.acts):
        return
    if yes and context.asked_cue == "unseen":
        reading.add(OptUnseen(reviewer=r, paper=p))
    elif yes and context.asked_cue != "unseen":
        reading.add(OptRate(reviewer=r, paper=p, level=context.asked_cue))
    elif no and context.asked_cue == "high":
        reading.add(OptRate(reviewer=r, paper=p, level="low"))


def dialogue_names(
    message: str, context: OptimizationContext
) -> tuple[tuple[int, ...], tuple[int, ...], Literal["high", "low", "unseen"] | None, bool]:
    """What the belief store keeps of a message for the next one's "those", "yes" and "there".

    Args:
        message: any text.
        context: the names.

    Returns:
        ``(reviewers, papers, asked_cue, named_after_question)``: the reviewers and the papers the
        message names, each once in the order named; the cue of its last yes-no question ("Is Ava
        unknown on GloVe?": ``"unseen"``; "is Noah good at BLEU?": ``"high"``; else ``None``); and
        whether it names a reviewer or paper after its last question mark.
    """
    text = straight_apostrophes(clean_message(message)).lower()
    lex = lx.lexicon(tuple(context.reviewers), tuple(context.papers))
    found = mentions(text, lex)
    reviewers = tuple(dict.fromkeys(m.index for m in found if m.kind == "R"))
    papers = tuple(dict.fromkeys(m.index for m in found if m.kind == "P"))
    cue: Literal["high", "low", "unseen"] | None = None
    for sentence, is_question in sentences(text, lex):
        if not is_question:
            continue
        tokens = lx.TOKEN.findall(sentence)
        cue = None
        if tokens and tokens[0] in _POLAR and not any(t in lx.WH_WORDS for t in tokens):
            cue = "unseen" if lx.UNSEEN.search(sentence) else _level(sentence)[0]
    mark = text.rfind("?")
    after = mark >= 0 and any(m.kind in ("R", "P") for m in mentions(text[mark + 1 :], lex))
    return reviewers, papers, cue, after
