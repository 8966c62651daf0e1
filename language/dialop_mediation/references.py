"""Flights offered before, referred to by their day or part of the day ("that redeye", "the friday
one"): the words are blanked so they name no time."""

from __future__ import annotations

import re

from language.dialop_mediation.acts import (
    MedOffer,
)

REF_DAY = r"wed(?:nesday|s)?|weds|thu(?:rs?(?:day)?)?s?|fri(?:day)?s?"


REF_PART = r"mornings?|afternoons?|evenings?|nights?|red[- ]?eyes?|mid[- ]?day"


_REF_NOUN = r"(?:one|ones|option|options|flight|flights|proposal|proposals|offer|offers|choice|pick)\b"


OFFER_REFERENCE_RE = re.compile(
    rf"\b(?:(?P<dem>that|those)|the)\s+(?:(?:same|earlier|previous|other|first|old|early|late)\s+)?"
    rf"(?P<day>{REF_DAY})?\s*(?P<part>{REF_PART})?\b\s*(?P<noun>{_REF_NOUN})?(?!\s*meetings?\b)"
)
"""A flight referred to by its day or part of the day: "that redeye", "that wednesday option", "the
friday one", "those morning ones" (with "the", or with a part of the day alone, a flight word must
follow: "that evening" is the evening of the day under discussion)."""


_REF_PARTS: dict[str, tuple[int, int]] = {
    "morning": (0, 12 * 60),
    "afternoon": (12 * 60, 17 * 60),
    "evening": (17 * 60, 24 * 60),
    "night": (17 * 60, 24 * 60),
    "redeye": (19 * 60, 24 * 60),
    "midday": (11 * 60, 13 * 60),
}


def unname_offer(match: re.Match[str], offers: tuple[MedOffer, ...]) -> str:
    """``match`` with its day and part of the day blanked when they describe a flight in ``offers``
    (then the words refer to that flight and name no time), else ``match`` unchanged."""
    day_word, part_word, noun = match.group("day"), match.group("part"), match.group("noun")
    if not (day_word or part_word):
        return match.group(0)
    redeye = bool(part_word and part_word.startswith("red"))
    if noun is None and (match.group("dem") is None or (part_word and not day_word and not redeye)):
        return match.group(0)
    day = None if not day_word else 0 if day_word.startswith("w") else 1 if day_word.startswith("t") else 2
    part = None
    if part_word:
        key = "redeye" if redeye else "midday" if part_word.startswith("mid") else part_word.rstrip("s")
        part = _REF_PARTS.get(key)

    def fits(offer: MedOffer) -> bool:
        if offer.day is None or offer.start is None or (day is not None and offer.day != day):
            return False
        if part is None:
            return True
        hours, mins = offer.start.split(":")
        minutes = int(hours) * 60 + int(mins)
        # a redeye leaves late at night or in the small hours
        return part[0] <= minutes < part[1] or (redeye and minutes < 5 * 60)

    if not any(fits(offer) for offer in offers):
        return match.group(0)
    text = match.group(0)
    for start, end in sorted(
        (match.span(g) for g in ("day", "part") if match.group(g)), key=lambda span: span[0], reverse=True
    ):
        text = text[: start - match.start()] + " " * (end - start) + text[end - match.start() :]
    return text
