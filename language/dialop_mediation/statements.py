"""What a user's clause states (price, arrival, events, liked flights, time windows) and a user's short
answer to the assistant's last question."""

from __future__ import annotations

import re

from language.act_base import ActBase
from language.dialop_mediation.acts import (
    HIGH_ARRIVAL_PREF,
    HIGH_PRICE_PREF,
    LOW_ARRIVAL_PREF,
    LOW_PRICE_PREF,
    MID_PRICE_PREF,
    SOFT_ARRIVAL_PREF,
    MedArrival,
    MedEvent,
    MediationContext,
    MedPrice,
)
from language.dialop_mediation.lexicon import (
    ARRIVAL_WORDS,
    DAY_RE,
    HIGH_WORDS,
    IMPORTANCE_WORDS,
    LOW_WORDS,
    MID_WORDS,
    OUT_OF_10,
    PRICE_LOW,
    PRICE_WORDS,
    TIME_RE,
)
from language.dialop_mediation.preferences import arrival_of, importance_level, importances_of, price_of
from language.dialop_mediation.references import REF_DAY, REF_PART
from language.dialop_mediation.windows import flight_of, named_flight, windows_of


def user_statement(clause: str, question: bool, context: MediationContext) -> list[ActBase]:
    """What a user's clause states: price, arrival, events, liked flights and time windows."""
    acts: list[ActBase] = []
    if PRICE_WORDS.search(clause) and (price := price_of(clause, question)) is not None:
        acts.append(price)
    if ARRIVAL_WORDS.search(clause) and (arrival := arrival_of(clause)) is not None:
        acts.append(arrival)
    if flight := flight_of(clause, context.day):
        return [*acts, flight]
    if (named := named_flight(clause, context)) is not None:
        return [*acts, named]
    if IMPORTANCE_WORDS.search(clause) or OUT_OF_10.search(clause):
        if events := importances_of(clause, context.day):
            if (lead := _LEAD_TIME_RE.match(clause)) is not None:
                # "Friday morning, that meeting at 9am is low priority": the time said first is a wish
                acts.extend(windows_of(lead.group(1), context))
            return acts + events
        answer = short_answer(clause, context)
        if answer is not None:
            return [*acts, answer]
        return acts + windows_of(clause, context)
    if not acts and context.asked is not None and (answer := short_answer(clause, context)) is not None:
        return [answer]
    return acts + windows_of(clause, context)


def short_answer(clause: str, context: MediationContext) -> ActBase | None:
    """A bare level ("medium", "not very", "a lot") answering the assistant's last question."""
    asked = context.asked
    if asked is None or DAY_RE.search(clause) or TIME_RE.search(clause):
        return None
    low = bool(LOW_WORDS.search(clause) or PRICE_LOW.search(clause))
    mid = bool(MID_WORDS.search(clause))
    high = bool(HIGH_WORDS.search(clause) or re.search(r"\b(very|a lot|really|extremely|super|highly|high)\b", clause))
    if not (low or mid or high):
        number = OUT_OF_10.search(clause)
        if number is None or asked.about == "price":
            return None
    if asked.about == "event" and asked.day is not None and asked.start is not None:
        return MedEvent(day=asked.day, start=asked.start, importance=importance_level(clause, answer=True))
    if asked.about == "price":
        return MedPrice(pref=LOW_PRICE_PREF if low else MID_PRICE_PREF if mid else HIGH_PRICE_PREF)
    if asked.about == "arrival":
        return MedArrival(pref=LOW_ARRIVAL_PREF if low else SOFT_ARRIVAL_PREF if mid else HIGH_ARRIVAL_PREF)
    return None


_LEAD_TIME_RE = re.compile(rf"^\W*((?:{REF_DAY})\s+(?:{REF_PART})|(?:{REF_PART})\s+(?:on\s+)?(?:{REF_DAY}))\s*[,:-]")
"""A day and a part of the day said alone before a comma, ahead of an event ("Friday morning, ...")."""
