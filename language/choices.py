"""Reading which lettered option a language model chose, from its free-text answer.

The lettered options come from a prompt (:func:`parse_options`: the lines after one
``Available Answers:`` or ``Available Actions:`` line, ``A. text``). :func:`extract_answer` reads a
model's output as the LLM-Coordination paper's scorer did, with two guards: the field after the
last ``Answer:`` / ``Action:`` marker (else the whole output) is searched first for a letter in the
options' format (``B``, ``B.``, ``(B)``, ``b)``, ``**B**``, ``option B``), then for an option's text
(equal, contained as a phrase, or the strictly closest by :mod:`difflib` ratio at
:data:`MIN_SIMILARITY` or more); several different letters are a hedge and read as no answer, and
texts shorter than :data:`MIN_FUZZY_CHARS` never match by ratio. CoordinationQA scores its answers
with it, and the CAC agent grounds its reasoner's choice with it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

MIN_SIMILARITY = 0.6
"""The least :mod:`difflib` ratio at which an answer text is read as an option's text."""
MIN_FUZZY_CHARS = 4
"""Texts shorter than this (``2``, ``No``) match only exactly or as a phrase, never by ratio
(``42`` is not ``2``)."""

Method = Literal["letter", "text", "ambiguous", "none", "failed"]


def action_list(actions: Sequence[str]) -> str:
    """The lettered list that ends a state description (``\n\nAvailable Actions:\nA. ...``; ''
    for no actions)."""
    if not actions:
        return ""
    return "\n\nAvailable Actions:\n" + "\n".join(f"{letter_of(i)}. {text}" for i, text in enumerate(actions))


