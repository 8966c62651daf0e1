"""The DialOp Mediation rule parser (see the package docstring for its conventions)."""

from __future__ import annotations

import bisect
import re
from typing import Any, Literal, overload

from language.act_base import ActBase
from language.dialop_mediation.acts import (
    CARRIERS,
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
    MedAccept,
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MediationContext,
    MedOffer,
    MedPrice,
    MedReject,
    MedWindow,
    clock,
)
from language.dialop_mediation.lexicon import (
    ACCEPT_RE,
    AGREE_RE,
    ANNOUNCE_RE,
    ANY_DATE,
    ANY_DAY_RE,
    AROUND_RE,
    ARRIVAL_FRIENDLY,
    ARRIVAL_LOW,
    ARRIVAL_SOFT,
    ARRIVAL_WORDS,
    BAD_WORDS,
    BARE_BOUND_RE,
    BOUND_RE,
    BUSY,
    CARRIER_RE,
    CONTINUATION_RE,
    DAY_RE,
    DEICTIC,
    DEPARTURE_BLOCK,
    EARLIER_RE,
    FUTURE_RE,
    GOOD_WORDS,
    GREETING,
    HIGH_WORDS,
    IMPORTANCE_WORDS,
    LATER_RE,
    LEVEL_WORDS,
    LIKEWISE,
    LOW_WORDS,
    MEAN_RE,
    MID_WORDS,
    NOT_BAD,
    NOT_PRICEY,
    OFFER_ARRIVAL_RE,
    ONWARD_RE,
    OPEN_TIME_RE,
    OTHER_RE,
    OUT_OF_10,
    OUT_OF_20,
    PART_NAMES,
    PART_RE,
    PARTS,
    PRESENT_RE,
    PRICE_LOW,
    PRICE_MID,
    PRICE_PRAISE,
    PRICE_WORDS,
    QUESTION_OPENERS,
    REJECT_STRONG,
    REJECT_WEAK,
    SCHEDULE_RE,
    TIME,
    TIME_RE,
    WH_SCHEDULE,
    day_of,
    has_ampm,
    normalize,
    resolve_days,
    split_clauses,
    time_minutes,
    time_spans,
)

# ---- flights offered before, referred to by description --------------------------------------------

