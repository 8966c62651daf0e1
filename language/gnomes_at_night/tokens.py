"""Tokens: the message as the parser reads it (bounded NFKC text, symbols and emoji as words, one
apostrophe, stretched letters squeezed) cut into words and marks numbered by sentence and clause, and
the word and phrase look-ups the cues use.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from language.flags import Move
from language.gnomes_at_night.directions import _CUE_TYPOS, _DIRS, _SYMBOLS
from language.text import MAX_MESSAGE_CHARS, clean_message, straight_apostrophes

MAX_CHARS = MAX_MESSAGE_CHARS
"""Longer messages are cut to this many characters (see :func:`language.text.clean_message`)."""

_WORD = re.compile(r"[a-z0-9]+|[?!.,;:]")  # a colon is read and skipped ("treasure: right")


@dataclass
class _Tok:
    """One word (canonical spelling) or punctuation mark, with its sentence and clause."""

    w: str
    s: int
    c: int


def _normalize(message: str) -> str:
    """NFKC, lower case, symbols to words, control characters to spaces, apostrophes dropped."""
    text = clean_message(message)  # bounded NFKC text; here line ends, tabs and private use become spaces too
    text = _STAR_FIX.sub(" , i mean ", text)  # "go rite *left": a starred word replaces the slip before it
    text = "".join(" " if unicodedata.category(ch) in ("Cc", "Co") else ch for ch in text)
    text = _NOT_ARROW.sub(" not ", text)  # "❌⬆️": not up (a cross alone is a refusal)
    for sym, word in _SYMBOLS:
        text = text.replace(sym, word)
    text = text.lower()
    text = straight_apostrophes(text)
    text = _CLOCK.sub(lambda m: _CLOCK_DIRS[int(m.group(1))], text)  # "at 3 o'clock" -> "at right"
    text = re.sub(r"\b(left|right|up|down|north|south|east|west)'s\b", r"\1 is", text)
    text = re.sub(r"\bwall's\b", "wall is", text)
    text = re.sub(
        r"\b(everything|nothing)'?s\b", r"\1 is", text
    )  # "everything's blocked except down"  # "wall's on my right": one wall, not a plural
    text = _TREASURE_IS.sub(r"\1 is", text)  # "the loot's 2 down": not a plural
    text = _WERE_IS.sub("where is", text)  # "were is the gem": a slip
    text = re.sub(r"(?<=[a-z])'(?=[a-z])", "", text)  # don't -> dont, treasure's -> treasures
    text = re.sub(r"([a-z])\1{2,}", r"\1", text)  # nooo -> no, yesss -> yes, leeeft -> left
    text = _DASHES.sub(" , ", text)  # "wall to the north - go south", "(wall)": clause breaks
    return text


_STAR_FIX = re.compile(r"(?:^|(?<=\s))\*(?=[^\W\d_])(?![^*]*\*)")
"""A leading asterisk on a word without a closing one ("*left"): a correction, not emphasis ("*left*")."""
_TREASURE_IS = re.compile(r"\b(treasure|gem|jewel|prize|goal|gold|chest|loot|diamond|target)'s\b")
_WERE_IS = re.compile(r"^\W*were\s(?=is\b|s\b)")
_NOT_ARROW = re.compile(
    "[\u274c\U0001f6ab\u26d4]\ufe0f?(?=\\s?[\u2b05\u27a1\u2b06\u2b07\u2190-\u2193\U0001f446-\U0001f449])"
)
_CLOCK = re.compile(r"\b(1[012]|[1-9])\s*(?:o\s?'?\s?clock|oclock)\b")
_CLOCK_DIRS: dict[int, str] = {
    12: " up ",
    1: " up right ",
    2: " up right ",
    3: " right ",
    4: " down right ",
    5: " down right ",
    6: " down ",
    7: " down left ",
    8: " down left ",
    9: " left ",
    10: " up left ",
    11: " up left ",
}
"""Clock bearings, 12 o'clock being up."""
_DASHES = re.compile(r"\s-+\s|\s-+$|^-+\s|[\u2013\u2014()\[\]]")
_CLAUSE_WORDS = frozenset({"but", "try", "so", "instead", "though", "although", "because", "cause", "since", "however"})
_AND_SUBJECTS = frozenset({"theres", "there", "i", "im", "its", "it", "you", "we"})
_CLAUSE_VERBS = frozenset({"go", "move", "head", "lets"})
"""Verbs that open a new request ("wall on my left go down") unless bound to the word before."""
_VERB_BINDERS = frozenset(
    {
        "can",
        "cant",
        "cannot",
        "cnt",
        "could",
        "couldnt",
        "to",
        "not",
        "dont",
        "doesnt",
        "didnt",
        "never",
        "no",
        "you",
        "u",
        "i",
        "we",
        "they",
        "will",
        "wont",
        "should",
        "shouldnt",
        "would",
        "wouldnt",
        "shall",
        "must",
        "might",
        "may",
        "able",
        "unable",
        "let",
        "lets",
        "me",
        "us",
        "it",
        "them",
        "please",
        "pls",
        "plz",
        "just",
        "and",
        "or",
        "ill",
        "id",
        "youd",
        "wed",
        "well",
        "gonna",
        "wanna",
        "want",
        "need",
        "else",
        "otherwise",
        "then",
        "now",
        "ok",
        "okay",
        "k",
        "so",
        "also",
        "first",
        "lol",
        "gotta",
        "try",
        "rather",
        "maybe",
        "perhaps",
        "actually",
        "mean",
        "meant",
        "simply",
        "possible",
    }
)


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    s = c = 0
    for m in _WORD.finditer(text):
        w = m.group(0)
        if w in "?!.;":
            if toks and toks[-1].w not in "?!.;":
                toks.append(_Tok(w, s, c))
                s += 1
                c += 1
            elif toks and w == "?":
                toks[-1] = _Tok("?", toks[-1].s, toks[-1].c)
            elif not toks:
                toks.append(_Tok(w, s, c))
                s += 1
                c += 1
            continue
        if w == ",":
            c += 1
            continue
        if w == ":":
            continue
        w = _CUE_TYPOS.get(w, w)
        if w in _CLAUSE_WORDS and toks and toks[-1].w not in "?!.;":
            c += 1
        elif w in _CLAUSE_VERBS and toks and toks[-1].c == c and toks[-1].w not in _VERB_BINDERS:
            c += 1
        elif w in _AND_SUBJECTS and toks and toks[-1].w == "and" and toks[-1].c == c:
            c += 1  # "the treasure is left and there's a wall above": a second statement
        elif (
            w in ("please", "pls", "plz")
            and len(toks) >= 2
            and toks[-1].c == toks[-2].c == c
            and _dir_word(toks[-1].w) is not None
            and _dir_word(toks[-2].w) is not None
        ):
            c += 1  # "wall up right pls": the move asked opens its own clause
            toks[-1] = _Tok(toks[-1].w, s, c)
        toks.append(_Tok(w, s, c))
    return toks


def _collapse_doubles(word: str) -> str:
    return re.sub(r"(.)\1+", r"\1", word)


def _dir_word(word: str) -> tuple[Move, ...] | None:
    if word in _DIRS:
        return _DIRS[word]
    collapsed = _collapse_doubles(word)
    if collapsed != word and collapsed in ("up", "down", "left", "right", "north", "south", "west", "east"):
        return _DIRS[collapsed]
    return None


def _has_phrase(words: Sequence[str], phrase: tuple[str, ...]) -> int:
    """Index of the first occurrence of ``phrase`` in ``words``, or -1."""
    n = len(phrase)
    for i in range(len(words) - n + 1):
        if tuple(words[i : i + n]) == phrase:
            return i
    return -1


def _first_cue(words: Sequence[str], singles: frozenset[str], phrases: Sequence[tuple[str, ...]]) -> int:
    best = -1
    for i, w in enumerate(words):
        if w in singles:
            best = i
            break
    for p in phrases:
        k = _has_phrase(words, p)
        if k >= 0 and (best < 0 or k < best):
            best = k
    return best
