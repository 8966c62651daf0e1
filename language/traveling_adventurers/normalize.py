"""Text normalization and tokens: the message as the parser reads it (bounded, NFKC, one
apostrophe) cut into word, number, arrow, dash, punctuation and symbol tokens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from language.text import clean_message, straight_apostrophes

_TOKEN_RE = re.compile(
    r"(?P<run>[-–—=~]+>*)"  # an arrow ("-->", "=>") or dashes and signs; split in _tokenize
    r"|(?P<arrow>[→⟶⟹➔➜➝➞➟➠➡⇒⇨⇾⭢]|>+)"
    r"|(?P<num>\d+)"
    r"|(?P<word>[^\W\d_]+(?:'[^\W\d_]+)*'?)"
    r"|(?P<dash>[-–—]+)"
    r"|(?P<nl>\n)"
    r"|(?P<punct>[.,!?;:()\[\]{}/&+*\"'|…])"
    r"|(?P<sym>\S)"
)


class _Tok(NamedTuple):
    """One token (immutable; a named tuple: a message makes hundreds, and a frozen dataclass is
    four times as slow to build)."""

    kind: str  # word | num | arrow | dash | nl | punct | sym
    text: str
    norm: str  # lower-cased, apostrophes kept
    key: str  # lower-cased, apostrophes removed; arrows "->", dashes "-"
    start: int
    end: int


def _normalize(text: str) -> str:
    """The message as the parser reads it: :func:`~language.text.clean_message`, one apostrophe."""
    # emoji variation selectors ("➡️" is "➡" + U+FE0F) would split an arrow from its emoji
    return straight_apostrophes(clean_message(text)).replace("\ufe0f", "")


_DASH_RUN_RE = re.compile(r"[-–—]+|[=~]")


def _pieces(m: re.Match[str]) -> Iterable[tuple[str, str, int]]:
    """(kind, text, start) of the tokens of one match: a run of ``-=~`` is an arrow when ``>``
    ends it, else its dashes and its ``=`` / ``~`` signs (each run is scanned once: linear time)."""
    kind, raw = m.lastgroup or "sym", m.group()
    if kind != "run":
        yield kind, raw, m.start()
    elif raw.endswith(">"):
        yield "arrow", raw, m.start()
    else:
        for piece in _DASH_RUN_RE.finditer(raw):
            yield ("dash" if piece.group()[0] in "-–—" else "sym"), piece.group(), m.start() + piece.start()


def _tokenize(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup or "sym"
        if kind == "word":  # most tokens: no pieces to split
            raw = m.group()
            norm = raw.lower()
            start = m.start()
            out.append(_Tok(kind, raw, norm, norm.replace("'", "") or norm, start, start + len(raw)))
            continue
        for kind, raw, start in _pieces(m):
            norm = raw.lower()
            if kind == "arrow":
                key = "->"
            elif kind == "dash":
                key = "-"
            else:
                key = norm.replace("'", "") if kind == "word" else norm
            out.append(_Tok(kind, raw, norm, key or norm, start, start + len(raw)))
    return out
