"""Sentences and clauses of a token stream, and the candidate acts a sentence reader collects
(with the per-message state they are read against).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pydantic import ValidationError

from language.acts import Act
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.cues import _CLAUSE_CONJ
from language.traveling_adventurers.mentions import _Group
from language.traveling_adventurers.normalize import _Tok

_TERMINATORS = frozenset(".!?;…")


def _is_terminator(toks: Sequence[_Tok], i: int) -> bool:
    t = toks[i]
    if t.kind == "nl":
        return True
    if t.kind != "punct" or t.text not in _TERMINATORS:
        return False
    if t.text == "." and 0 < i < len(toks) - 1 and toks[i - 1].kind == "num" and toks[i + 1].kind == "num":
        return toks[i - 1].end != t.start or t.end != toks[i + 1].start  # 5.5 is not a full stop
    if t.text == "." and 0 < i < len(toks) - 1 and toks[i + 1].kind == "num" and toks[i - 1].end < t.start:
        return t.end != toks[i + 1].start  # "is .5": a decimal point
    return True


def _sentences(toks: Sequence[_Tok]) -> list[tuple[int, int, bool]]:
    """(start, end, ends_with_question_mark) for each sentence."""
    out: list[tuple[int, int, bool]] = []
    lo = i = 0
    n = len(toks)
    while i < n:
        if not _is_terminator(toks, i):
            i += 1
            continue
        j, question = i, False
        while j < n and _is_terminator(toks, j):
            question |= toks[j].text == "?"
            j += 1
        if i > lo:
            out.append((lo, i, question))
        lo = i = j
    if lo < n:
        out.append((lo, n, False))
    return out


def _clause_bounds(toks: Sequence[_Tok], lo: int, hi: int, groups: Sequence[_Group]) -> list[tuple[int, int]]:
    inside: set[int] = set()
    for g in groups:
        inside.update(range(g.i + 1, g.j))
    bounds: list[tuple[int, int]] = []
    start = lo
    for i in range(lo, hi):
        if i in inside:
            continue
        t = toks[i]
        spaced_dash = (
            t.kind == "dash" and i > lo and toks[i - 1].end < t.start and (i + 1 >= hi or t.end < toks[i + 1].start)
        )
        if t.key == "," or spaced_dash:
            if i > start:
                bounds.append((start, i))
            start = i + 1
        elif t.kind == "word" and t.key in _CLAUSE_CONJ and i > start and not _glued_so(toks, i, hi):
            bounds.append((start, i))
            start = i
    if start < hi:
        bounds.append((start, hi))
    return bounds


_SO_GLUE = frozenset("not is s was are be im feel think hope guess seems seem looks look".split())


def _glued_so(toks: Sequence[_Tok], i: int, hi: int) -> bool:
    """A "so" that opens no clause: "not so sure", "I think so", "I don't think so"."""
    if toks[i].key != "so":
        return False
    return toks[i - 1].key in _SO_GLUE or i + 1 >= hi or toks[i + 1].kind in ("punct", "nl")


@dataclass(slots=True)
class _Clause:
    lo: int
    hi: int
    question: bool
    groups: list[_Group]
    hits: dict[str, list[tuple[int, int]]]


# ---------------------------------------------------------------------------------------------
# The parser
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Cand:
    pos: int
    act: Act
    kind: str  # suggest | agree | reject | inform | ask | end
    rooms: tuple[str, ...] = ()
    full: bool = False  # a suggestion that visits every room of the board
    explicit: bool = False  # a path written with its origin
    cont: bool = False  # leaves from the end of the reader's suggestion the message agreed to
    anchored: bool = False  # its origin is written apart ("from the living room, let's go to E")


@dataclass(slots=True)
class _State:
    """What one message has established so far (for "there", "then", "that path")."""

    ctx: DialogueContext
    last_path: list[str] | None = None
    last_sugg: list[str] | None = None
    prev_ask: bool = False
    prev_edges: list[tuple[str, str]] = field(default_factory=list)
    polarity_at: list[int] = field(default_factory=list)  # tokens of the reply cues so far, in order
    polarity_kind: list[str] = field(default_factory=list)  # agree | reject, for each of them
    recent_inform_edges: list[tuple[str, str]] = field(default_factory=list)


def _make(factory: Callable[..., Act], **kwargs: object) -> Act | None:
    """The act ``factory`` builds from ``kwargs``, or None when they are invalid. A path that names
    a room twice in a row ("E-K then K-A": hops chained end to start) names it once."""
    path = kwargs.get("path")
    if isinstance(path, list) and len(path) > 2:
        kwargs["path"] = [r for k, r in enumerate(path) if k == 0 or r != path[k - 1]]
    try:
        return factory(**kwargs)
    except ValidationError:
        return None


def _hops(path: Sequence[str]) -> list[tuple[str, str]]:
    return list(zip(path, path[1:], strict=False))
