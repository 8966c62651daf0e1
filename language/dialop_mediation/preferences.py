"""A user's preferences in a clause: price, arrival, the importance of events, and the events
(meetings) a clause names."""

from __future__ import annotations

import bisect
import re
from typing import Any, Literal, overload

from language.act_base import ActBase
from language.dialop_mediation.acts import (
    HIGH_ARRIVAL_PREF,
    HIGH_IMPORTANCE,
    HIGH_PRICE_PREF,
    IMPORTANT,
    LOW_ARRIVAL_PREF,
    LOW_IMPORTANCE,
    LOW_PRICE_PREF,
    MID_IMPORTANCE,
    MID_PRICE_PREF,
    SOFT_ARRIVAL_PREF,
    MedArrival,
    MedEvent,
    MedPrice,
    clock,
)
from language.dialop_mediation.lexicon import (
    ARRIVAL_FRIENDLY,
    ARRIVAL_LOW,
    ARRIVAL_SOFT,
    DAY_RE,
    HIGH_WORDS,
    LOW_WORDS,
    MEAN_RE,
    MID_WORDS,
    OUT_OF_10,
    OUT_OF_20,
    PRICE_LOW,
    PRICE_MID,
    PRICE_PRAISE,
    day_of,
    time_spans,
)

BOUND_BEFORE = re.compile(r"\b(?:after|past|before|by|until|till|than|around|pre|post)[\s-]*$")


def price_of(clause: str, question: bool = False) -> MedPrice | None:
    praise = PRICE_PRAISE.search(clause)
    if (
        praise is not None
        and not re.search(r"\b(but|although|though|however|care|matters?)\b[^.?!]*\bpric", clause)
        and not re.search(r"cheap|less expensive|lower", clause[praise.end() :])
    ):
        # "while the flight is a great price, I care more about arriving together"; but "the price was
        # great, so let's keep it to that range or cheaper" asks for a low price
        return None
    number = OUT_OF_20.search(clause)
    mean = MEAN_RE.search(clause)
    if number:
        pref = int(number.group(1))
    elif PRICE_LOW.search(clause):
        pref = LOW_PRICE_PREF
    elif re.search(
        r"not affordable|unaffordable|not wallet|(?:not|n'?t) have (?:very |that )?(?:much|any|enough) money|no money",
        clause,
    ):
        pref = HIGH_PRICE_PREF
    elif PRICE_MID.search(clause):
        pref = MID_PRICE_PREF
    elif re.search(
        r"cheap|cheep|inexpensive|budget|(?:need|want|find|get|looking for) a good price|better price|lower price|reduce (?:the )?(?:costs?|price)|lower (?:the )?(?:costs?|price)|less expensive|pricey|pricy|expensive|low price|save|costs? down|too rich|better price|"
        r"(?:same|similar) (?:price|cost|fare)|money'?s? (?:is )?(?:\w+ )?tight|tight budget|minimi[sz]e|"
        r"keep (?:the )?(?:costs?|price)s? (?:down|low)|(?:a lot of|lots of|too much|so much|that much) money",
        clause,
    ):
        pref = HIGH_PRICE_PREF
    elif not question and re.search(r"\bimportan|\bmatters?\b|\bcare\b|\bpriority\b|\bprioriti[sz]e|\bconcern", clause):
        pref = HIGH_PRICE_PREF  # price said to matter, without a number ("price is very important to me")
    elif re.search(r"\bprice\b.{0,20}\b(not|no|bad|high|much)\b", clause):
        pref = HIGH_PRICE_PREF  # a complaint ("the price is not so good for me")
    else:
        return None
    if pref > 20:
        return None
    return MedPrice(pref=pref, mean=int(mean.group(1)) if mean and int(mean.group(1)) >= 1 else None)


def arrival_of(clause: str) -> MedArrival | None:
    number = OUT_OF_10.search(clause)
    if number and int(number.group(1)) <= 10:
        return MedArrival(pref=int(number.group(1)))
    found = ARRIVAL_FRIENDLY.search(clause)
    if found is None:
        return None
    # the level words of the segment that says it ("ideally doesn't overlap ..., and arrives with my
    # friend": the "ideally" is the overlap's)
    starts = [0, *(m.end() for m in _SEGMENT_END_RE.finditer(clause, 0, found.start()))]
    end = _SEGMENT_END_RE.search(clause, found.end())
    clause = clause[starts[-1] : end.start() if end else len(clause)]
    if ARRIVAL_LOW.search(clause):
        return MedArrival(pref=LOW_ARRIVAL_PREF)
    if ARRIVAL_SOFT.search(clause):
        return MedArrival(pref=SOFT_ARRIVAL_PREF)
    return MedArrival(pref=HIGH_ARRIVAL_PREF)


_SEGMENT_END_RE = re.compile(r",|;|\band\b|\bbut\b")


@overload
def events_of(clause: str, positions: Literal[False] = False) -> list[tuple[int, int, int | None]]: ...


@overload
def events_of(clause: str, positions: Literal[True]) -> list[tuple[int, int, int | None, int]]: ...


def events_of(clause: str, positions: bool = False) -> list[Any]:
    """``(day, start, end)`` of each time in ``clause`` that has a day (the nearest day mention,
    before it or else after it); ``end`` is set for ranges; with ``positions``, the time's offset too."""
    days = [(m.start(), day_of(m)) for m in DAY_RE.finditer(clause)]
    if not days:
        return []
    offsets = [d[0] for d in days]
    out: list[Any] = []
    for position, start, end in time_spans(clause):
        # the nearest day mention: "Thu 10:00", "10:30 on Thursday", "my 2pm Friday meeting"
        after = bisect.bisect_left(offsets, position)
        near = [days[k] for k in (after - 1, after) if 0 <= k < len(days)]
        day = min(near, key=lambda d: (abs(d[0] - position), d[0] > position))[1]
        out.append((day, start, end, position) if positions else (day, start, end))
    return out


def importance_level(clause: str, answer: bool = False) -> int:
    number = OUT_OF_10.search(clause)
    if number and int(number.group(1)) <= 10:
        return int(number.group(1))
    if LOW_WORDS.search(clause):
        return LOW_IMPORTANCE
    if MID_WORDS.search(clause):
        return MID_IMPORTANCE
    if HIGH_WORDS.search(clause) or (answer and re.search(r"\b(very|extremely|super|highly|high)\b", clause)):
        return HIGH_IMPORTANCE
    return IMPORTANT


def importances_of(clause: str, default_day: int | None = None) -> list[ActBase]:
    """Events with an importance: times with a day (``default_day`` when the clause names none)."""
    level = importance_level(clause)
    found = [
        (day, start, end)
        for day, start, end, position in events_of(clause, positions=True)
        if end is not None or not BOUND_BEFORE.search(clause[max(0, position - 24) : position])
    ]
    if not found and default_day is not None and not DAY_RE.search(clause):
        found = [(default_day, start, end) for _, start, end in time_spans(clause)]
    return [
        MedEvent(day=day, start=clock(start), end=None if end is None else clock(end), importance=level)
        for day, start, end in found
    ]