_REF_DAY = r"wed(?:nesday|s)?|weds|thu(?:rs?(?:day)?)?s?|fri(?:day)?s?"
_REF_PART = r"mornings?|afternoons?|evenings?|nights?|red[- ]?eyes?|mid[- ]?day"
_REF_NOUN = r"(?:one|ones|option|options|flight|flights|proposal|proposals|offer|offers|choice|pick)\b"
_OFFER_REFERENCE_RE = re.compile(
    rf"\b(?:(?P<dem>that|those)|the)\s+(?:(?:same|earlier|previous|other|first|old|early|late)\s+)?"
    rf"(?P<day>{_REF_DAY})?\s*(?P<part>{_REF_PART})?\b\s*(?P<noun>{_REF_NOUN})?(?!\s*meetings?\b)"
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


def _unname_offer(match: re.Match[str], offers: tuple[MedOffer, ...]) -> str:
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


# ---- the parser ------------------------------------------------------------------------------------


class MediationParser:
    """Rule parser of Mediation messages (see the module docstring); garbage gives ``[]``."""

    def parse(self, message: str, context: MediationContext | None = None) -> list[ActBase]:
        """The acts of ``message``.

        Args:
            message: the text (any object: non-text gives ``[]``).
            context: who wrote it and the dialogue state (default: a user, nothing known).

        Returns:
            The acts in the order of their clauses (a user's verdict on the offer first).
        """
        context = context if isinstance(context, MediationContext) else MediationContext()
        text = normalize(message)
        if context.author != "assistant" and context.offers:
            # "go back to that redeye", "that wednesday option": a flight offered before, no window
            text = _OFFER_REFERENCE_RE.sub(lambda m: _unname_offer(m, context.offers), text)
        text = resolve_days(text, context)
        if context.author != "assistant":
            # "since this flight arrives on Friday morning": a description of the offer wishes no day
            text = OFFER_ARRIVAL_RE.sub(lambda m: DAY_RE.sub(" ", m.group(0)), text)
        clauses = [(c, q or bool(QUESTION_OPENERS.match(c))) for c, q in split_clauses(text)]
        if context.author == "assistant":
            return self._assistant(text, clauses, context)
        return self._user(text, clauses, context)

    # ---- the assistant: questions and offers ------------------------------------------------------
    def _assistant(self, text: str, clauses: list[tuple[str, bool]], context: MediationContext) -> list[ActBase]:
        asks: list[ActBase] = []
        offer: MedOffer | None = None
        # "I am going to send you a flight. Let me know if that works": the flight is still to come
        announced = bool(ANNOUNCE_RE.search(text))
        for clause, question in clauses:
            presents = bool(PRESENT_RE.search(clause)) and not (
                (FUTURE_RE.search(clause) or announced)
                and not re.search(r"\bhere(?:'s| is)\b|\bthis (?:one|flight|option)\b", clause)
            )
            details = _offer_details(clause)
            if GREETING.search(clause) and not details and not WH_SCHEDULE.search(clause):
                continue
            if (
                question
                and presents
                and WH_SCHEDULE.search(clause)
                and not re.search(r"\bthis (?:flight|one|option|proposal)\b|\bhere\b", clause)
            ):
                presents = False
            found = _asks(clause) if question and not presents else []
            if found and (
                not details or IMPORTANCE_WORDS.search(clause) or not any(a.about == "schedule" for a in found)
            ):
                asks.extend(a for a in found if a not in asks[-8:])
                continue
            if presents or details:
                if offer is None or (offer.carrier is None and offer.day is None):
                    offer = details or MedOffer()
        wanted = context.requested
        if offer == MedOffer() and wanted is not None and AGREE_RE.search(text) and not OTHER_RE.search(text):
            # the user named a flight and we agree to it ("Let's give it a shot!"): that flight
            offer = MedOffer(carrier=wanted.carrier, day=wanted.day, start=wanted.start)
        return [offer, *asks] if offer is not None else asks

    # ---- users: statements and the verdict on the offer --------------------------------------------
    def _user(self, text: str, clauses: list[tuple[str, bool]], context: MediationContext) -> list[ActBase]:
        if context.answered and context.accepted is None and clauses and _praises(clauses[0], text, context):
            # the user answered the proposal (the game dropped the answer) and opens with a sentence of
            # praise: the answer was an Accept, and what follows is a caveat ("Not too bad on my end. I
            # am missing an important meeting")
            context = context.model_copy(update={"accepted": True})
        acts: list[ActBase] = []
        verdicts: list[ActBase] = []
        here = context
        resigned = False
        raised: ActBase | None = None  # a soft wish the next sentence raised (no complaint)
        previous: list[ActBase] = []  # the acts of the clause before
        listed: bool | None = None  # the judgement of meetings whose times the clause before listed
        for clause, question in clauses:
            found = _statement(clause, question, here)
            windows = [a for a in found if isinstance(a, MedWindow)]
            if listed is not None and windows and _bare_times(clause):
                # "important meetings early on Wed, late on Thu, and in the morning on Fri": the list goes on
                found = [a.model_copy(update={"good": listed}) if isinstance(a, MedWindow) else a for a in found]
            elif windows and LEVEL_WORDS.search(clause) and re.search(r"\bmeetings?\b", clause):
                listed = windows[-1].good
            elif not _bare_times(clause):
                listed = None
            if question and _YES_NO_RE.match(clause) and _ONLY_RE.search(clause):
                # "Is Friday the only day?": the user asks about the other days, no wish for this one
                found = [a for a in found if not isinstance(a, MedWindow)]
            elif question and _YES_NO_RE.match(clause) and not _AVOID_RE.search(clause):
                # "Is Friday impossible?": the user asks whether the time can work, a wish
                found = [a.model_copy(update={"good": True}) if isinstance(a, MedWindow) else a for a in found]
            if not found and _RAISE_RE.match(clause) and any(a == MedArrival(pref=SOFT_ARRIVAL_PREF) for a in previous):
                # "... around the same time as my friend if possible. It's pretty important.": the
                # sentence after a soft wish raises it (a reason, not a complaint about the offer)
                raised = MedArrival(pref=HIGH_ARRIVAL_PREF)
                acts = [raised if a == MedArrival(pref=SOFT_ARRIVAL_PREF) else a for a in acts]
                previous = acts
                continue
            if here.asked is not None and any(_answers(a, here.asked) for a in found):
                # the question is answered: the clauses after it do not answer it again
                here = here.model_copy(update={"asked": None})
            named = [a.day for a in found if isinstance(a, MedWindow | MedEvent | MedFlight) and a.day is not None]
            if not named and (day := DAY_RE.search(clause)) is not None:
                named = [day_of(day)]
            if named and named[-1] != here.day:
                # "Thursday might work, but I have a meeting at 9:30 am": the day named last
                here = here.model_copy(update={"day": named[-1], "start": None})
            if _resigned(clause, context):
                # "this can be managed if we need to", "if that's the best you can do, I'll take it"
                resigned = True
                verdicts.append(MedAccept())
                acts.extend(a for a in found if a not in acts)
                continue
            bare = not found and not question and not re.search(r"\b(if|whether)\b", clause)
            if bare and (verdict := _verdict(clause, context, [], bare=True)) is not None:
                verdicts.append(verdict)
            found = found if _ANY_DAY.search(clause) else _narrow_days(acts, previous, found)
            previous = found
            numeric = bool(OUT_OF_10.search(clause) or OUT_OF_20.search(clause))
            # a level said in words twice ("arriving together ... arriving together is ideal") is one fact
            # the same window or event said twice ("can be missed. Not important at all") is one fact too
            acts.extend(a for a in found if (numeric and isinstance(a, MedPrice | MedArrival)) or a not in acts)
        if not resigned and not any(isinstance(v, MedReject) for v in verdicts):
            judged = [a for a in acts if a is not raised]
            verdicts.extend(v for v in [_verdict(text, context, judged, bare=False)] if v is not None)
        # one verdict per message: a complaint or a request to replace the offer outweighs a "sure"
        if any(isinstance(v, MedReject) for v in verdicts):
            return [MedReject(), *acts]
        return [MedAccept(), *acts] if verdicts else acts


_ASK_ARRIVAL = re.compile(
    r"\barriv\w*|\bland(?:s|ing)?\b|same time|together|close (?:to|together)|\bnear\b|far (?:from|apart|away)|apart"
)


_FLIGHT_ARRIVES_RE = re.compile(r"\b(?:flight|one|option|it)\b[^.?!]{0,40}\b(?:arriv\w*|lands?|landing)\b")
"""A flight described by its arrival ("a flight on 6/2 that lands at 9:25?"): no question about arriving."""


def _asks(clause: str) -> list[MedAsk]:
    """The assistant's questions in a clause: price, arrival, events' importance, else the schedule."""
    asks: list[MedAsk] = []
    if PRICE_WORDS.search(clause) and not re.search(r"\$\s*\d|\d\s*\$", clause):
        asks.append(MedAsk(about="price"))
    if _ASK_ARRIVAL.search(clause) and not _FLIGHT_ARRIVES_RE.search(clause):
        asks.append(MedAsk(about="arrival"))
    if IMPORTANCE_WORDS.search(clause):
        asks.extend(MedAsk(about="event", day=day, start=clock(start)) for day, start, _ in _events(clause))
    if not asks and (
        (WH_SCHEDULE.search(clause) and not re.search(r"\b(this|these)\b", clause))
        or (SCHEDULE_RE.search(clause) and not re.search(r"\b(this|that|it)\b", clause))
    ):
        asks.append(MedAsk(about="schedule"))
    return asks


def _offer_details(clause: str) -> MedOffer | None:
    """The flight an assistant's clause names: its carrier, and its day and departure time when the
    clause gives both (times after "after", "before" ... or an arrival are no departure)."""
    carrier = CARRIER_RE.search(clause)
    name = next((c for c in CARRIERS if carrier and c.lower() == carrier.group(1)), None)
    departure = next(
        (
            (day, start)
            for day, start, _, position in _events(clause, positions=True)
            if not _BOUND_BEFORE.search(clause[max(0, position - 24) : position])
            and not DEPARTURE_BLOCK.search(clause[max(0, position - 24) : position])
        ),
        None,
    )
    if name is None and departure is None:
        return None
    if departure is None:
        return MedOffer(carrier=name)
    return MedOffer(carrier=name, day=departure[0], start=clock(departure[1]))


_BOUND_BEFORE = re.compile(r"\b(?:after|past|before|by|until|till|than|around|pre|post)[\s-]*$")


def _statement(clause: str, question: bool, context: MediationContext) -> list[ActBase]:
    """What a user's clause states: price, arrival, events, liked flights and time windows."""
    acts: list[ActBase] = []
    if PRICE_WORDS.search(clause) and (price := _price(clause, question)) is not None:
        acts.append(price)
    if ARRIVAL_WORDS.search(clause) and (arrival := _arrival(clause)) is not None:
        acts.append(arrival)
    if flight := _flight(clause, context.day):
        return [*acts, flight]
    if (named := _named_flight(clause, context)) is not None:
        return [*acts, named]
    if IMPORTANCE_WORDS.search(clause) or OUT_OF_10.search(clause):
        if events := _importances(clause, context.day):
            if (lead := _LEAD_TIME_RE.match(clause)) is not None:
                # "Friday morning, that meeting at 9am is low priority": the time said first is a wish
                acts.extend(_windows(lead.group(1), context))
            return acts + events
        answer = _answer(clause, context)
        if answer is not None:
            return [*acts, answer]
        return acts + _windows(clause, context)
    if not acts and context.asked is not None and (answer := _answer(clause, context)) is not None:
        return [answer]
    return acts + _windows(clause, context)


def _answer(clause: str, context: MediationContext) -> ActBase | None:
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
        return MedEvent(day=asked.day, start=asked.start, importance=_importance_level(clause, answer=True))
    if asked.about == "price":
        return MedPrice(pref=LOW_PRICE_PREF if low else MID_PRICE_PREF if mid else HIGH_PRICE_PREF)
    if asked.about == "arrival":
        return MedArrival(pref=LOW_ARRIVAL_PREF if low else SOFT_ARRIVAL_PREF if mid else HIGH_ARRIVAL_PREF)
    return None


def _verdict(text: str, context: MediationContext, acts: list[ActBase], bare: bool) -> ActBase | None:
    """The user's judgement of the offer under discussion in ``text`` (a clause that states nothing
    else when ``bare``, else the whole message): a rejection (a complaint, a request to replace the
    offer) or, in a bare clause, an acceptance. Nothing is judged when nothing is on the table
    (``context.offered`` False), and a user who accepted the proposal is not rejecting it."""
    offered = context.offered
    if offered is None and (context.start is not None or context.accepted is not None):
        offered = True
    deictic = bool(DEICTIC.search(text))
    if NOT_BAD.search(text):  # "not too bad" is praise
        text = NOT_BAD.sub(" fine ", text)
    text = NOT_PRICEY.sub(" affordable ", text)  # "something that isn't too pricey" is a wish
    if context.accepted is not True:
        if REJECT_STRONG.search(text) and (offered is not False or re.search(r"^\W*(no|nope|nah)\b", text)):
            return MedReject()
        if REJECT_WEAK.search(text) and (offered or (offered is None and deictic)):
            complaint = any(isinstance(a, MedPrice | MedArrival) for a in acts) or re.search(
                r"pricey|pricy|expensive|too rich|too much|\bbad\b|worse|unfortunately|better|rather|"
                r"(?<!can )(?<!could )(?<!to )(?<!easily )\bmiss(?:es|ing)?\b",
                text,
            )
            wish = any(isinstance(a, MedWindow) for a in acts) or re.search(
                r"\b(earlier|later|closer|cheaper|right after|right before|after that|before that)\b|"
                r"(?:try|put|go with|switch to|book)\b[^.?!]{0,20}\b(?:the|that)\b"
                r"[^.?!]{0,25}\b(?:flight|one|option)\b",
                text,
            )
            if complaint or (wish and offered):
                return MedReject()
        answering = context.asked is not None and context.asked.about in ("price", "arrival")
        if offered and not bare and not answering and any(_complains(a) for a in acts):
            return MedReject()  # "seems like I do not have very much money", "can we arrive closer?"
    if bare and offered is not False and (ACCEPT_RE.search(text) or _GIVE_UP_RE.search(text)):
        turn = re.search(r"\b(?:but|although|though|however)\b(.*)$", text)
        if turn is not None and re.search(
            r"meeting|overlap|conflict|expensive|pric|far|miss|closer|cheaper", turn.group(1)
        ):
            # "it's a good deal but I also have a meeting": the part after "but" judges
            return MedReject() if context.accepted is not True else None
        return MedAccept()
    return None


_ONLY_RE = re.compile(r"\b(?:the|your) only\b|\bonly (?:day|days|option|options|time|times|choice|one)\b")
"""A yes/no question whether a time is the only one ("Is Friday the only day?") asks about the others."""
_RAISE_RE = re.compile(
    r"^\W*(?:and\s+|but\s+)?(?:it|that|this)(?:'?s|\s+is|\s+was|\s+would be|\s+will be)?\s+"
    r"(?:(?:really|very|pretty|quite|super|so|extremely|rather|truly|definitely|actually)\s+)*"
    r"(?:important|crucial|essential|vital|a must|a priority|a big deal|matters?|a big one)\b"
    r"(?:\s+(?:a lot|so much|very much))?(?:\s+(?:to|for)\s+(?:me|us))?\W*$"
)
"""A sentence that only says "it is important" ("It's pretty important.", "That really matters to me")."""
_GIVE_UP_RE = re.compile(
    r"(?<!n't )(?<!not )(?<!cannot )(?<!cant )(?<!never )\b(?:give up|sacrifice|forgo|forego|skip|drop)\s+"
    r"(?:that|this|the|my|one|a)\s+(?:(?:\w+\s+)?meetings?)\b"
)
"""Giving up the meeting the offer overlaps ("I may be willing to give up that meeting"): in a clause
that says nothing else, while a flight is on the table, an acceptance."""


_LEAD_TIME_RE = re.compile(
    rf"^\W*((?:{_REF_DAY})\s+(?:{_REF_PART})|(?:{_REF_PART})\s+(?:on\s+)?(?:{_REF_DAY}))\s*[,:-]"
)
"""A day and a part of the day said alone before a comma, ahead of an event ("Friday morning, ...")."""


def _answers(act: ActBase, asked: MedAsk) -> bool:
    """Whether ``act`` answers the question ``asked`` (the event it asks about, price, arrival)."""
    if asked.about == "event":
        return isinstance(act, MedEvent) and (act.day, act.start) == (asked.day, asked.start)
    return (asked.about == "price" and isinstance(act, MedPrice)) or (
        asked.about == "arrival" and isinstance(act, MedArrival)
    )


def _praises(clause: tuple[str, bool], message: str, context: MediationContext) -> bool:
    """Whether ``clause`` (the first of ``message``, and whether it asks) is a sentence of its own
    that only praises the offer: a bare acceptance ending at a sentence end ("Looks good. But ..."),
    not a piece before "but" ("That one looks good, but is there something better?")."""
    text, question = clause
    at = message.find(text)
    if question or at < 0 or not re.match(r"\s*(?:[.!/;\n]|$)", message[at + len(text) :]):
        return False
    if _statement(text, question, context):
        return False
    return isinstance(_verdict(text, context, [], bare=True), MedAccept)


_ANY_DAY = re.compile(r"\b(?:any|every|each|all|whichever|whatever)\s+days?\b")
"""A clause said of every day ("Any day before 10:00 is bad"): it narrows no day named before."""


def _narrow_days(acts: list[ActBase], previous: list[ActBase], found: list[ActBase]) -> list[ActBase]:
    """A clause of day-less bounds after a clause that only named days narrows those days ("Anything on
    6/2? Hoping for the morning": Friday morning); the whole-day windows of the clause before are
    withdrawn from ``acts``. Returns the clause's acts."""
    days = [a for a in previous if isinstance(a, MedWindow)]
    bounded = [a for a in found if isinstance(a, MedWindow)]
    if (
        not days
        or len(days) != len(previous)
        or any(a.after is not None or a.before is not None or a.day is None for a in days)
        or not bounded
        or any(a.day is not None or a.good != days[0].good for a in bounded)
        or any(a.good != days[0].good for a in days)
    ):
        return found
    for window in days:
        if window in acts:
            acts.remove(window)
    narrowed = [w.model_copy(update={"day": d.day}) for w in bounded for d in days]
    return [a for a in found if not isinstance(a, MedWindow)] + narrowed


def _resigned(clause: str, context: MediationContext) -> bool:
    """Whether ``clause`` accepts the offer on a condition that only gives in to it ("if we need to",
    "if nothing better turns up", "unless you find something closer"); a condition that wants the
    offer changed ("if it was cheaper") is no acceptance."""
    if context.offered is False or not _CONDITION_RE.search(clause):
        return False
    conditions = " ".join(m.group(0) for m in _IF_CLAUSE_RE.finditer(clause))
    main = _IF_CLAUSE_RE.sub(" ", clause)
    if _NAMED_HOURS_RE.search(main) or _NAMED_FLIGHT_RE.search(main):
        return False  # "if I have to, the 10:00 AM flight could work": another flight, not this one
    if not (conditions.startswith("unless") or " unless" in conditions or _RESIGNED_RE.search(conditions)):
        return False
    return bool(ACCEPT_RE.search(main) or _TAKE_RE.search(main)) and not REJECT_STRONG.search(main)


_CONDITION_RE = re.compile(r"\b(?:if|unless)\b")
# a condition ends at a comma, or where the main clause starts ("if nothing else works then we can run it")
_IF_CLAUSE_RE = re.compile(
    r"\b(?:if|unless)\b(?:(?!\b(?:then|i'?ll|i will|i would|i'?d|i can|we'?ll|we will|we can|we could|let'?s)\b)[^,;])*"
)
_RESIGNED_RE = re.compile(
    r"\b(?:nothing|no other|no better|no cheaper|no closer|no choice|only (?:one|option|choice)|"
    r"(?:the )?best (?:you|we|there|available)|need to|need it|needed|needs to|have to|has to|must|necessary|required)\b"
)
_TAKE_RE = re.compile(
    r"\b(take it|take that|make (?:it|that|this) work|live with|deal with|manage|go with (?:it|that|this)|do it|"
    r"run (?:with )?(?:it|that|this)|"
    r"ok(?:ay)? with|settle)\b"
)
_YES_NO_RE = re.compile(
    r"^\W*(?:(?:and|but|so|or|then|also)\s+)?(?:is|are|was|would|will|isn'?t|wouldn'?t)\b(?!\s+there\b)"
)
_AVOID_RE = re.compile(r"\b(avoid|steer|stay away|skip|without|instead|miss)\b")


def _complains(act: ActBase) -> bool:
    """Whether a fact said while a flight is on the table complains about it (price or arrival)."""
    return (isinstance(act, MedPrice) and act.pref >= HIGH_PRICE_PREF) or (
        isinstance(act, MedArrival) and act.pref >= HIGH_ARRIVAL_PREF
    )


def _price(clause: str, question: bool = False) -> MedPrice | None:
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


def _arrival(clause: str) -> MedArrival | None:
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
def _events(clause: str, positions: Literal[False] = False) -> list[tuple[int, int, int | None]]: ...
@overload
def _events(clause: str, positions: Literal[True]) -> list[tuple[int, int, int | None, int]]: ...
def _events(clause: str, positions: bool = False) -> list[Any]:
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


def _importance_level(clause: str, answer: bool = False) -> int:
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


def _importances(clause: str, default_day: int | None = None) -> list[ActBase]:
    """Events with an importance: times with a day (``default_day`` when the clause names none)."""
    level = _importance_level(clause)
    found = [
        (day, start, end)
        for day, start, end, position in _events(clause, positions=True)
        if end is not None or not _BOUND_BEFORE.search(clause[max(0, position - 24) : position])
    ]
    if not found and default_day is not None and not DAY_RE.search(clause):
        found = [(default_day, start, end) for _, start, end in time_spans(clause)]
    return [
        MedEvent(day=day, start=clock(start), end=None if end is None else clock(end), importance=level)
        for day, start, end in found
    ]


_NAMED_FLIGHT_RE = re.compile(
    rf"\b(?:the|that|this)\s+(?:\w+\s+){{0,2}}?{TIME}\s*(?:one|flight|option|departure)\b|"
    rf"\b(?:the|that|a|an)\s+(?:\w+\s+){{0,2}}?(?:one|flight|option)\s+(?:on\s+\S+\s+)?"
    rf"(?:at|that (?:leaves|departs) at|leaving at|departing at)\s+{TIME}"
)


_NAMED_HOURS_RE = re.compile(
    rf"\b(?:the|that|this)\s+(?:[\w/]+\s+){{0,2}}?{TIME}\s*(?:-|to|until|till)\s*{TIME}\s*(?:one|flight|option)\b"
)


def _named_flight(clause: str, context: MediationContext) -> MedWindow | None:
    """A flight named by its departure alone ("the 8:30 one", "the flight at 4:48 PM") or by its
    hours ("the 5/31 9:20 AM - 5:20 PM flight"): a window around its departure (an hour either side)
    on the day named, else the day under discussion."""
    match = _NAMED_HOURS_RE.search(clause) or _NAMED_FLIGHT_RE.search(clause)
    if match is None:
        return None
    groups = match.groups()
    time = groups[:6] if any(groups[:6]) else groups[6:12]
    minutes = time_minutes(time)
    if minutes is None:
        return None
    day = DAY_RE.search(clause)
    on = day_of(day) if day is not None else context.day
    lo, hi = max(0, minutes - 60), min(24 * 60 - 1, minutes + 60)
    return MedWindow(day=on, after=clock(lo), before=clock(hi), good=_good(clause) is not False)


def _flight(clause: str, day: int | None = None) -> MedFlight | None:
    """A carrier's flight the user names by day and departure (``day``: when the clause names none)."""
    carrier = CARRIER_RE.search(clause)
    refs = _events(clause)
    if not refs and day is not None and not DAY_RE.search(clause):
        refs = [(day, start, end) for _, start, end in time_spans(clause)][:1]
    if not carrier or not refs:
        return None
    good = not re.search(r"\b(bad|veto|no|not|never|avoid|can'?t)\b", clause)
    name = next(c for c in CARRIERS if c.lower() == carrier.group(1))
    return MedFlight(carrier=name, day=refs[0][0], start=clock(refs[0][1]), good=good)


def _span(text: str, context: MediationContext | None = None) -> tuple[str | None, str | None]:
    """The ``(after, before)`` bounds a piece of text gives: parts of the day (adjacent ones merged),
    "after 6 PM", "around noon" (an hour either side), a range, and "later" / "earlier" than the
    flight under discussion."""
    lo: int | None = None
    hi: int | None = None
    parts = [
        PARTS[PART_NAMES[p.group(1).rstrip("s") if p.group(1) != "redeyes" else "redeye"]]
        for p in PART_RE.finditer(text)
    ]
    if parts:
        los = [p[0] for p in parts]
        his = [p[1] for p in parts]
        lo = None if None in los else min(x for x in los if x is not None)
        hi = None if None in his else max(x for x in his if x is not None)
    # "Thursday night around 8:30": a time without am/pm in the afternoon or evening is a pm time
    late = bool(parts) and all(p[0] is not None and p[0] >= 12 * 60 for p in parts)
    for match in AROUND_RE.finditer(text):
        minutes = _pm(time_minutes(match.groups()), match.groups(), late)
        if minutes is not None:
            lo, hi = max(0, minutes - 60), min(24 * 60 - 1, minutes + 60)
            if (open_end := ONWARD_RE.match(text, match.end())) is not None:
                # "around 2 PM or later": from an hour before; "around 5 or earlier": to an hour after
                lo, hi = (lo, None) if open_end.group(1) == "onward" else (None, hi)
    for match in OPEN_TIME_RE.finditer(text):
        # "2 PM or later" without a bound word: after it / before it
        if re.search(
            r"\b(?:around|about|approximately|roughly|near)\s*$|~\s*$", text[max(0, match.start() - 16) : match.start()]
        ):
            continue
        minutes = _pm(time_minutes(match.groups()[:6]), match.groups()[:6], late)
        if minutes is not None and minutes < 8 * 60 and not has_ampm(match.groups()[:6]) and match.group(1):
            minutes += 12 * 60
        if minutes is not None:
            lo, hi = (minutes, hi) if match.group(7) == "onward" else (lo, minutes)
    bounds = [(m.group(1), _pm(time_minutes(m.groups()[1:]), m.groups()[1:], late)) for m in BOUND_RE.finditer(text)]
    for match in BARE_BOUND_RE.finditer(text):
        # "before 1 on Thursday", "after 4": chat hours 1..7 are afternoon hours
        hour = int(match.group(2))
        if 1 <= hour <= 12:
            bounds.append((match.group(1), (hour + 12 if hour <= 7 or (late and hour < 12) else hour) * 60))
    for word, minutes in bounds:
        if minutes is None:
            continue
        if word in ("after", "past", "from", "since", "later than", "post") or word.startswith("starting"):
            lo = minutes
        else:
            hi = minutes
    spans = time_spans(text)
    if lo is None and hi is None:
        if spans and spans[0][2] is not None:
            lo, hi = spans[0][1], spans[0][2]
    elif hi is None and (whole := next((s for s in spans if s[2] is not None and s[1] == lo), None)):
        hi = whole[2]  # "from 12 AM to 10 AM": the bound "from" starts a range
    if context is not None and context.start is not None and lo is None and hi is None:
        if LATER_RE.search(text):
            lo = _clock_minutes(context.start)
        elif EARLIER_RE.search(text):
            hi = _clock_minutes(context.start)
    return (None if lo is None else clock(lo)), (None if hi is None else clock(hi))


def _pm(minutes: int | None, groups: tuple[str | None, ...], late: bool) -> int | None:
    """``minutes`` moved to the afternoon when ``late`` and the time said no am/pm."""
    if minutes is not None and late and not has_ampm(groups) and minutes < 12 * 60:
        return minutes + 12 * 60
    return minutes


def _clock_minutes(value: str) -> int:
    hours, minutes = value.split(":")
    return int(hours) * 60 + int(minutes)


def _windows(clause: str, context: MediationContext | None = None) -> list[MedWindow]:
    """Good or bad time windows of a clause, read segment by segment (split at commas, "or", "and",
    "but"): a segment's days take its bounds (parts of the day, "after 6 PM", a range); days named
    without bounds take those of the next segment of the same phrase ("Wed and Fri after 2:30");
    bounds without a day take the previous segment's days ("Wed before 3 and after 5"), else the
    day under discussion when they are relative to its flight ("anything later?"), else any day.
    Polarity is read per comma piece ("a gap Thursday, Wednesday is packed")."""
    context = context or MediationContext()
    # a request for options starts a piece of its own: "that conflicts ... is there anything after that?"
    # wishes the time, whatever the complaint before it said
    pieces = _PIECE_RE.split(clause)
    # a piece that says neither takes the polarity of the next one that does ("after 18:00, before
    # 20:00 is bad"), else it is good
    # a piece without a polarity of its own takes that of a continuation starting with a bound
    # ("after 18:00, before 20:00 is bad"), else it is good
    polarity = [True] * len(pieces)
    for k in range(len(pieces) - 1, -1, -1):
        said = _good(pieces[k])
        if said is not None:
            polarity[k] = said
        elif k + 1 < len(pieces) and (CONTINUATION_RE.match(pieces[k + 1]) or _bare_times(pieces[k])):
            # "Wed morning, Thurs afternoon are both rough": a bare list item takes the judgement after it
            polarity[k] = polarity[k + 1]
    out: list[MedWindow] = []
    previous_level: int | None = None
    previous_good = True
    listed: bool | None = None  # the judgement of the meetings a list of times started with
    previous_days: list[int | None] = []
    carry: list[tuple[int | None, bool]] = []  # days named without bounds in the previous piece
    for index, piece in enumerate(pieces):
        good = polarity[index]
        level = _importance_level(piece) if LEVEL_WORDS.search(piece) else None
        if LIKEWISE.match(piece):  # "..., as is my last meeting on Friday": the same judgement
            level, good = previous_level, previous_good
        previous_level, previous_good = level, good
        if level is not None:
            # meetings without times: skippable ones make the time good, unmissable ones (or a day
            # "full of important meetings") bad
            if LOW_IMPORTANCE < level < IMPORTANT and not BUSY.search(piece):
                continue  # "my medium meetings are on Thursday": neither
            good = level <= LOW_IMPORTANCE
            listed = good
        elif listed is not None and _good(piece) is None and _bare_times(piece):
            # "important meetings early on Wed, late in the evening on Thu": the list goes on
            good = listed
        elif re.search(r"\bmeetings?\b", piece) and _good(piece) is None:
            if BUSY.search(piece):
                good = False  # "I have 4 personal meetings on Wednesday"
            elif (None, None) == _span(piece) or _HAVE_MEETING_RE.search(piece):
                continue  # "Wed I have personal meetings at the beginning of the day": no wish
        if not CONTINUATION_RE.match(piece):
            previous_days = []  # a new piece names its own days ("Wed morning, or a redeye")
        waiting: list[int | None] = []
        # "from Wednesday evening to Thursday morning": a range across days is one window per day
        parts = _SEGMENT_RE.split(piece)
        segments = parts[0::2]
        joins = ["", *(j or "and" for j in parts[1::2])]
        named = [
            [day_of(m) for m in DAY_RE.finditer(seg)] + ([None] if ANY_DAY_RE.search(seg) else []) for seg in segments
        ]
        last_span: tuple[str | None, str | None] = (None, None)
        part_only = False  # the last window came from a part of the day alone (it may merge)
        for position, segment in enumerate(segments):
            days: list[int | None] = list(named[position])
            after, before = _span(segment, context)
            if not days and ((after, before) == (None, None) or _OTHER_DAY_RE.search(segment)):
                continue  # "after noon monday": a day outside the game
            if days and (after, before) == (None, None):
                if re.search(
                    r"\b(?:late|early|latest|earliest|(?:later|earlier) in the day|all of|all day|whole|entire)\b",
                    segment,
                ):
                    # "really late wed/thurs or maybe fri morning": early / late do not narrow, and the
                    # days do not wait for the next segment's bounds nor share the last one's
                    _flush(out, carry)
                    _flush(out, [(day, good) for day in days])
                    previous_days = days
                    continue
                if joins[position] == "and" and last_span != (None, None) and not waiting:
                    # "afternoons on 5/31 and 6/2 are rough": the days share the bounds before
                    after, before = last_span
                else:
                    _flush(out, carry)
                    waiting.extend(days)
                    previous_days = days
                    continue
            if not days and not position and carry:
                # "maybe the 1st, after 3pm": the previous piece's days take these bounds
                days, carry = [day for day, _ in carry], []
            elif not days:
                # relative to the flight under discussion: "anything later?", "it overlaps my 3 - 4 PM meeting"
                relative = bool(LATER_RE.search(segment) or EARLIER_RE.search(segment) or _OVERLAP_RE.search(segment))
                ahead = next((d for d in named[position + 1 :] if d), None)
                if previous_days:
                    days = previous_days
                elif ahead is not None and _part_only(segment):
                    days = ahead  # "late afternoon or the evening on Thursday"
                elif relative and context.day is not None:
                    days = [context.day]
                else:
                    days = [None]
                # "after 18:00, before 20:00": one window
                if index and not position and out and out[-1].day == days[-1] and _merges(out[-1], after, before):
                    last = out.pop()
                    after, before = after or last.after, before or last.before
            _flush(out, carry)
            alone = _part_only(segment)
            if context.start is not None and context.start in (after, before) and _RELATIVE_WISH_RE.search(segment):
                good = True  # "let's try earlier to avoid the 12 pm meeting": the wish, not what it avoids
            for day in [*waiting, *days]:
                if day is None and level is not None:
                    continue
                window = MedWindow(day=day, after=after, before=before, good=good)
                if alone and part_only and out and _adjacent(out[-1], window):
                    # adjacent parts named together: one window ("afternoon or evening")
                    last = out.pop()
                    window = window.model_copy(
                        update={
                            "after": _earliest(last.after, window.after),
                            "before": _latest(last.before, window.before),
                        }
                    )
                out.append(window)
            waiting, previous_days, last_span, part_only = [], days, (after, before), alone
        _flush(out, carry)
        carry = [(day, good) for day in waiting]
    _flush(out, carry)
    return _unique(out)


_RELATIVE_WISH_RE = re.compile(r"\b(?:try|something|anything|one|how about|what about|maybe|perhaps|could|can)\b")
_HAVE_MEETING_RE = re.compile(
    r"\b(?:i|we) (?:also )?(?:have|'?ve got|got)\b(?!(?:[^,]{0,40})\b(?:after|before|until|till|by|from|past)\b)"
    r"[^,]{0,40}\bmeetings?\b"
)
_OVERLAP_RE = re.compile(r"\b(?:overlap\w*|conflict\w*|clash\w*|cuts? into|runs? into)")
_PIECE_RE = re.compile(
    r",|\bbut\b|\bhowever\b|\bthough\b|\b(?:is|are) there\b|\bdo you have\b|"
    # "meetings on 5/31 and 6/1 so 6/2 might be best": what follows "so" judges on its own
    rf"\bso\b(?=\s+(?:maybe|perhaps|probably|possibly|i\b|we\b|let'?s\b|how\b|what\b|{ANY_DATE})\b)"
)


_SEGMENT_RE = re.compile(rf"\b(or|and|(?:to|through|thru|till|until)(?=\s+(?:the\s+)?(?:{ANY_DATE})\b))\b|&")
_OTHER_DAY_RE = re.compile(r"\b(?:monday|tuesday|tues|saturday|sunday|mon|weekend)s?\b")
_TIME_WORDS_RE = re.compile(rf"{DAY_RE.pattern}|{PART_RE.pattern}|{TIME_RE.pattern}")
_FILLER_RE = re.compile(r"(?:\W|\b(?:and|or|also|on|in|at|the|early|late|from|to|of|day|then)\b)*")


def _bare_times(text: str) -> bool:
    """Whether ``text`` only names times (days, parts of the day, clocks): an item of a list."""
    return bool(_TIME_WORDS_RE.search(text)) and bool(_FILLER_RE.fullmatch(_TIME_WORDS_RE.sub(" ", text)))


def _part_only(text: str) -> bool:
    """Whether the bounds of ``text`` come from parts of the day alone (no clock time)."""
    return bool(PART_RE.search(text)) and not TIME_RE.search(text) and not BARE_BOUND_RE.search(text)


def _adjacent(first: MedWindow, second: MedWindow) -> bool:
    """Whether two windows of the same day and polarity touch (one ends where the other starts)."""
    if first.day != second.day or first.good != second.good:
        return False
    return (first.before is not None and first.before == second.after) or (
        second.before is not None and second.before == first.after
    )


def _earliest(a: str | None, b: str | None) -> str | None:
    return None if a is None or b is None else min(a, b)


def _latest(a: str | None, b: str | None) -> str | None:
    return None if a is None or b is None else max(a, b)


def _unique(windows: list[MedWindow]) -> list[MedWindow]:
    """``windows`` without repeats, in order."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for window in windows:
        key = (window.day, window.after, window.before, window.good)
        if key not in seen and key[:3] != (None, None, None):  # "any day" alone is no wish
            seen.add(key)
            out.append(window)
    return out


def _flush(out: list[MedWindow], days: list[tuple[int | None, bool]]) -> None:
    """Whole-day windows of the days named without bounds."""
    for day, good in days:
        window = MedWindow(day=day, good=good)
        out.append(window)
    days.clear()


def _good(text: str) -> bool | None:
    """The polarity a piece of text gives its windows (``None``: it says neither)."""
    text = re.sub(r"\bif not\b|\bwork(?= (?:meetings?|calls?|events?|stuff|things)\b)", "", text)  # "work meetings"
    if BAD_WORDS.search(text):
        return bool(re.search(r"\b(works?|open|free|fine|best)\b", text)) and not re.search(
            r"\b(not|no|can'?t|won'?t|doesn'?t|cannot)\b", text
        )
    if GOOD_WORDS.search(text):
        return True
    return None


def _merges(window: MedWindow, after: str | None, before: str | None) -> bool:
    """Whether one-sided bounds complete ``window`` into one span ("after 18:00, before 20:00")."""
    if window.after is not None and window.before is None:
        return before is not None and after is None
    if window.before is not None and window.after is None:
        return after is not None and before is None
    return False
