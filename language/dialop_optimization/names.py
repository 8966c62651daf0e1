"""The names, numbers and references of a piece of text (:func:`mentions`), and how a clause's names
pair into cells."""

from __future__ import annotations

import re
from collections.abc import Sequence

from language.dialop_optimization import lexicon as lx
from language.dialop_optimization.acts import (
    MAX_VALUE,
)
from language.dialop_optimization.lexicon import Lexicon, Mention
from language.dialop_optimization.reading import Level

# a number is matched from its first digit only ((?<!\d)): trying every digit of a long number again
# would take quadratic time, and finds nothing the first digit does not
RATING = re.compile(r"(?<!\d)\d+\s*(?:/|out of|of)\s*10\b|\b10\s*/\s*10")


RANGE = re.compile(r"(?<!\d)\d+\s*(?:-|to|or)\s*\d+\s+(?:papers?|reviewers?|people|of|more|total|cells?)\b|\b\d+-\d+\b")


NONE_ABOVE = re.compile(
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


def number_value(token: str, previous: str | None, following: str | None, lex: Lexicon) -> int | None:
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
    tokens = [name_stem(t, lex) for t in lx.TOKEN.findall(text)]
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
            value = number_value(token, previous, following, lex)
            if value is not None:
                out.append(Mention("N", value, len(out)))
        elif (fuzzy := lx.fuzzy(token, lex)) is not None:
            out.append(Mention(fuzzy[0], fuzzy[1], len(out)))  # type: ignore[arg-type]
        i += 1
    return out


def name_stem(token: str, lex: Lexicon) -> str:
    """A name's possessive without its "'s" ("Andrei's" -> "andrei"); other tokens as they are."""
    if token.endswith("'s") and len(token) > 4:
        stem = token[:-2]
        if stem in lex.by_first or lx.fuzzy(stem, lex) is not None:
            return stem
    return token


def attach(number: Mention, names: Sequence[Mention]) -> int | None:
    """The index of the name of ``names`` a value belongs to: the one right before it (within two
    mentions), else the nearest one after it, else the nearest one before it."""
    before = [m for m in names if m.position < number.position]
    after = [m for m in names if m.position > number.position]
    if before and number.position - before[-1].position <= 2:
        return before[-1].index
    if after:
        return after[0].index
    return before[-1].index if before else None


def names_only(text: str, lex: Lexicon) -> bool:
    """Whether a clause is names and linking words only ("Sofia", "Daniel at RoBERTa")."""
    tokens = lx.TOKEN.findall(text)
    found = [m for m in mentions(text, lex) if m.kind in ("R", "P")]
    return bool(found) and len(tokens) <= 2 * len(found) + sum(t in lx.BARE_PAIR_WORDS for t in tokens)


def dangling(text: str, lex: Lexicon) -> bool:
    """Whether a clause ends on an unknown word after "on", "at", "for": a paper the parser cannot read."""
    match = lx.DANGLING.search(text)
    if match is None:
        return False
    word = match.group(1)
    return word not in lex.words and word not in lex.first_words and lx.fuzzy(word, lex) is None


def unless_paper(match: re.Match[str], lex: Lexicon) -> str:
    """An excepted name in a question: dropped when it is a paper ("anywhere outside of BLEU?")."""
    found = mentions(match.group(1), lex)
    return " " if found and found[0].kind == "P" else match.group()


def topic_only(text: str, lex: Lexicon) -> bool:
    """Whether a statement part only names papers or reviewers ("Regarding SWAG", "Morgan or Andrei")."""
    found = mentions(text, lex)
    kinds = {m.kind for m in found}
    return bool(found) and len(kinds) == 1 and kinds <= {"P", "R"} and not has_cue(text) and len(text.split()) <= 4


def has_cue(text: str) -> bool:
    return lx.SAME.search(text.strip()) is not None or any(
        p.search(text) is not None
        for p in (lx.HIGH, lx.LOW, lx.OTHER_NEUTRAL, lx.UNSEEN, lx.PROPOSAL, lx.AGREEMENT, lx.NEUTRAL)
    )


def clause_level(text: str) -> tuple[Level | None, bool]:
    """The rating a clause gives without numbers (a low cue beats a high one) and whether it has a
    cue that rates nothing ("ok", "average", a comparison)."""
    neutral = lx.OTHER_NEUTRAL.search(text) is not None or "so-so" in text
    if lx.LOW.search(text):
        return "low", neutral
    return ("high" if lx.HIGH.search(text) else None), neutral


def cell_pairs(reviewers: Sequence[Mention], papers: Sequence[Mention]) -> list[tuple[int, int]]:
    """The cells a clause is about: one reviewer with every paper; one paper with every reviewer
    (only those before it when some come after it); else each reviewer with the first paper after
    it (and the last reviewer with the papers after it)."""
    rs = unique_names(reviewers)
    ps = unique_names(papers)
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
        owned = unique_names([p for p in papers if reviewer.position < p.position < end])  # a paper may serve two
        pairs += [(reviewer.index, p.index) for p in owned]  # "Noah on Quac and swag, Morgan on llama"
    if not pairs:  # every paper before every reviewer: "BLEU and GloVe: Ava and Noah"
        pairs = [(r.index, p.index) for r, p in zip(rs, ps, strict=False)]
    return pairs


def unique_names(names: Sequence[Mention]) -> list[Mention]:
    seen: set[int] = set()
    out = []
    for m in names:
        if m.index not in seen:
            seen.add(m.index)
            out.append(m)
    return out


def rates(text: str) -> bool:
    """Whether ``text`` has a rating or unseen cue."""
    return any(p.search(text) for p in (lx.HIGH, lx.LOW, lx.UNSEEN))
