"""Coin amounts: digits, number words, "a coin", "no coins", and the amounts that count no coins
(negative, fractional, ordinal or labelling numbers).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from language.traveling_adventurers.cues import _COIN_WORDS, _NON_COIN_NOUNS, _NUM_BLOCKERS, _NUMBER_WORDS
from language.traveling_adventurers.mentions import _next_key, _prev_key
from language.traveling_adventurers.normalize import _Tok


@dataclass(slots=True)
class _Num:
    i: int
    j: int  # last token of the amount ("a single coin", "5.5")
    value: int | None  # None: an amount that is no coin count ("-5", "5.5"); it says no coin fact


_ZERO_WORDS = frozenset({"zilch", "nada", "zip", "zippo", "nil", "nought", "naught"})
_NOTHING_PREV = frozenset(
    {
        "get",
        "collect",
        "earn",
        "make",
        "is",
        "be",
        "have",
        "gives",
        "give",
        ":",
        "=",
        "got",
        "s",
        "its",
        "theres",
        "thats",
    }
)
_NOTHING_NEXT = frozenset({"", "on", "for", "there", "here", "to", "from", "at", ".", "!", ",", "between", "in"})
_NOTHING_BLOCK = frozenset({"or", "of", "do", "say", "said", "mean", "meant", "for", "about", "with", "that"})
_ONE_BLOCK_BEFORE = frozenset("this that the which each every other another no any some".split())
_AMOUNT_MODIFIERS = frozenset("single extra more additional measly light ghost only".split())


_AMOUNT_STARTS = frozenset(
    {*_NUMBER_WORDS, "a", "an", "no", "single", *_ZERO_WORDS, "empty", "dead", "worthless", "nothing", "none"}
)
"""The keys of the words an amount can start at (any other word is skipped by :func:`_numbers`)."""


def _numbers(toks: Sequence[_Tok], keys: Sequence[str], lo: int, hi: int) -> list[_Num]:
    """Coin amounts in ``toks[lo:hi]``: digits, number words, "a coin", "no coins" (not room keys)."""
    out: list[_Num] = []
    modifiers_end = lo  # the first token after the last run of amount modifiers scanned
    i = lo
    while i < hi:
        t = toks[i]
        if t.kind != "num" and t.key not in _AMOUNT_STARTS:
            i += 1  # no branch below reads an amount here
            continue
        value: int | None = None
        j = i
        whole = True  # a whole, non-negative amount
        if keys[i] == "<room>" or (t.kind == "num" and keys[i] == "for"):
            pass  # a room key, or "4 u" (for you)
        elif t.kind == "num":
            value = int(t.text) if len(t.text) <= 4 else None
            if t.text == "1" and _prev_key(toks, i) in ("this", "that") and _next_key(toks, i) not in _COIN_WORDS:
                value = None  # "pass on this 1": a pronoun
            elif t.text == "4" and _next_key(toks, i) in ("now", "later", "sure", "real", "ever", "today"):
                value = None  # "skip the bathroom 4 now": "for now"
            j, whole = _decimal_end(toks, i, hi)
            whole = whole and not _negative(toks, i)
        elif t.kind == "word" and t.key in _NUMBER_WORDS:
            value = _NUMBER_WORDS[t.key]
            whole = not _negative(toks, i)
            if t.key == "one" and (
                _prev_key(toks, i) in _ONE_BLOCK_BEFORE
                or _next_key(toks, i) in ("of", "another", "way")
                or (i > lo and keys[i - 1] == "<room>" and _next_key(toks, i) not in _COIN_WORDS)
            ):  # "that one", "the kitchen one" (a pronoun), not "kitchen: one coin"
                value = None
        elif t.kind == "word" and t.key in ("a", "an", "no", "single"):
            k = max(i + 1, modifiers_end)  # "single single ...": a run already scanned is skipped
            while k < hi and toks[k].key in _AMOUNT_MODIFIERS:
                k += 1
            modifiers_end = k
            if k < hi and toks[k].key in _COIN_WORDS:
                value, j = (0 if t.key == "no" else 1), k
        elif t.kind == "word" and t.key in _ZERO_WORDS:
            value = 0  # "zilch", "nada": nothing else
        elif t.key in ("empty", "dead", "worthless") and (
            _prev_key(toks, i) in ("is", "s", "its", "thats", "totally") or (i > 0 and toks[i - 1].norm.endswith("'s"))
        ):
            if _next_key(toks, i) in ("for", "4", "to", "on"):
                value = 0  # "the bathroom's empty for me", "that hallway is dead for me"
        elif t.kind == "word" and t.key in ("nothing", "none"):
            prev, nxt = _prev_key(toks, i), (toks[i + 1].key if i + 1 < hi else "")
            if nxt == "to" and (i + 2 >= hi or keys[i + 2] not in ("<room>", "the", "there", "here")):
                nxt = "to-verb"  # "nothing to add", "nothing to worry about"
            if prev in _NOTHING_PREV or (nxt in _NOTHING_NEXT and prev not in _NOTHING_BLOCK):
                value = 0  # "I get nothing", "nothing on L-C", "none for me", a bare "none"
        if value is not None and value <= 1000:
            nxt, prev = _next_key(toks, j), _prev_key(toks, i)
            list_number = (
                nxt in (")", ".", ":")
                and j + 2 < len(toks)
                and toks[j + 2].kind not in ("nl", "punct")
                and (i == 0 or toks[i - 1].kind == "nl" or prev in ("-", "*"))
            )
            blocked = prev in _NUM_BLOCKERS and not (i > 0 and keys[i - 1] == "<room>")  # "empty room 6"
            rated = nxt in ("hallway", "corridor", "edge", "path") and prev in ("a", "an")  # "a 0 hallway for me"
            if (nxt not in _NON_COIN_NOUNS or rated) and not blocked and nxt != "%" and not list_number:
                out.append(_Num(i, j, value if whole else None))
        i = j + 1
    return out


def _decimal_end(toks: Sequence[_Tok], i: int, hi: int) -> tuple[int, bool]:
    """The last token of the number written from token ``i`` and whether it is whole: "5.5" ends
    two tokens on and is not, "7.0" is, ".5" (a point after a space) is not."""
    if (
        i + 2 < hi
        and toks[i + 1].text == "."
        and toks[i + 2].kind == "num"
        and toks[i].end == toks[i + 1].start
        and toks[i + 1].end == toks[i + 2].start
    ):
        return i + 2, not toks[i + 2].text.strip("0")
    point = toks[i - 1] if i > 0 else None
    if point is not None and point.text == "." and point.end == toks[i].start:
        return i, not (i == 1 or toks[i - 2].end < point.start)
    return i, True


def _negative(toks: Sequence[_Tok], i: int) -> bool:
    """Whether the amount at token ``i`` is negative: "-5", "−5", "minus five"; not a dash between
    words or amounts ("L-E-5", "5-6")."""
    if _prev_key(toks, i) in ("minus", "negative"):
        return True
    sign = toks[i - 1] if i > 0 else None
    if sign is None or sign.end != toks[i].start or not (sign.kind == "dash" or sign.text == "−"):
        return False
    before = toks[i - 2] if i > 1 else None
    return before is None or before.end < sign.start or before.kind in ("punct", "sym", "nl")
