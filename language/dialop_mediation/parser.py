"""The DialOp Mediation rule parser (see the package docstring for its conventions): the assistant's
questions and offers, and a user's statements, answers and verdict on the offer."""

from __future__ import annotations

import re

from language.act_base import ActBase
from language.dialop_mediation.acts import (
    CARRIERS,
    HIGH_ARRIVAL_PREF,
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
    AGREE_RE,
    ANNOUNCE_RE,
    CARRIER_RE,
    DAY_RE,
    DEPARTURE_BLOCK,
    FUTURE_RE,
    GREETING,
    IMPORTANCE_WORDS,
    LEVEL_WORDS,
    OFFER_ARRIVAL_RE,
    OTHER_RE,
    OUT_OF_10,
    OUT_OF_20,
    PRESENT_RE,
    PRICE_WORDS,
    QUESTION_OPENERS,
    SCHEDULE_RE,
    WH_SCHEDULE,
    day_of,
    normalize,
    resolve_days,
    split_clauses,
)
from language.dialop_mediation.preferences import BOUND_BEFORE, events_of
from language.dialop_mediation.references import OFFER_REFERENCE_RE, unname_offer
from language.dialop_mediation.statements import user_statement
from language.dialop_mediation.verdicts import (
    ANY_DAY,
    AVOID_RE,
    ONLY_RE,
    RAISE_RE,
    YES_NO_RE,
    answers_question,
    narrow_days,
    praises,
    read_verdict,
    sounds_resigned,
)
from language.dialop_mediation.windows import bare_times


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
            text = OFFER_REFERENCE_RE.sub(lambda m: unname_offer(m, context.offers), text)
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
            found = asks_of(clause) if question and not presents else []
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
        if context.answered and context.accepted is None and clauses and praises(clauses[0], text, context):
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
            found = user_statement(clause, question, here)
            windows = [a for a in found if isinstance(a, MedWindow)]
            if listed is not None and windows and bare_times(clause):
                # "important meetings early on Wed, late on Thu, and in the morning on Fri": the list goes on
                found = [a.model_copy(update={"good": listed}) if isinstance(a, MedWindow) else a for a in found]
            elif windows and LEVEL_WORDS.search(clause) and re.search(r"\bmeetings?\b", clause):
                listed = windows[-1].good
            elif not bare_times(clause):
                listed = None
            if question and YES_NO_RE.match(clause) and ONLY_RE.search(clause):
                # "Is Friday the only day?": the user asks about the other days, no wish for this one
                found = [a for a in found if not isinstance(a, MedWindow)]
            elif question and YES_NO_RE.match(clause) and not AVOID_RE.search(clause):
                # "Is Friday impossible?": the user asks whether the time can work, a wish
                found = [a.model_copy(update={"good": True}) if isinstance(a, MedWindow) else a for a in found]
            if not found and RAISE_RE.match(clause) and any(a == MedArrival(pref=SOFT_ARRIVAL_PREF) for a in previous):
                # "... around the same time as my friend if possible. It's pretty important.": the
                # sentence after a soft wish raises it (a reason, not a complaint about the offer)
                raised = MedArrival(pref=HIGH_ARRIVAL_PREF)
                acts = [raised if a == MedArrival(pref=SOFT_ARRIVAL_PREF) else a for a in acts]
                previous = acts
                continue
            if here.asked is not None and any(answers_question(a, here.asked) for a in found):
                # the question is answered: the clauses after it do not answer it again
                here = here.model_copy(update={"asked": None})
            named = [a.day for a in found if isinstance(a, MedWindow | MedEvent | MedFlight) and a.day is not None]
            if not named and (day := DAY_RE.search(clause)) is not None:
                named = [day_of(day)]
            if named and named[-1] != here.day:
                # "Thursday might work, but I have a meeting at 9:30 am": the day named last
                here = here.model_copy(update={"day": named[-1], "start": None})
            if sounds_resigned(clause, context):
                # "this can be managed if we need to", "if that's the best you can do, I'll take it"
                resigned = True
                verdicts.append(MedAccept())
                acts.extend(a for a in found if a not in acts)
                continue
            bare = not found and not question and not re.search(r"\b(if|whether)\b", clause)
            if bare and (verdict := read_verdict(clause, context, [], bare=True)) is not None:
                verdicts.append(verdict)
            found = found if ANY_DAY.search(clause) else narrow_days(acts, previous, found)
            previous = found
            numeric = bool(OUT_OF_10.search(clause) or OUT_OF_20.search(clause))
            # a level said in words twice ("arriving together ... arriving together is ideal") is one fact
            # the same window or event said twice ("can be missed. Not important at all") is one fact too
            acts.extend(a for a in found if (numeric and isinstance(a, MedPrice | MedArrival)) or a not in acts)
        if not resigned and not any(isinstance(v, MedReject) for v in verdicts):
            judged = [a for a in acts if a is not raised]
            verdicts.extend(v for v in [read_verdict(text, context, judged, bare=False)] if v is not None)
        # one verdict per message: a complaint or a request to replace the offer outweighs a "sure"
        if any(isinstance(v, MedReject) for v in verdicts):
            return [MedReject(), *acts]
        return [MedAccept(), *acts] if verdicts else acts


_ASK_ARRIVAL = re.compile(
    r"\barriv\w*|\bland(?:s|ing)?\b|same time|together|close (?:to|together)|\bnear\b|far (?:from|apart|away)|apart"
)


_FLIGHT_ARRIVES_RE = re.compile(r"\b(?:flight|one|option|it)\b[^.?!]{0,40}\b(?:arriv\w*|lands?|landing)\b")
"""A flight described by its arrival ("a flight on 6/2 that lands at 9:25?"): no question about arriving."""


def asks_of(clause: str) -> list[MedAsk]:
    """The assistant's questions in a clause: price, arrival, events' importance, else the schedule."""
    asks: list[MedAsk] = []
    if PRICE_WORDS.search(clause) and not re.search(r"\$\s*\d|\d\s*\$", clause):
        asks.append(MedAsk(about="price"))
    if _ASK_ARRIVAL.search(clause) and not _FLIGHT_ARRIVES_RE.search(clause):
        asks.append(MedAsk(about="arrival"))
    if IMPORTANCE_WORDS.search(clause):
        asks.extend(MedAsk(about="event", day=day, start=clock(start)) for day, start, _ in events_of(clause))
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
            for day, start, _, position in events_of(clause, positions=True)
            if not BOUND_BEFORE.search(clause[max(0, position - 24) : position])
            and not DEPARTURE_BLOCK.search(clause[max(0, position - 24) : position])
        ),
        None,
    )
    if name is None and departure is None:
        return None
    if departure is None:
        return MedOffer(carrier=name)
    return MedOffer(carrier=name, day=departure[0], start=clock(departure[1]))
