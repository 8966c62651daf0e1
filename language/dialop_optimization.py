"""Offline language layer for DialOp Optimization: acts, a rule parser and a template renderer.

Players of the reviewer-matching game talk about cells of the value table ("Ava Li on BLEU: 61",
"I have sofia patel at 700 for glue", "noah is green in BLEU at 672, LLaMA at 629"). Every value
is in the *speaker's* display units (each player sees the table multiplied by its own hidden scale);
converting them is the belief store's job, not the language layer's.

| act              | fields                         | example message                         |
|------------------|--------------------------------|-----------------------------------------|
| ``opt_cell``     | ``reviewer``, ``paper``, value | "Ava: BLEU 80, GloVe 75."               |
| ``opt_none_above`` | ``value``                    | "Nothing else above 600."               |
| ``opt_ask``      | ``reviewer`` and/or ``paper``  | "What do you have for Ava on BLEU?"     |
| ``opt_rate``     | ``reviewer``, ``paper``, level | "Ava is good on BLEU, GloVe."           |
| ``opt_unseen``   | ``reviewer``, ``paper``        | "No value for Ava on BLEU."             |

Reviewers and papers are indices into the context's name lists. The parser reads a message as
sentences (split at ``. ! ? ;``, line breaks and " / "); in each sentence it finds name mentions
(full names, first or last names when unique, small typos such as "Ehan" or "Roberts") and numbers.
A number becomes a cell with the paper just before it ("BLEU 80", "LLaMA at 629") or else the
nearest paper, and the reviewer before it ("Ava: BLEU 80, GloVe 75") or else the nearest one after
it ("I have 40 for Ava on BLEU"). A sentence with a number (10 or more) but no names reuses the
previous sentence's reviewer and paper; numbers in questions are not values. Ratings ("10/10", "9
out of 10"), ordinals ("8th"), counts followed by a noun ("3 papers", "4 early locks"), ranges
("4-5"), percentages and ``#n`` are not values. A question naming a reviewer or paper but no value
is an ``opt_ask``. A statement without values but with a rating cue ("amazing", "dark green", "9/10"
are ``high``; "bad", "red", "not so good", "3/10" are ``low``; a low cue wins) rates its cells, and
one saying the speaker lacks a value ("no value for", "I don't see", "no info on", "blank") marks
them unseen: one reviewer with each paper named, or one paper with each reviewer, else each reviewer
with the next paper. Anything else yields ``[]``; the parser never raises.

Known limits: references such as "that paper", "it" or "the 6th paper" are not resolved; a rating
applies to every cell its sentence pairs up ("Daniel is locked on Electra, but Morgan is 4/10" rates
both low); "everyone is bad except Ava" rates Ava bad too; comparisons ("slightly worse", "middling")
are not read.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from games.dialop.base import Accept, Propose, Reject
from language.act_base import ActBase
from language.acts import Intent
from language.text import clean_message

__all__ = [
    "OptAsk",
    "OptCell",
    "OptNoneAbove",
    "OptRate",
    "OptUnseen",
    "OptimizationContext",
    "OptimizationParser",
    "OptimizationRenderer",
]

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
    """What the language layer needs: the row (reviewer) and column (paper) names, in order."""

    model_config = ConfigDict(frozen=True)

    reviewers: tuple[str, ...]
    papers: tuple[str, ...]


# ---- lexicon -------------------------------------------------------------------------------------

_TOKEN = re.compile(r"#?\d+(?:[.,]\d+)?(?:st|nd|rd|th|%|k)?|[a-z][a-z']*")
_SENTENCE = re.compile(r"(?<!\d)[.!?;\n]+|[.!?;\n]+(?!\d)|\s/\s|\s-\s")
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
_HIGH = re.compile(
    r"\b(?:amazing|great|excellent|good|strong|solid|best|top|high|higher|highest|green|perfect|wonderful|super"
    r"|fantastic|ideal|above average|well|better|strongest|confident|locks?|locked|(?:[7-9]|10)\s*/\s*10)\b"
)
_LOW = re.compile(
    r"\b(?:bad|poor|terrible|awful|low|lower|lowest|red|weak|worst|below average"
    r"|(?:not|isn'?t|aren'?t) (?:so |that |very |too |a )?(?:good|great|strong|high|fit)|[0-4]\s*/\s*10)\b"
)
_UNSEEN = re.compile(
    r"\b(?:no (?:value|values|info|information|data|score|scores|number) (?:for|on|about)|(?:don'?t|do not|can'?t|cannot)"
    r" (?:see|have)|nothing (?:for|on)|blank|empty|unknown)\b"
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
_QUESTION_OPENERS = frozenset({"what", "which", "who", "how", "any", "do", "does", "did", "is", "are", "can", "could"})
_STOPWORDS = frozenset(
    """
    than then also good great glue blue lower more most nothing sure same sorry seems some slightly
    solid anything another and else even each either all any about above really rather glad gonna
    quack equal quite swap swapped was what will with works would perfect pretty paper papers
    reviewer reviewers
    """.split()
)
_FUZZY_CUTOFF = 0.8


@dataclass(frozen=True)
class _Mention:
    kind: Literal["R", "P", "N"]
    index: int  # reviewer / paper index, or the value
    position: int  # token position within the sentence


@dataclass(frozen=True)
class _Lexicon:
    """Token phrases -> ("R"|"P", index), longest phrases first; plus single words for fuzzy matching."""

    phrases: tuple[tuple[tuple[str, ...], str, int], ...]
    words: dict[str, tuple[str, int]]
    first_words: frozenset[str]


def _words(name: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(name.lower()))


@lru_cache(maxsize=32)
def _lexicon(reviewers: tuple[str, ...], papers: tuple[str, ...]) -> _Lexicon:
    """Full names, and every name word that belongs to a single name (first or last names)."""
    phrases: dict[tuple[str, ...], tuple[str, int] | None] = {}
    word_owner: dict[str, set[tuple[str, int]]] = {}
    for kind, names in (("R", reviewers), ("P", papers)):
        for index, name in enumerate(names):
            full = _words(name)
            if full:
                phrases[full] = (kind, index)
            for word in full:
                if not word.isdigit() and word not in ("reviewer", "paper") and len(word) >= 3:
                    word_owner.setdefault(word, set()).add((kind, index))
    words = {w: next(iter(owners)) for w, owners in word_owner.items() if len(owners) == 1}
    for word, owner in words.items():
        phrases.setdefault((word,), owner)
    ordered = sorted(((p, o) for p, o in phrases.items() if o is not None), key=lambda item: -len(item[0]))
    return _Lexicon(tuple((p, o[0], o[1]) for p, o in ordered), words, frozenset(p[0] for p, _ in ordered))


def _fuzzy(token: str, lexicon: _Lexicon) -> tuple[str, int] | None:
    """A name word within one or two typos of ``token`` (same first letter, unambiguous)."""
    if len(token) < 4 or token in _STOPWORDS or not token.isalpha():
        return None
    candidates = [w for w in lexicon.words if w[0] == token[0] and abs(len(w) - len(token)) <= 2]
    scored = sorted(((difflib.SequenceMatcher(None, token, w).ratio(), w) for w in candidates), reverse=True)
    if not scored or scored[0][0] < _FUZZY_CUTOFF:
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0] and lexicon.words[scored[1][1]] != lexicon.words[scored[0][1]]:
        return None
    return lexicon.words[scored[0][1]]


def _number(token: str, previous: str | None, following: str | None, lexicon: _Lexicon) -> int | None:
    """The value a number token stands for, or ``None`` for ordinals, counts, ids and decimals.

    A number below 10 followed by a word that is neither a name nor a small linking word is a
    count ("4 early locks", "1 score", "2 shades").
    """
    if not token[0].isdigit() or not token[-1].isdigit() or "." in token:
        return None
    if previous in _BEFORE_NOT_VALUE or following in _COUNT_NOUNS:
        return None
    value = int(token.replace(",", ""))
    if value < SMALL_COUNT and following is not None and following.isalpha() and following not in _LINKS:
        if following not in lexicon.words and following not in lexicon.first_words:
            return None
    return value if value <= MAX_VALUE else None


def _mentions(sentence: str, lexicon: _Lexicon) -> list[_Mention]:
    """The reviewer, paper and value mentions of one sentence, in order."""
    tokens = _TOKEN.findall(sentence)
    out: list[_Mention] = []
    i = 0
    while i < len(tokens):
        match = next(
            ((len(p), kind, index) for p, kind, index in lexicon.phrases if tuple(tokens[i : i + len(p)]) == p),
            None,
        )
        if match is not None:
            out.append(_Mention(match[1], match[2], len(out)))  # type: ignore[arg-type]
            i += match[0]
            continue
        token = tokens[i]
        previous = tokens[i - 1] if i else None
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if token[0].isdigit():
            value = _number(token, previous, following, lexicon)
            if value is not None:
                out.append(_Mention("N", value, len(out)))
        elif (fuzzy := _fuzzy(token, lexicon)) is not None:
            out.append(_Mention(fuzzy[0], fuzzy[1], len(out)))  # type: ignore[arg-type]
        i += 1
    return out


def _attach(number: _Mention, names: Sequence[_Mention]) -> int | None:
    """The index of the name of ``names`` a value belongs to: the one right before it (within two
    mentions), else the nearest one after it, else the nearest one before it."""
    before = [m for m in names if m.position < number.position]
    after = [m for m in names if m.position > number.position]
    if before and number.position - before[-1].position <= 2:
        return before[-1].index
    if after:
        return after[0].index
    return before[-1].index if before else None


class OptimizationParser:
    """Rule parser for DialOp Optimization chat (see the module docstring)."""

    def parse(self, message: str, context: OptimizationContext) -> list[OptAct]:
        """Read a partner's message into cell reports, "nothing else above" claims and questions.

        Args:
            message: the partner's text (any string; non-strings yield ``[]``).
            context: the reviewer and paper names.

        Returns:
            The acts, in message order (duplicates removed); ``[]`` for anything unreadable.
        """
        text = clean_message(message).lower()  # cut first: nothing below reads more than the cap
        if not text.strip():
            return []
        lexicon = _lexicon(tuple(context.reviewers), tuple(context.papers))
        acts: list[OptAct] = []
        carry: tuple[int | None, int | None] = (None, None)
        for sentence, is_question in _sentences(text):
            sentence_acts, carry = self._sentence(sentence, is_question, lexicon, carry)
            acts.extend(a for a in sentence_acts if a not in acts)
        return acts

    @staticmethod
    def _sentence(
        sentence: str,
        is_question: bool,
        lexicon: _Lexicon,
        carry: tuple[int | None, int | None],
    ) -> tuple[list[OptAct], tuple[int | None, int | None]]:
        acts: list[OptAct] = []
        none_above = _NONE_ABOVE.search(sentence)
        if none_above is not None:
            acts.append(OptNoneAbove(value=min(int(none_above.group(1)), MAX_VALUE)))
            sentence = sentence[: none_above.start()] + sentence[none_above.end() :]
        level = _level(sentence) if not is_question else None
        sentence = _RANGE.sub(" ", _RATING.sub(" ", sentence))
        mentions = _mentions(sentence, lexicon)
        reviewers = [m for m in mentions if m.kind == "R"]
        papers = [m for m in mentions if m.kind == "P"]
        numbers = [m for m in mentions if m.kind == "N"]
        if numbers and not reviewers and not papers:
            numbers = [n for n in numbers if n.index >= SMALL_COUNT]  # "at all 4" is no value
            reviewers = [_Mention("R", carry[0], -1)] if carry[0] is not None else []
            papers = [_Mention("P", carry[1], -1)] if carry[1] is not None else []
        for number in numbers if not is_question else []:
            reviewer, paper = _attach(number, reviewers), _attach(number, papers)
            if reviewer is not None and paper is not None:
                acts.append(OptCell(reviewer=reviewer, paper=paper, value=number.index))
        if not numbers and not is_question and _UNSEEN.search(sentence):
            acts += [OptUnseen(reviewer=r, paper=p) for r, p in _rated_pairs(reviewers, papers)]
        elif level is not None and not numbers:
            acts += [OptRate(reviewer=r, paper=p, level=level) for r, p in _rated_pairs(reviewers, papers)]
        if is_question and not numbers and (reviewers or papers):
            acts.append(
                OptAsk(reviewer=reviewers[0].index if reviewers else None, paper=papers[0].index if papers else None)
            )
        if reviewers or papers:
            carry = (
                reviewers[-1].index if reviewers else carry[0],
                papers[-1].index if papers else carry[1],
            )
        return acts, carry


def _level(sentence: str) -> Literal["high", "low"] | None:
    """The rating a sentence gives without numbers: a low cue (also "not good") beats a high one."""
    if _LOW.search(sentence):
        return "low"
    return "high" if _HIGH.search(sentence) else None


def _rated_pairs(reviewers: Sequence[_Mention], papers: Sequence[_Mention]) -> list[tuple[int, int]]:
    """The cells a rating sentence is about: one reviewer with every paper; one paper with every
    reviewer (only those before it when some come after it); else each reviewer with the first
    paper after it."""
    if len(reviewers) == 1:
        return [(reviewers[0].index, p.index) for p in papers]
    if len(papers) == 1:
        before = [r for r in reviewers if r.position < papers[0].position]
        return [(r.index, papers[0].index) for r in (before if 0 < len(before) < len(reviewers) else reviewers)]
    pairs = []
    for i, reviewer in enumerate(reviewers):
        end = reviewers[i + 1].position if i + 1 < len(reviewers) else len(reviewers) + len(papers) + 1
        paper = next((p for p in papers if reviewer.position < p.position < end), None)
        if paper is not None:
            pairs.append((reviewer.index, paper.index))
    return pairs


def _sentences(text: str) -> list[tuple[str, bool]]:
    """The sentences of ``text`` with whether each is a question."""
    out: list[tuple[str, bool]] = []
    start = 0
    for match in _SENTENCE.finditer(text):
        piece = text[start : match.start()].strip()
        if piece:
            words = piece.split()
            out.append((piece, "?" in match.group() or words[0] in _QUESTION_OPENERS))
        start = match.end()
    tail = text[start:].strip()
    if tail:
        out.append((tail, tail.split()[0] in _QUESTION_OPENERS))
    return out


# ---- renderer ------------------------------------------------------------------------------------

_PROPOSE = ("How about this?", "Proposal sent.", "My proposal.")
_ACCEPT = ("Deal.", "Agreed.", "Great, accepted.")
_REJECT = ("No.", "Not quite.", "Can't accept.")
_NONE_ABOVE_TEMPLATES = ("Nothing else above {v}.", "No other values above {v}.", "All my others are below {v}.")
_ASK_CELL = ("What do you have for {r} on {p}?", "What is {r} on {p}?")
_UNSEEN_TEMPLATES = ("No value for {r} on {p}.", "I don't see {r} on {p}.")
_ASK_ONE = ("What do you have for {n}?", "Any values for {n}?")


def short_name(names: Sequence[str], index: int) -> str:
    """The shortest way to name ``names[index]`` that the parser reads back: its first word when no
    other name uses that word, else the full name.

    Args:
        names: all reviewer (or paper) names.
        index: the name to say.

    Returns:
        The name to write.
    """
    words = names[index].split()
    first = words[0]
    others = {w.lower() for j, n in enumerate(names) if j != index for w in n.split()}
    generic = any(w.isdigit() for w in words) or first.lower() in ("reviewer", "paper")
    if len(words) > 1 and not generic and first.lower() not in others and len(first) >= 3:
        return first
    return names[index]


class OptimizationRenderer:
    """Template renderer: cells grouped by reviewer or by paper (whichever is shorter), then a
    "nothing else above" claim and a question; the formal action gets a short cue. Every message
    reads back through :class:`OptimizationParser` into the same acts (up to order)."""

    def render(self, intent: Intent, context: OptimizationContext, rng: np.random.Generator) -> str:
        """Say an intent's acts (and a cue for its formal action) as one message.

        Args:
            intent: :class:`OptCell` / :class:`OptNoneAbove` / :class:`OptAsk` acts (others are
                ignored) and at most one formal action.
            context: the reviewer and paper names.
            rng: picks among paraphrases.

        Returns:
            The message text ("" when there is nothing to say).
        """

        def pick(options: Sequence[str]) -> str:
            return options[int(rng.integers(len(options)))]

        parts: list[str] = []
        action = intent.actions[0] if intent.actions else None
        if isinstance(action, Accept):
            parts.append(pick(_ACCEPT))
        elif isinstance(action, Reject):
            parts.append(pick(_REJECT))
        cells = [a for a in intent.acts if isinstance(a, OptCell)]
        if cells:
            parts.append(_cells_text(cells, context))
        parts += _rates_text([a for a in intent.acts if isinstance(a, OptRate)], context)
        parts += [
            pick(_UNSEEN_TEMPLATES).format(
                r=short_name(context.reviewers, a.reviewer), p=short_name(context.papers, a.paper)
            )
            for a in intent.acts
            if isinstance(a, OptUnseen)
        ]
        for act in intent.acts:
            if isinstance(act, OptNoneAbove):
                parts.append(pick(_NONE_ABOVE_TEMPLATES).format(v=act.value))
        for act in intent.acts:
            if isinstance(act, OptAsk):
                parts.append(_ask_text(act, context, pick))
        if isinstance(action, Propose):
            parts.append(pick(_PROPOSE))
        return " ".join(parts)


def _cells_text(cells: Sequence[OptCell], context: OptimizationContext) -> str:
    """``"Ava: BLEU 80, GloVe 75. Noah: SWAG 90."`` or, grouped by paper, ``"BLEU: Ava 80, Noah 70."``."""
    by_reviewer = _grouped(cells, context, by_reviewer=True)
    by_paper = _grouped(cells, context, by_reviewer=False)
    return min(by_reviewer, by_paper, key=lambda text: len(text.split()))


def _grouped(cells: Sequence[OptCell], context: OptimizationContext, by_reviewer: bool) -> str:
    groups: dict[int, list[OptCell]] = {}
    for cell in cells:
        groups.setdefault(cell.reviewer if by_reviewer else cell.paper, []).append(cell)
    sentences = []
    for key, members in groups.items():
        head = short_name(context.reviewers if by_reviewer else context.papers, key)
        items = ", ".join(
            f"{short_name(context.papers, c.paper) if by_reviewer else short_name(context.reviewers, c.reviewer)}"
            f" {c.value}"
            for c in members
        )
        sentences.append(f"{head}: {items}.")
    return " ".join(sentences)


def _rates_text(rates: Sequence[OptRate], context: OptimizationContext) -> list[str]:
    """One sentence per reviewer and level: ``"Ava is good on BLEU, GloVe."``."""
    groups: dict[tuple[int, str], list[int]] = {}
    for rate in rates:
        groups.setdefault((rate.reviewer, rate.level), []).append(rate.paper)
    word = {"high": "good", "low": "bad"}
    return [
        f"{short_name(context.reviewers, r)} is {word[level]} on {', '.join(short_name(context.papers, p) for p in ps)}."
        for (r, level), ps in groups.items()
    ]


def _ask_text(act: OptAsk, context: OptimizationContext, pick: object) -> str:
    assert callable(pick)
    if act.reviewer is not None and act.paper is not None:
        return pick(_ASK_CELL).format(
            r=short_name(context.reviewers, act.reviewer), p=short_name(context.papers, act.paper)
        )
    name = (
        short_name(context.reviewers, act.reviewer)
        if act.reviewer is not None
        else short_name(context.papers, act.paper or 0)
    )
    return pick(_ASK_ONE).format(n=name)
