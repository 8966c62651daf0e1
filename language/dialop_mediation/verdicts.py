"""A user's verdict on the offer: acceptance, rejection, resignation and complaints, and which earlier
question a statement answers."""

from __future__ import annotations

import re

from language.act_base import ActBase
from language.dialop_mediation.acts import (
    HIGH_ARRIVAL_PREF,
    HIGH_PRICE_PREF,
    MedAccept,
    MedArrival,
    MedAsk,
    MedEvent,
    MediationContext,
    MedPrice,
    MedReject,
    MedWindow,
)
from language.dialop_mediation.lexicon import (
    ACCEPT_RE,
    DEICTIC,
    NOT_BAD,
    NOT_PRICEY,
    REJECT_STRONG,
    REJECT_WEAK,
)
from language.dialop_mediation.statements import user_statement
from language.dialop_mediation.windows import NAMED_FLIGHT_RE, NAMED_HOURS_RE


def read_verdict(text: str, context: MediationContext, acts: list[ActBase], bare: bool) -> ActBase | None:
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


ONLY_RE = re.compile(r"\b(?:the|your) only\b|\bonly (?:day|days|option|options|time|times|choice|one)\b")
"""A yes/no question whether a time is the only one ("Is Friday the only day?") asks about the others."""


RAISE_RE = re.compile(
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


def answers_question(act: ActBase, asked: MedAsk) -> bool:
    """Whether ``act`` answers the question ``asked`` (the event it asks about, price, arrival)."""
    if asked.about == "event":
        return isinstance(act, MedEvent) and (act.day, act.start) == (asked.day, asked.start)
    return (asked.about == "price" and isinstance(act, MedPrice)) or (
        asked.about == "arrival" and isinstance(act, MedArrival)
    )


def praises(clause: tuple[str, bool], message: str, context: MediationContext) -> bool:
    """Whether ``clause`` (the first of ``message``, and whether it asks) is a sentence of its own
    that only praises the offer: a bare acceptance ending at a sentence end ("Looks good. But ..."),
    not a piece before "but" ("That one looks good, but is there something better?")."""
    text, question = clause
    at = message.find(text)
    if question or at < 0 or not re.match(r"\s*(?:[.!/;\n]|$)", message[at + len(text) :]):
        return False
    if user_statement(text, question, context):
        return False
    return isinstance(read_verdict(text, context, [], bare=True), MedAccept)


ANY_DAY = re.compile(r"\b(?:any|every|each|all|whichever|whatever)\s+days?\b")
"""A clause said of every day ("Any day before 10:00 is bad"): it narrows no day named before."""


def narrow_days(acts: list[ActBase], previous: list[ActBase], found: list[ActBase]) -> list[ActBase]:
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


def sounds_resigned(clause: str, context: MediationContext) -> bool:
    """Whether ``clause`` accepts the offer on a condition that only gives in to it ("if we need to",
    "if nothing better turns up", "unless you find something closer"); a condition that wants the
    offer changed ("if it was cheaper") is no acceptance."""
    if context.offered is False or not _CONDITION_RE.search(clause):
        return False
    conditions = " ".join(m.group(0) for m in _IF_CLAUSE_RE.finditer(clause))
    main = _IF_CLAUSE_RE.sub(" ", clause)
    if NAMED_HOURS_RE.search(main) or NAMED_FLIGHT_RE.search(main):
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


YES_NO_RE = re.compile(
    r"^\W*(?:(?:and|but|so|or|then|also)\s+)?(?:is|are|was|would|will|isn'?t|wouldn'?t)\b(?!\s+there\b)"
)


AVOID_RE = re.compile(r"\b(avoid|steer|stay away|skip|without|instead|miss)\b")


def _complains(act: ActBase) -> bool:
    """Whether a fact said while a flight is on the table complains about it (price or arrival)."""
    return (isinstance(act, MedPrice) and act.pref >= HIGH_PRICE_PREF) or (
        isinstance(act, MedArrival) and act.pref >= HIGH_ARRIVAL_PREF
    )
