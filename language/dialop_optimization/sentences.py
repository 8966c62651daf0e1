"""Cutting a message into sentences (with whether each asks), a sentence into clauses that each carry a
cue, and a question sentence into its statement and question parts."""

from __future__ import annotations

import re

from language.dialop_optimization import lexicon as lx
from language.dialop_optimization.cues import WH_START
from language.dialop_optimization.lexicon import Lexicon
from language.dialop_optimization.names import has_cue, mentions, rates

_SENTENCE = re.compile(r"(?<!\d)[.!?;\n]+|[.!?;\n]+(?!\d)|\s/\s|\s-\s")


_CLAUSE = re.compile(
    r",\s*|\s*--+\s*|\s*[\u2013\u2014]\s*|:\s+(?=[a-z]+\s+(?:is|are|would|has|can)\b)|\s+(?:but|however|though|although|whereas|while|yet|because|since"
    r"|except(?:\s+that)?|besides|other\s+th[ae]n(?:\s+that)?|apart\s+from|aside\s+from|and)\s+"
    r"|(?<!\bnot)(?<!\bnot\s)\s+so\s+(?!(?:good|great|bad|much|many|far|well|dark|high|low|strong|solid|not|sure|i\s+guess)\b)"
    r"|\s+as\s+(?=(?:it|he|she|they|that)\b)|\s+(?=(?:if|unless)\s)"
)


def cut_clauses(sentence: str, lex: Lexicon) -> list[tuple[str, bool]]:
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
        cue = has_cue(piece)
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
    bare = without_interjections(piece)
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


def without_interjections(text: str) -> str:
    words = text.split()
    i = 0
    while i < len(words) - 1 and words[i].strip(",") in lx.INTERJECTIONS:
        i += 1
    return " ".join(words[i:])


_QUESTION_START = re.compile(
    r"\b(?:do|does|did|can|could|would|what|which|who|where|how|is|are|any|anyone)\s+(?:you|there|anyone|we|your|u)\b"
)


_DID_I_MENTION = re.compile(r"(?:did|have)\s+i\s+(?:mention(?:ed)?|say|said|tell\s+you|told\s+you)\s+(?:that\s+)?")


_INNER_QUESTION = re.compile(r"\b(?:how\s+(?:is|are|about)|what\s+about|is|are|was|does|did|can|could)\s+([a-z']+)")


def split_question(sentence: str, lex: Lexicon | None = None) -> tuple[str, str | None]:
    """A question sentence as its statement part and its question part ("I have Morgan green on
    BLEU, do you have better?"); ``(sentence, None)`` when it is a statement after all ("I think he
    would be great at GloVe?")."""
    start = _QUESTION_START.search(sentence)
    if start is not None and start.start() > 0:
        cut = start.start()
        before = sentence[:cut].split()
        if before and before[-1] in WH_START:  # "Where do you think Ava would excel?"
            cut = sentence.rfind(before[-1], 0, cut)
        return sentence[:cut].strip(" ,"), sentence[cut:]
    comma = sentence.rfind(",")
    if comma > 0:
        tail = without_interjections(sentence[comma + 1 :].strip())
        if _ASKING.search(tail) or lx.ECHO.search(tail):
            return sentence[:comma], tail
        head = sentence[:comma]
        if lex is not None and rates(head) and {m.kind for m in mentions(head, lex)} >= {"R", "P"}:
            return head, tail  # "Ethan is very good at Glove, you said joseph was unknown at glove right?"
        if lex is not None and rates(tail) and any(m.kind in ("R", "RR") for m in mentions(tail, lex)):
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
            if match.start() > 0 and named and rates(head):
                return head.strip(" ,"), sentence[match.start() :]  # "Ava is bad at GLUE is Joseph unknown?"
    if lx.STATEMENT_OPENERS.search(sentence) is not None:
        return sentence, None
    return "", sentence
