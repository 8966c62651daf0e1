"""What the neurosymbolic CoordinationQA answerers of every game share: the :class:`Answer` they
give, the question sentence of a scenario, and the matchers of a computed value to the one option
that states it (yes / no, a count, exactly one letter).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from language.choices import Option

_NUMBERS = {"zero": 0, "none": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclass(frozen=True)
class Answer:
    """The answerer's reply to one question.

    Attributes:
        letter: the chosen option, or None (abstained).
        template: the template that recognised the question (None: none did).
        value: what was computed, in words (or why there is no answer).
    """

    letter: str | None
    template: str | None
    value: str


_HEADER = re.compile(r"available\s+(?:answers|actions)\s*:", re.IGNORECASE)


def question_sentence(text: str) -> str:
    """The question itself: the last non-blank line before the options' header."""
    head = _HEADER.split(text)[0]
    lines = [line.strip() for line in head.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _quantity_matches(text: str, n: int) -> bool | None:
    """Whether a "Yes, ..." option's quantity ("only one", "multiple") fits ``n`` (None: it names none)."""
    low = text.lower()
    if re.search(r"\bmultiple\b|\bseveral\b|more than one|\bmany\b", low):
        return n > 1
    if re.search(r"\bonly one\b|\bone\b|\bsingle\b", low):
        return n == 1
    return None


def pick_bool(options: Sequence[Option], value: bool, count: int | None = None) -> str | None:
    """The one option that starts with "Yes" (``value``) or "No" (not ``value``); where several do,
    the one whose quantity ("only one", "multiple") fits ``count``."""
    word = "yes" if value else "no"
    found = [o for o in options if re.match(rf"\s*{word}\b", o.text, re.IGNORECASE)]
    if len(found) > 1 and count is not None:
        found = [o for o in found if _quantity_matches(o.text, count)]
    return found[0].letter if len(found) == 1 else None


def _count_matches(text: str, n: int) -> bool | None:
    """Whether the option ``text`` names the count ``n`` (None: it names no count)."""
    low = text.lower()
    more = re.search(r"(?:more|greater) than (\d+)", low)
    if more:
        return n > int(more.group(1))
    least = re.search(r"(\d+) or more|at least (\d+)", low)
    if least:
        return n >= int(least.group(1) or least.group(2))
    first = re.match(r"\s*(\d+|zero|none|one|two|three|four|five)\b", low)
    if first:
        word = first.group(1)
        return n == (int(word) if word.isdigit() else _NUMBERS[word])
    return None


def pick_count(options: Sequence[Option], n: int) -> str | None:
    """The one option that names the count ``n`` ("2", "two", "More than 3 points")."""
    found = [o.letter for o in options if _count_matches(o.text, n)]
    return found[0] if len(found) == 1 else None


def single(letters: Sequence[str], template: str, value: str) -> Answer:
    """The one letter ``letters`` name, or an abstention saying why (none or several)."""
    unique = sorted(set(letters))
    if len(unique) == 1:
        return Answer(unique[0], template, value)
    return Answer(None, template, f"{value}; {'no option' if not unique else 'several options'} name it")
