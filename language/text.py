"""The shared text toolkit of the language layer: one entry point every rule parser reads through.

:func:`clean_message` turns whatever arrived as a chat message into bounded, normalized text:

| step | what | why |
| --- | --- | --- |
| 1 | anything but ``str`` becomes ``""`` | parsers never raise on user input |
| 2 | cut to ``limit`` characters | bounds the memory of step 3 (NFKC expands a character up to 18x) |
| 3 | Unicode NFKC | ligatures, full-width and circled letters, super/subscripts read as plain text |
| 4 | cut to ``limit`` characters again | the text a parser reads never exceeds the cap |
| 5 | line ends: ``\\r\\n``, ``\\r``, U+2028, U+2029 become ``\\n`` | one line separator |
| 6 | control characters (NUL, escape, DEL, C1) and lone surrogates become a space; format characters (zero-width space, BOM, bidi overrides) are dropped | garbage bytes separate words but never join or hide them |

Everything runs in time and memory linear in ``limit`` (not in the raw input). The cap is the
games' :data:`~games.base.MAX_MESSAGE_CHARS`: a state refuses longer messages, so a parser never has
more to read in a game; a chat turn needs a few hundred characters.

The vocabulary the rule parsers share, each piece with one home here:

| name | what | used by |
| --- | --- | --- |
| :data:`APOSTROPHES`, :func:`straight_apostrophes` | the typographic apostrophes and quotes read as ``'`` | the rule parsers of two games |
| :data:`NUMBER_WORDS`, :func:`number_words` | cardinal number words (zero..twenty, the tens) and a parser's range of them | the rule parsers, renderers and LLM validators of two games |
| :func:`error_line`, :func:`error_summary` | an exception as the one line a user is shown | the CLI, the web server, result stores, the LLM client |

What the parsers keep on purpose: their tokenizers (token kinds and offsets, sentence and clause
numbers, ``#3`` / ``80%`` / ordinals: what each game's grammar needs), their negation sets (one game
counts "avoid" and "stop") and their agreement and refusal cue tables, which differ by game.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from games.base import MAX_MESSAGE_CHARS

__all__ = [
    "APOSTROPHES",
    "MAX_MESSAGE_CHARS",
    "NUMBER_WORDS",
    "clean_message",
    "number_words",
    "straight_apostrophes",
]

_LINE_ENDS = re.compile(r"\r\n?|[\u2028\u2029]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def clean_message(text: object, limit: int = MAX_MESSAGE_CHARS) -> str:
    """The message as bounded, NFKC-normalized text without control or format characters.

    Args:
        text: the raw message; anything but a ``str`` gives ``""``.
        limit: the most characters kept, both before and after normalization (default: the games'
            message cap, :data:`MAX_MESSAGE_CHARS`).

    Returns:
        At most ``limit`` characters: NFKC text where line ends are ``"\\n"``, control characters and
        lone surrogates are spaces and format characters are gone (tabs are kept).
    """
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFKC", text[:limit])[:limit]
    text = _LINE_ENDS.sub("\n", text)
    if not text.isascii():  # format characters (category Cf) are all outside ASCII
        text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return _CONTROL.sub(" ", text)


APOSTROPHES = "\u2019\u2018`\u00b4\u02bc"
"""Characters written for an apostrophe: right and left single quotes, grave and acute accents, and
the modifier letter apostrophe."""

_STRAIGHT = str.maketrans(dict.fromkeys(APOSTROPHES, "'"))


def straight_apostrophes(text: str) -> str:
    """``text`` with every character of :data:`APOSTROPHES` replaced by ``'`` (same length)."""
    return text.translate(_STRAIGHT)


NUMBER_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
        " sixteen seventeen eighteen nineteen twenty".split()
    )},
    **{w: 10 * i for i, w in enumerate("thirty forty fifty sixty seventy eighty ninety".split(), start=3)},
}  # fmt: skip
"""Cardinal number words and their values, in increasing order: zero to twenty, then the tens."""


def number_words(lo: int, hi: int) -> dict[str, int]:
    """The words of :data:`NUMBER_WORDS` whose value is in ``lo..hi`` (inclusive), in increasing order.

    Args:
        lo: the smallest value kept.
        hi: the largest value kept.

    Returns:
        A new dict (word -> value) a parser may extend with its own words.
    """
    return {w: v for w, v in NUMBER_WORDS.items() if lo <= v <= hi}


def error_line(err: BaseException) -> str:
    """The first line of ``err``'s message (a ``KeyError``'s key without the quotes its message
    adds; for a pydantic validation error, what was invalid and why), or the exception's type name
    when the message is empty: what a user is shown instead of a traceback."""
    from pydantic import ValidationError

    if isinstance(err, ValidationError):
        problems = [f"{'.'.join(map(str, e['loc'])) or 'value'}: {e['msg']}" for e in err.errors()[:3]]
        return "; ".join(problems).replace("\n", " ")[:300]
    text = str(err.args[0]) if isinstance(err, KeyError) and len(err.args) == 1 else str(err)
    text = text.strip()
    return text.splitlines()[0] if text else type(err).__name__


def error_summary(err: BaseException) -> str:
    """``"Type: first line"`` for an unexpected error (just the type name when the message is empty)."""
    line = error_line(err)
    return type(err).__name__ if line == type(err).__name__ else f"{type(err).__name__}: {line}"


def one_deletions(word: str) -> set[str]:
    """``word`` and every string one letter shorter: its symmetric-delete neighbourhood."""
    return {word, *(word[:k] + word[k + 1 :] for k in range(len(word)))}


class OneSlipSpeller:
    """Words of a vocabulary found again behind one slip of the keyboard (a letter dropped, added,
    changed, or two swapped), by symmetric-delete lookup: a word and a spelling meet when their
    one-deletion neighbourhoods share a string. Each lookup costs the length of the word.

    Args:
        words: the vocabulary.
        two_slips_from: words this long or longer are also found behind two dropped letters.
    """

    def __init__(self, words: Iterable[str], two_slips_from: int | None = None) -> None:
        index: dict[str, str] = {}
        for word in sorted(set(words)):
            keys = one_deletions(word)
            if two_slips_from is not None and len(word) >= two_slips_from:
                keys |= {shorter for key in list(keys) for shorter in one_deletions(key)}
            for key in keys:
                index[key] = word if index.get(key, word) == word else ""  # "": two words meet
        self._index = index

    def candidates(self, spelling: str) -> set[str]:
        """The vocabulary words within one slip of ``spelling`` (itself included when it is one)."""
        return {self._index[key] for key in one_deletions(spelling) if key in self._index} - {""}

    def correct(self, spelling: str) -> str | None:
        """The one vocabulary word within one slip of ``spelling``, or None (none, or several)."""
        found = self.candidates(spelling)
        return found.pop() if len(found) == 1 else None
