"""What a message leaves for the next one (last names, groups, the cue of a yes-no question), and how a
message reads against that context ("those", "yes")."""

from __future__ import annotations

import re
from typing import Literal

from language.dialop_optimization import lexicon as lx
from language.dialop_optimization.acts import (
    OptimizationContext,
    OptRate,
    OptUnseen,
)
from language.dialop_optimization.names import clause_level, mentions
from language.dialop_optimization.reading import Level, Reading, cell_of
from language.dialop_optimization.sentences import sentences
from language.text import clean_message, straight_apostrophes


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


_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}


_PAPER_NOUNS = frozenset({"paper", "papers", "column", "columns", "areas", "topics"})


_REVIEWER_NOUNS = frozenset({"reviewers", "people", "guys", "names", "folks"})


_YES = frozenset({"yes", "yeah", "yep", "yup", "yea", "ya", "yws", "yess", "correct", "affirmative", "exactly"})


_NO = frozenset({"no", "nope", "nah", "negative"})


_POLAR = frozenset({"is", "are", "was", "were", "does", "do", "did", "has", "have"})


def earlier_group(text: str, reading: Reading) -> str:
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


def answer_polar(text: str, reading: Reading) -> None:
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
    if yes == no or r is None or p is None or any(cell_of(a) == (r, p) for a in reading.acts):
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
            cue = "unseen" if lx.UNSEEN.search(sentence) else clause_level(sentence)[0]
    mark = text.rfind("?")
    after = mark >= 0 and any(m.kind in ("R", "P") for m in mentions(text[mark + 1 :], lex))
    return reviewers, papers, cue, after