def letter_of(index: int) -> str:
    """The option letter of the ``index``-th action: A..Z, then AA, AB, ... (a hand of five cards and
    four partners can offer more than 26 moves)."""
    if index < 26:
        return chr(ord("A") + index)
    return letter_of(index // 26 - 1) + chr(ord("A") + index % 26)


class Option(BaseModel):
    """One printed option: its letter and its text."""

    model_config = ConfigDict(frozen=True)

    letter: str
    text: str


_HEADER = re.compile(r"available\s+(?:answers|actions)\s*:", re.IGNORECASE)
_OPTION_LINE = re.compile(r"([A-Z])\s*[.)]\s*(.*\S)?\s*$")


def parse_options(question: str) -> tuple[Option, ...]:
    """The options printed after the question's one ``Available Answers:`` (or ``Actions:``) line.

    Raises:
        ValueError: no such line or more than one, a non-blank line after it that is not
            ``<capital letter>. text`` (or ``)``), or fewer than two options.
    """
    headers = list(_HEADER.finditer(question))
    if len(headers) != 1:
        raise ValueError(f"{len(headers)} 'Available Answers:' / 'Available Actions:' lines (need one)")
    options = []
    for line in question[headers[0].end() :].splitlines():
        if not line.strip():
            continue
        match = _OPTION_LINE.match(line.strip())
        if match is None:
            raise ValueError(f"an option line does not start with a letter: {line.strip()[:60]!r}")
        options.append(Option(letter=match.group(1), text=(match.group(2) or "").strip()))
    if len(options) < 2:
        raise ValueError(f"{len(options)} option(s) (need at least two)")
    return tuple(options)


class Extraction(BaseModel):
    """The option a model's output chose, and how it was read.

    Attributes:
        letter: the chosen option's letter (None: no answer, counted wrong).
        method: ``letter`` (a letter in the options' format), ``text`` (the answer text matched to
            an option), ``ambiguous`` (several letters or equally close options), ``none``.
        similarity: the text match's similarity (1.0 for a letter or an equal text).
    """

    model_config = ConfigDict(frozen=True)

    letter: str | None
    method: Method
    similarity: float = 0.0


_MARKER = re.compile(r"\b(?:answer|action)\s*:", re.IGNORECASE)
_LEADING_LETTER = re.compile(r"^[\s*\"'`(\[]*([A-Za-z])\s*(?:[.):\]*]|$)")
_LETTER_TOKEN = re.compile(
    r"(?<![A-Za-z0-9'])\(([A-Za-z])\)"  # (B) or (b)
    r"|(?<![A-Za-z0-9'(])([A-Z])[.)](?![A-Za-z0-9])"  # B. or B)
    r"|\b[Oo]ption\s+\(?([A-Z])\b"  # option B
)


def answer_field(output: str) -> tuple[str, bool]:
    """The part of ``output`` that holds the answer: what follows its last ``Answer:`` or ``Action:``
    marker on that line (or on the next non-blank line when that one is blank), else all of it.

    Returns:
        ``(field, marked)``: the field, stripped, and whether a marker was found.
    """
    markers = list(_MARKER.finditer(output))
    if not markers:
        return output.strip(), False
    lines = output[markers[-1].end() :].splitlines()
    for line in lines:
        if line.strip():
            return line.strip(), True
    return "", True


def _normal(text: str) -> str:
    """Lower case, one space between words, no label letter in front, no punctuation at the ends."""
    text = re.sub(r"^\s*\(?[A-Za-z][.)]\s+", "", text)
    text = re.sub(r"\s+", " ", text.replace("’", "'")).strip().lower()
    return text.strip(" .,;:!?\"'`*[]()")


def extract_answer(output: str | None, options: Sequence[Option], min_similarity: float = MIN_SIMILARITY) -> Extraction:
    """Which option ``output`` chose (see the module docstring for the rules).

    Args:
        output: the model's raw output (None or empty: no answer).
        options: the question's printed options.
        min_similarity: the least difflib ratio for a fuzzy text match.

    Returns:
        The extraction; ``letter`` is always one of the options' letters, or None.
    """
    if not output or not output.strip():
        return Extraction(letter=None, method="none")
    letters = {o.letter for o in options}
    text, marked = answer_field(output)
    leading = _LEADING_LETTER.match(text)
    found = {next(g for g in m.groups() if g).upper() for m in _LETTER_TOKEN.finditer(text)}
    if leading:
        found.add(leading.group(1).upper())
    found &= letters
    if len(found) == 1:
        return Extraction(letter=found.pop(), method="letter", similarity=1.0)
    if len(found) > 1:  # a hedge
        return Extraction(letter=None, method="ambiguous")
    return match_text(text, options, marked or len(text) <= 200, min_similarity)


def match_text(text: str, options: Sequence[Option], contain: bool, min_similarity: float) -> Extraction:
    """The option whose text ``text`` is: equal, then (when ``contain``) contained as a phrase, then
    the strictly closest by ratio at ``min_similarity`` or more."""
    said = _normal(text)
    if not said:
        return Extraction(letter=None, method="none")
    normal = [(_normal(o.text), o) for o in options]
    equal = {o.letter for n, o in normal if n and n == said}
    if len(equal) == 1:
        return Extraction(letter=equal.pop(), method="text", similarity=1.0)
    if len(equal) > 1:
        return Extraction(letter=None, method="ambiguous")
    if contain:
        inside = [(n, o) for n, o in normal if n and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", said)]
        # an option contained in a longer contained option is part of that one ("wait" in "wait for bob")
        inside = [(n, o) for n, o in inside if not any(n != m and n in m for m, _ in inside)]
        if len({o.letter for _, o in inside}) == 1:
            return Extraction(letter=inside[0][1].letter, method="text", similarity=1.0)
        if len(inside) > 1:
            return Extraction(letter=None, method="ambiguous")
    ratios = sorted(
        ((difflib.SequenceMatcher(None, said, n).ratio(), o.letter) for n, o in normal if len(n) >= MIN_FUZZY_CHARS),
        reverse=True,
    )
    if not ratios or len(said) < MIN_FUZZY_CHARS:
        return Extraction(letter=None, method="none")
    best, letter = ratios[0]
    if best < min_similarity:
        return Extraction(letter=None, method="none", similarity=best)
    if len(ratios) > 1 and ratios[1][0] == best and ratios[1][1] != letter:
        return Extraction(letter=None, method="ambiguous", similarity=best)
    return Extraction(letter=letter, method="text", similarity=best)
